import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { BusinessDto, PlaceDto } from '@reviewroute/backend/types/api'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { formatCount, googleReviewLink } from '@reviewroute/web-shared/format'
import { QR_ON_SCREEN, download, qrDataUrl, qrFileName } from '@reviewroute/web-shared/qr'
import { routingLabel, routingSentence } from '@reviewroute/web-shared/routing'
import { useToast } from '#site/toast'

interface Props {
  place: PlaceDto
  /** Set once the owner added it (signed in); null for a visitor's preview. */
  business: BusinessDto | null
  /** How customers will be asked: kept in the sign-up link, so the business is added as chosen. */
  complianceMode?: boolean
  onBack(): void
}

/** After choosing a listing: its details, the Google review link and QR, and the short link (or an invitation). */
export function BusinessResult({ place, business, complianceMode = false, onBack }: Props) {
  const toast = useToast()
  const google = business?.googleReviewUrl ?? googleReviewLink(place.place_id)
  const link = business ? business.reviewUrl : null
  const qrTarget = link ?? google
  // An added business has its own choice: picking a place the workspace already has keeps it (docs/decisions.md D51).
  const askedBy = business?.complianceMode ?? complianceMode
  const [qr, setQr] = useState<string | null>(null)

  useEffect(() => {
    // A QR drawn after the listing was left (or another one chosen) is dropped.
    let current = true
    qrDataUrl(qrTarget, QR_ON_SCREEN * 2)
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null))
    return () => {
      current = false
    }
  }, [qrTarget])

  async function copy(text: string, title: string) {
    const copied = await copyText(text)
    toast(
      copied
        ? { title, description: 'Review link has been copied to clipboard.', variant: 'success' }
        : { title: 'Copy Failed', description: 'Please copy the link manually.', variant: 'error' }
    )
  }

  async function downloadQr() {
    try {
      download(await qrDataUrl(qrTarget), qrFileName(place.name))
      toast({ title: 'QR Code Downloaded!', description: 'Styled QR code has been downloaded.', variant: 'success' })
    } catch {
      toast({ title: 'Download Failed', description: 'Failed to generate QR code. Please try again.', variant: 'error' })
    }
  }

  const resume = new URLSearchParams({ placeId: place.place_id, ...(complianceMode ? { complianceMode: 'true' } : {}) })
  const signUp = `/auth?${new URLSearchParams({ mode: 'signup', redirect: `/add-business?${resume}` })}`

  return (
    <section className="result container">
      <button type="button" className="button button--ghost" onClick={onBack}>
        ← Back
      </button>
      <div className="result__grid">
        <div className="card card--shadow result__business">
          <h2>{place.name}</h2>
          <p className="muted">{place.address}</p>
          <p className="result__rating">
            {place.rating !== null ? <strong>★ {place.rating.toFixed(1)}</strong> : <strong>No rating yet</strong>}{' '}
            <span className="muted">({formatCount(place.reviewCount)} Google reviews)</span>
          </p>
          <div className="result__panel">
            <h3>How customers will be asked</h3>
            <p>
              <strong>{routingLabel(askedBy)}:</strong> {routingSentence(askedBy)}
            </p>
            <p className="muted">
              Every customer is asked for a rating. You can change this choice at any time in the business’s Settings.
            </p>
          </div>
          <div className="field">
            <label htmlFor="google-link">Google review link</label>
            <div className="search-card__row">
              <input id="google-link" readOnly value={google} />
              <button type="button" className="button button--ghost" onClick={() => copy(google, 'Google Review Link Copied!')}>
                Copy
              </button>
            </div>
          </div>
          <Link className="button button--light result__upgrade" to="/billing" reloadDocument>
            Upgrade to Pro
          </Link>
        </div>

        <div className="card card--shadow result__link">
          {link ? (
            <>
              <h3>Your short review link</h3>
              <div className="search-card__row">
                <input aria-label="Review link" readOnly value={link} />
                <button type="button" className="button button--primary" onClick={() => copy(link, 'Link copied!')}>
                  Copy
                </button>
              </div>
            </>
          ) : (
            <>
              <h3>Get your short review link</h3>
              <p className="muted">Sign up free to get a short link, a printable QR poster and private feedback for this business.</p>
              <Link className="button button--primary" to={signUp}>
                Sign up and add this business
              </Link>
            </>
          )}
          {qr && (
            <img
              className="result__qr"
              src={qr}
              width={QR_ON_SCREEN}
              height={QR_ON_SCREEN}
              alt={`QR code for ${link ? 'the review link' : 'the Google review link'}`}
            />
          )}
          <button type="button" className="button button--ghost" onClick={downloadQr}>
            Download QR Code
          </button>
          {business && (
            <a className="button button--primary" href="/dashboard">
              Go to Dashboard
            </a>
          )}
        </div>
      </div>
    </section>
  )
}
