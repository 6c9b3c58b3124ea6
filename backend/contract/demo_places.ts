/*
 * The demo catalogue's listings (docs/decisions.md D4, D59): invented businesses for trying the product without a
 * Google key. Their place ids exist nowhere on Google, so whatever would send a customer to Google goes to the
 * product's own note instead, and what an owner prints or shares says "Demo".
 */

/** Ids of the demo catalogue start with this, so a demo id is never sent to Google. */
export const DEMO_PLACE_ID_PREFIX = 'demo_'

export const isDemoPlace = (placeId: string) => placeId.startsWith(DEMO_PLACE_ID_PREFIX)

/** Where a demo listing's 4-5 star rating goes: the note that this is a demo (GET /review/{code}/google). */
export const demoGooglePath = (code: string) => `/review/${encodeURIComponent(code)}/google`

/** The search's note for owners when listings come from the demo catalogue. */
export const DEMO_SEARCH_NOTE = 'Example businesses for trying ReviewRoute: Google search is not set up on this server.'

/** What a printed or shared demo listing carries next to its name. */
export const DEMO_MARK = 'Demo'

/** A demo listing's name as posters print it: "Desai Chai Corner (Demo)". */
export const demoMarked = (name: string, placeId: string) => (isDemoPlace(placeId) ? `${name} (${DEMO_MARK})` : name)
