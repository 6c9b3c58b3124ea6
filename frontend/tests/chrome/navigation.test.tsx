import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fixtures, signIn } from '../helpers'
import { chromeApi, renderChrome, setViewport } from './chrome-helpers'

/** A trial over without a paid plan: the lock guard sends everything but billing and the profile to /billing. */
const lockedStatus = fixtures.trialStatus({ isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0, isLimited: true })

/** The links of a navigation element, as [label, href]. */
const linksOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])

beforeEach(() => {
  signIn()
  chromeApi()
})
afterEach(() => vi.unstubAllGlobals())

/** The side menu's selected entry, by its label. */
function selectedSideItems() {
  const sider = document.querySelector('.app-sider') as HTMLElement
  return Array.from(sider.querySelectorAll('.ant-menu-item-selected')).map((item) => item.textContent)
}

describe('side navigation (desktop, docs/screens.md)', () => {
  beforeEach(() => setViewport(1280))

  it('lists every screen with its link, Analytics of all businesses, the Team and Billing included, and no bottom bar', async () => {
    renderChrome('/dashboard')
    await screen.findByRole('heading', { name: 'Hi, Asha!' })
    expect(linksOf(document.querySelector('.app-sider') as HTMLElement)).toEqual([
      ['ReviewRoute', '/dashboard'],
      ['Dashboard', '/dashboard'],
      ['Ask for a review', '/dashboard/send'],
      ['Customers', '/dashboard/customers'],
      ['Requests', '/dashboard/requests'],
      ['Businesses', '/dashboard/businesses'],
      ['Analytics', '/dashboard/analytics'],
      ['Feedback', '/feedbacks'],
      ['Google', '/dashboard/google'],
      ['Team', '/dashboard/team'],
      ['Billing', '/billing'],
      ['Settings', '/profile'],
    ])
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('offers a locked owner the Team, Billing and Settings only', async () => {
    chromeApi({ 'GET /api/billing/trial-status': lockedStatus })
    renderChrome('/billing')
    await screen.findByRole('heading', { name: 'Hi, Asha!' })
    await waitFor(() =>
      expect(linksOf(document.querySelector('.app-sider') as HTMLElement)).toEqual([
        ['ReviewRoute', '/dashboard'],
        ['Team', '/dashboard/team'],
        ['Billing', '/billing'],
        ['Settings', '/profile'],
      ])
    )
    expect(selectedSideItems()).toEqual(['Billing'])
  })

  it.each([
    ['/dashboard', ['Dashboard']],
    ['/dashboard/businesses', ['Businesses']],
    ['/dashboard/requests', ['Requests']],
    ['/feedbacks', ['Feedback']],
    ['/profile', ['Settings']],
    ['/dashboard/qr-codes', []],
    ['/dashboard/analytics', ['Analytics']],
    ['/billing', ['Billing']],
    ['/dashboard/settings', ['Billing']],
  ])('on %s marks %j', async (path, expected) => {
    renderChrome(path)
    await screen.findByRole('heading', { name: 'Hi, Asha!' })
    expect(selectedSideItems()).toEqual(expected)
  })

  it('follows the route when an entry is clicked', async () => {
    renderChrome('/dashboard')
    await screen.findByRole('heading', { name: 'Hi, Asha!' })
    await userEvent.click(within(document.querySelector('.app-sider') as HTMLElement).getByRole('link', { name: 'Feedback' }))
    expect(screen.getByTestId('where')).toHaveTextContent('/feedbacks')
    expect(selectedSideItems()).toEqual(['Feedback'])
  })

  it('collapses to icons and expands again', async () => {
    renderChrome('/dashboard')
    await userEvent.click(await screen.findByRole('button', { name: 'Collapse menu' }))
    const sider = document.querySelector('.app-sider') as HTMLElement
    expect(sider).toHaveClass('ant-layout-sider-collapsed')
    expect(within(sider).queryByText('ReviewRoute')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Expand menu' }))
    expect(sider).not.toHaveClass('ant-layout-sider-collapsed')
  })
})

describe('bottom bar (phone, docs/screens.md)', () => {
  beforeEach(() => setViewport(390))

  it('lists Dashboard, QR, Ask, Requests, Feedback, Settings and replaces the side navigation', async () => {
    renderChrome('/dashboard')
    const bar = await screen.findByRole('navigation', { name: 'Main' })
    expect(linksOf(bar)).toEqual([
      ['Dashboard', '/dashboard'],
      ['QR', '/dashboard/qr-codes'],
      ['Ask', '/dashboard/send'],
      ['Requests', '/dashboard/requests'],
      ['Feedback', '/feedbacks'],
      ['Settings', '/profile'],
    ])
    expect(document.querySelector('.app-sider')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Collapse menu' })).not.toBeInTheDocument()
  })

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/qr-codes', 'QR'],
    ['/dashboard/send', 'Ask'],
    ['/dashboard/requests', 'Requests'],
    ['/feedbacks', 'Feedback'],
    ['/profile', 'Settings'],
    ['/dashboard/businesses', null],
  ])('on %s marks %s as the current page', async (path, expected) => {
    renderChrome(path)
    const bar = await screen.findByRole('navigation', { name: 'Main' })
    const current = within(bar)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent)
    expect(current).toEqual(expected ? [expected] : [])
    for (const link of within(bar).getAllByRole('link')) {
      expect(link.classList.contains('active')).toBe(link.textContent === expected)
    }
  })

  it('offers a locked owner the Team, Billing and Settings only', async () => {
    chromeApi({ 'GET /api/billing/trial-status': lockedStatus })
    renderChrome('/profile')
    const bar = await screen.findByRole('navigation', { name: 'Main' })
    await waitFor(() =>
      expect(linksOf(bar)).toEqual([
        ['Team', '/dashboard/team'],
        ['Billing', '/billing'],
        ['Settings', '/profile'],
      ])
    )
  })
})
