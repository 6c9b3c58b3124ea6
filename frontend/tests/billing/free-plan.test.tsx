/*
 * Which business keeps working after the trial (docs/product-rules.md#free-plan-limits), where the owner decides:
 * the billing page's trial banner, the Trial Expired card with each business marked, the cancel dialog, and the
 * profile's subscription card. The sentences are the contract's, so the site and the help say the same.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { AFTER_TRIAL_RULE, afterTrialSentence, keepsWorkingClause } from '@reviewroute/backend/contract/product_rules'
import type { FreePlanBusinessesDto } from '@reviewroute/backend/types/api'
import { SubscriptionCard } from '#components/profile/subscription-card'
import { fixtures } from '../helpers'
import { cancelledStatus, expiredStatus, paidStatus } from './fixtures'
import { openBilling } from './billing-screen'

const threeBusinesses: FreePlanBusinessesDto = {
  keepsWorking: { id: 7, name: 'Chai Point Cafe' },
  paused: [
    { id: 8, name: 'Chai Point Express' },
    { id: 9, name: 'Dosa Corner' },
  ],
}
const twoBusinesses: FreePlanBusinessesDto = { keepsWorking: { id: 7, name: 'Chai Point Cafe' }, paused: [{ id: 8, name: 'Dosa Corner' }] }

describe('the free plan sentences', () => {
  it('name the oldest business and count the paused ones, singular and plural', () => {
    expect(afterTrialSentence({ name: 'Chai Point Cafe' }, 1)).toBe(
      'After your trial, Chai Point Cafe keeps working with 50 ratings a month; 1 other business pauses until you upgrade.'
    )
    expect(afterTrialSentence({ name: 'Chai Point Cafe' }, 2)).toBe(
      'After your trial, Chai Point Cafe keeps working with 50 ratings a month; 2 other businesses pause until you upgrade.'
    )
    expect(afterTrialSentence({ name: 'Chai Point Cafe' }, 0)).toBe(
      'After your trial, Chai Point Cafe keeps working with 50 ratings a month.'
    )
  })

  it('fall back to the general rule without a business', () => {
    expect(afterTrialSentence(null, 0)).toBe(AFTER_TRIAL_RULE)
    expect(AFTER_TRIAL_RULE).toBe(
      'After the trial, without a paid plan, your oldest business keeps working with 50 ratings a month; your other businesses pause until you upgrade.'
    )
    expect(keepsWorkingClause(null, 0)).toBe(
      'your oldest business keeps working with 50 ratings a month; your other businesses pause until you upgrade'
    )
  })
})

describe('billing: which business keeps working', () => {
  it('the trial banner says which business keeps working after the trial and how many pause', async () => {
    openBilling({ 'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 4, freePlan: threeBusinesses }) })
    expect(
      await screen.findByText(
        /After your trial, Chai Point Cafe keeps working with 50 ratings a month; 2 other businesses pause until you upgrade\./
      )
    ).toBeInTheDocument()
    expect(screen.queryByText(/keep your review links, QR codes and analytics working/)).not.toBeInTheDocument()
  })

  it('the Trial Expired card names the working business and marks each business working or paused', async () => {
    openBilling({ 'GET /api/billing/trial-status': { ...expiredStatus(), freePlan: threeBusinesses } })
    const expired = (await screen.findByText('Trial Expired')).closest<HTMLElement>('.trial-expired')!
    expect(
      within(expired).getByText(
        /After your trial, Chai Point Cafe keeps working with 50 ratings a month; 2 other businesses pause until you upgrade\./
      )
    ).toBeInTheDocument()
    const rows = within(within(expired).getByRole('list', { name: 'Your businesses on the free plan' })).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['Chai Point CafeKeeps working', 'Chai Point ExpressPaused', 'Dosa CornerPaused'])
  })

  it('the Trial Expired card of an owner with one business names it and lists nothing', async () => {
    openBilling({ 'GET /api/billing/trial-status': expiredStatus() })
    expect(await screen.findByText(/After your trial, Chai Point Cafe keeps working with 50 ratings a month\./)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Your businesses on the free plan' })).not.toBeInTheDocument()
  })

  it('the Trial Expired card of an owner without a business states the general rule', async () => {
    openBilling({ 'GET /api/billing/trial-status': { ...expiredStatus(), freePlan: { keepsWorking: null, paused: [] } } })
    const expired = (await screen.findByText('Trial Expired')).closest<HTMLElement>('.trial-expired')!
    expect(expired).toHaveTextContent(AFTER_TRIAL_RULE)
  })

  it('the cancel dialog says which business keeps working once the plan ends', async () => {
    openBilling({ 'GET /api/billing/trial-status': paidStatus({ freePlan: twoBusinesses }) })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription?' })
    expect(
      within(dialog).getByText(
        /After that your account moves to the free plan: Chai Point Cafe keeps working with 50 ratings a month; 1 other business pauses until you upgrade\./
      )
    ).toBeInTheDocument()
  })
})

describe('profile: subscription details and the free plan', () => {
  const renderCard = (status: Parameters<typeof SubscriptionCard>[0]['status']) =>
    render(
      <MemoryRouter>
        <SubscriptionCard status={status} loading={false} onCancel={() => undefined} />
      </MemoryRouter>
    )

  it('a trial ending soon says which business keeps working', () => {
    renderCard(fixtures.trialStatus({ trialDaysRemaining: 2, freePlan: twoBusinesses }))
    expect(
      screen.getByText(
        /After your trial, Chai Point Cafe keeps working with 50 ratings a month; 1 other business pauses until you upgrade\./
      )
    ).toBeInTheDocument()
  })

  it('a cancelled plan says what the free plan keeps', () => {
    renderCard(cancelledStatus({ freePlan: twoBusinesses }))
    expect(
      screen.getByText(
        /then your account moves to the free plan: Chai Point Cafe keeps working with 50 ratings a month; 1 other business pauses/
      )
    ).toBeInTheDocument()
  })

  it('an ended trial says which business keeps working', () => {
    renderCard({ ...expiredStatus(), freePlan: threeBusinesses })
    expect(
      screen.getByText(/Chai Point Cafe keeps working with 50 ratings a month; 2 other businesses pause until you upgrade\./)
    ).toBeInTheDocument()
  })
})
