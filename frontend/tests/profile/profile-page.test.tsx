import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROFILE_POLL_MS } from '#config/constants'
import { cancelledStatus, expiredStatus, inDays, paidStatus } from '../billing/fixtures'
import { fixtures } from '../helpers'
import { callsTo, card, openProfile } from './profile-helpers'

/** The colour antd paints a progress bar with (jsdom turns hex into rgb). */
const barColour = (within: HTMLElement) => (within.querySelector('.ant-progress-bg') as HTMLElement).style.background

afterEach(() => {
  vi.useRealTimers()
})

describe('profile: subscription details', () => {
  it('shows an active trial in blue with plenty of days left', async () => {
    openProfile({ 'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 5 }) })
    const details = await card('Subscription Details')
    expect(await within(details).findByText('Free Trial Active')).toBeInTheDocument()
    expect(within(details).getByText('5 days remaining out of 7')).toBeInTheDocument()
    expect(barColour(details)).toBe('rgb(29, 78, 216)')
    expect(within(details).queryByText('Trial ending soon')).not.toBeInTheDocument()
  })

  it('turns amber at 4 days', async () => {
    openProfile({ 'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 4 }) })
    const details = await card('Subscription Details')
    await within(details).findByText('4 days remaining out of 7')
    expect(barColour(details)).toBe('rgb(217, 119, 6)')
    expect(within(details).queryByText('Trial ending soon')).not.toBeInTheDocument()
  })

  it("turns red at 2 days, with 'Trial ending soon' and an upgrade to /billing", async () => {
    openProfile({ 'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 2 }) }, '/profile')
    const details = await card('Subscription Details')
    expect(await within(details).findByText('Trial ending soon')).toBeInTheDocument()
    expect(barColour(details)).toBe('rgb(220, 38, 38)')
    await userEvent.click(within(details).getByRole('button', { name: 'Upgrade Now' }))
    // The screen is mounted at /profile only: going to /billing unmounts it.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument())
  })

  it('shows a paid plan with its end date, days left, status and Cancel Subscription', async () => {
    openProfile({ 'GET /api/billing/trial-status': paidStatus({ currentPeriodEnd: inDays(40) }) })
    const details = await card('Subscription Details')
    expect(await within(details).findByText('Active Pro Plan')).toBeInTheDocument()
    expect(within(details).getByText('6 Months Plan')).toBeInTheDocument()
    expect(within(details).getByText('Access until:')).toBeInTheDocument()
    expect(within(details).getByText(/^4\d days$/)).not.toHaveStyle({ color: 'rgb(217, 119, 6)' })
    expect(within(details).getByText('Active')).toBeInTheDocument()
    expect(within(details).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument()
    expect(within(details).queryByText(/auto-renew/i)).not.toBeInTheDocument()
  })

  it('shows the paid days left in amber at 3 or fewer', async () => {
    openProfile({ 'GET /api/billing/trial-status': paidStatus({ currentPeriodEnd: inDays(1.5) }) })
    const details = await card('Subscription Details')
    expect(await within(details).findByText(/^[12] days?$/)).toHaveStyle({ color: 'rgb(217, 119, 6)' })
  })

  it("shows a cancelled plan with 'Access Ends:', a notice and no cancel button", async () => {
    openProfile({ 'GET /api/billing/trial-status': cancelledStatus() })
    const details = await card('Subscription Details')
    expect(await within(details).findByText('Cancelled (Active until period end)')).toBeInTheDocument()
    expect(within(details).getByText('Access Ends:')).toBeInTheDocument()
    expect(within(details).getByText(/Your subscription is cancelled/)).toBeInTheDocument()
    expect(within(details).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument()
  })

  it("shows 'No Active Subscription' without trial or plan", async () => {
    openProfile({ 'GET /api/billing/trial-status': expiredStatus() })
    const details = await card('Subscription Details')
    expect(await within(details).findByText('No Active Subscription')).toBeInTheDocument()
  })
})

describe('profile: account stats', () => {
  it.each([
    ['trial', fixtures.trialStatus(), 'Free Trial', 'Trial Active'],
    ['expired trial', expiredStatus(), 'Trial Expired', 'Needs Upgrade'],
    ['paid plan', paidStatus(), '6 Months Plan', 'Pro Active'],
  ])('reads plan and status for a %s', async (_, status, plan, label) => {
    openProfile({ 'GET /api/billing/trial-status': status })
    const stats = await card('Account Stats')
    expect(await within(stats).findByText(label)).toBeInTheDocument()
    expect(within(stats).getByText(plan)).toBeInTheDocument()
  })

  it('shows businesses and ratings this month, and Refresh reads them again', async () => {
    const api = openProfile()
    const stats = await card('Account Stats')
    expect(await within(stats).findByText('1,234')).toBeInTheDocument()
    expect(within(stats).getByText('Ratings this month')).toBeInTheDocument()
    expect(within(stats).getByText('2')).toBeInTheDocument()
    const before = callsTo(api, '/api/billing/usage')
    const statusBefore = callsTo(api, '/api/billing/trial-status')
    await userEvent.click(within(stats).getByRole('button', { name: /Refresh/ }))
    await waitFor(() => expect(callsTo(api, '/api/billing/usage')).toBe(before + 1))
    expect(callsTo(api, '/api/billing/trial-status')).toBe(statusBefore + 1)
  })

  it("says 'Failed to fetch usage data' when usage cannot be read", async () => {
    openProfile({ 'GET /api/billing/usage': { status: 503, body: { error: 'Down' } } })
    expect(await screen.findByText('Failed to fetch usage data')).toBeInTheDocument()
  })

  it('polls the trial status every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = openProfile()
    await card('Account Stats')
    await waitFor(() => expect(callsTo(api, '/api/billing/trial-status')).toBe(1))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROFILE_POLL_MS - 1_000)
    })
    expect(callsTo(api, '/api/billing/trial-status')).toBe(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500)
    })
    await waitFor(() => expect(callsTo(api, '/api/billing/trial-status')).toBe(2))
  })
})

describe('profile: personal information', () => {
  it('shows the names and the email, read-only', async () => {
    openProfile()
    const info = await card('Personal Information')
    expect(await within(info).findByText('Asha')).toBeInTheDocument()
    expect(within(info).getByText('Verma')).toBeInTheDocument()
    expect(within(info).getByText('asha@example.in')).toBeInTheDocument()
    await userEvent.click(within(info).getByRole('button', { name: /Edit Profile/ }))
    expect(within(info).getByDisplayValue('asha@example.in')).toHaveAttribute('readonly')
  })

  it('saves first and last name, then refreshes the user', async () => {
    let user = fixtures.user
    const api = openProfile({
      'GET /api/auth/user': () => user,
      'PATCH /api/auth/profile': ({ body }: { body: Partial<typeof fixtures.user> }) => (user = { ...user, ...body }),
    })
    const info = await card('Personal Information')
    await within(info).findByText('Asha')
    await userEvent.click(within(info).getByRole('button', { name: /Edit Profile/ }))
    const first = within(info).getByLabelText('First name')
    await userEvent.clear(first)
    await userEvent.type(first, 'Anita')
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ firstName: 'Anita', lastName: 'Verma' })
    expect(await within(info).findByText('Anita')).toBeInTheDocument()
    expect(within(info).queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument()
    expect(callsTo(api, '/api/auth/user')).toBeGreaterThanOrEqual(2)
  })

  // docs/screens.md#header: a blank first name would leave the header greeting the email's local part.
  it.each(['', '   '])('refuses a blank first name (%j) and sends nothing', async (typed) => {
    const api = openProfile()
    const info = await card('Personal Information')
    await within(info).findByText('Asha')
    await userEvent.click(within(info).getByRole('button', { name: /Edit Profile/ }))
    const first = within(info).getByLabelText('First name')
    await userEvent.clear(first)
    if (typed) await userEvent.type(first, typed)
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await within(info).findByText('Please enter your first name')).toBeInTheDocument()
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false)
    expect(within(info).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument()
  })

  it('sends the first name without surrounding spaces', async () => {
    const api = openProfile({
      'PATCH /api/auth/profile': ({ body }: { body: Partial<typeof fixtures.user> }) => ({ ...fixtures.user, ...body }),
    })
    const info = await card('Personal Information')
    await within(info).findByText('Asha')
    await userEvent.click(within(info).getByRole('button', { name: /Edit Profile/ }))
    const first = within(info).getByLabelText('First name')
    await userEvent.clear(first)
    await userEvent.type(first, '  Anita ')
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ firstName: 'Anita', lastName: 'Verma' })
  })

  it('Cancel leaves the names as they were and sends nothing', async () => {
    const api = openProfile()
    const info = await card('Personal Information')
    await within(info).findByText('Asha')
    await userEvent.click(within(info).getByRole('button', { name: /Edit Profile/ }))
    await userEvent.type(within(info).getByLabelText('First name'), 'xyz')
    await userEvent.click(within(info).getByRole('button', { name: 'Cancel' }))
    expect(within(info).getByText('Asha')).toBeInTheDocument()
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false)
  })

  it.each([
    [{ status: 422, body: { error: 'The first name must be at most 100 characters.' } }, 'The first name must be at most 100 characters.'],
    [{ status: 500, body: {} }, 'Failed to update profile. Please try again.'],
  ])('shows why a save failed', async (answer, text) => {
    openProfile({ 'PATCH /api/auth/profile': answer })
    const info = await card('Personal Information')
    await within(info).findByText('Asha')
    await userEvent.click(within(info).getByRole('button', { name: /Edit Profile/ }))
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(within(info).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument()
  })
})

// docs/product-rules.md#accounts-and-tokens: the number asked for at sign-up is shown and corrected here.
describe('profile: mobile number', () => {
  const withPhone = (phone: string) => {
    let user = { ...fixtures.user, phone }
    const api = openProfile({
      'GET /api/auth/user': () => user,
      'PATCH /api/auth/profile': ({ body }: { body: Partial<typeof fixtures.user> & { phone?: string | null } }) =>
        (user = { ...user, ...body, phone: body.phone === undefined ? user.phone : (body.phone ?? '') }),
    })
    return api
  }
  const editing = async () => {
    const info = await card('Personal Information')
    await within(info).findByText('Asha')
    await userEvent.click(within(info).getByRole('button', { name: /Edit Profile/ }))
    return { info, field: within(info).getByLabelText('Mobile number') }
  }
  const patches = (api: ReturnType<typeof openProfile>) => api.calls.filter((call) => call.method === 'PATCH')

  it('shows the saved number as it is read out', async () => {
    withPhone('+919876543210')
    const info = await card('Personal Information')
    expect(await within(info).findByText('+91 98765 43210')).toBeInTheDocument()
  })

  it('says when no number is set', async () => {
    withPhone('')
    const info = await card('Personal Information')
    await within(info).findByText('Asha')
    const row = within(info).getByText('Mobile number').nextElementSibling as HTMLElement
    expect(row).toHaveTextContent('Not set')
  })

  it('corrects a number that is no mobile: the 10 digits of a pasted +91 number are sent with +91', async () => {
    const api = withPhone('+911234567890')
    const { info, field } = await editing()
    expect(field).toHaveValue('1234567890')
    await userEvent.clear(field)
    await userEvent.click(field)
    await userEvent.paste('+91 98765 43210')
    expect(field).toHaveValue('9876543210')
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument()
    expect(patches(api)[0].body).toEqual({ firstName: 'Asha', lastName: 'Verma', phone: '+919876543210' })
    expect(await within(info).findByText('+91 98765 43210')).toBeInTheDocument()
  })

  it.each([
    ['1234567890', 'Please enter a valid mobile number: Indian mobile numbers start with 6, 7, 8 or 9'],
    ['98765', 'Please enter a valid 10-digit phone number'],
  ])('refuses %s under the field and sends nothing', async (typed, message) => {
    const api = withPhone('')
    const { info, field } = await editing()
    await userEvent.type(field, typed)
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await within(info).findByText(message)).toBeInTheDocument()
    expect(patches(api)).toHaveLength(0)
  })

  it('an emptied field removes the number', async () => {
    const api = withPhone('+919876543210')
    const { info, field } = await editing()
    await userEvent.clear(field)
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument()
    expect(patches(api)[0].body).toEqual({ firstName: 'Asha', lastName: 'Verma', phone: null })
  })

  it("shows the server's word on the number under the field", async () => {
    openProfile({
      'PATCH /api/auth/profile': {
        status: 422,
        body: { error: 'Not this one', message: 'Not this one', errors: [{ field: 'phone', message: 'Not this one' }] },
      },
    })
    const { info, field } = await editing()
    await userEvent.type(field, '9876543210')
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }))
    expect(await within(info).findByText('Not this one')).toBeInTheDocument()
  })
})

describe('profile: cancelling the subscription', () => {
  it('asks first, then cancels and shows the cancelled state', async () => {
    let cancelled = false
    const api = openProfile({
      'GET /api/billing/trial-status': () => (cancelled ? cancelledStatus() : paidStatus()),
      'POST /api/billing/cancel-subscription': () => {
        cancelled = true
        return { success: true, ...cancelledStatus() }
      },
    })
    const details = await card('Subscription Details')
    await userEvent.click(await within(details).findByRole('button', { name: 'Cancel Subscription' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }))
    expect(callsTo(api, '/api/billing/cancel-subscription')).toBe(0)

    await userEvent.click(within(details).getByRole('button', { name: 'Cancel Subscription' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel Subscription?' })).getByRole('button', { name: 'Cancel Subscription' })
    )
    expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument()
    expect(await within(details).findByText('Cancelled (Active until period end)')).toBeInTheDocument()
    expect(callsTo(api, '/api/billing/cancel-subscription')).toBe(1)
  })
})
