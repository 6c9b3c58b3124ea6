/*
 * The dashboard's "find your business" form (onboarding and the add view) against a fake API (docs/decisions.md D39):
 * the dead ends an outside tester met (no word when nothing is found, Enter with one suggestion, cut-off
 * addresses, unlabelled demo listings).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PlaceDto, SearchBusinessResponse } from '@reviewroute/backend/types/api'
import { resetCityForTests } from '@reviewroute/web-shared/search'
import { BusinessSearchForm } from '#components/business-search-form'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

vi.setConfig({ testTimeout: 20_000 })

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

const KEY_CODES = { Enter: 13, ArrowDown: 40, ArrowUp: 38 } as const
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
    expect(selections(api.calls)[0].body).toEqual({ placeId: karolBagh.place_id })
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
    expect(selections(api.calls)[0].body).toEqual({ placeId: lajpatNagar.place_id })
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

  it("labels the demo catalogue's listings: 'Demo listings: no Google key configured'", async () => {
    const { field } = setup(() => ({ places: [karolBagh], source: 'demo' }))
    await userEvent.type(field, 'Sharma')
    await screen.findByText(karolBagh.address)
    // Under the field, and at the foot of the open suggestions.
    expect(screen.getAllByText('Demo listings: no Google key configured')).toHaveLength(2)
  })

  it('labels an empty demo search as demo too', async () => {
    const { field } = setup(() => ({ places: [], source: 'demo' }))
    await userEvent.type(field, 'Qwxzy')
    await screen.findByText(/No businesses found for 'Qwxzy'/)
    expect(screen.getByText('Demo listings: no Google key configured')).toBeInTheDocument()
  })

  it('says nothing about demo listings when they come from Google', async () => {
    const { field } = setup(() => ({ places: [karolBagh], source: 'google' }))
    await userEvent.type(field, 'Sharma')
    await screen.findByText(karolBagh.address)
    expect(screen.queryByText(/Demo listings/)).not.toBeInTheDocument()
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
    expect(within(document.body).queryByText(/Demo listings/)).not.toBeInTheDocument()
  })
})
