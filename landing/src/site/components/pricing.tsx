import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { PlanDto } from '@reviewroute/backend/types/api'
import { api } from '@reviewroute/web-shared/api'
import { rupees } from '@reviewroute/web-shared/format'
import { SIGN_UP_URL } from '@reviewroute/web-shared/constants'
import { AFTER_TRIAL_RULE, isPurchasablePlan, planDisplayName, TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { INCL_GST } from '@reviewroute/backend/contract/gst'

/** Plans as the server lists them (docs/decisions.md D8): no price, saving or percentage is typed in a page. Prices include GST (D33). */
export function usePlans() {
  const [plans, setPlans] = useState<PlanDto[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    api<PlanDto[]>('/api/billing/subscription-plans', { auth: false })
      .then((list) => setPlans(list.filter(isPurchasablePlan)))
      .catch(() => setFailed(true))
  }, [])
  return { plans, failed }
}

export function PlanCard({ plan, action }: { plan: PlanDto; action?: React.ReactNode }) {
  const months = plan.durationMonths
  return (
    <div className={`card plan${plan.tag ? ' plan--featured' : ''}`}>
      {plan.tag && <span className="plan__tag">{plan.tag}</span>}
      <h3>{planDisplayName(plan.name)}</h3>
      <div className="plan__price">
        {rupees(plan.totalPrice)} <small>/ {months === 1 ? 'month' : `${months} months`}</small>{' '}
        <small className="plan__tax">{INCL_GST}</small>
      </div>
      {months > 1 && <p className="muted">{rupees(plan.pricePerMonth)} per month</p>}
      {plan.savings && (
        <p className="plan__save">
          Save {rupees(plan.savings.amount)} ({plan.savings.percent}%)
        </p>
      )}
      <ul>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {action ?? (
        <Link className="button button--primary" to={SIGN_UP_URL}>
          Start {TRIAL_DAYS}-day free trial
        </Link>
      )}
    </div>
  )
}

/** The pricing section of the landing pages. */
export function Pricing({ id = 'pricing' }: { id?: string }) {
  const { plans, failed } = usePlans()
  return (
    <section className="section section--soft" id={id}>
      <div className="container">
        <div className="section__head">
          <span className="eyebrow">Pricing</span>
          <h2>Simple prices in rupees</h2>
          <p className="muted">
            Start with a {TRIAL_DAYS}-day free trial, no card needed. The trial never turns into a paid plan by itself: you choose a plan
            only if ReviewRoute works for you. {AFTER_TRIAL_RULE}
          </p>
        </div>
        {failed && (
          <p className="muted" role="alert">
            Prices could not be loaded right now. Please refresh the page.
          </p>
        )}
        {!plans && !failed && (
          <p className="muted" aria-busy="true">
            Loading prices…
          </p>
        )}
        {plans && (
          <div className="grid grid--3">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </div>
        )}
      </div>
    </section>
  )
}
