/* The header and footer every screen of the customer page has, as the server renders them. */
import type { FormEvent } from 'react'
import type { InlinedReview, ReviewLinkDto } from '@reviewroute/backend/types/api'
import { SWITCH_LANGUAGE_FIELD, feedbackAction } from '@reviewroute/backend/contract/review_form'
import { useReviewText } from './i18n'

/**
 * Where the language switch goes: links to `path?lang=`, or buttons posting the feedback form with this id (it keeps
 * what is typed) to its address in the chosen language (a reload asks for that address again).
 */
export type LanguageTarget = { path: string } | { form: string; code: string; rating: number }

/** The nine languages: the server renders the page again in the chosen one, as in backend/app/web/review_page.ts. */
export function LanguageSwitch({ to, languages }: { to: LanguageTarget; languages: InlinedReview['languages'] }) {
  const { t, language: current } = useReviewText()
  const marked = (code: string) => (code === current ? { 'aria-current': 'true' as const, 'className': 'language__on' } : {})
  return (
    <nav className="language" aria-label={t('language')}>
      {languages.map(({ code, name }) =>
        'form' in to ? (
          <button
            key={code}
            type="submit"
            form={to.form}
            formAction={feedbackAction(to.code, to.rating, code)}
            name={SWITCH_LANGUAGE_FIELD}
            value={code}
            formNoValidate
            lang={code}
            {...marked(code)}
          >
            {name}
          </button>
        ) : (
          <a key={code} href={`${to.path}${to.path.includes('?') ? '&' : '?'}lang=${code}`} lang={code} hrefLang={code} {...marked(code)}>
            {name}
          </a>
        )
      )}
    </nav>
  )
}

/** Whether a form's submit came from one of its language buttons. */
export function switchesLanguage(event: FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter
  return submitter?.getAttribute('name') === SWITCH_LANGUAGE_FIELD
}

/** The credit line; under an agency's brand (the server already put its name in `poweredBy`) with its logo first. */
export function Footer({
  to,
  languages,
  brand,
}: {
  to: string | LanguageTarget
  languages: InlinedReview['languages']
  brand?: InlinedReview['brand']
}) {
  const { t } = useReviewText()
  return (
    <footer className="footer">
      <LanguageSwitch to={typeof to === 'string' ? { path: to } : to} languages={languages} />
      <span className="muted small">
        {brand?.logoUrl && brand.logoWidth && brand.logoHeight ? (
          // The logo comes after what the customer came for: fetched last, decoded off the main thread.
          <img
            className="brand-logo"
            src={brand.logoUrl}
            width={brand.logoWidth}
            height={brand.logoHeight}
            alt=""
            loading="lazy"
            decoding="async"
            fetchPriority="low"
          />
        ) : null}
        {t('poweredBy')}
      </span>
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
