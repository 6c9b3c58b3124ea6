import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { AuthActions } from './auth-links'

/** The closing band of a landing page. */
export function CallToAction({ title, text, signUpLabel }: { title: string; text?: string; signUpLabel?: string }) {
  return (
    <section className="section lp-cta-section" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta">
          <h2 id="cta-title">{title}</h2>
          <p>{text ?? `Free for ${TRIAL_DAYS} days. No card needed, and the trial never turns into a paid plan by itself.`}</p>
          <AuthActions signUpLabel={signUpLabel} onDark />
        </div>
      </div>
    </section>
  )
}
