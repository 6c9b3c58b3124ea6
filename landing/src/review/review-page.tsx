/*
 * The rating screen and what follows a tap, taking over the screen the server rendered (docs/decisions.md D31)
 * with the same markup: the rating form, the feedback form for a 1-3, and for a 4-5 the way to Google (flow.ts).
 */
import { useState } from 'react'
import type { InlinedReview, ReviewLinkDto } from '@reviewroute/backend/types/api'
import { isPositiveRating } from '@reviewroute/backend/contract/product_rules'
import { useReviewText } from './i18n'
import { Stars } from './stars'
import { BusinessHeader, Footer, reviewPath, type LanguageTarget } from './page-frame'
import { FeedbackForm } from './feedback-form'
import { UpgradeAlert } from './upgrade-alert'
import { EMPTY_FEEDBACK, GOOGLE_WAIT_MS, type FeedbackErrors, type FeedbackValues } from './flow'
import { submitRating } from './submit'
import { FEEDBACK_FORM_ID } from '@reviewroute/backend/contract/review_form'

/** Browser effects, injectable so tests can watch them. */
export interface Effects {
  isMobile: boolean
  navigate(url: string): void
  /** Opens `url` in a new tab; false when the browser refused (a popup blocker). */
  openTab(url: string): boolean
  schedule(fn: () => void, ms: number): void
}

/** What the server-rendered page held when the script took over: typed feedback, texts under the fields. */
export interface Carried {
  values?: FeedbackValues
  errors?: FeedbackErrors
  rateError?: string
}

type Screen =
  | { kind: 'rate'; error?: string }
  | { kind: 'feedback'; rating: number }
  | { kind: 'leaving'; rating: number }
  | { kind: 'google-tab'; rating: number }

interface Props {
  data: InlinedReview & { link: ReviewLinkDto }
  effects: Effects
  carried?: Carried
}

export function ReviewPage({ data, effects, carried = {} }: Props) {
  const { t, language } = useReviewText()
  const business = data.link.business
  const [screen, setScreen] = useState<Screen>(
    data.view === 'feedback' && data.rating ? { kind: 'feedback', rating: data.rating } : { kind: 'rate', error: carried.rateError }
  )
  const [values, setValues] = useState(carried.values ?? EMPTY_FEEDBACK)
  const [errors, setErrors] = useState(carried.errors ?? {})
  const blocked = !data.link.canSubmitReview
  const google = business.googleReviewUrl

  function goToGoogle(rating: number) {
    // The page's language goes with the rating: the customer's next review request is in it (docs/decisions.md D65).
    const stored = submitRating(business.shortUrl, { rating, language, ...requestOf(data) })
    if (!effects.isMobile && effects.openTab(google)) {
      setScreen({ kind: 'google-tab', rating })
      stored.catch(() => {})
      return
    }
    setScreen({ kind: 'leaving', rating })
    let left = false
    const leave = (url: string) => {
      if (left) return
      left = true
      effects.navigate(url)
    }
    effects.schedule(() => leave(google), GOOGLE_WAIT_MS)
    stored.then(
      (result) => leave(result.redirect ? result.url : google),
      () => leave(google)
    )
  }

  function rate(rating: number) {
    if (blocked || screen.kind !== 'rate') return
    if (isPositiveRating(rating)) goToGoogle(rating)
    else setScreen({ kind: 'feedback', rating })
  }

  const path = reviewPath(data.code)
  let body
  if (screen.kind === 'feedback') {
    body = (
      <FeedbackForm
        code={data.code}
        requestToken={data.requestToken}
        staffCode={data.staffCode}
        business={business}
        rating={screen.rating}
        values={values}
        errors={errors}
        onChange={(nextValues, nextErrors) => {
          setValues(nextValues)
          setErrors(nextErrors)
        }}
        onChangeRating={() => setScreen({ kind: 'rate' })}
        navigate={effects.navigate}
      />
    )
  } else if (screen.kind === 'google-tab') {
    body = (
      <section className="google-tab" role="status">
        <h2>{t('googleTabTitle')}</h2>
        <p className="muted">{t('googleTabText', { business: business.name })}</p>
        <a className="secondary-link" href={google} target="_blank" rel="noopener noreferrer">
          {t('openGoogle')}
        </a>
      </section>
    )
  } else {
    const leaving = screen.kind === 'leaving'
    body = (
      <form className="rate" method="post" action={path}>
        <input type="hidden" name="lang" value={language} />
        {data.requestToken && <input type="hidden" name="request" value={data.requestToken} />}
        {data.staffCode && <input type="hidden" name="staff" value={data.staffCode} />}
        <h2>{t('question')}</h2>
        <p className="muted">{t('tapStars')}</p>
        {blocked && <UpgradeAlert />}
        <Stars value={leaving ? screen.rating : 0} disabled={blocked || leaving} onRate={rate} />
        {screen.kind === 'rate' && screen.error && (
          <p className="error" role="alert">
            {screen.error}
          </p>
        )}
        {leaving && (
          <div className="leaving" role="status">
            <p>{t('redirecting')}</p>
            <a className="secondary-link" href={google}>
              {t('openGoogle')}
            </a>
          </div>
        )}
        <p className="hint">{t('helps', { business: business.name })}</p>
      </form>
    )
  }

  return (
    <main className="card">
      <BusinessHeader business={business} />
      {body}
      <Footer to={languageTarget(screen, data.code, data.staffCode)} languages={data.languages} brand={data.brand} />
    </main>
  )
}

/**
 * Where the language switch goes, as the server's: on the feedback form, buttons posting it (so what is typed comes
 * back in the new language); elsewhere links to the page, keeping the staff member's code.
 */
function languageTarget(screen: Screen, code: string, staffCode: string | undefined): LanguageTarget {
  if (screen.kind === 'feedback') return { form: FEEDBACK_FORM_ID, code, rating: screen.rating }
  const path = reviewPath(code)
  return { path: staffCode ? `${path}?s=${encodeURIComponent(staffCode)}` : path }
}

/** A rating through a personal link carries its token, one through a staff member's link or QR their code (docs/decisions.md D32). */
export const requestOf = (data: Pick<InlinedReview, 'requestToken' | 'staffCode'>) => ({
  ...(data.requestToken ? { requestToken: data.requestToken } : {}),
  ...(data.staffCode ? { staffCode: data.staffCode } : {}),
})
