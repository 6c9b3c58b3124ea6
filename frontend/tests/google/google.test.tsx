/*
 * Google in the dashboard (docs/screens.md#google, #google-reviews): connecting through the JSON variant of start,
 * Google's pending approval said as such, and replying: the byte counter, templates filled in, a draft that fills the
 * text without posting, Google's 422 and the 503 sentences shown, and a viewer who only reads.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReplyTemplateDto } from '@reviewroute/backend/types/api'
import { GoogleReviewList, filtersFromUrl } from '#components/google/google-review-list'
import { byteLength, fillTemplate, rankTemplates } from '#lib/google'
import type { WorkspaceRole } from '#lib/roles'
import { rememberWorkspace } from '#lib/workspace-store'
import GooglePage from '#pages/google'
import { setViewport, stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'
import { googleReview } from './fixtures'

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

const NO_QUOTA =
  'Google has not given this app access to Business Profile yet (its API quota is still zero). Please try again once access is approved.'

const review = googleReview

const templates: ReplyTemplateDto[] = [
  { id: 1, name: 'Sorry', body: 'Sorry {reviewer}', stars: [1, 2], language: 'en' },
  { id: 2, name: 'Thanks', body: 'Thank you {reviewer}, see you again at {business}!', stars: [5], language: 'en' },
]

const connected = {
  connected: true,
  configured: true,
  demo: false,
  email: 'owner@gmail.com',
  locations: 1,
  lastSyncAt: '2026-11-28T09:00:00.000Z',
  error: null,
}

function renderAs(element: ReactElement, role: WorkspaceRole, routes: Routes = {}) {
  signIn()
  rememberWorkspace(1, 1)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role })],
    'GET /api/businesses': [fixtures.business()],
    'GET /api/google/connection': connected,
    'GET /api/google/locations': [],
    'GET /api/google-reviews/stats': {
      total: 4,
      averageRating: 4.5,
      byStars: {},
      replied: 3,
      responseRate: 0.75,
      medianResponseHours: 5,
      unanswered: 1,
      unansweredNegative: 0,
    },
    'GET /api/google-reviews': { status: 200, body: [review()], headers: { 'x-total-count': '1' } },
    'GET /api/reply-templates': templates,
    ...routes,
  })
  renderInWorkspace(element)
  return api
}

const list = () => <GoogleReviewList business={fixtures.business()} />

async function openReply() {
  await screen.findByText('Lovely masala chai and quick service.')
  await userEvent.click(screen.getByText('Reply', { selector: 'button span' }))
  return screen.findByRole('dialog')
}

describe('Google screen', () => {
  it('not connected: says what connecting does and that Google approves the API first; Connect goes to the address start answers', async () => {
    const location = stubLocation('/dashboard/google')
    const api = renderAs(<GooglePage />, 'manager', {
      'GET /api/google/connection': {
        connected: false,
        configured: true,
        demo: false,
        email: null,
        locations: 0,
        lastSyncAt: null,
        error: null,
      },
      'GET /api/google/connect/start': { url: 'https://accounts.google.com/o/oauth2/v2/auth?state=x' },
    })
    expect(await screen.findByText(/only after a request/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Connect Google/ }))
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=x'))
    expect(api.calls.find((call) => call.path === '/api/google/connect/start')?.url.searchParams.get('format')).toBe('json')
  })

  it('a viewer is not offered Connect', async () => {
    renderAs(<GooglePage />, 'viewer', {
      'GET /api/google/connection': {
        connected: false,
        configured: true,
        demo: false,
        email: null,
        locations: 0,
        lastSyncAt: null,
        error: null,
      },
    })
    expect(await screen.findByText(/Only the workspace's owners, and managers of all its businesses/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Connect Google/ })).not.toBeInTheDocument()
  })

  it("Google's zero quota on the locations is the not-yet-approved state, not an error", async () => {
    renderAs(<GooglePage />, 'owner', { 'GET /api/google/locations': { status: 503, body: { error: NO_QUOTA } } })
    expect(await screen.findByText('Google has not approved this yet')).toBeInTheDocument()
    expect(screen.getByText('owner@gmail.com')).toBeInTheDocument()
  })
})

describe('Google reviews in the inbox', () => {
  it('a viewer reads reviews without Reply', async () => {
    renderAs(list(), 'viewer')
    expect(await screen.findByText('Lovely masala chai and quick service.')).toBeInTheDocument()
    expect(screen.queryByText('Reply', { selector: 'button span' })).not.toBeInTheDocument()
  })

  it('pages on the server (useTable): page 2 asks for reviews 10-20 newest first, with the stars chosen', async () => {
    const api = renderAs(list(), 'owner', {
      'GET /api/google-reviews': { status: 200, body: [review()], headers: { 'x-total-count': '25' } },
    })
    const lastQuery = () =>
      Object.fromEntries(
        api.calls.filter((call) => call.path === '/api/google-reviews' && call.url.searchParams.get('_end') !== '1').at(-1)!.url
          .searchParams
      )
    expect(await screen.findByText('25 Google reviews')).toBeInTheDocument()
    expect(lastQuery()).toEqual({ _start: '0', _end: '10', _sort: 'createTime', _order: 'desc', businessId: '7' })
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(lastQuery()).toEqual({ _start: '10', _end: '20', _sort: 'createTime', _order: 'desc', businessId: '7' }))
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Stars' }))
    await userEvent.click((await screen.findAllByTitle('1-3 stars')).find((option) => option.classList.contains('ant-select-item-option'))!)
    await waitFor(() => expect(lastQuery()).toMatchObject({ stars_lte: '3', _start: '0', _end: '10' }))
  })

  it('counts bytes (a Tamil letter is 3) and refuses more than 4096', async () => {
    renderAs(list(), 'manager')
    const drawer = await openReply()
    const box = within(drawer).getByLabelText('Your reply')
    await userEvent.type(box, 'நன்றி')
    expect(within(drawer).getByLabelText('Bytes used')).toHaveTextContent(`${byteLength('நன்றி')} / 4,096 bytes`)
    await userEvent.clear(box)
    await userEvent.click(box)
    await userEvent.paste('a'.repeat(4097))
    expect(within(drawer).getByLabelText('Bytes used')).toHaveTextContent('4,097 / 4,096 bytes')
    expect(within(drawer).getByRole('button', { name: /Post reply/ })).toBeDisabled()
  })

  it('a template fills the text with the reviewer and the business; the draft fills it too, and nothing is posted until Post', async () => {
    const api = renderAs(list(), 'owner', {
      'POST /api/google-reviews/31/draft': { draft: 'Dear Priya, thank you.' },
      'PUT /api/google-reviews/31/reply': { ...review(), reply: { comment: 'x', updateTime: null } },
    })
    const drawer = await openReply()
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Template' }))
    await userEvent.click(await screen.findByText('Thanks'))
    expect(within(drawer).getByLabelText('Your reply')).toHaveValue('Thank you Priya Nair, see you again at Chai Point Cafe!')
    await userEvent.click(within(drawer).getByText('Formal'))
    await userEvent.click(within(drawer).getByRole('button', { name: /Draft with AI/ }))
    await waitFor(() => expect(within(drawer).getByLabelText('Your reply')).toHaveValue('Dear Priya, thank you.'))
    expect(api.calls.find((call) => call.path === '/api/google-reviews/31/draft')?.body).toEqual({ tone: 'formal' })
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false)
    await userEvent.click(within(drawer).getByRole('button', { name: /Post reply/ }))
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1))
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ comment: 'Dear Priya, thank you.' })
  })

  it("shows Google's refusal (422) and Google's absence (503) in their sentences", async () => {
    let answer = { status: 422, body: { error: 'Google refused the reply: it contains a link.' } }
    renderAs(list(), 'manager', { 'PUT /api/google-reviews/31/reply': () => answer })
    const drawer = await openReply()
    await userEvent.type(within(drawer).getByLabelText('Your reply'), 'Thanks!')
    await userEvent.click(within(drawer).getByRole('button', { name: /Post reply/ }))
    expect(await within(drawer).findByText('Google refused the reply: it contains a link.')).toBeInTheDocument()
    answer = { status: 503, body: { error: 'Google is not answering right now. Please try again in a moment.' } }
    await userEvent.click(within(drawer).getByRole('button', { name: /Post reply/ }))
    expect(await within(drawer).findByText('Google is not answering right now. Please try again in a moment.')).toBeInTheDocument()
  })

  it('hides Draft with AI once the server says it has no AI (404)', async () => {
    renderAs(list(), 'manager', { 'POST /api/google-reviews/31/draft': { status: 404, body: { error: 'Not found' } } })
    const drawer = await openReply()
    await userEvent.click(within(drawer).getByRole('button', { name: /Draft with AI/ }))
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: /Draft with AI/ })).not.toBeInTheDocument())
  })
})

describe('templates', () => {
  it('ranks the ones for the stars and language first and fills the placeholders', () => {
    const hindi: ReplyTemplateDto = { id: 3, name: 'Dhanyavaad', body: 'धन्यवाद {reviewer}', stars: [5], language: 'hi' }
    expect(rankTemplates([...templates, hindi], 5, 'hi').map((template) => template.id)).toEqual([3, 2, 1])
    expect(fillTemplate('Hi {reviewer} from {business}', { reviewer: null, business: 'Dosa Hut' })).toBe('Hi there from Dosa Hut')
  })

  it('fills names holding replacement patterns or a placeholder exactly as they are', () => {
    for (const name of ["A$'B", 'A$`B', 'A$&B', 'A$$B']) {
      expect(fillTemplate('Thanks {reviewer}, from {business}!', { reviewer: name, business: name })).toBe(`Thanks ${name}, from ${name}!`)
    }
    expect(fillTemplate('Thanks {reviewer}, from {business}', { reviewer: '{business}', business: 'Dosa Hut' })).toBe(
      'Thanks {business}, from Dosa Hut'
    )
  })
})

describe('the inbox opened from a link', () => {
  it('starts on the unanswered reviews for replied=false (the overview card and the weekly summary), the answered ones for true', () => {
    expect(filtersFromUrl(new URLSearchParams('source=google&replied=false')).replied).toBe('unanswered')
    expect(filtersFromUrl(new URLSearchParams('source=google&replied=true')).replied).toBe('replied')
    expect(filtersFromUrl(new URLSearchParams('source=google')).replied).toBe('all')
    expect(filtersFromUrl(new URLSearchParams('source=google&replied=maybe')).replied).toBe('all')
  })
})
