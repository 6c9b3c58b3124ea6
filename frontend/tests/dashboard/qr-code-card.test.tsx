import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { drawPoster } from '@reviewroute/web-shared/qr'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QrCodeCard } from '#components/qr-code-card/qr-code-card'
import { WorkspacesProvider } from '#hooks/use-workspaces'
import { fakeApi, renderScreen, signIn, TEST_TOKEN } from '../helpers'

const POSTER_HINT =
  'Poster: a 600×750 PNG image with your business name and the QR code, for sharing. To print, Print A4 or Print A5 gives a sharp PDF with your link printed under the code.'

vi.mock('@reviewroute/web-shared/qr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@reviewroute/web-shared/qr')>()),
  qrDataUrl: vi.fn(async () => 'data:image/png;base64,QR'),
  drawPoster: vi.fn(),
}))

const fakePoster = async (canvas: HTMLCanvasElement) => Object.assign(canvas, { toDataURL: () => 'data:image/png;base64,POSTER' })
const business = {
  id: 7,
  placeId: 'ChIJ-sweets',
  name: 'Sharma Sweets & Snacks',
  shortUrl: 'sweets',
  reviewUrl: 'https://reviews.example.in/review/sweets',
  language: null,
  complianceMode: false,
}

/** The file names the card's downloads asked for. */
function captureDownloads() {
  const names: string[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download)
  })
  return names
}

beforeEach(() => {
  vi.mocked(drawPoster).mockReset()
  vi.mocked(drawPoster).mockImplementation(fakePoster)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('QR Code and Link card', () => {
  it('shows the review link and the on-screen QR at 200 px', async () => {
    renderScreen(<QrCodeCard business={business} />)
    expect(screen.getByRole('textbox', { name: 'Review link' })).toHaveValue('https://reviews.example.in/review/sweets')
    const qr = await screen.findByAltText('QR code for Sharma Sweets & Snacks')
    expect(qr).toHaveAttribute('width', '200')
    expect(qr).toHaveAttribute('height', '200')
  })

  // docs/screens.md#qr-code-and-link-card: the poster's button says it is the poster, and what the poster is.
  it('labels the poster download and says what the poster is', async () => {
    renderScreen(<QrCodeCard business={business} />)
    expect(screen.getByRole('button', { name: /Download poster \(PNG\)/ })).toBeInTheDocument()
    expect(screen.getByText(POSTER_HINT)).toBeInTheDocument()
    expect(screen.queryByText('Download', { exact: true })).not.toBeInTheDocument()
  })

  it('downloads the styled poster as {name, spaces as _}_QR_Code.png', async () => {
    const names = captureDownloads()
    renderScreen(<QrCodeCard business={business} />)
    await userEvent.click(screen.getByRole('button', { name: /Download/ }))
    expect(await screen.findByText('QR Code Downloaded!')).toBeInTheDocument()
    expect(screen.getByText('Styled QR code has been downloaded.')).toBeInTheDocument()
    expect(names).toEqual(['Sharma_Sweets_&_Snacks_QR_Code.png'])
    expect(drawPoster).toHaveBeenCalledWith(
      expect.any(HTMLCanvasElement),
      expect.objectContaining({ name: 'Sharma Sweets & Snacks', link: 'https://reviews.example.in/review/sweets' })
    )
  })

  it("prints the pinned language's sentences on the poster", async () => {
    renderScreen(<QrCodeCard business={{ ...business, language: 'en' }} />)
    await waitFor(() => expect(drawPoster).toHaveBeenCalledTimes(1))
    expect(vi.mocked(drawPoster).mock.calls[0][1].texts).toEqual([
      {
        scan: 'Scan QR Code to Share Your Experience',
        rate: 'Then rate your visit from 1 to 5 stars on your phone',
        poweredBy: 'Powered by ReviewRoute',
      },
    ])
    expect(vi.mocked(drawPoster).mock.calls[0][1].brand).toBeNull()
  })

  it("draws a client's poster under its agency's brand: colour, logo and name", async () => {
    signIn()
    const brand = { name: 'Asha Digital', color: '#0ea5e9', logoUrl: '/brand-logos/abc.png' }
    fakeApi({
      'GET /api/workspaces': [
        {
          id: 3,
          name: 'Client',
          kind: 'client',
          role: 'owner',
          businessIds: null,
          managedBy: { id: 2, name: 'Asha' },
          isLimited: true,
          brand,
        },
      ],
    })
    renderScreen(
      <WorkspacesProvider>
        <QrCodeCard business={{ ...business, language: 'en' }} />
      </WorkspacesProvider>
    )
    await waitFor(() => expect(vi.mocked(drawPoster).mock.calls.some(([, content]) => content.brand)).toBe(true))
    const content = vi.mocked(drawPoster).mock.calls.find(([, poster]) => poster.brand)![1]
    expect(content.brand).toEqual({ color: '#0ea5e9', logoUrl: '/brand-logos/abc.png' })
    expect(content.texts[0].poweredBy).toBe('Powered by Asha Digital')
  })

  it("says 'Download Failed' when the poster cannot be drawn", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.mocked(drawPoster).mockRejectedValue(new Error('Canvas is not available'))
    const names = captureDownloads()
    renderScreen(<QrCodeCard business={business} />)
    await userEvent.click(screen.getByRole('button', { name: /Download/ }))
    expect(await screen.findByText('Download Failed')).toBeInTheDocument()
    expect(screen.getByText('Failed to generate QR code. Please try again.')).toBeInTheDocument()
    expect(names).toEqual([])
  })

  it('draws the poster again when the name, the link or the language changes, and only then', async () => {
    function Harness() {
      const [name, setName] = useState('Sharma Sweets')
      const [shortUrl, setShortUrl] = useState('sweets')
      const [language, setLanguage] = useState<'en' | null>(null)
      const [, setClicks] = useState(0)
      return (
        <>
          <button onClick={() => setName('Sharma Sweets & Snacks')}>rename</button>
          <button onClick={() => setShortUrl('sharma')}>relink</button>
          <button onClick={() => setLanguage('en')}>pin English</button>
          <button onClick={() => setClicks((clicks) => clicks + 1)}>rerender</button>
          <QrCodeCard
            business={{
              id: 7,
              placeId: 'ChIJ-sweets',
              name,
              shortUrl,
              reviewUrl: `https://reviews.example.in/review/${shortUrl}`,
              language,
              complianceMode: false,
            }}
          />
        </>
      )
    }
    renderScreen(<Harness />)
    await waitFor(() => expect(drawPoster).toHaveBeenCalledTimes(1))
    await userEvent.click(screen.getByRole('button', { name: 'rerender' }))
    expect(drawPoster).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'rename' }))
    await waitFor(() => expect(drawPoster).toHaveBeenCalledTimes(2))
    expect(drawPoster).toHaveBeenLastCalledWith(
      expect.any(HTMLCanvasElement),
      expect.objectContaining({ name: 'Sharma Sweets & Snacks', link: 'https://reviews.example.in/review/sweets' })
    )
    await userEvent.click(screen.getByRole('button', { name: 'relink' }))
    await waitFor(() => expect(drawPoster).toHaveBeenCalledTimes(3))
    expect(drawPoster).toHaveBeenLastCalledWith(
      expect.any(HTMLCanvasElement),
      expect.objectContaining({ name: 'Sharma Sweets & Snacks', link: 'https://reviews.example.in/review/sharma' })
    )
    await userEvent.click(screen.getByRole('button', { name: 'pin English' }))
    await waitFor(() => expect(drawPoster).toHaveBeenCalledTimes(4))
    expect(vi.mocked(drawPoster).mock.calls[3][1].texts).toHaveLength(1)
  })

  it("copies the review link with 'Link copied!'", async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderScreen(<QrCodeCard business={business} />)
    await userEvent.click(screen.getByRole('button', { name: 'Copy review link' }))
    expect(writeText).toHaveBeenCalledWith('https://reviews.example.in/review/sweets')
    expect(await screen.findByText('Link copied!')).toBeInTheDocument()
    expect(screen.getByText('Review link has been copied to clipboard.')).toBeInTheDocument()
  })

  // docs/screens.md#qr-code-and-link-card: the print versions are the server's PDFs, A4 and A5.
  it('saves the printable poster as an A4 or an A5 PDF, fetched with the token in a header', async () => {
    // jsdom has no object URLs: the saved Blob gets a made-up one.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:poster'), revokeObjectURL: vi.fn() })
    signIn()
    const api = fakeApi({
      'GET /api/businesses/7/poster.pdf': ({ url }: { url: URL }) => ({
        status: 200,
        body: '%PDF-1.3',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="Sharma_Sweets_Snacks_poster_${url.searchParams.get('size')!.toUpperCase()}.pdf"`,
        },
      }),
    })
    const names = captureDownloads()
    renderScreen(<QrCodeCard business={business} />)

    await userEvent.click(screen.getByRole('button', { name: /Print A4/ }))
    await waitFor(() => expect(names).toEqual(['Sharma_Sweets_Snacks_poster_A4.pdf']))
    expect(await screen.findByText('Poster PDF Downloaded!')).toBeInTheDocument()
    expect(screen.getByText('Sharma_Sweets_Snacks_poster_A4.pdf is ready to print at A4.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Print A5/ }))
    await waitFor(() => expect(names).toEqual(['Sharma_Sweets_Snacks_poster_A4.pdf', 'Sharma_Sweets_Snacks_poster_A5.pdf']))

    const sizes = api.calls.filter((call) => call.path === '/api/businesses/7/poster.pdf').map((call) => call.url.searchParams.get('size'))
    expect(sizes).toEqual(['a4', 'a5'])
    for (const call of api.calls) expect(call.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`)
    // No print dialog of the 600x750 image any more: printing is the PDF's.
    expect(screen.queryByRole('button', { name: /^Print$/ })).not.toBeInTheDocument()
  })

  it("shows the server's sentence when the PDF cannot be had, and saves nothing", async () => {
    signIn()
    fakeApi({ 'GET /api/businesses/7/poster.pdf': { status: 404, body: { error: 'Business not found', message: 'Business not found' } } })
    const names = captureDownloads()
    renderScreen(<QrCodeCard business={business} />)
    await userEvent.click(screen.getByRole('button', { name: /Print A5/ }))
    expect(await screen.findByText('Download Failed')).toBeInTheDocument()
    expect(screen.getByText('Business not found')).toBeInTheDocument()
    expect(names).toEqual([])
  })
})
