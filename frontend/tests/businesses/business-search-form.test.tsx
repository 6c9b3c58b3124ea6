/*
 * The dashboard's "find your business" form (onboarding and the add view) against a fake API (docs/decisions.md D39):
 * the dead ends an outside tester met (no word when nothing is found, Enter with one suggestion, cut-off
 * addresses, unlabelled demo listings; Search that showed nothing, Escape that emptied the field, options read out
 * as place ids).
 */
import { DEMO_SEARCH_NOTE } from '@reviewroute/backend/contract/demo_places'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PlaceDto, SearchBusinessResponse } from '@reviewroute/backend/types/api'
import { resetCityForTests } from '@reviewroute/web-shared/search'
import { BusinessSearchForm } from '#components/business-search-form'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

const karolBagh: PlaceDto = {
  place_id: 'demo_sharma-sweets-karol-bagh-delhi',
  name: 'Sharma Sweets',
  address: '14/2, Ajmal Khan Road, Karol Bagh, Delhi, Delhi 110005, India',
  rating: 4.4,
  reviewCount: 1862,
}
const lajpatNagar: PlaceDto = {
  place_id: 'demo_sharma-sweets-lajpat-nagar-delhi',
  name: 'Sharma Sweets',
  address: 'Shop No. 31, Central Market, Lajpat Nagar, Delhi, Delhi 110024, India',
  rating: 4.2,
  reviewCount: 947,
}
const koramangala: PlaceDto = {
  place_id: 'demo_sharma-sweets-koramangala-bengaluru',
  name: 'Sharma Sweets',
  address: '58, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034, India',
  rating: 4.5,
  reviewCount: 1203,
}
const branches = [karolBagh, lajpatNagar, koramangala]

function setup(answer: (query: string) => SearchBusinessResponse, routes: Routes = {}) {
  signIn()
  const api = fakeApi({
    'GET /api/geo': { city: null, country: null },
    'POST /api/search-business': ({ body }: { body: { query: string } }) => answer(body.query),
    'POST /api/select-business': ({ body }: { body: { placeId: string } }) => ({
      business: fixtures.business({ placeId: body.placeId, name: 'Sharma Sweets', address: karolBagh.address }),
      created: true,
    }),
    'GET /api/businesses': [],
    ...routes,
  })
  const onAdded = vi.fn()
  renderScreen(<BusinessSearchForm onAdded={onAdded} />)
  return { api, onAdded, field: screen.getByRole('combobox', { name: 'Business name' }) }
}

const KEY_CODES = { Enter: 13, ArrowDown: 40, ArrowUp: 38, Escape: 27 } as const
/**
 * A key as a browser sends it, with `which`/`keyCode` (antd's list reads `which`; user-event leaves it 0, which
 * hid the bug: the list swallowed Enter without choosing anything). jsdom does not submit forms on Enter, so what
 * Enter does here is only what the form's own handlers do.
 */
async function press(field: HTMLElement, key: keyof typeof KEY_CODES) {
  const init = { key, code: key, keyCode: KEY_CODES[key], which: KEY_CODES[key], bubbles: true }
  await act(async () => {
    fireEvent.keyDown(field, init)
    fireEvent.keyUp(field, init)
  })
}

const searches = (calls: { path: string; body: unknown }[]) => calls.filter((call) => call.path === '/api/search-business')
const selections = (calls: { path: string; body: unknown }[]) => calls.filter((call) => call.path === '/api/select-business')

beforeEach(() => resetCityForTests())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the business search form (docs/decisions.md D39)', () => {
  it("the placeholder's example is the one the demo catalogue carries (backend places.spec.ts)", () => {
    const { field } = setup(() => ({ places: [], source: 'demo' }))
    expect(field).toHaveAttribute('placeholder', expect.stringContaining('e.g. Sharma Sweets'))
  })

  it("says when a search while typing finds nothing: 'No businesses found for …'", async () => {
    const { field } = setup(() => ({ places: [], source: 'google' }))
    await userEvent.type(field, 'Qwxzy Sweets')
    expect(await screen.findByText("No businesses found for 'Qwxzy Sweets'. Check the spelling or add the city.")).toBeInTheDocument()
  })

  it('says so after Search and after Enter with no result too', async () => {
    const { api, field } = setup(() => ({ places: [], source: 'google' }))
    await userEvent.type(field, 'Qwxzy')
    await screen.findByText("No businesses found for 'Qwxzy'. Check the spelling or add the city.")
    const before = searches(api.calls).length

    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches(api.calls).length).toBe(before + 1))
    expect(screen.getByText("No businesses found for 'Qwxzy'. Check the spelling or add the city.")).toBeInTheDocument()

    await press(field, 'Enter')
    await waitFor(() => expect(searches(api.calls).length).toBe(before + 2))
    expect(screen.getByText("No businesses found for 'Qwxzy'. Check the spelling or add the city.")).toBeInTheDocument()
  })

  it('hides the message once the text changes and a search finds something', async () => {
    const { field } = setup((query) => ({ places: query.includes('Sharma') ? [karolBagh] : [], source: 'google' }))
    await userEvent.type(field, 'Qwxzy')
    await screen.findByText(/No businesses found for 'Qwxzy'/)
    await userEvent.clear(field)
    await userEvent.type(field, 'Sharma')
    await screen.findByText(karolBagh.address)
    expect(screen.queryByText(/No businesses found/)).not.toBeInTheDocument()
  })

  it('Enter with exactly one suggestion selects it', async () => {
    const { api, field, onAdded } = setup(() => ({ places: [karolBagh], source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets Karol')
    await screen.findByText(karolBagh.address)

    await press(field, 'Enter')
    await waitFor(() => expect(selections(api.calls)).toHaveLength(1))
    expect(selections(api.calls)[0].body).toEqual({ placeId: karolBagh.place_id, complianceMode: false })
    expect(await screen.findByText('Business Added Successfully!')).toBeInTheDocument()
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1))
  })

  it('Search with exactly one suggestion selects it', async () => {
    const { api, field } = setup(() => ({ places: [karolBagh], source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets Karol')
    await screen.findByText(karolBagh.address)
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(selections(api.calls)).toHaveLength(1))
  })

  it('Enter with several suggestions searches again and selects nothing', async () => {
    const { api, field } = setup(() => ({ places: [karolBagh, lajpatNagar], source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets')
    await screen.findByText(karolBagh.address)
    const before = searches(api.calls).length
    await press(field, 'Enter')
    await waitFor(() => expect(searches(api.calls).length).toBe(before + 1))
    expect(selections(api.calls)).toHaveLength(0)
  })

  it('choosing a suggestion with the arrow keys and Enter selects that one', async () => {
    const { api, field } = setup(() => ({ places: [karolBagh, lajpatNagar], source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets')
    await screen.findByText(lajpatNagar.address)
    await press(field, 'ArrowDown')
    await press(field, 'ArrowDown')
    await press(field, 'Enter')
    await waitFor(() => expect(selections(api.calls)).toHaveLength(1))
    expect(selections(api.calls)[0].body).toEqual({ placeId: lajpatNagar.place_id, complianceMode: false })
  })

  it('shows each suggestion’s full address, wrapping rather than cut off, so two branches differ', async () => {
    const { field } = setup(() => ({ places: [karolBagh, lajpatNagar], source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets')
    for (const place of [karolBagh, lajpatNagar]) {
      const address = await screen.findByText(place.address)
      expect(address).not.toHaveClass('ant-typography-ellipsis')
      // antd's option content is nowrap + ellipsis; the address itself wraps instead.
      expect(address).toHaveStyle({ whiteSpace: 'normal' })
    }
  })

  it("labels the demo catalogue's listings in owners' words, never 'no Google key configured'", async () => {
    const { field } = setup(() => ({ places: [karolBagh], source: 'demo' }))
    await userEvent.type(field, 'Sharma')
    await screen.findByText(karolBagh.address)
    // Under the field, and at the foot of the open suggestions.
    expect(screen.getAllByText(DEMO_SEARCH_NOTE)).toHaveLength(2)
    expect(screen.queryByText(/Google key/)).not.toBeInTheDocument()
  })

  it('labels an empty demo search as demo too', async () => {
    const { field } = setup(() => ({ places: [], source: 'demo' }))
    await userEvent.type(field, 'Qwxzy')
    await screen.findByText(/No businesses found for 'Qwxzy'/)
    expect(screen.getByText(DEMO_SEARCH_NOTE)).toBeInTheDocument()
  })

  it('says nothing about demo listings when they come from Google', async () => {
    const { field } = setup(() => ({ places: [karolBagh], source: 'google' }))
    await userEvent.type(field, 'Sharma')
    await screen.findByText(karolBagh.address)
    expect(screen.queryByText(/Example businesses/)).not.toBeInTheDocument()
  })

  it('still shows the server sentence when a search fails, and no empty-result message', async () => {
    signIn()
    fakeApi({
      'GET /api/geo': { city: null, country: null },
      'POST /api/search-business': { status: 503, body: { error: 'Business search is unavailable right now.' } },
    })
    renderScreen(<BusinessSearchForm />)
    await userEvent.type(screen.getByRole('combobox', { name: 'Business name' }), 'Sharma')
    expect(await screen.findByText('Business search is unavailable right now.')).toBeInTheDocument()
    expect(screen.queryByText(/No businesses found/)).not.toBeInTheDocument()
    expect(within(document.body).queryByText(/Example businesses/)).not.toBeInTheDocument()
  })
})

describe('Search lists the results in the page', () => {
  const resultList = () => screen.findByRole('list', { name: 'Search results' })

  it('after typing and pressing Search, every listing found is shown to choose from, named by the business', async () => {
    const { api, field } = setup(() => ({ places: branches, source: 'demo' }))
    await userEvent.type(field, 'Sharma Sweets')
    await screen.findByText(karolBagh.address)

    // The click takes the focus off the field, which closes the suggestions: the answer must show in the page.
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    const list = await resultList()
    expect(screen.getByText("3 businesses found for 'Sharma Sweets'. Choose yours:")).toHaveAttribute('role', 'status')
    const results = within(list).getAllByRole('button')
    expect(results).toHaveLength(3)
    results.forEach((result, index) => {
      expect(result).toHaveAccessibleName('Sharma Sweets')
      expect(result).toHaveAccessibleDescription(expect.stringContaining(branches[index].address))
    })
    expect(results[2]).toHaveAccessibleDescription(expect.stringContaining('4.5 (1,203 reviews)'))
    expect(selections(api.calls)).toHaveLength(0)
  })

  it('choosing a listed result adds that branch', async () => {
    const { api, field, onAdded } = setup(() => ({ places: branches, source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    const list = await resultList()
    await userEvent.click(within(list).getAllByRole('button', { name: 'Sharma Sweets' })[1])
    await waitFor(() => expect(selections(api.calls)).toHaveLength(1))
    expect(selections(api.calls)[0].body).toEqual({ placeId: lajpatNagar.place_id, complianceMode: false })
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1))
  })

  it('asks how customers are asked, "By rating" preselected, with the policy and a link to it (docs/decisions.md D51)', async () => {
    const { api, field } = setup(() => ({ places: branches, source: 'google' }))
    const group = screen.getByRole('group', { name: 'How should customers be asked?' })
    expect(within(group).getByRole('radio', { name: /^By rating/ })).toBeChecked()
    expect(within(group).getByText(/Google’s review policy does not allow asking only happy customers/)).toBeInTheDocument()
    expect(within(group).getByRole('link', { name: 'Read Google’s policy' })).toHaveAttribute('target', '_blank')

    await userEvent.click(within(group).getByRole('radio', { name: /^Everyone may post on Google/ }))
    await userEvent.type(field, 'Sharma Sweets')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await userEvent.click(within(await resultList()).getAllByRole('button', { name: 'Sharma Sweets' })[0])

    await waitFor(() => expect(selections(api.calls)).toHaveLength(1))
    expect(selections(api.calls)[0].body).toEqual({ placeId: karolBagh.place_id, complianceMode: true })
  })

  // The question stood under the results, so Choose had added the business before an owner reached it.
  it('asks how customers are asked before the search, so it is answered before any Choose', async () => {
    const { field } = setup(() => ({ places: branches, source: 'google' }))
    const group = screen.getByRole('group', { name: 'How should customers be asked?' })
    const searchButton = screen.getByRole('button', { name: 'Search' })
    await userEvent.type(field, 'Sharma Sweets')
    await userEvent.click(searchButton)
    const firstChoice = within(await resultList()).getAllByRole('button', { name: 'Sharma Sweets' })[0]
    for (const later of [field, searchButton, firstChoice]) {
      expect(group.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    }
  })

  it('Search pressed before any suggestion came shows the results too, as does Enter', async () => {
    const { field } = setup(() => ({ places: branches, source: 'google' }))
    // Typed in one go and submitted before the debounce ran: no suggestion was ever shown.
    fireEvent.change(field, { target: { value: 'Sharma Sweets' } })
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(within(await resultList()).getAllByRole('button', { name: 'Sharma Sweets' })).toHaveLength(3)

    await userEvent.type(field, ' Delhi')
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument())
    await press(field, 'Enter')
    expect(within(await resultList()).getAllByRole('button', { name: 'Sharma Sweets' })).toHaveLength(3)
  })

  it('the list goes once the text changes, and the suggestions take over again', async () => {
    const { field } = setup((query) => ({ places: query.includes('Karol') ? [karolBagh] : branches, source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    await resultList()
    await userEvent.type(field, ' Karol')
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument())
    expect(await screen.findByText(karolBagh.address)).toBeInTheDocument()
  })
})

describe('the suggestions for assistive technology and the keyboard', () => {
  it("the options are read out by the businesses' names, not their place ids", async () => {
    const { field } = setup(() => ({ places: branches, source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets')
    await screen.findByText(karolBagh.address)
    const options = screen.getAllByRole('option')
    expect(options.length).toBeGreaterThan(0)
    for (const option of options) expect(option).toHaveAccessibleName('Sharma Sweets')
  })

  it('Escape keeps the typed text (the search field would empty itself)', async () => {
    const { field } = setup(() => ({ places: branches, source: 'google' }))
    await userEvent.type(field, 'Sharma Sweets')
    await screen.findByText(karolBagh.address)
    // fireEvent answers false when a handler prevented the default: the browser's own emptying of a search input.
    const init = { key: 'Escape', code: 'Escape', keyCode: 27, which: 27, bubbles: true, cancelable: true }
    expect(fireEvent.keyDown(field, init)).toBe(false)
    expect(field).toHaveValue('Sharma Sweets')
  })

  it('a chosen suggestion does not put its place id in the field (seen when the add fails)', async () => {
    const { field } = setup(() => ({ places: branches, source: 'google' }), {
      'POST /api/select-business': { status: 500, body: { error: 'Could not load the listing' } },
    })
    await userEvent.type(field, 'Sharma Sweets')
    await userEvent.click(await screen.findByText(koramangala.address))
    // The field takes a chosen suggestion's value as it is chosen: by the time the add has failed, it shows what it kept.
    expect(await screen.findByText('Could not load the listing')).toBeInTheDocument()
    expect(field).toHaveValue('Sharma Sweets')
  })
})
