/*
 * An agency's pages (docs/screens.md#clients, #brand-settings): the clients overview with each client's numbers and
 * plan, opening a client (the switcher's switch), creating one, buying a client's plan through the Billing page's
 * payment flow for that workspace; the brand form, whose logo is checked on the device (PNG or SVG, 100 KB at most)
 * and sent as a data URL, with a preview.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOGO_MAX_BYTES, LOGO_TYPE_ERROR, logoProblem, logoSizeError, normaliseColor, isBrandColor } from '#lib/brand'
import type { WorkspaceRole } from '#lib/roles'
import { currentWorkspaceId, rememberWorkspace } from '#lib/workspace-store'
import BrandPage from '#pages/brand'
import ClientsPage from '#pages/clients'
import { order, plans } from '../billing/fixtures'
import { setViewport, stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { agency, agencyClient, brand, workspace } from './fixtures'
import { renderInWorkspace } from './render'

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

function renderInAgency(element: ReactElement, role: WorkspaceRole, routes: Routes = {}) {
  signIn()
  rememberWorkspace(1, 2)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace(), { ...agency, role }],
    'GET /api/businesses': [],
    ...routes,
  })
  renderInWorkspace(element)
  return api
}

const callsTo = (api: ReturnType<typeof fakeApi>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path)

const clients = [
  agencyClient(),
  agencyClient({
    id: 5,
    name: 'Dosa Hut',
    businesses: 1,
    ratingsThisMonth: 0,
    averageThisMonth: null,
    unansweredGoogleReviews: null,
    plan: { status: 'active', planName: '6 Months Pro Plan', currentPeriodEnd: '2027-05-22T06:00:00.000Z' },
  }),
]

describe('Clients overview', () => {
  it("lists each client's businesses, ratings and average this month, unanswered Google reviews and plan", async () => {
    renderInAgency(<ClientsPage />, 'owner', { 'GET /api/workspaces/2/clients': clients })
    const sweets = (await screen.findByText('Sharma Sweets')).closest('tr') as HTMLElement
    expect(Array.from(sweets.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      'Sharma Sweets',
      '2',
      '48',
      ' 4.4',
      '3',
      'Free plan',
      'OpenBuy plan',
    ])
    const dosa = screen.getByText('Dosa Hut').closest('tr') as HTMLElement
    expect(within(dosa).getByText('No ratings')).toBeInTheDocument()
    expect(within(dosa).getByText('—')).toBeInTheDocument()
    expect(within(dosa).getByText('Pro (6 Months) until 22 May 2027')).toBeInTheDocument()
    // A client with a plan running is not offered another.
    expect(within(dosa).queryByRole('button', { name: /Buy a plan/ })).not.toBeInTheDocument()
  })

  it('shows a card a client on a 390 px phone, with the same numbers', async () => {
    setViewport(390)
    renderInAgency(<ClientsPage />, 'owner', { 'GET /api/workspaces/2/clients': clients })
    const card = await screen.findByRole('article', { name: 'Sharma Sweets' })
    expect(within(card).getByText('Ratings this month').nextSibling).toHaveTextContent('48')
    expect(within(card).getByText('Unanswered on Google').nextSibling).toHaveTextContent('3')
    expect(within(card).getByRole('button', { name: 'Open Sharma Sweets' })).toBeInTheDocument()
  })

  it('opens a client: the dashboard in its workspace, from a fresh page', async () => {
    const location = stubLocation('/dashboard/clients')
    renderInAgency(<ClientsPage />, 'viewer', { 'GET /api/workspaces/2/clients': clients })
    await userEvent.click(await screen.findByRole('button', { name: 'Open Sharma Sweets' }))
    expect(location.assign).toHaveBeenCalledWith('/dashboard')
    expect(currentWorkspaceId()).toBe(3)
  })

  it("creates a client (the agency's owners), then reads the clients and the workspaces again", async () => {
    const api = renderInAgency(<ClientsPage />, 'owner', {
      'GET /api/workspaces/2/clients': clients,
      'POST /api/workspaces/2/clients': { status: 201, body: workspace({ id: 9, name: 'Idli Corner', kind: 'client' }) },
    })
    await userEvent.click(await screen.findByRole('button', { name: /Create client/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Create client' })
    await userEvent.type(within(dialog).getByLabelText('Client name'), '  Idli Corner ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create client' }))
    await waitFor(() => expect(callsTo(api, 'POST', '/api/workspaces/2/clients')).toHaveLength(1))
    expect(callsTo(api, 'POST', '/api/workspaces/2/clients')[0].body).toEqual({ name: 'Idli Corner' })
    expect(await screen.findByText(/Idli Corner has its own workspace now/)).toBeInTheDocument()
    await waitFor(() => expect(callsTo(api, 'GET', '/api/workspaces/2/clients')).toHaveLength(2))
    expect(callsTo(api, 'GET', '/api/workspaces').length).toBeGreaterThan(1)
  })

  it('a manager opens clients but neither creates them nor buys their plans', async () => {
    renderInAgency(<ClientsPage />, 'manager', { 'GET /api/workspaces/2/clients': clients })
    expect(await screen.findByRole('button', { name: 'Open Sharma Sweets' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Create client/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Buy a plan/ })).not.toBeInTheDocument()
  })

  it('without clients, the way to the first', async () => {
    renderInAgency(<ClientsPage />, 'owner', { 'GET /api/workspaces/2/clients': [] })
    expect(await screen.findByText('No clients yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Create your first client/ })).toBeInTheDocument()
  })

  it("buys a client's plan: the plans, then the payment dialog, the order made for the client's workspace", async () => {
    const api = renderInAgency(<ClientsPage />, 'owner', {
      'GET /api/workspaces/2/clients': clients,
      'GET /api/billing/subscription-plans': plans,
      'GET /api/billing/razorpay-config': { keyId: 'rzp_test_key' },
      'POST /api/billing/create-payment': order,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Buy a plan for Sharma Sweets' }))
    expect(await screen.findByRole('dialog', { name: 'Buy a plan for Sharma Sweets' })).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to 6 Months' }))
    // The payment dialog of the Billing page, for the client's order.
    expect(await screen.findByRole('button', { name: /Pay ₹2,499/ })).toBeInTheDocument()
    expect(screen.getByText(/One-time payment, valid for 6 months/)).toBeInTheDocument()
    expect(callsTo(api, 'POST', '/api/billing/create-payment')[0].body).toEqual({ planId: 3, workspaceId: 3 })
    // The agency's own calls still act in the agency.
    expect(callsTo(api, 'POST', '/api/billing/create-payment')[0].headers['X-Workspace-Id']).toBe('2')
  })
})

describe('Brand settings', () => {
  const saved = brand({ name: 'Spice Digital', color: '#c2410c', logoUrl: null })

  function pick(file: File) {
    const input = screen.getByLabelText('Logo file') as HTMLInputElement
    return userEvent.upload(input, file, { applyAccept: false })
  }

  it('saves the name and colour, keeping the logo when none was chosen', async () => {
    const api = renderInAgency(<BrandPage />, 'owner', {
      'GET /api/workspaces/2/brand': saved,
      'PUT /api/workspaces/2/brand': brand({ name: 'Spice Reviews', color: '#0f766e' }),
    })
    const name = await screen.findByLabelText('Name')
    await userEvent.clear(name)
    await userEvent.type(name, 'Spice Reviews')
    const color = screen.getByLabelText('Colour code')
    await userEvent.clear(color)
    await userEvent.type(color, '#0F766E')
    // The preview follows what is typed.
    expect(within(screen.getByRole('generic', { name: 'Preview' })).getByText('Spice Reviews')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }))
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')).toHaveLength(1))
    expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')[0].body).toEqual({ name: 'Spice Reviews', color: '#0f766e' })
    expect(await screen.findByText('Brand Saved')).toBeInTheDocument()
  })

  it("the colour picked in the browser's own picker fills in the code, and the picker shows a typed code", async () => {
    renderInAgency(<BrandPage />, 'owner', { 'GET /api/workspaces/2/brand': saved })
    const picker = (await screen.findByLabelText('Pick a colour')) as HTMLInputElement
    expect(picker).toHaveAttribute('type', 'color')
    expect(picker.value).toBe('#c2410c')
    fireEvent.change(picker, { target: { value: '#1d4ed8' } })
    expect(screen.getByLabelText('Colour code')).toHaveValue('#1d4ed8')
    await userEvent.clear(screen.getByLabelText('Colour code'))
    await userEvent.type(screen.getByLabelText('Colour code'), '#0F766E')
    expect(picker.value).toBe('#0f766e')
  })

  it('sends a chosen PNG as a data URL and shows it in the preview', async () => {
    const api = renderInAgency(<BrandPage />, 'owner', { 'GET /api/workspaces/2/brand': saved, 'PUT /api/workspaces/2/brand': saved })
    await screen.findByLabelText('Name')
    await pick(new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }))
    await waitFor(() => expect(screen.getByRole('generic', { name: 'Preview' }).querySelector('img')).not.toBeNull())
    expect(screen.getByRole('generic', { name: 'Preview' }).querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw==')
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }))
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')).toHaveLength(1))
    expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')[0].body).toEqual({
      name: 'Spice Digital',
      color: '#c2410c',
      logo: 'data:image/png;base64,iVBORw==',
    })
  })

  it('refuses another type or a file over 100 KB on the device, saying why, and sends nothing of it', async () => {
    const api = renderInAgency(<BrandPage />, 'owner', { 'GET /api/workspaces/2/brand': saved, 'PUT /api/workspaces/2/brand': saved })
    await screen.findByLabelText('Name')
    await pick(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }))
    expect(await screen.findByText(LOGO_TYPE_ERROR)).toBeInTheDocument()
    await pick(new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }))
    expect(await screen.findByText('The logo must be 100 KB or smaller; this file is 101 KB.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }))
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')).toHaveLength(1))
    expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')[0].body).not.toHaveProperty('logo')
  })

  it('removes a saved logo (sent as null)', async () => {
    const api = renderInAgency(<BrandPage />, 'owner', {
      'GET /api/workspaces/2/brand': brand({ logoUrl: '/brand-logos/abc.png' }),
      'PUT /api/workspaces/2/brand': saved,
    })
    await userEvent.click(await screen.findByRole('button', { name: /Remove logo/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }))
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')).toHaveLength(1))
    expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')[0].body).toMatchObject({ logo: null })
  })

  it('asks for a name and a colour before saving, and shows the server’s field messages', async () => {
    const api = renderInAgency(<BrandPage />, 'owner', {
      'GET /api/workspaces/2/brand': saved,
      'PUT /api/workspaces/2/brand': {
        status: 422,
        body: { errors: [{ field: 'name', message: 'The name is too long', rule: 'maxLength' }] },
      },
    })
    const name = await screen.findByLabelText('Name')
    await userEvent.clear(name)
    await userEvent.clear(screen.getByLabelText('Colour code'))
    await userEvent.type(screen.getByLabelText('Colour code'), 'red')
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }))
    expect(await screen.findByText('Please enter the name your clients see')).toBeInTheDocument()
    expect(screen.getByText('Please choose a colour, like #1d4ed8')).toBeInTheDocument()
    expect(callsTo(api, 'PUT', '/api/workspaces/2/brand')).toHaveLength(0)
    await userEvent.type(name, 'Spice')
    await userEvent.clear(screen.getByLabelText('Colour code'))
    await userEvent.type(screen.getByLabelText('Colour code'), 'c2410c')
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }))
    expect(await screen.findByText('The name is too long')).toBeInTheDocument()
  })
})

describe('the logo and colour rules', () => {
  it('takes a PNG or an SVG of at most 100 KB, by type or, without one, by name', () => {
    expect(logoProblem({ type: 'image/png', name: 'a.png', size: LOGO_MAX_BYTES })).toBeNull()
    expect(logoProblem({ type: 'image/svg+xml', name: 'a.svg', size: 900 })).toBeNull()
    expect(logoProblem({ type: '', name: 'LOGO.SVG', size: 900 })).toBeNull()
    expect(logoProblem({ type: 'image/jpeg', name: 'a.jpg', size: 900 })).toBe(LOGO_TYPE_ERROR)
    expect(logoProblem({ type: '', name: 'a.webp', size: 900 })).toBe(LOGO_TYPE_ERROR)
    expect(logoProblem({ type: 'image/png', name: 'a.png', size: LOGO_MAX_BYTES + 1 })).toBe(logoSizeError(LOGO_MAX_BYTES + 1))
    expect(logoSizeError(250_000)).toBe('The logo must be 100 KB or smaller; this file is 245 KB.')
  })

  it('reads colours as #rrggbb', () => {
    expect(normaliseColor('#ABC')).toBe('#aabbcc')
    expect(normaliseColor('0F766E')).toBe('#0f766e')
    expect(isBrandColor(normaliseColor('red'))).toBe(false)
    expect(isBrandColor('#0f766e')).toBe(true)
  })
})
