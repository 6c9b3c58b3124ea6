/* The screens without anything to tap but the language switch: thanks and not found. */
import type { InlinedReview } from '@reviewroute/backend/types/api'
import { useReviewText } from './i18n'
import { Footer, reviewPath } from './page-frame'

export function ThanksPage({ data }: { data: InlinedReview }) {
  const { t } = useReviewText()
  const name = data.link?.business.name
  const query = `${data.already ? '&already=1' : ''}${data.callback ? '&callback=1' : ''}`
  const path = data.code ? `/thanks?code=${encodeURIComponent(data.code)}${query}` : '/thanks'
  return (
    <main className="card card--center">
      <div className="tick" aria-hidden="true">
        ✓
      </div>
      <h1>{t('thanksTitle')}</h1>
      <p className="muted">{name ? t(data.already ? 'alreadyRated' : 'thanksText', { business: name }) : t('thanksGeneric')}</p>
      {name && data.callback && !data.already && <p className="muted">{t('callbackText', { business: name })}</p>}
      <Footer to={path} languages={data.languages} brand={data.brand} />
    </main>
  )
}

export function NotFoundPage({ data }: { data: InlinedReview }) {
  const { t } = useReviewText()
  return (
    <main className="card card--center">
      <h1>{t('notFoundTitle')}</h1>
      <p className="muted">{t('notFoundText')}</p>
      <p className="muted small">{t('notFoundHelp')}</p>
      <Footer to={reviewPath(data.code)} languages={data.languages} brand={data.brand} />
    </main>
  )
}
