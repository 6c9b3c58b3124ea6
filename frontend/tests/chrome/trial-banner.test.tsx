import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TrialBanner } from '#components/access/trial-banner'
import { fixtures } from '../helpers'

const status = fixtures.trialStatus

function renderBanner(value: TrialStatusDto | undefined) {
  return render(
    <MemoryRouter>
      <TrialBanner status={value} />
    </MemoryRouter>
  )
}

const banner = () => document.querySelector('.trial-banner')

afterEach(() => vi.useRealTimers())

describe('trial banner (docs/product-rules.md#trial)', () => {
  it('shows the days left, a progress bar over 7 days and an Upgrade link to /billing while the trial is active', () => {
    renderBanner(status({ trialDaysRemaining: 5 }))
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
    const { unmount } = renderBanner(status({ trialDaysRemaining: 4 }))
    expect(banner()).toHaveClass('ant-alert-info')
    expect(screen.queryByText(/Upgrade now to keep/)).not.toBeInTheDocument()
    unmount()
    renderBanner(status({ trialDaysRemaining: 3 }))
    expect(banner()).toHaveClass('ant-alert-error')
    expect(screen.getByText('3 days left in your free trial')).toBeInTheDocument()
    expect(screen.getByText(/Upgrade now to keep/)).toBeInTheDocument()
  })

  it('says "Last day" at 1 day', () => {
    renderBanner(status({ trialDaysRemaining: 1 }))
    expect(screen.getByText('Last day of your free trial')).toBeInTheDocument()
    expect(banner()).toHaveClass('ant-alert-error')
  })
})
