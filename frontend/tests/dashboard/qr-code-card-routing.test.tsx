/**
 * The QR card says what happens to a rating by the business's own routing choice (docs/decisions.md D51, D59), and a
 * business from the demo catalogue is marked as a demo before its link or posters are shared.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { QrCodeCard } from '#components/qr-code-card/qr-code-card'
import { renderScreen } from '../helpers'

vi.mock('@reviewroute/web-shared/qr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@reviewroute/web-shared/qr')>()),
  qrDataUrl: vi.fn(async () => 'data:image/png;base64,QR'),
}))

const business = {
  id: 7,
  placeId: 'ChIJ-sweets',
  name: 'Sharma Sweets',
  shortUrl: 'sweets',
  reviewUrl: 'https://reviews.example.in/review/sweets',
  language: null,
  complianceMode: false,
}

describe('QR Code and Link card: the routing choice', () => {
  it('"By rating": 4-5 stars go on to Google, 1-3 leave private feedback', async () => {
    renderScreen(<QrCodeCard business={business} />)
    expect(await screen.findByText(/1-3 stars leave private feedback/)).toBeInTheDocument()
  })

  it('"Everyone may post on Google": never says low ratings stay with the owner', async () => {
    renderScreen(<QrCodeCard business={{ ...business, complianceMode: true }} />)
    expect(await screen.findByText(/Post on Google instead/)).toBeInTheDocument()
    expect(screen.queryByText(/stay with you/)).not.toBeInTheDocument()
  })

  it('marks a business of the demo catalogue as a demo', async () => {
    renderScreen(<QrCodeCard business={{ ...business, placeId: 'demo_mumbai_3' }} />)
    expect(await screen.findByText('Demo listing')).toBeInTheDocument()
    expect(screen.queryByText('Demo listing', { exact: false })).toBeInTheDocument()
  })

  it('says nothing of a demo for a real listing', async () => {
    renderScreen(<QrCodeCard business={business} />)
    await screen.findByText(/1-3 stars leave private feedback/)
    expect(screen.queryByText('Demo listing')).not.toBeInTheDocument()
  })
})
