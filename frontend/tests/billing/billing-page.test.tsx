import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fixtures } from '../helpers'
import { cancelledStatus, expiredStatus, paidStatus } from './fixtures'
import { openBilling } from './billing-screen'

const planCard = (name: string) => screen.findByRole('generic', { name: `${name} plan` })

describe('billing: plans', () => {
  it('lists the plans from the API without the trial, with prices, savings and tags as sent', async () => {
    openBilling()
    const sixMonths = await planCard('6 Months')
    expect(within(sixMonths).getByText('₹2,499')).toBeInTheDocument()
    expect(within(sixMonths).getByText('for 6 months')).toBeInTheDocument()
    expect(within(sixMonths).getByText('₹417 per month')).toBeInTheDocument()
    expect(within(sixMonths).getByText('Save ₹495 (17%)')).toBeInTheDocument()
    const yearly = await planCard('12 Months')
    expect(within(yearly).getByText('Save ₹1,489 (33%)')).toBeInTheDocument()
    expect(within(yearly).getByText('Best Value')).toBeInTheDocument()
    const monthly = await planCard('Monthly')
    expect(within(monthly).getByText('Most Popular')).toBeInTheDocument()
    expect(within(monthly).getByText('Unlimited reviews')).toBeInTheDocument()
    expect(screen.queryByRole('generic', { name: 'Free Trial plan' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Pro Plan$/)).not.toBeInTheDocument()
  })

  it('shows the trial banner with the days left', async () => {
    openBilling({ 'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 4 }) })
    expect(await screen.findByText('4 days left in your free trial')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: '4 of 7 trial days left' })).toBeInTheDocument()
  })

  it('says so when the plans cannot be loaded', async () => {
    openBilling({ 'GET /api/billing/subscription-plans': { status: 503, body: { error: 'Down' } } })
    expect(await screen.findByText('Failed to fetch billing info')).toBeInTheDocument()
  })
})

describe('billing: locked owner', () => {
  it('shows the Trial Expired card whose Upgrade Now highlights the plans', async () => {
    openBilling({ 'GET /api/billing/trial-status': expiredStatus() })
    expect(await screen.findByText('Trial Expired')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }))
    expect(document.getElementById('plans')).toHaveClass('plans--highlight')
    expect(screen.queryByText(/left in your free trial/)).not.toBeInTheDocument()
  })

  it('a workspace that never had a trial (a team, agency or client) is on the free plan, not an expired trial', async () => {
    openBilling({ 'GET /api/billing/trial-status': { ...expiredStatus(), trialEndsAt: null, isLocked: false } })
    expect(await screen.findByText('Free Plan')).toBeInTheDocument()
    expect(screen.getByText(/This workspace has no free trial: only the workspace made with an account has one\./)).toBeInTheDocument()
    // Its dashboard is open: the plans are for more than the free plan's one business and 50 ratings a month.
    expect(screen.queryByText(/open its dashboard/)).not.toBeInTheDocument()
    expect(screen.getByText(/Choose a plan for every business you add and unlimited ratings\./)).toBeInTheDocument()
    expect(screen.queryByText('Trial Expired')).not.toBeInTheDocument()
    expect(screen.queryByText(/free trial has ended/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }))
    expect(document.getElementById('plans')).toHaveClass('plans--highlight')
  })
})

describe('billing: paid owner', () => {
  it('disables the plan buttons as Already Enrolled and explains on click', async () => {
    openBilling({ 'GET /api/billing/trial-status': paidStatus() })
    const buttons = await screen.findAllByRole('button', { name: 'Already Enrolled' })
    expect(buttons).toHaveLength(3)
    buttons.forEach((button) => expect(button).toBeDisabled())
    await userEvent.click(buttons[0].parentElement!)
    expect(await screen.findByText('Already Have Active Plan')).toBeInTheDocument()
    expect(
      screen.getByText('You already have an active subscription plan. Cancel your current subscription first if you want to change plans.')
    ).toBeInTheDocument()
  })

  it('cancels after confirmation, then re-reads the status', async () => {
    let cancelled = false
    const api = openBilling({
      'GET /api/billing/trial-status': () => (cancelled ? cancelledStatus() : paidStatus()),
      'POST /api/billing/cancel-subscription': () => {
        cancelled = true
        return { success: true, ...cancelledStatus() }
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }))
    expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument()
    expect(
      screen.getByText("Your subscription has been cancelled. You'll continue to have access until the end of your billing period.")
    ).toBeInTheDocument()
    expect(api.calls.filter((call) => call.path === '/api/billing/cancel-subscription')).toHaveLength(1)
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument()
  })

  it("shows 'Cancellation Failed' with the server's sentence", async () => {
    openBilling({
      'GET /api/billing/trial-status': paidStatus(),
      'POST /api/billing/cancel-subscription': { status: 503, body: { error: 'Billing is unavailable right now.' } },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }))
    expect(await screen.findByText('Cancellation Failed')).toBeInTheDocument()
    expect(screen.getByText('Billing is unavailable right now.')).toBeInTheDocument()
  })

  it('hides the cancel button once cancelled', async () => {
    openBilling({ 'GET /api/billing/trial-status': cancelledStatus() })
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Already Enrolled' })).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument()
  })
})

// docs/decisions.md D39: sign-up lands on /billing?source=signup (D14). A new owner in the trial
// finds the trial's start and the next step there, ahead of the prices they did not ask for.
describe('billing: where a new trial starts', () => {
  it('says the trial has started and leads to setting up the business', async () => {
    openBilling({ 'GET /api/auth/user': { ...fixtures.user, phone: '+919876543210' } }, '/billing?source=signup')
    const card = await screen.findByRole('region', { name: 'Your 7-day free trial has started' })
    expect(within(card).getByText(/No card needed/)).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: /Set up my business/ })).toHaveAttribute('href', '/dashboard')
    // It comes before the plans.
    const plansCard = await planCard('6 Months')
    expect(card.compareDocumentPosition(plansCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('is not shown on a plain visit', async () => {
    openBilling()
    await planCard('6 Months')
    expect(screen.queryByRole('region', { name: 'Your 7-day free trial has started' })).not.toBeInTheDocument()
  })

  it('is not shown to a paying owner arriving with source=signup', async () => {
    openBilling(
      { 'GET /api/billing/trial-status': paidStatus, 'GET /api/auth/user': { ...fixtures.user, phone: '+919876543210' } },
      '/billing?source=signup'
    )
    await planCard('6 Months')
    expect(screen.queryByRole('region', { name: 'Your 7-day free trial has started' })).not.toBeInTheDocument()
  })
})
