import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AccountExport } from '@reviewroute/backend/types/api'
import { download } from '@reviewroute/web-shared/download'
import { getToken } from '@reviewroute/web-shared/token'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataRightsCard } from '#components/profile/data-rights-card'
import { attachmentFileName } from '#lib/data-rights'
import { stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, renderScreen, signIn, TEST_TOKEN, type Routes } from '../helpers'
import { callsTo, card } from './profile-helpers'

vi.mock('@reviewroute/web-shared/download', () => ({ download: vi.fn() }))

beforeEach(() => vi.mocked(download).mockReset())
afterEach(() => vi.unstubAllGlobals())

const EXPORT = {
  exportedAt: '2026-11-23T10:00:00.000Z',
  profile: fixtures.user,
  account: { id: 1, email: fixtures.user.email },
  businesses: [{ id: 7, name: 'Chai Point Cafe' }],
  reviewLinkAliases: [],
  reviewSessions: [],
  staff: [],
  customers: [],
  reviewRequests: [],
  optOuts: [],
  googleRatingSnapshots: [],
  pageViewsDaily: [],
  billingProfile: null,
  payments: [],
  refunds: [],
  invoices: [],
  subscriptions: [],
  whatsappAccount: null,
  contactMessages: [],
  signedInDevices: [],
} satisfies AccountExport

const WRONG_PASSWORD = 'That password is not correct.'

function openCard(routes: Routes = {}) {
  signIn()
  const api = fakeApi(routes)
  renderScreen(<DataRightsCard />, { path: '/profile' })
  return api
}

/** Opens the delete dialog from the card and returns it. */
async function openDeleteDialog() {
  await userEvent.click(within(await card('Your data')).getByRole('button', { name: /Delete my account/ }))
  return screen.findByRole('dialog')
}

async function typePassword(dialog: HTMLElement, password = 'my-secret') {
  await userEvent.type(within(dialog).getByLabelText('Your password'), password)
}

const deleteButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /Delete my account/ })

const passwordError = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Your password').closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? ''

describe('profile: downloading my data', () => {
  it("fetches the export with the token in a header and saves it under the server's file name", async () => {
    const api = openCard({
      'GET /api/account/export': {
        status: 200,
        body: EXPORT,
        headers: { 'content-disposition': 'attachment; filename="reviewroute-export-2026-11-23.json"' },
      },
    })
    await userEvent.click(within(await card('Your data')).getByRole('button', { name: /Download my data/ }))

    await waitFor(() => expect(download).toHaveBeenCalledTimes(1))
    const [blob, fileName] = vi.mocked(download).mock.calls[0]
    expect(fileName).toBe('reviewroute-export-2026-11-23.json')
    expect(JSON.parse(await (blob as Blob).text())).toEqual(EXPORT)
    const call = api.calls.find((c) => c.path === '/api/account/export')!
    expect(call.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`)
    expect(call.url.search).toBe('')
  })

  it('falls back to reviewroute-export.json when the server names no file', async () => {
    openCard({ 'GET /api/account/export': EXPORT })
    await userEvent.click(within(await card('Your data')).getByRole('button', { name: /Download my data/ }))
    await waitFor(() => expect(download).toHaveBeenCalledWith(expect.anything(), 'reviewroute-export.json'))
  })

  it("shows the server's sentence in a toast when the export fails, and saves nothing", async () => {
    const sentence = 'The export is not available right now.'
    openCard({ 'GET /api/account/export': { status: 503, body: { error: sentence, message: sentence } } })
    const button = within(await card('Your data')).getByRole('button', { name: /Download my data/ })
    await userEvent.click(button)
    expect(await screen.findByText(sentence)).toBeInTheDocument()
    expect(screen.getByText('Download Failed')).toBeInTheDocument()
    expect(download).not.toHaveBeenCalled()
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'))
  })

  it('signs out on a 401 like every other call', async () => {
    const location = stubLocation('/profile')
    openCard({ 'GET /api/account/export': { status: 401, body: { error: 'Unauthorized access', message: 'Unauthorized access' } } })
    await userEvent.click(within(await card('Your data')).getByRole('button', { name: /Download my data/ }))
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/auth?mode=signin&redirect=%2Fprofile'))
    expect(getToken()).toBeNull()
    expect(download).not.toHaveBeenCalled()
  })

  it('reads the file name of either Content-Disposition form, never a folder', () => {
    expect(attachmentFileName(`attachment; filename*=UTF-8''r%C3%A9view.json; filename="review.json"`)).toBe('réview.json')
    expect(attachmentFileName('attachment; filename=plain.json')).toBe('plain.json')
    expect(attachmentFileName('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(attachmentFileName('attachment')).toBe('reviewroute-export.json')
    expect(attachmentFileName(null)).toBe('reviewroute-export.json')
  })
})

describe('profile: deleting my account', () => {
  it('says what is deleted and what stays, and why', async () => {
    openCard()
    const dialog = await openDeleteDialog()
    expect(within(dialog).getByText(/Printed posters and QR codes stop working/)).toBeInTheDocument()
    expect(within(dialog).getByText(/All ratings and feedback/)).toBeInTheDocument()
    expect(within(dialog).getByText(/signed-in device/)).toBeInTheDocument()
    expect(within(dialog).getByText('Kept, and why')).toBeInTheDocument()
    expect(within(dialog).getByText(/Payments and invoices, for 8 years because tax law requires it/)).toBeInTheDocument()
    expect(within(dialog).getByText(/no longer linked to your name/)).toBeInTheDocument()
    expect(within(dialog).getByText(/Messages you sent us/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /Download my data/ })).toBeInTheDocument()
  })

  it('keeps the delete button disabled until a password is typed', async () => {
    const api = openCard()
    const dialog = await openDeleteDialog()
    expect(deleteButton(dialog)).toBeDisabled()
    await typePassword(dialog)
    expect(deleteButton(dialog)).toBeEnabled()
    await userEvent.clear(within(dialog).getByLabelText('Your password'))
    await waitFor(() => expect(deleteButton(dialog)).toBeDisabled())
    expect(callsTo(api, '/api/account', 'DELETE')).toBe(0)
  })

  it('shows a wrong password (400) under the field, and nothing else happens', async () => {
    const location = stubLocation('/profile')
    const api = openCard({ 'DELETE /api/account': { status: 400, body: { error: WRONG_PASSWORD, message: WRONG_PASSWORD } } })
    const dialog = await openDeleteDialog()
    await typePassword(dialog)
    await userEvent.click(deleteButton(dialog))

    await waitFor(() => expect(passwordError(dialog)).toBe(WRONG_PASSWORD))
    expect(callsTo(api, '/api/account', 'DELETE')).toBe(1)
    expect(getToken()).toBe(TEST_TOKEN)
    expect(location.replace).not.toHaveBeenCalled()
    expect(location.assign).not.toHaveBeenCalled()
    expect(screen.queryByText('Account Not Deleted')).not.toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(deleteButton(dialog)).toBeEnabled()
  })

  it("shows the server's field message (422) and the lock's sentence (429) under the field", async () => {
    const fieldMessage = 'The password field must be defined'
    const lock = 'Too many failed attempts. Please try again in 10 minutes.'
    let answer = {
      status: 422,
      body: { error: fieldMessage, message: fieldMessage, errors: [{ field: 'password', message: fieldMessage }] },
    }
    openCard({ 'DELETE /api/account': () => answer })
    const dialog = await openDeleteDialog()
    await typePassword(dialog)
    await userEvent.click(deleteButton(dialog))
    await waitFor(() => expect(passwordError(dialog)).toBe(fieldMessage))

    answer = { status: 429, body: { error: lock, message: lock, errors: [] } }
    await userEvent.click(deleteButton(dialog))
    await waitFor(() => expect(passwordError(dialog)).toBe(lock))
  })

  it('deletes with the password, forgets the session and sends the browser to the site', async () => {
    const location = stubLocation('/profile')
    const api = openCard({ 'DELETE /api/account': { status: 204 } })
    const dialog = await openDeleteDialog()
    await typePassword(dialog, 'my-secret')
    await userEvent.click(deleteButton(dialog))

    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/?account=deleted'))
    expect(api.calls.find((call) => call.path === '/api/account')).toMatchObject({ method: 'DELETE', body: { password: 'my-secret' } })
    expect(getToken()).toBeNull()
    // The token died with the account: no sign-out call that would only answer 401.
    expect(callsTo(api, '/api/auth/logout')).toBe(0)
  })
})
