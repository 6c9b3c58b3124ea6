/*
 * A Google review shared as an image (docs/screens.md#google-reviews, docs/decisions.md D50): "Share image" fetches
 * the server's PNG with the token and workspace, Square and Story, Download saves review-{id}-{format}.png, and
 * "Share on WhatsApp" hands the file to the share sheet where the browser can, else downloads it and opens WhatsApp
 * with the review link, saying the image is to be attached. A review gone from Google has no Share image.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GoogleReviewList } from '#components/google/google-review-list'
import { rememberWorkspace } from '#lib/workspace-store'
import { setViewport } from '../chrome/chrome-helpers'
import { TEST_TOKEN, fakeApi, fixtures, signIn } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'
import { googleConnection, googleReview } from './fixtures'

let saved: { name: string; blob: Blob | null }[] = []
let blobs: Blob[] = []

beforeEach(() => {
  setViewport(1280)
  saved = []
  blobs = []
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob)
        return `blob:image-${blobs.length}`
      },
      revokeObjectURL: () => {},
    })
  )
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.at(-1) ?? null })
  })
})
/** The Web Share API (jsdom has none): given to `navigator` for one test. */
function shareable(api: { canShare: (data: ShareData) => boolean; share: (data: ShareData) => Promise<void> }) {
  for (const [name, value] of Object.entries(api)) Object.defineProperty(navigator, name, { value, configurable: true })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  for (const name of ['canShare', 'share']) Reflect.deleteProperty(navigator, name)
})

type Answer = { status: number; body: unknown; headers?: Record<string, string> }

function renderList(reviews = [googleReview()], refuse: Answer | null = null) {
  signIn()
  rememberWorkspace(1, 1)
  const image = (format: string) => ({ status: 200, body: `png-${format}`, headers: { 'content-type': 'image/png' } })
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role: 'viewer' })],
    'GET /api/businesses': [fixtures.business()],
    'GET /api/google/connection': googleConnection(),
    'GET /api/google-reviews': { status: 200, body: reviews, headers: { 'x-total-count': String(reviews.length) } },
    'GET /api/google-reviews/31/image': ({ url }: { url: URL }) => refuse ?? image(url.searchParams.get('format') ?? 'none'),
  })
  renderInWorkspace(<GoogleReviewList business={fixtures.business()} />)
  return api
}

async function openShare() {
  await screen.findByText('Lovely masala chai and quick service.')
  await userEvent.click(screen.getByRole('button', { name: /Share image/ }))
  const dialog = await screen.findByRole('dialog')
  await within(dialog).findByRole('img', { name: 'The review as a square image' })
  return dialog
}

const imageCalls = (api: ReturnType<typeof renderList>) => api.calls.filter((call) => call.path === '/api/google-reviews/31/image')

describe('Share a Google review as an image', () => {
  it('a viewer too: the square image is fetched with the token and workspace, and Download saves review-31-square.png', async () => {
    const api = renderList()
    const dialog = await openShare()
    const [call] = imageCalls(api)
    expect(call.url.searchParams.get('format')).toBe('square')
    expect(call.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`)
    expect(call.headers['X-Workspace-Id']).toBe('1')
    await userEvent.click(within(dialog).getByRole('button', { name: /Download/ }))
    expect(saved.map((file) => file.name)).toEqual(['review-31-square.png'])
    expect(await saved[0].blob!.text()).toBe('"png-square"')
  })

  it('Story fetches the 1080 × 1920 image and downloads review-31-story.png', async () => {
    const api = renderList()
    const dialog = await openShare()
    await userEvent.click(within(dialog).getByText('Story'))
    await within(dialog).findByRole('img', { name: 'The review as a story image' })
    expect(imageCalls(api).map((call) => call.url.searchParams.get('format'))).toEqual(['square', 'story'])
    await userEvent.click(within(dialog).getByRole('button', { name: /Download/ }))
    expect(saved.map((file) => file.name)).toEqual(['review-31-story.png'])
  })

  it('Share on WhatsApp hands the PNG to the share sheet when the browser can share files', async () => {
    const share = vi.fn(async () => {})
    shareable({ canShare: () => true, share })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderList()
    const dialog = await openShare()
    await userEvent.click(within(dialog).getByRole('button', { name: /Share on WhatsApp/ }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    const [data] = share.mock.calls[0] as unknown as [{ files: File[]; text: string }]
    expect(data.files.map((file) => [file.name, file.type])).toEqual([['review-31-square.png', 'image/png']])
    expect(data.text).toContain('/review/chai123')
    expect(open).not.toHaveBeenCalled()
    expect(saved).toEqual([])
  })

  it('without file sharing: downloads the image, opens WhatsApp with the review link and says to attach it', async () => {
    shareable({ canShare: () => false, share: vi.fn() })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderList()
    const dialog = await openShare()
    await userEvent.click(within(dialog).getByRole('button', { name: /Share on WhatsApp/ }))
    expect(saved.map((file) => file.name)).toEqual(['review-31-square.png'])
    expect(open).toHaveBeenCalledTimes(1)
    const [address] = open.mock.calls[0] as [string]
    expect(address.startsWith('https://wa.me/?text=')).toBe(true)
    expect(decodeURIComponent(address.slice('https://wa.me/?text='.length))).toContain('Chai Point')
    expect(decodeURIComponent(address)).toContain('/review/chai123')
    expect(await screen.findByText(/attach it in WhatsApp/)).toBeInTheDocument()
  })

  it("the server's refusal is said, with Try Again, and nothing can be downloaded", async () => {
    const refusal = { status: 404, body: { error: 'Google review not found', message: 'Google review not found' } }
    const api = renderList([googleReview()], refusal)
    await screen.findByText('Lovely masala chai and quick service.')
    await userEvent.click(screen.getByRole('button', { name: /Share image/ }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('Google review not found')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /Download/ })).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: /Try Again/ }))
    await waitFor(() => expect(imageCalls(api)).toHaveLength(2))
  })
})

describe('A deleted review', () => {
  it('has no Share image button', async () => {
    renderList([googleReview({ deleted: true })])
    await screen.findByText('Lovely masala chai and quick service.')
    expect(screen.queryByRole('button', { name: /Share image/ })).not.toBeInTheDocument()
  })
})
