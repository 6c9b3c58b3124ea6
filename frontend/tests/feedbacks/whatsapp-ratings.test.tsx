/*
 * Ratings given inside WhatsApp in the feedback inbox: a "WhatsApp" tag, the customer's voice note fetched with the
 * dashboard's token only when the owner plays it (its object URL let go when the row leaves), and where each rating was
 * given in the CSV.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusinessesProvider } from '#hooks/use-businesses'
import FeedbacksPage from '#pages/feedbacks'
import { fakeApi, fixtures, renderScreen, signIn, TEST_TOKEN, type Routes } from '../helpers'

const VOICE_PATH = '/api/feedbacks/9/voice-note'

const fromWhatsApp = fixtures.session({
  id: 9,
  rating: 2,
  redirected: false,
  feedback: null,
  source: 'whatsapp',
  voiceNote: { mimeType: 'audio/ogg', bytes: 48_000 },
  createdAt: '2026-11-21T18:45:00.000Z',
  timestamp: '2026-11-21T18:45:00.000Z',
})
const fromPage = fixtures.session({ id: 4, rating: 1, redirected: false, feedback: 'Cold food', createdAt: '2026-11-20T04:00:00.000Z' })

const list = (rows: unknown[]) => ({ status: 200, body: rows, headers: { 'x-total-count': String(rows.length) } })

/** The inbox, with `fetch` answered by `routes` except the voice note, which answers audio (or `voice` when given). */
function open(routes: Routes, voice: () => Response = () => new Response('OggS-fake-audio', { headers: { 'content-type': 'audio/ogg' } })) {
  signIn()
  const api = fakeApi({
    'GET /api/businesses': list([fixtures.business()]),
    'GET /api/feedbacks': list([fromWhatsApp, fromPage]),
    ...routes,
  })
  const json = api.fetch.getMockImplementation() as (input: string, init?: RequestInit) => Promise<Response>
  const audioCalls: RequestInit[] = []
  api.fetch.mockImplementation(async (input: string, init: RequestInit = {}) => {
    if (new URL(input, 'http://localhost').pathname !== VOICE_PATH) return json(input, init)
    audioCalls.push(init)
    return voice()
  })
  const view = renderScreen(
    <BusinessesProvider>
      <FeedbacksPage />
    </BusinessesProvider>,
    { path: '/feedbacks' }
  )
  return { view, audioCalls }
}

/** The list row (antd List.Item) holding `text`. */
const rowOf = (text: string | HTMLElement) =>
  (typeof text === 'string' ? screen.getByText(text) : text).closest('.ant-list-item') as HTMLElement

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('ratings given inside WhatsApp', () => {
  it('tags them "WhatsApp", and leaves ratings from the customer page untagged', async () => {
    open({})
    const play = await screen.findByRole('button', { name: /Play voice note/ })
    const whatsApp = rowOf(play)
    expect(within(whatsApp).getByText('WhatsApp', { selector: '.ant-tag' })).toHaveClass('ant-tag-green')
    // Its words are the voice note: not "no comment".
    expect(within(whatsApp).queryByText('Rating only, no comment')).not.toBeInTheDocument()
    expect(within(whatsApp).getByText('47 KB')).toBeInTheDocument()
    expect(within(rowOf('“Cold food”')).queryByText('WhatsApp', { selector: '.ant-tag' })).not.toBeInTheDocument()
    expect(within(rowOf('“Cold food”')).queryByRole('button', { name: /Play voice note/ })).not.toBeInTheDocument()
  })

  it('fetches the voice note with the token only when played, plays it, and lets its URL go with the row', async () => {
    const created: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:voice-note'))
    const revokeObjectURL = vi.fn()
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }))
    const { view, audioCalls } = open({})

    const play = await screen.findByRole('button', { name: /Play voice note/ })
    expect(audioCalls).toHaveLength(0)
    await userEvent.click(play)

    const audio = await screen.findByLabelText('Voice note')
    expect(audio.tagName).toBe('AUDIO')
    expect(audio).toHaveAttribute('src', 'blob:voice-note')
    expect(audio).toHaveAttribute('controls')
    expect(audioCalls).toHaveLength(1)
    expect(audioCalls[0].headers).toMatchObject({ Authorization: `Bearer ${TEST_TOKEN}`, Accept: 'audio/ogg, application/json' })
    expect(await created[0].text()).toBe('OggS-fake-audio')
    expect(revokeObjectURL).not.toHaveBeenCalled()

    view.unmount()
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:voice-note')
  })

  it('says so when the voice note cannot be fetched, and may be tried again', async () => {
    const { audioCalls } = open({}, () =>
      Response.json({ error: 'This voice note is no longer stored.' }, { status: 404, headers: { 'content-type': 'application/json' } })
    )
    await userEvent.click(await screen.findByRole('button', { name: /Play voice note/ }))
    expect(await screen.findByText('This voice note is no longer stored.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Voice note')).not.toBeInTheDocument()
    const again = screen.getByRole('button', { name: /Play voice note/ })
    await waitFor(() => expect(again).not.toHaveClass('ant-btn-loading'))
    await userEvent.click(again)
    await waitFor(() => expect(audioCalls).toHaveLength(2))
  })

  it('says in the CSV where each rating was given', async () => {
    let saved: Blob | undefined
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((saved = blob), 'blob:csv'), revokeObjectURL: () => {} }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    open({})
    await screen.findByRole('button', { name: /Play voice note/ })
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }))
    const lines = (await saved!.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Date (Asia/Kolkata),Rating,Feedback,Resolved,Source,Rated in,Call-back name,Call-back phone (+91)')
    expect(lines[1]).toBe('2026-11-22 00:15,2,,No,Review link,WhatsApp,,')
    expect(lines[2]).toBe('2026-11-20 09:30,1,Cold food,No,Review link,Customer page,,')
  })
})
