import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AFTER_TRIAL_RULE } from '@reviewroute/backend/contract/product_rules'
import { TrialBanner } from '#components/access/trial-banner'
import { TRIAL_BANNER_DISMISSED_KEY } from '#lib/trial-banner-dismissal'
import { fixtures } from '../helpers'

const status = fixtures.trialStatus

/** `compact` unset: as the screen's width decides (these tests' screen is a phone's: no breakpoint matches). */
function renderBanner(value: TrialStatusDto | undefined, compact?: boolean) {
  return render(
    <MemoryRouter>
      <TrialBanner status={value} compact={compact} />
    </MemoryRouter>
  )
}

const banner = () => document.querySelector('.trial-banner')

afterEach(() => vi.useRealTimers())

describe('trial banner (docs/product-rules.md#trial)', () => {
  it('shows the days left, a progress bar over 7 days and an Upgrade link to /billing while the trial is active', () => {
    renderBanner(status({ trialDaysRemaining: 5 }), false)
    expect(screen.getByText('5 days left in your free trial')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: '5 of 7 trial days left' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/billing')
  })

  it('is not shown once the trial has expired', () => {
    renderBanner(status({ isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0 }))
    expect(banner()).toBeNull()
  })

  it('is not shown to an owner with a paid plan, nor without a status', () => {
    const { unmount } = renderBanner(status({ hasActivePaidSubscription: true, hasActiveSubscription: true }))
    expect(banner()).toBeNull()
    unmount()
    renderBanner(undefined)
    expect(banner()).toBeNull()
  })

  it('can be dismissed', async () => {
    renderBanner(status())
    await userEvent.click(screen.getByRole('button', { name: /close/i }))
    expect(screen.queryByText('5 days left in your free trial')).not.toBeInTheDocument()
  })

  it('stays closed on the next visit the same day of the trial', async () => {
    const { unmount } = renderBanner(status())
    await userEvent.click(screen.getByRole('button', { name: /close/i }))
    unmount()
    renderBanner(status())
    expect(banner()).toBeNull()
  })

  it('comes back the next day of the trial, and for another account', async () => {
    const { unmount } = renderBanner(status({ trialDaysRemaining: 5 }))
    await userEvent.click(screen.getByRole('button', { name: /close/i }))
    unmount()
    const nextDay = renderBanner(status({ trialDaysRemaining: 4 }))
    expect(screen.getByText('4 days left in your free trial')).toBeInTheDocument()
    nextDay.unmount()
    renderBanner(status({ trialDaysRemaining: 5, trialEndsAt: '2026-11-29T08:15:00.000Z' }))
    expect(screen.getByText('5 days left in your free trial')).toBeInTheDocument()
  })

  it('hiding itself after 30 s is not remembered: the next visit shows it again', async () => {
    vi.useFakeTimers()
    const { unmount } = renderBanner(status())
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000)
    })
    expect(banner()).toBeNull()
    unmount()
    expect(localStorage.getItem(TRIAL_BANNER_DISMISSED_KEY)).toBeNull()
    renderBanner(status())
    expect(banner()).not.toBeNull()
  })

  it('shows when the browser keeps no storage', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked')
    })
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked')
    })
    renderBanner(status())
    expect(banner()).not.toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /close/i }))
    expect(banner()).toBeNull()
    getItem.mockRestore()
    setItem.mockRestore()
  })

  it('hides itself 30 s after it appears', async () => {
    vi.useFakeTimers()
    renderBanner(status())
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_900)
    })
    expect(screen.getByText('5 days left in your free trial')).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100)
    })
    expect(screen.queryByText('5 days left in your free trial')).not.toBeInTheDocument()
  })

  it('is calm at 4 days and red/orange at 3 or fewer', () => {
    const { unmount } = renderBanner(status({ trialDaysRemaining: 4 }), false)
    expect(banner()).toHaveClass('ant-alert-info')
    expect(screen.queryByText(AFTER_TRIAL_RULE)).not.toBeInTheDocument()
    unmount()
    renderBanner(status({ trialDaysRemaining: 3 }), false)
    expect(banner()).toHaveClass('ant-alert-error')
    expect(screen.getByText('3 days left in your free trial')).toBeInTheDocument()
    // What happens after the trial, in the words of the site, the help and the billing page.
    expect(screen.getByText(AFTER_TRIAL_RULE)).toBeInTheDocument()
  })

  // A quarter of a phone's first screen on every page was too much: there it is one line, the rest is on Billing.
  it('is one line on a phone: the days left, Upgrade and close, without the bar or the rule under it', () => {
    renderBanner(status({ trialDaysRemaining: 3 }))
    expect(banner()).toHaveClass('trial-banner--compact')
    expect(banner()).toHaveClass('ant-alert-error')
    expect(screen.getByText('3 days left in your free trial')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/billing')
    expect(screen.getByRole('button', { name: /close/i })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.queryByText(AFTER_TRIAL_RULE)).not.toBeInTheDocument()
    expect(banner()?.querySelector('.ant-alert-description')).toBeNull()
  })

  it('says "Last day" at 1 day', () => {
    renderBanner(status({ trialDaysRemaining: 1 }))
    expect(screen.getByText('Last day of your free trial')).toBeInTheDocument()
    expect(banner()).toHaveClass('ant-alert-error')
  })
})
