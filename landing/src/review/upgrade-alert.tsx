import { useReviewText } from './i18n'

/** The business's free plan is used up (docs/product-rules.md#errors): the page's own text, and the way to upgrade. */
export function UpgradeAlert() {
  const { t } = useReviewText()
  return (
    <div className="alert alert--amber" role="alert">
      <p>{t('reviewLimit')}</p>
      <a className="alert__action" href="/billing" target="_blank" rel="noopener">
        {t('upgrade')}
      </a>
    </div>
  )
}
