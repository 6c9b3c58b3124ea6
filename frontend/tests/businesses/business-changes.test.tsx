import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GOOGLE_POLICY_URL } from '@reviewroute/web-shared/routing'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { fakeApi, fixtures, signIn } from '../helpers'
import { callsTo, cafe, renderBusinesses } from './render'

afterEach(() => vi.restoreAllMocks())

/** The API's 409 for a code another business has, and its 422 for a reserved word. */
const TAKEN = 'This short URL is already taken. Please choose another.'
const RESERVED = 'That short URL is reserved. Please choose another.'

describe('short URL inline edit', () => {
  it('sends the code as typed, toasts, and shows the refreshed link', async () => {
    signIn()
    let list = [cafe()]
    const api = fakeApi({
      'GET /api/businesses': () => list,
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'PATCH /api/businesses/7': ({ body }: { body: { shortUrl: string } }) => {
        list = [cafe({ shortUrl: body.shortUrl.toLowerCase() })]
        return list[0]
      },
    })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: 'Edit short URL' }))
    const input = screen.getByRole('textbox', { name: 'Short URL' })
    expect(input).toHaveValue('chai123')
    await userEvent.clear(input)
    await userEvent.type(input, 'Chai-MG')
    await userEvent.click(screen.getByRole('button', { name: 'Save short URL' }))

    expect(await screen.findByText('Short URL Updated!')).toBeInTheDocument()
    expect(callsTo(api.calls, 'PATCH', '/api/businesses/7')[0].body).toEqual({ shortUrl: 'Chai-MG' })
    await waitFor(() => expect(screen.getByTestId('short-url')).toHaveTextContent('/review/chai-mg'))
    expect(screen.queryByRole('textbox', { name: 'Short URL' })).not.toBeInTheDocument()
  })

  it.each([
    ['409', 'taken', { status: 409, body: { error: TAKEN, message: TAKEN } }],
    ['422', 'admin', { status: 422, body: { error: RESERVED, message: RESERVED, errors: [{ field: 'shortUrl', message: RESERVED }] } }],
  ] as const)("shows the server's %s sentence in 'Update Failed' and keeps the input open", async (_status, code, answer) => {
    signIn()
    fakeApi({
      'GET /api/businesses': [cafe()],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'PATCH /api/businesses/7': answer,
    })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: 'Edit short URL' }))
    const input = screen.getByRole('textbox', { name: 'Short URL' })
    await userEvent.clear(input)
    await userEvent.type(input, `${code}{Enter}`)

    expect(await screen.findByText('Update Failed')).toBeInTheDocument()
    expect(screen.getByText(answer.body.error)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Short URL' })).toHaveValue(code)
  })

  it("falls back to 'Could not update short URL' when the network fails", async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses()
    await screen.findByRole('article', { name: 'Chai Point Cafe' })
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'))

    await userEvent.click(screen.getByRole('button', { name: 'Edit short URL' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save short URL' }))
    expect(await screen.findByText('Could not update short URL')).toBeInTheDocument()
  })

  it('says the old link, printed posters and the old code keep working for this business', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses()

    await screen.findByRole('article', { name: 'Chai Point Cafe' })
    expect(screen.queryByText(/old link/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Edit short URL' }))
    const note =
      'Your old link and printed QR posters keep working and lead to the new link. The old code stays reserved for this business, so no one else can take it and you can go back to it.'
    expect(screen.getByText(note)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Short URL' })).toHaveAccessibleDescription(note)
  })

  it('Cancel leaves the short URL as it was without a call', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: 'Edit short URL' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Short URL' }), 'xyz')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing' }))

    expect(screen.getByTestId('short-url')).toHaveTextContent('/review/chai123')
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0)
  })
})

describe('removing a business', () => {
  /** GET /api/overview: the café has 138 ratings. */
  const overview = {
    totals: {
      businesses: 1,
      totalSessions: 138,
      positiveSessions: 100,
      negativeSessions: 38,
      redirectedSessions: 90,
      averageRating: 4.1,
      filteredFeedback: 20,
    },
    businesses: [
      {
        businessId: 7,
        totalSessions: 138,
        positiveSessions: 100,
        negativeSessions: 38,
        redirectedSessions: 90,
        averageRating: 4.1,
        filteredFeedback: 20,
      },
    ],
  }

  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }))
    return screen.findByRole('dialog', { name: 'Remove Chai Point Cafe?' })
  }

  it('says what is deleted and enables Remove only once the name is typed; Cancel does nothing', async () => {
    signIn()
    const confirm = vi.spyOn(window, 'confirm')
    const api = fakeApi({
      'GET /api/businesses': [cafe()],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'GET /api/overview': overview,
    })
    renderBusinesses()

    const dialog = await openDialog()
    expect(confirm).not.toHaveBeenCalled()
    expect(await within(dialog).findByText(/its 138 ratings and their feedback/)).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Its review link reviews.example.in/review/chai123 and its QR poster stop working at once')
    expect(dialog).toHaveTextContent('This cannot be undone.')
    expect(dialog).not.toHaveTextContent('from your dashboard')

    const remove = within(dialog).getByRole('button', { name: 'Remove business' })
    const name = within(dialog).getByRole('textbox', { name: 'Business name' })
    expect(remove).toBeDisabled()
    await userEvent.type(name, 'Chai Point')
    expect(remove).toBeDisabled()
    await userEvent.type(name, ' Cafe')
    expect(remove).toBeEnabled()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0)
    expect(screen.getByRole('article', { name: 'Chai Point Cafe' })).toBeInTheDocument()
  })

  it('removes once the name is typed, toasts and refreshes the list', async () => {
    signIn()
    let list = [cafe()]
    const api = fakeApi({
      'GET /api/businesses': () => list,
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'GET /api/overview': overview,
      'DELETE /api/businesses/7': () => {
        list = []
        return { success: true, ...cafe() }
      },
    })
    renderBusinesses()

    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Business name' }), 'Chai Point Cafe')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove business' }))
    expect(await screen.findByText('Business Removed')).toBeInTheDocument()
    expect(callsTo(api.calls, 'DELETE', '/api/businesses/7')).toHaveLength(1)
    expect(await screen.findByText('No businesses yet')).toBeInTheDocument()
  })

  it('still asks, without a count, when the ratings cannot be counted', async () => {
    signIn()
    fakeApi({
      'GET /api/businesses': [cafe()],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'GET /api/overview': { status: 503, body: { error: 'Analytics are unavailable right now' } },
    })
    renderBusinesses()

    const dialog = await openDialog()
    expect(await within(dialog).findByText(/all its ratings and their feedback/)).toBeInTheDocument()
  })

  it("shows 'Remove Failed' with the server's sentence and keeps the business", async () => {
    signIn()
    fakeApi({
      'GET /api/businesses': [cafe()],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'GET /api/overview': overview,
      'DELETE /api/businesses/7': { status: 404, body: { error: 'Business not found' } },
    })
    renderBusinesses()

    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Business name' }), 'Chai Point Cafe')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove business' }))
    expect(await screen.findByText('Remove Failed')).toBeInTheDocument()
    expect(screen.getByText('Business not found')).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Chai Point Cafe' })).toBeInTheDocument()
  })
})

describe('business settings', () => {
  it('explains the policy with a link to it and saves how customers are asked and the pinned language', async () => {
    signIn()
    const api = fakeApi({
      'GET /api/businesses': [cafe()],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'PATCH /api/businesses/7': ({ body }: { body: Partial<BusinessDto> }) => cafe(body),
    })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: /Settings/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Google’s review policy does not allow asking only happy customers/)).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Read Google’s policy' })).toHaveAttribute('href', GOOGLE_POLICY_URL)
    expect(within(dialog).getByRole('radio', { name: "Customer's phone language" })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: /^By rating/ })).toBeChecked()

    await userEvent.click(within(dialog).getByRole('radio', { name: /^Everyone may post on Google/ }))
    await userEvent.click(within(dialog).getByText('हिंदी'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByText('Settings Saved')).toBeInTheDocument()
    expect(callsTo(api.calls, 'PATCH', '/api/businesses/7')[0].body).toEqual({ complianceMode: true, language: 'hi' })
  })

  it('each card says how its customers are asked', async () => {
    signIn()
    fakeApi({
      'GET /api/businesses': [cafe(), cafe({ id: 8, name: 'Second Branch', shortUrl: 'second-branch', complianceMode: true })],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
    })
    renderBusinesses()

    expect(
      await within(await screen.findByRole('article', { name: 'Chai Point Cafe' })).findByText(/Customers asked: By rating/)
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('article', { name: 'Second Branch' })).getByText(/Customers asked: Everyone may post on Google/)
    ).toBeInTheDocument()
  })

  it("offers the customer's phone language and the nine languages by their own names", async () => {
    signIn()
    const api = fakeApi({
      'GET /api/businesses': [cafe()],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'PATCH /api/businesses/7': ({ body }: { body: Partial<BusinessDto> }) => cafe(body),
    })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: /Settings/ }))
    const dialog = await screen.findByRole('dialog')
    const group = within(dialog).getByRole('radiogroup', { name: 'Customer page language' })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent)
    ).toEqual(["Customer's phone language", 'English', 'हिंदी', 'বাংলা', 'मराठी', 'తెలుగు', 'தமிழ்', 'ગુજરાતી', 'ಕನ್ನಡ', 'മലയാളം'])

    await userEvent.click(within(group).getByRole('radio', { name: 'தமிழ்' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Settings Saved')).toBeInTheDocument()
    expect(callsTo(api.calls, 'PATCH', '/api/businesses/7')[0].body).toEqual({ complianceMode: false, language: 'ta' })
  })

  it('shows a pinned language as chosen', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [cafe({ language: 'hi' })], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: /Settings/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('radio', { name: 'हिंदी' })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: "Customer's phone language" })).not.toBeChecked()
  })

  it("sends null for the customer's phone language and shows a failure sentence", async () => {
    signIn()
    const api = fakeApi({
      'GET /api/businesses': [cafe({ complianceMode: true, language: 'en' })],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'PATCH /api/businesses/7': { status: 422, body: { error: 'The language field must be one of: en, hi' } },
    })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: /Settings/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('radio', { name: /^Everyone may post on Google/ })).toBeChecked()
    await userEvent.click(within(dialog).getByText("Customer's phone language"))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByText('Save Failed')).toBeInTheDocument()
    expect(screen.getByText('The language field must be one of: en, hi')).toBeInTheDocument()
    expect(callsTo(api.calls, 'PATCH', '/api/businesses/7')[0].body).toEqual({ complianceMode: true, language: null })
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})
