/* The header and footer every screen of the customer page has, as the server renders them. */
import type { InlinedReview, ReviewLinkDto } from '@reviewroute/backend/types/api'
import { useReviewText } from './i18n'

/** The nine languages as links: the server renders the page again in the chosen one (`?lang=`). */
export function LanguageSwitch({ path, languages }: { path: string; languages: InlinedReview['languages'] }) {
  const { t, language: current } = useReviewText()
  const join = path.includes('?') ? '&' : '?'
  return (
    <nav className="language" aria-label={t('language')}>
      {languages.map(({ code, name }) => (
        <a
          key={code}
          href={`${path}${join}lang=${code}`}
          lang={code}
          hrefLang={code}
          {...(code === current ? { 'aria-current': 'true' as const, 'className': 'language__on' } : {})}
        >
          {name}
        </a>
      ))}
    </nav>
  )
}

export function Footer({ path, languages }: { path: string; languages: InlinedReview['languages'] }) {
  const { t } = useReviewText()
  return (
    <footer className="footer">
      <LanguageSwitch path={path} languages={languages} />
      <span className="muted small">{t('poweredBy')}</span>
    </footer>
  )
}

// `elementtiming` is not in React's types; the bench reads when the name is painted.
const timing = { elementtiming: 'business-name' } as object

export function BusinessHeader({ business }: { business: ReviewLinkDto['business'] }) {
  return (
    <header className="business">
      <h1 className="business__name" {...timing}>
        {business.name}
      </h1>
      <p className="business__address">{business.address}</p>
    </header>
  )
}

export const reviewPath = (code: string) => `/review/${encodeURIComponent(code)}`
