import { TAX_RECORD_YEARS } from '@reviewroute/web-shared/constants'

/** Said once on the front door after the dashboard deleted the account (docs/decisions.md D29, AFTER_DELETE_URL). */
export function AccountDeletedNotice({ onDismiss }: { onDismiss(): void }) {
  return (
    <div className="site-notice" role="status">
      <div className="container site-notice__row">
        <svg className="site-notice__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className="site-notice__text">
          <strong>Your account and its data were deleted.</strong> Payments and invoices are kept for {TAX_RECORD_YEARS} years because tax
          law requires it, no longer linked to your name. You can sign up again with the same email at any time.
        </p>
        <button className="site-notice__close" type="button" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      </div>
    </div>
  )
}
