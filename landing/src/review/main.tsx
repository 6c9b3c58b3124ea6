/*
 * Entry of the small customer bundle: /review/:code and /thanks. The server inlines the business into the
 * page (window.__REVIEW__) and pre-paints the rating screen, so this only makes it interactive.
 */
import { createRoot } from 'react-dom/client'
import { createI18n, pickLanguage } from '@reviewroute/web-shared/i18n'
import { I18nProvider } from '@reviewroute/web-shared/i18n-react'
import { ErrorBoundary } from '@reviewroute/web-shared/error-boundary'
import { isMobileUserAgent } from '@reviewroute/web-shared/user-agent'
import { messages } from './messages'
import { ReviewPage, type Effects } from './review-page'
import type { InlinedReview } from '@reviewroute/backend/types/api'
import { ThanksPage } from './thanks-page'
import { LANGUAGE_KEY } from './language-switch'
import './review.css'

function readInlined(): InlinedReview {
  const element = document.getElementById('review-data')
  if (element?.textContent) return JSON.parse(element.textContent) as InlinedReview
  return { code: decodeURIComponent(location.pathname.split('/')[2] ?? ''), link: null }
}

const inlined = readInlined()

function storedLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY)
  } catch {
    return null
  }
}

const i18n = createI18n(messages, pickLanguage(inlined.link?.business.language, storedLanguage()))
document.documentElement.lang = i18n.language

const effects: Effects = {
  isMobile: isMobileUserAgent(),
  navigate: (url) => window.location.assign(url),
  openTab: (url) => void window.open(url, '_blank', 'noopener'),
  schedule: (fn, ms) => void window.setTimeout(fn, ms),
}

createRoot(document.getElementById('root')!).render(
  <I18nProvider i18n={i18n}>
    <ErrorBoundary texts={{ title: i18n.t('errorTitle'), text: i18n.t('errorText'), reload: i18n.t('reload') }}>
      {location.pathname.startsWith('/thanks') ? <ThanksPage /> : <ReviewPage initial={inlined} effects={effects} />}
    </ErrorBoundary>
  </I18nProvider>
)
