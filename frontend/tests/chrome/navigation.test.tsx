import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '../helpers'
import { chromeApi, renderChrome, setViewport } from './chrome-helpers'

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

  it('lists Dashboard, Businesses, Feedback, Settings with their links, and no bottom bar', async () => {
    renderChrome('/dashboard')
    await screen.findByRole('heading', { name: 'Hi, Asha!' })
    const sider = document.querySelector('.app-sider') as HTMLElement
    expect(
      within(sider)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')])
    ).toEqual([
      ['ReviewRoute', '/dashboard'],
      ['Dashboard', '/dashboard'],
      ['Ask for a review', '/dashboard/send'],
      ['Customers', '/dashboard/customers'],
      ['Requests', '/dashboard/requests'],
      ['Businesses', '/dashboard/businesses'],
      ['Feedback', '/feedbacks'],
      ['Settings', '/profile'],
    ])
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it.each([
    ['/dashboard', ['Dashboard']],
    ['/dashboard/businesses', ['Businesses']],
    ['/dashboard/requests', ['Requests']],
    ['/feedbacks', ['Feedback']],
    ['/profile', ['Settings']],
    ['/dashboard/qr-codes', []],
    ['/billing', []],
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

  it('lists Dashboard, QR, Ask, Feedback, Settings and replaces the side navigation', async () => {
    renderChrome('/dashboard')
    const bar = await screen.findByRole('navigation', { name: 'Main' })
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')])
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['QR', '/dashboard/qr-codes'],
      ['Ask', '/dashboard/send'],
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
})
