import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import { useBusinesses } from '#hooks/use-businesses'
import { fixtures, signIn } from '../helpers'
import { callsTo, chromeApi, renderChrome, setViewport } from './chrome-helpers'

beforeEach(() => {
  signIn()
  setViewport(1280)
})
afterEach(() => vi.unstubAllGlobals())

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'User menu' }))
  // The side navigation is a menu too; the user menu is the dropdown one.
  await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]')).not.toBeNull())
  return document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]') as HTMLElement
}

/** A user-menu entry by its exact label (icons add their own names to the accessible name). */
async function chooseFromUserMenu(label: string) {
  const item = within(await openUserMenu())
    .getAllByRole('menuitem')
    .find((entry) => entry.textContent === label)
  if (!item) throw new Error(`no user menu entry ${label}`)
  await userEvent.click(item)
}

describe('header greeting (docs/screens.md)', () => {
  it('greets by first name and shows the initials in the avatar', async () => {
    chromeApi()
    renderChrome('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Hi, Asha!' })).toBeInTheDocument()
    expect(within(screen.getByRole('button', { name: 'User menu' })).getByText('AV')).toBeInTheDocument()
  })

  it('falls back to the part of the email before the @', async () => {
    chromeApi({ 'GET /api/auth/user': { ...fixtures.user, firstName: '', lastName: '', email: 'meena.k@example.in' } })
    renderChrome('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Hi, meena.k!' })).toBeInTheDocument()
    expect(within(screen.getByRole('button', { name: 'User menu' })).getByText('M')).toBeInTheDocument()
  })

  it('says "there" when the owner cannot be loaded', async () => {
    const api = chromeApi({ 'GET /api/auth/user': { status: 503, body: { error: 'Service unavailable' } } })
    renderChrome('/dashboard')
    await waitFor(() => expect(callsTo(api, 'GET', '/api/auth/user')).toHaveLength(1))
    expect(await screen.findByRole('heading', { name: 'Hi, there!' })).toBeInTheDocument()
  })
})

describe('user menu (docs/screens.md)', () => {
  it('has Dashboard, My Businesses, Analytics, Team, Billing, one Profile & Settings entry, and Log out', async () => {
    chromeApi()
    renderChrome('/feedbacks')
    const menu = await openUserMenu()
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
    ).toEqual(['Dashboard', 'My Businesses', 'Analytics', 'Google', 'Team', 'Billing', 'Profile & Settings', 'Log out'])
  })

  // docs/decisions.md D38: My Businesses (edit link, settings, remove) is one tap away on every screen, phones included.
  it('My Businesses goes to /dashboard/businesses, on a phone too', async () => {
    setViewport(390)
    chromeApi()
    renderChrome('/feedbacks')
    await chooseFromUserMenu('My Businesses')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/businesses$/))
  })

  // The bottom bar has no room for them: on a phone the menu is the way to all businesses' analytics and billing.
  it.each([
    ['Analytics', /^\/dashboard\/analytics$/],
    ['Billing', /^\/billing$/],
  ])('%s is in the menu on a phone', async (label, path) => {
    setViewport(390)
    chromeApi()
    renderChrome('/feedbacks')
    await chooseFromUserMenu(label)
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(path))
  })

  it('Profile & Settings goes to /profile, where name, phone and email are edited, and Dashboard to /dashboard', async () => {
    chromeApi()
    renderChrome('/feedbacks')
    await chooseFromUserMenu('Profile & Settings')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/profile$/))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await chooseFromUserMenu('Dashboard')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/))
  })

  it('offers a locked owner Team, Billing, Profile & Settings and Log out only', async () => {
    chromeApi({
      'GET /api/billing/trial-status': fixtures.trialStatus({
        isTrialActive: false,
        trialStatus: 'expired',
        trialDaysRemaining: 0,
        isLimited: true,
      }),
    })
    renderChrome('/billing')
    // The lock guard shows the page once it has the status, which the menu reads too.
    await screen.findByText('Page content')
    expect(
      within(await openUserMenu())
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
    ).toEqual(['Team', 'Billing', 'Profile & Settings', 'Log out'])
  })

  it('Log out posts /api/auth/logout, forgets the token and goes to /', async () => {
    const api = chromeApi({ 'POST /api/auth/logout': { status: 204 } })
    renderChrome('/feedbacks')
    await chooseFromUserMenu('Log out')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/))
    expect(callsTo(api, 'POST', '/api/auth/logout')).toHaveLength(1)
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })
})

/** A page that says how many businesses the app has: the answer the header reads has landed once it says so. */
function BusinessCount() {
  const { businesses } = useBusinesses()
  return <p>{businesses.length === 1 ? '1 business' : `${businesses.length} businesses`}</p>
}

describe('business selector (docs/screens.md#business-selector: every screen, two or more businesses)', () => {
  const two = [fixtures.business(), fixtures.business({ id: 8, name: 'Dosa Corner', shortUrl: 'dosa123' })]

  it('appears on desktop with two businesses and lists them', async () => {
    chromeApi({ 'GET /api/businesses': two })
    renderChrome('/dashboard')
    const selector = await screen.findByRole('combobox', { name: 'Selected business' })
    await userEvent.click(selector)
    expect(await screen.findByRole('option', { name: 'Dosa Corner' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Chai Point Cafe' })).toBeInTheDocument()
  })

  it('is hidden with a single business', async () => {
    const api = chromeApi()
    renderChrome('/dashboard', <BusinessCount />)
    await screen.findByRole('heading', { name: 'Hi, Asha!' })
    await waitFor(() => expect(callsTo(api, 'GET', '/api/businesses')).toHaveLength(1))
    // The page shows the same answer the header reads: it has landed, and the header has had it.
    expect(await screen.findByText('1 business')).toBeInTheDocument()
    // So has the selector's lazy chunk, and React has rendered with it.
    await act(() => import('#components/layout/business-selector'))
    expect(screen.queryByRole('combobox', { name: 'Selected business' })).not.toBeInTheDocument()
  })

  // docs/decisions.md D38: a phone has the selector too, in the greeting's place.
  it('is on a phone too, in place of the greeting', async () => {
    setViewport(390)
    chromeApi({ 'GET /api/businesses': two })
    renderChrome('/dashboard')
    const selector = await screen.findByRole('combobox', { name: 'Selected business' })
    expect(screen.queryByRole('heading', { name: 'Hi, Asha!' })).not.toBeInTheDocument()
    await userEvent.click(selector)
    expect(await screen.findByRole('option', { name: /Dosa Corner/ })).toBeInTheDocument()
  })

  it('shows each address in the list and leads to managing the businesses and to all of them together', async () => {
    chromeApi({
      'GET /api/businesses': [...two.slice(0, 1), fixtures.business({ id: 9, name: 'Chai Point Cafe', address: 'Indiranagar, Bengaluru' })],
    })
    renderChrome('/feedbacks')
    const selector = await screen.findByRole('combobox', { name: 'Selected business' })
    // Two branches of one name: the chosen one says which.
    await waitFor(() =>
      expect(selector.closest('.ant-select')!.querySelector('.ant-select-selection-item')!.textContent).toMatch(
        /^Chai Point Cafe \((MG Road|Indiranagar)\)$/
      )
    )
    await userEvent.click(selector)
    expect(await screen.findByText('MG Road, Bengaluru', { selector: '.ant-select-item-option *' })).toBeInTheDocument()
    expect(screen.getByText('Indiranagar, Bengaluru', { selector: '.ant-select-item-option *' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: /Manage businesses/ }))
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/businesses$/))
    await userEvent.click(await screen.findByRole('combobox', { name: 'Selected business' }))
    fireEvent.click(await screen.findByRole('button', { name: /All businesses/ }))
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/analytics$/))
  })

  // docs/decisions.md D38: on a business's page the selector shows that business, and choosing another opens its page.
  it('follows /business/:id and opens the chosen business there', async () => {
    localStorage.setItem('reviewroute.selectedBusiness', '7')
    chromeApi({ 'GET /api/businesses': two })
    renderChrome('/business/8')
    const selector = await screen.findByRole('combobox', { name: 'Selected business' })
    await waitFor(() =>
      expect(selector.closest('.ant-select')!.querySelector('.ant-select-selection-item')!.textContent).toBe('Dosa Corner')
    )
    // Every other screen follows: the page's business is now the remembered one.
    expect(localStorage.getItem('reviewroute.selectedBusiness')).toBe('8')
    await userEvent.click(selector)
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Chai Point Cafe"]')).not.toBeNull())
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Chai Point Cafe"]')!)
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/business\/7$/))
    const current = () =>
      screen.getByRole('combobox', { name: 'Selected business' }).closest('.ant-select')!.querySelector('.ant-select-selection-item')!
        .textContent
    await waitFor(() => expect(current()).toBe('Chai Point Cafe'))
  })

  // The website widget screen is the business's too: the selector follows it and opens the same screen of another.
  it('follows /business/:id/widget and opens the chosen business’s widget', async () => {
    chromeApi({ 'GET /api/businesses': two })
    renderChrome('/business/8/widget')
    const selector = await screen.findByRole('combobox', { name: 'Selected business' })
    await waitFor(() =>
      expect(selector.closest('.ant-select')!.querySelector('.ant-select-selection-item')!.textContent).toBe('Dosa Corner')
    )
    await userEvent.click(selector)
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Chai Point Cafe"]')).not.toBeNull())
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Chai Point Cafe"]')!)
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/business\/7\/widget$/))
  })
})
