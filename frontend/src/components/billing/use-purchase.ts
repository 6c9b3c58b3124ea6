/*
 * Buying a plan (README.md#api, docs/product-rules.md#errors, docs/decisions.md D9): payment configuration, the billing details
 * the tax invoice needs (D33: asked for in the dialog when missing, or when the server's 422 says so), a Razorpay
 * Order from the server, a dialog with the full price and how long it lasts, Razorpay Checkout, then verification,
 * the success overlay and a trial-status refresh. Every failure ends in the spec's toast or the 'Payment Failed' dialog.
 */
import { useCustomMutation, type HttpError } from '@refinedev/core'
import { ALREADY_SUBSCRIBED_TITLE, PAYMENTS_NOT_SET_UP, planDisplayName } from '@reviewroute/backend/contract/product_rules'
import type {
  BillingChangeResponse,
  BillingProfileDto,
  CreatePaymentRequest,
  CreatePaymentResponse,
  PlanDto,
  RazorpayConfigResponse,
  TrialStatusDto,
  VerifyPaymentRequest,
} from '@reviewroute/backend/types/api'
import { useCallback, useRef, useState } from 'react'
import { useRefreshTrialStatus } from '#hooks/use-trial-status'
import { hasPaidAccess } from '#lib/access'
import { alreadyHavePlanText, COLOURS, NO_ORDER, purchaseErrorToast } from '#lib/billing'
import { billingProfileMissing, hasBillingDetails } from '#lib/billing-profile'
import { failureDetails, loadCheckout, type CheckoutSuccess } from '#lib/razorpay'
import { errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import type { BillingProfile } from './use-billing-profile'

const VERIFY_FAILED = 'Payment verification failed. If money was deducted, please contact support.'

interface Order {
  plan: PlanDto
  order: CreatePaymentResponse
  keyId: string
}

export type PaymentStep =
  | { step: 'closed' }
  | { step: 'preparing'; plan: PlanDto }
  /** The billing details are missing: the dialog asks for them, then the order is created. `reason`: the server's 422. */
  | { step: 'details'; plan: PlanDto; keyId: string; reason: string | null }
  | ({ step: 'ready'; opening: boolean } & Order)
  | ({ step: 'verifying' } & Order)
  | ({ step: 'failed'; details: string } & Order)

/** The success overlay: the plan's display name and the end of the period it bought. */
export type PaymentSuccess = Pick<CreatePaymentResponse, 'planName' | 'validUntil'>

interface Options {
  billing: Pick<BillingProfile, 'current' | 'saved'>
  /** A payment went through (the history has a new row). */
  onPaid?(): void
  /** An agency's purchase for one of its client workspaces (create-payment's `workspaceId`); else the workspace's own. */
  forClient?: { id: number; name: string }
}

/** create-payment's body: the plan, and the client workspace an agency buys it for. */
type PaymentOrderRequest = CreatePaymentRequest & { workspaceId?: number }

export function usePurchase(status: TrialStatusDto | undefined, { billing, onPaid, forClient }: Options) {
  const [payment, setPayment] = useState<PaymentStep>({ step: 'closed' })
  const [success, setSuccess] = useState<PaymentSuccess | null>(null)
  // Each Upgrade click is an attempt; answers of an attempt the owner closed are ignored.
  const attempt = useRef(0)
  const toast = useToast()
  const refresh = useRefreshTrialStatus()
  const { mutateAsync: postOrder } = useCustomMutation<CreatePaymentResponse, HttpError, PaymentOrderRequest>()
  const { mutateAsync: postVerification } = useCustomMutation<BillingChangeResponse, HttpError, VerifyPaymentRequest>()

  function close() {
    attempt.current += 1
    setPayment({ step: 'closed' })
  }

  function fail(title: string, description: string, toastKind: 'error' | 'plan' = 'error') {
    setPayment({ step: 'closed' })
    toast[toastKind](title, description)
  }

  async function choose(plan: PlanDto) {
    if (status && hasPaidAccess(status)) {
      toast.plan('Already Have Active Plan', alreadyHavePlanText(status))
      return
    }
    const id = (attempt.current += 1)
    setPayment({ step: 'preparing', plan })

    let keyId: string
    try {
      keyId = (await request<RazorpayConfigResponse>('/api/billing/razorpay-config', { auth: false }))?.keyId
      if (!keyId) throw new Error('No key')
    } catch (error) {
      // A server without Razorpay's keys says so (503, docs/decisions.md D59): its sentence, not advice to retry.
      if (id === attempt.current) fail('Payments Not Set Up', errorText(error, PAYMENTS_NOT_SET_UP))
      return
    }

    // Unreadable details go on to the order: the server refuses it (422) if they are missing.
    const profile = await billing.current().catch(() => null)
    if (id !== attempt.current) return
    if (profile && !hasBillingDetails(profile)) return setPayment({ step: 'details', plan, keyId, reason: null })
    await createOrder(plan, keyId, id)
  }

  async function createOrder(plan: PlanDto, keyId: string, id: number) {
    try {
      const values: PaymentOrderRequest = { planId: plan.id, ...(forClient ? { workspaceId: forClient.id } : {}) }
      const { data: order } = await postOrder({ url: '/api/billing/create-payment', method: 'post', values })
      if (id !== attempt.current) return
      if (!order?.orderId) return fail('Payment Error', NO_ORDER)
      setPayment({ step: 'ready', opening: false, plan, order, keyId })
    } catch (error) {
      if (id !== attempt.current) return
      const missing = billingProfileMissing(error)
      if (missing) return setPayment({ step: 'details', plan, keyId, reason: missing })
      const { title, description } = purchaseErrorToast(error)
      const alreadySubscribed = title === ALREADY_SUBSCRIBED_TITLE
      fail(title, description, alreadySubscribed ? 'plan' : 'error')
      // The server knows of a plan this screen did not: show it.
      if (alreadySubscribed) void refresh()
    }
  }

  /** Billing details saved in the dialog: when they were what the order waited for, it is created now. */
  function profileSaved(profile: BillingProfileDto) {
    billing.saved(profile)
    if (payment.step !== 'details') return
    setPayment({ step: 'preparing', plan: payment.plan })
    void createOrder(payment.plan, payment.keyId, attempt.current)
  }

  async function verify({ plan, order, keyId }: Order, response: CheckoutSuccess) {
    setPayment({ step: 'verifying', plan, order, keyId })
    try {
      const { data: result } = await postVerification({
        url: '/api/billing/verify-payment',
        method: 'post',
        values: {
          razorpay_order_id: response.razorpay_order_id,
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_signature: response.razorpay_signature,
        },
      })
      setPayment({ step: 'closed' })
      const planName = planDisplayName(plan.name)
      setSuccess({ planName, validUntil: result?.currentPeriodEnd ?? order.validUntil })
      toast.success(
        'Payment Successful!',
        forClient
          ? `${forClient.name}'s ${planName} Plan is now active.`
          : `Welcome to ReviewRoute Pro. Your ${planName} Plan is now active.`
      )
      onPaid?.()
      await refresh()
    } catch (error) {
      setPayment({ step: 'failed', plan, order, keyId, details: errorText(error, VERIFY_FAILED) })
    }
  }

  /** Opens Razorpay Checkout for the prepared order (also the error dialog's Try Again). */
  async function pay() {
    if (payment.step !== 'ready' && payment.step !== 'failed') return
    const prepared: Order = { plan: payment.plan, order: payment.order, keyId: payment.keyId }
    setPayment({ step: 'ready', opening: true, ...prepared })

    let Checkout
    try {
      Checkout = await loadCheckout()
    } catch (error) {
      return fail('Payment Error', (error as Error).message)
    }
    const { order, keyId } = prepared
    const { name, email, contact } = order.customerDetails
    const checkout = new Checkout({
      key: keyId,
      amount: order.amount,
      currency: order.currency,
      order_id: order.orderId,
      name: 'ReviewRoute',
      description: order.description,
      prefill: { name, email, ...(contact ? { contact } : {}) },
      theme: { color: COLOURS.blue },
      handler: (response) => void verify(prepared, response),
      modal: { ondismiss: () => setPayment((current) => (current.step === 'ready' ? { ...current, opening: false } : current)) },
    })
    checkout.on('payment.failed', (response) => setPayment({ step: 'failed', ...prepared, details: failureDetails(response) }))
    checkout.open()
  }

  const hideSuccess = useCallback(() => setSuccess(null), [])
  return { payment, choose, profileSaved, pay, close, success, hideSuccess }
}
