import { useTranslation } from '@reviewroute/web-shared/i18n-react'
import { LANGUAGES, type Language } from '@reviewroute/web-shared/i18n'

export const LANGUAGE_KEY = 'reviewroute.language'
const LABELS: Record<Language, string> = { en: 'English', hi: 'हिंदी' }

export function LanguageSwitch() {
  const { t, i18n, language: current } = useTranslation()
  return (
    <div className="language" role="group" aria-label={t('language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={current === language ? 'language__on' : undefined}
          aria-pressed={current === language}
          onClick={() => {
            i18n.changeLanguage(language)
            document.documentElement.lang = language
            try {
              localStorage.setItem(LANGUAGE_KEY, language)
            } catch {
              // Private mode: the choice lasts for this page only.
            }
          }}
        >
          {LABELS[language]}
        </button>
      ))}
    </div>
  )
}
