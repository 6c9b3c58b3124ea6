import { useEffect, useState } from 'react'
import { useTranslation } from '@reviewroute/web-shared/i18n-react'
import type { InlinedReview, ReviewLinkDto, SubmitReviewRequest, SubmitReviewResponse } from '@reviewroute/backend/types/api'
import { FEEDBACK_MAX_LENGTH, isPositiveRating } from '@reviewroute/backend/contract/product_rules'
import { api, ApiError, isLimitError } from '@reviewroute/web-shared/api'
import { nextStep } from './flow'
import { Stars } from './stars'
import { LanguageSwitch } from './language-switch'

/** Browser effects, injectable so tests can watch them. */
export interface Effects {
  isMobile: boolean
  navigate(url: string): void
  openTab(url: string): void
  schedule(fn: () => void, ms: number): void
}

export const THANKS_BUSINESS_KEY = 'reviewroute.thanks.business'

type Screen =
  | { kind: 'loading' }
  | { kind: 'not-found'; message: string | null }
  | { kind: 'rate' }
  | { kind: 'feedback'; rating: number }
  | { kind: 'leaving' }

export function ReviewPage({ initial, effects }: { initial: InlinedReview; effects: Effects }) {
  const { t } = useTranslation()
  const [link, setLink] = useState<ReviewLinkDto | null>(initial.link)
  const [screen, setScreen] = useState<Screen>(
    initial.link ? { kind: 'rate' } : initial.error ? { kind: 'not-found', message: initial.error } : { kind: 'loading' }
  )
  const [rating, setRating] = useState(0)
  const [feedback, setFeedback] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [blocked, setBlocked] = useState<string | null>(
    initial.link && !initial.link.canSubmitReview ? (initial.link.message ?? t('reviewLimit')) : null
  )

  // Marks when the stars answer taps (read by `npm run bench:review-page`).
  useEffect(() => {
    performance.mark('review-interactive')
  }, [])

  // Without inlined data (development server), look the link up.
  useEffect(() => {
    if (screen.kind !== 'loading') return
    api<ReviewLinkDto>(`/api/business/by-url/${encodeURIComponent(initial.code)}`, { auth: false })
      .then((found) => {
        setLink(found)
        if (!found.canSubmitReview) setBlocked(found.message ?? t('reviewLimit'))
        setScreen({ kind: 'rate' })
      })
      .catch((failure) => setScreen({ kind: 'not-found', message: failure instanceof ApiError ? failure.message : null }))
  }, [screen.kind, initial.code, t])

  if (screen.kind === 'loading') {
    return <main className="card card--center" aria-busy="true"><p className="muted">{t('loading')}</p></main>
  }
  if (screen.kind === 'not-found' || !link) {
    return (
      <main className="card card--center">
        <h1>{t('notFoundTitle')}</h1>
        <p className="muted">{t('notFoundText')}</p>
      </main>
    )
  }

  const business = link.business

  async function submit(value: number, text?: string) {
    setSubmitting(true)
    setError(null)
    try {
      const result = await api<SubmitReviewResponse>(`/api/review/${encodeURIComponent(business.shortUrl)}/submit`, {
        method: 'POST',
        body: (text ? { rating: value, feedback: text } : { rating: value }) satisfies SubmitReviewRequest,
        auth: false,
      })
      sessionStorage.setItem(THANKS_BUSINESS_KEY, business.name)
      const step = nextStep(result, effects.isMobile)
      setScreen({ kind: 'leaving' })
      if (step.kind === 'google-in-place') return effects.navigate(step.url)
      if (step.kind === 'google-new-tab') effects.openTab(step.url)
      effects.schedule(() => effects.navigate('/thanks'), step.thanksAfterMs)
    } catch (failure) {
      if (isLimitError(failure)) setBlocked(failure.message || t('reviewLimit'))
      else setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : t('submitFailed'))
      setSubmitting(false)
    }
  }

  function rate(value: number) {
    if (blocked || submitting) return
    setRating(value)
    if (isPositiveRating(value)) void submit(value)
    else setScreen({ kind: 'feedback', rating: value })
  }

  return (
    <main className="card">
      <header className="business">
        <h1 className="business__name">{business.name}</h1>
        <p className="business__address">{business.address}</p>
      </header>

      {screen.kind === 'feedback' ? (
        <form
          className="feedback"
          onSubmit={(event) => {
            event.preventDefault()
            void submit(screen.rating, feedback.trim() || undefined)
          }}
        >
          <h2>{t('feedbackTitle')}</h2>
          <Stars value={screen.rating} disabled />
          <p className="muted">{t('yourRating', { count: screen.rating })}</p>
          <label htmlFor="feedback">{t('improveLabel')}</label>
          <textarea
            id="feedback"
            rows={5}
            maxLength={FEEDBACK_MAX_LENGTH}
            value={feedback}
            placeholder={t('improvePlaceholder', { business: business.name })}
            onChange={(event) => setFeedback(event.target.value)}
          />
          {error && <p className="error" role="alert">{error}</p>}
          <button className="primary" type="submit" disabled={submitting}>
            {submitting ? t('submitting') : t('submitFeedback')}
          </button>
          {business.complianceMode && (
            <a className="secondary-link" href={business.googleReviewUrl} target="_blank" rel="noopener noreferrer">
              {t('postOnGoogle')}
            </a>
          )}
          <button type="button" className="text-button" onClick={() => setScreen({ kind: 'rate' })} disabled={submitting}>
            {t('changeRating')}
          </button>
        </form>
      ) : (
        <section className="rate">
          <h2>{t('question')}</h2>
          <p className="muted">{t('tapStars')}</p>
          {blocked && (
            <div className="alert alert--amber" role="alert">
              <p>{blocked}</p>
              <button type="button" className="alert__action" onClick={() => effects.openTab('/billing')}>
                {t('upgrade')}
              </button>
            </div>
          )}
          <Stars value={rating} disabled={Boolean(blocked) || submitting || screen.kind === 'leaving'} onRate={rate} />
          {error && <p className="error" role="alert">{error}</p>}
          {screen.kind === 'leaving' && isPositiveRating(rating) && <p className="muted">{t('redirecting')}</p>}
          <p className="hint">{t('helps', { business: business.name })}</p>
        </section>
      )}
      <footer className="footer">
        <LanguageSwitch />
        <span className="muted small">{t('poweredBy')}</span>
      </footer>
    </main>
  )
}
