import { useTranslation } from '@reviewroute/web-shared/i18n-react'
import { THANKS_BUSINESS_KEY } from './review-page'
import { LanguageSwitch } from './language-switch'

export function ThanksPage() {
  const { t } = useTranslation()
  const business = sessionStorage.getItem(THANKS_BUSINESS_KEY)
  return (
    <main className="card card--center">
      <div className="tick" aria-hidden="true">✓</div>
      <h1>{t('thanksTitle')}</h1>
      <p className="muted">{business ? t('thanksText', { business }) : t('thanksGeneric')}</p>
      <footer className="footer">
        <LanguageSwitch />
        <span className="muted small">{t('poweredBy')}</span>
      </footer>
    </main>
  )
}
