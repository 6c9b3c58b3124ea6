/*
 * The website widget screen (docs/screens.md#website-widget): the layout picked and saved, the preview of it, the
 * allowed sites with the server's 422 sentence under the site it refused, the snippet copied, Pin and Hide sent as
 * PATCHes, a viewer who only reads, and the badge-only note without a Google connection.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANY_SITE_TEXT, SITES_HINT } from '#components/widget/allowed-sites-card'
import { BADGE_UNTIL_REVIEWS_TEXT, VIEWS_TEXT } from '#components/widget/widget-parts'
import { NOT_CONNECTED_TEXT } from '#components/widget/widget-reviews-card'
import type { WorkspaceRole } from '#lib/roles'
import { siteErrors, type WidgetSettings } from '#lib/widget'
import { rememberWorkspace } from '#lib/workspace-store'
import WidgetPage from '#pages/widget'
import { setViewport } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'
import { googleReview } from './fixtures'

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

const SNIPPET =
  '<script async src="https://app.reviewroute.in/w/chai123.js"></script><div data-reviewroute="chai123" data-layout="carousel"></div>'

const settings = (overrides: Partial<WidgetSettings> = {}): WidgetSettings => ({
  code: 'chai123',
  layout: 'carousel',
  snippetLayout: 'carousel',
  allowedSites: [],
  snippet: SNIPPET,
  connected: true,
  views: { today: 12, last30Days: 340 },
  ...overrides,
})

const review = googleReview

function renderAs(role: WorkspaceRole, routes: Routes = {}) {
  signIn()
  rememberWorkspace(1, 1)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role })],
    'GET /api/businesses': [fixtures.business()],
    'GET /api/businesses/7/widget': settings(),
    'GET /api/google-reviews': { status: 200, body: [review()], headers: { 'x-total-count': '1' } },
    ...routes,
  })
  renderInWorkspace(<WidgetPage />, '/business/7/widget', '/business/:businessId/widget')
  return api
}

const callsOf = (api: ReturnType<typeof fakeApi>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path)

describe('Website widget screen', () => {
  it('shows the three layouts with the saved one chosen, the preview of it and the views; another layout is saved', async () => {
    const api = renderAs('owner', {
      'PUT /api/businesses/7/widget': settings({ layout: 'list', snippetLayout: 'list', snippet: SNIPPET.replace('carousel', 'list') }),
    })
    const layouts = await screen.findByRole('radiogroup', { name: 'Layout' })
    const radios = within(layouts).getAllByRole('radio')
    expect(radios).toHaveLength(3)
    expect(within(layouts).getByRole('radio', { name: /Carousel/ })).toBeChecked()
    expect(screen.getByTitle('Preview of the carousel widget')).toHaveAttribute('src', '/w/chai123?layout=carousel&preview=1')
    expect(screen.getByTitle('Preview of the carousel widget')).toHaveAttribute('loading', 'lazy')
    expect(screen.getByText('Today')).toBeInTheDocument()
    expect(screen.getByText('340')).toBeInTheDocument()
    expect(screen.getByText(VIEWS_TEXT)).toBeInTheDocument()
    expect(screen.queryByText(BADGE_UNTIL_REVIEWS_TEXT)).toBeNull()
    expect(screen.getByText('Chai Point Cafe')).toBeInTheDocument()

    await userEvent.click(within(layouts).getByText('List'))
    await waitFor(() => expect(callsOf(api, 'PUT', '/api/businesses/7/widget')).toHaveLength(1))
    expect(callsOf(api, 'PUT', '/api/businesses/7/widget')[0].body).toEqual({ layout: 'list' })
    expect(await screen.findByTitle('Preview of the list widget')).toHaveAttribute('src', '/w/chai123?layout=list&preview=1')
    expect(screen.getByLabelText('Widget snippet')).toHaveTextContent('data-layout="list"')
  })

  it('copies the snippet', async () => {
    const writeText = vi.fn(async () => undefined)
    renderAs('owner')
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    expect(await screen.findByLabelText('Widget snippet')).toHaveTextContent(SNIPPET)
    await userEvent.click(screen.getByRole('button', { name: /Copy/ }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SNIPPET))
    expect(await screen.findByText('Snippet Copied!')).toBeInTheDocument()
  })

  it('sends the allowed sites and shows the server’s sentence under the site it refused', async () => {
    // The server's answer (backend/app/lib/site_origin.ts): the list's field, the site quoted in the sentence.
    const message = '"chaipoint.com;x" is not a site\'s address: write a site like https://example.com'
    const api = renderAs('owner', {
      'PUT /api/businesses/7/widget': { status: 422, body: { error: message, errors: [{ field: 'allowedSites', message }] } },
    })
    expect(await screen.findByText(ANY_SITE_TEXT)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Add site/ }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Site 1' }), 'https://chaipoint.in')
    await userEvent.click(screen.getByRole('button', { name: /Add site/ }))
    await userEvent.click(screen.getByRole('button', { name: /Add site/ }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Site 3' }), 'chaipoint.com;x')
    await userEvent.click(screen.getByRole('button', { name: /Save sites/ }))
    await waitFor(() => expect(callsOf(api, 'PUT', '/api/businesses/7/widget')).toHaveLength(1))
    // The empty row is not sent; the server's numbering is of what it was sent.
    expect(callsOf(api, 'PUT', '/api/businesses/7/widget')[0].body).toEqual({ allowedSites: ['https://chaipoint.in', 'chaipoint.com;x'] })
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Site 2' })).toHaveValue('chaipoint.com;x')
    expect(screen.getByRole('textbox', { name: 'Site 2' }).closest('.ant-form-item')).toHaveClass('ant-form-item-has-error')
    expect(screen.getByRole('textbox', { name: 'Site 1' }).closest('.ant-form-item')).not.toHaveClass('ant-form-item-has-error')
  })

  it('takes a bare site name: the hint and the example say https:// is added', async () => {
    const api = renderAs('owner', {
      'PUT /api/businesses/7/widget': settings({ allowedSites: ['https://sharmasweets.in'] }),
    })
    await userEvent.click(await screen.findByRole('button', { name: /Add site/ }))
    expect(screen.getByText(SITES_HINT)).toBeInTheDocument()
    const input = screen.getByRole('textbox', { name: 'Site 1' })
    expect(input).toHaveAttribute('placeholder', 'sharmasweets.in')
    await userEvent.type(input, 'sharmasweets.in')
    await userEvent.click(screen.getByRole('button', { name: /Save sites/ }))
    await waitFor(() => expect(callsOf(api, 'PUT', '/api/businesses/7/widget')).toHaveLength(1))
    expect(callsOf(api, 'PUT', '/api/businesses/7/widget')[0].body).toEqual({ allowedSites: ['sharmasweets.in'] })
    expect(await screen.findByText('Sites Saved')).toBeInTheDocument()
  })

  it('until the widget has reviews to show, the preview is the badge at the badge’s height and the screen says why', async () => {
    renderAs('owner', {
      'GET /api/businesses/7/widget': settings({
        layout: 'carousel',
        snippetLayout: 'badge',
        snippet: SNIPPET.replace('data-layout="carousel"', 'data-layout="badge" style="height:64px"'),
      }),
    })
    const layouts = await screen.findByRole('radiogroup', { name: 'Layout' })
    // The owner's choice stays chosen; what is handed out is the badge.
    expect(within(layouts).getByRole('radio', { name: /Carousel/ })).toBeChecked()
    expect(screen.getByText(BADGE_UNTIL_REVIEWS_TEXT)).toBeInTheDocument()
    expect(screen.queryByText(/The snippet uses this layout/)).toBeNull()
    const preview = screen.getByTitle('Preview of the badge widget')
    expect(preview).toHaveAttribute('src', '/w/chai123?layout=badge&preview=1')
    expect(preview.style.height).toBe('72px')
    expect(screen.queryByTitle('Preview of the carousel widget')).toBeNull()
    expect(screen.getByLabelText('Widget snippet')).toHaveTextContent('data-layout="badge" style="height:64px"')
  })

  it('a sentence about the whole list, or naming no site sent, shows above the list; a numbered one under its site', () => {
    expect(siteErrors({ allowedSites: 'At most 20 sites' }, ['https://a.in'])).toEqual({ whole: 'At most 20 sites', bySite: new Map() })
    expect(siteErrors({ 'allowedSites.1': 'Bad' }, ['https://a.in', 'b'])).toEqual({ whole: null, bySite: new Map([[1, 'Bad']]) })
    expect(siteErrors({ allowedSites: 'Include https:// in "b"' }, ['https://a.in', 'b']).bySite.get(1)).toBe('Include https:// in "b"')
  })

  it('pins and hides a review with the PATCH, and the list is read again', async () => {
    let pinned = false
    const api = renderAs('owner', {
      'GET /api/google-reviews': () => ({ status: 200, body: [review({ pinned })], headers: { 'x-total-count': '1' } }),
      'PATCH /api/google-reviews/31': ({ body }: { body: unknown }) => {
        pinned = (body as { pinned?: boolean }).pinned ?? pinned
        return review({ pinned })
      },
    })
    expect(await screen.findByText('Lovely masala chai and quick service.')).toBeInTheDocument()
    const list = api.calls.find((call) => call.path === '/api/google-reviews')!
    expect(list.url.searchParams.get('businessId')).toBe('7')
    await userEvent.click(screen.getByRole('button', { name: /Pin$/ }))
    await waitFor(() => expect(callsOf(api, 'PATCH', '/api/google-reviews/31')).toHaveLength(1))
    expect(callsOf(api, 'PATCH', '/api/google-reviews/31')[0].body).toEqual({ pinned: true })
    expect(await screen.findByText('Pinned')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Unpin$/ })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Hide/ }))
    await waitFor(() => expect(callsOf(api, 'PATCH', '/api/google-reviews/31')).toHaveLength(2))
    expect(callsOf(api, 'PATCH', '/api/google-reviews/31')[1].body).toEqual({ hidden: true })
  })

  it('a viewer sees the widget but cannot change it', async () => {
    const api = renderAs('viewer', { 'GET /api/businesses/7/widget': settings({ allowedSites: ['https://chaipoint.in'] }) })
    expect(await screen.findByText('Lovely masala chai and quick service.')).toBeInTheDocument()
    expect(screen.getByText('Only the owners and managers of this workspace can change the widget.')).toBeInTheDocument()
    for (const radio of within(screen.getByRole('radiogroup', { name: 'Layout' })).getAllByRole('radio')) expect(radio).toBeDisabled()
    expect(screen.getByText('https://chaipoint.in')).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: /Save sites/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Pin/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Hide/ })).toBeNull()
    // The snippet is still theirs to copy.
    expect(screen.getByRole('button', { name: /Copy/ })).toBeInTheDocument()
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([])
  })

  it('without a Google connection says the widget is a badge and leads to the Google screen', async () => {
    const api = renderAs('owner', {
      'GET /api/businesses/7/widget': settings({ connected: false, layout: 'badge', snippetLayout: 'badge' }),
    })
    expect(await screen.findByText(NOT_CONNECTED_TEXT)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Google connection/ })).toHaveAttribute('href', '/dashboard/google')
    expect(screen.getByTitle('Preview of the badge widget')).toHaveAttribute('src', '/w/chai123?layout=badge&preview=1')
    expect(screen.queryByText('Reviews on the widget')).toBeNull()
    expect(api.calls.some((call) => call.path === '/api/google-reviews')).toBe(false)
  })

  it('an unknown business reads Business Not Found', async () => {
    renderAs('owner', { 'GET /api/businesses/7/widget': { status: 404, body: { error: 'Business not found' } } })
    expect(await screen.findByText('Business Not Found')).toBeInTheDocument()
  })
})
