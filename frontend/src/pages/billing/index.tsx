/*
 * /billing and /dashboard/settings (docs/screens.md): where the owner's trial or plan stands, the plans to buy, the
 * payment flow, the billing details and payment history with their tax invoices (docs/decisions.md D33), the month's
 * alert messages on WhatsApp (paid by ReviewRoute), and the phone number asked for when a trial starts (`?source=signup|clerk`).
 */
import { useCustom } from '@refinedev/core'
import type { PaymentHistoryDto, PlanDto } from '@reviewroute/backend/types/api'
import { useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { TrialExpiredCard } from '#components/access/trial-expired-card'
import { AlertMessagesCard } from '#components/billing/alert-messages'
import { BillingDetailsCard } from '#components/billing/billing-details-card'
import { BillingStatusBanner } from '#components/billing/billing-status-banner'
import { CancelSubscriptionDialog } from '#components/billing/cancel-subscription-dialog'
import { PaymentDialog } from '#components/billing/payment-dialog'
import { PaymentHistory } from '#components/billing/payment-history'
import { PaymentSuccessOverlay } from '#components/billing/payment-success-overlay'
import { PhoneModal } from '#components/billing/phone-modal'
import { PlanList } from '#components/billing/plan-list'
import { TrialStartCard } from '#components/billing/trial-start-card'
import { useCancelSubscription } from '#components/billing/use-cancel-subscription'
import { useBillingProfile } from '#components/billing/use-billing-profile'
import { usePurchase } from '#components/billing/use-purchase'
import '#components/billing/billing.css'
import { PageHeader } from '#components/layout/page-header'
import { useCurrentUser } from '#hooks/use-current-user'
import { useTrialStatus } from '#hooks/use-trial-status'
import { hasPaidAccess } from '#lib/access'
import { alreadyHavePlanText, asksForPhone } from '#lib/billing'
import { PAYMENTS_PATH } from '#lib/payments'
import { useToast } from '#providers/toast'

const HIGHLIGHT_MS = 2_000

/** The phone modal opens once per visit with `?source=`, for a signed-in owner without a number yet. */
function usePhonePrompt() {
  const { search } = useLocation()
  const { user, refetch } = useCurrentUser()
  const [asked] = useState(() => asksForPhone(search))
  const [dismissed, setDismissed] = useState(false)
  const [saved, setSaved] = useState(false)
  const open = asked && !dismissed && user !== null && (saved || !user.phone)
  return { asked, open, onSaved: () => (setSaved(true), void refetch()), onClose: () => setDismissed(true) }
}

export default function BillingPage() {
  const { status } = useTrialStatus()
  const plans = useCustom<PlanDto[]>({ url: '/api/billing/subscription-plans', method: 'get' })
  const payments = useCustom<PaymentHistoryDto[]>({ url: PAYMENTS_PATH, method: 'get' })
  const billing = useBillingProfile()
  const purchase = usePurchase(status, { billing, onPaid: () => void payments.query.refetch() })
  const cancel = useCancelSubscription()
  const phone = usePhonePrompt()
  const toast = useToast()
  const plansRef = useRef<HTMLElement>(null)
  const [highlight, setHighlight] = useState(false)

  const enrolled = status ? hasPaidAccess(status) : false
  const locked = status?.isLimited ?? false

  function showPlans() {
    plansRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' })
    setHighlight(true)
    setTimeout(() => setHighlight(false), HIGHLIGHT_MS)
  }

  return (
    <div className="billing-page">
      <PageHeader title="Billing & Plans" lead="Your plan, what it costs, and how long it lasts." />
      {locked && status && <TrialExpiredCard freePlan={status.freePlan} hadTrial={status.trialEndsAt !== null} onUpgrade={showPlans} />}
      {phone.asked && status?.isTrialActive && !enrolled && <TrialStartCard />}
      {status && <BillingStatusBanner status={status} onShowPlans={showPlans} onCancel={cancel.ask} />}
      <PlanList
        ref={plansRef}
        plans={plans.query.data?.data}
        loading={plans.query.isLoading}
        failed={plans.query.isError}
        onRetry={() => void plans.query.refetch()}
        enrolled={enrolled}
        busyPlanId={purchase.payment.step === 'preparing' ? purchase.payment.plan.id : null}
        highlight={highlight}
        onChoose={purchase.choose}
        onEnrolledClick={() => status && toast.plan('Already Have Active Plan', alreadyHavePlanText(status))}
        paymentsConfigured={status?.paymentsConfigured !== false}
      />
      <BillingDetailsCard billing={billing} />
      <AlertMessagesCard />
      <PaymentHistory
        payments={payments.query.data?.data}
        loading={payments.query.isLoading}
        failed={payments.query.isError}
        onRetry={() => void payments.query.refetch()}
      />
      <PaymentDialog
        payment={purchase.payment}
        profile={billing.profile}
        onProfileSaved={purchase.profileSaved}
        onPay={purchase.pay}
        onClose={purchase.close}
      />
      <PaymentSuccessOverlay success={purchase.success} onHide={purchase.hideSuccess} />
      <CancelSubscriptionDialog cancel={cancel} accessUntil={status?.currentPeriodEnd ?? null} />
      <PhoneModal open={phone.open} onSaved={phone.onSaved} onClose={phone.onClose} />
    </div>
  )
}
