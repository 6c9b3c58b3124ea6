/*
 * How a business's customers are asked (docs/decisions.md D51), in the words the dashboard, the site's add-business
 * page and the help page share: "By rating" (4-5 stars on to Google, 1-3 private feedback: the product as first
 * specified, preselected) or "Everyone may post on Google" (compliance mode, `complianceMode: true`).
 */

/** Google Maps' user-contributed content policy: its "Fake engagement" part forbids selectively soliciting reviews. */
export const GOOGLE_POLICY_URL = 'https://support.google.com/contributionpolicy/answer/7400114'

export const POLICY_SENTENCE =
  'Google’s review policy does not allow asking only happy customers for reviews (“review gating”), and Google may restrict a profile that does.'

export const ROUTING_QUESTION = 'How should customers be asked?'

export const ROUTING = {
  byRating: { label: 'By rating', text: '4-5 stars go on to Google; 1-3 stars leave private feedback for you.' },
  everyone: {
    label: 'Everyone may post on Google',
    text: '1-3 stars still see your private feedback form, and also a “Post on Google instead” link.',
  },
} as const

/** The short name of a business's choice. */
export const routingLabel = (complianceMode: boolean) => (complianceMode ? ROUTING.everyone.label : ROUTING.byRating.label)

/** Where a rating goes, for a business with this choice (the QR card, the help under a shared link). */
export const routingSentence = (complianceMode: boolean) =>
  complianceMode
    ? '4-5 stars go on to Google; 1-3 stars see your private feedback form and also a “Post on Google instead” link.'
    : ROUTING.byRating.text

/** Listings of the demo catalogue: invented, never on Google (docs/decisions.md D59). */
export { isDemoPlace } from '@reviewroute/backend/contract/demo_places'

export const DEMO_LISTING = 'Demo listing'
export const DEMO_LISTING_TEXT =
  'This business comes from the example catalogue, not from Google. Its posters say “Demo”, and a 4-5 star rating shows a note instead of a Google review page.'
