/*
 * Billing: plans, the trial and subscription state, usage against the free plan's limits, Razorpay payments, the
 * billing profile and tax invoices (docs/decisions.md D33).
 */
import type { Infer } from '@vinejs/vine/types'
import type { createPaymentValidator, verifyPaymentValidator } from '#validators/billing'

export type CreatePaymentRequest = Infer<typeof createPaymentValidator>

export type VerifyPaymentRequest = Infer<typeof verifyPaymentValidator>

export type PlanType = 'trial' | 'monthly' | '6-month' | '12-month'

export interface PlanDto {
  id: number
  name: string
  planType: PlanType
  totalPrice: number
  currency: string
  durationMonths: number
  pricePerMonth: number
  features: string[]
  tag: string | null
  savings: { amount: number; percent: number; fullPrice: number } | null
}

export interface TrialStatusDto {
  hasActivePaidSubscription: boolean
  hasActiveSubscription: boolean
  isTrialActive: boolean
  trialStatus: 'active' | 'expired'
  trialDaysRemaining: number
  trialEndsAt: string | null
  subscriptionPlan: 'trial' | 'pro'
  planType: PlanType | null
  planName: string | null
  subscriptionStatus: 'active' | 'cancelled' | 'expired' | null
  currentPeriodEnd: string | null
  daysRemaining: number
  isLimited: boolean
  /**
   * The dashboard is closed but for billing and the workspace's administration (docs/product-rules.md#locked-dashboard):
   * the free plan in the workspace made with the account, once its trial is over. A team, agency or client workspace
   * starts on the free plan without a trial and works within its limits.
   */
  isLocked: boolean
  /**
   * Which businesses keep working without a paid plan (docs/product-rules.md#free-plan-limits): the owner's oldest
   * (`keepsWorking`, null with no business) collects up to the monthly cap; the others (`paused`, oldest first)
   * take no ratings until a plan is bought. Given in every state, so the owner sees it before the trial ends.
   */
  freePlan: FreePlanBusinessesDto
  /**
   * Whether this server can take payments (Razorpay's keys are set). False: the dashboard shows that payments are
   * not set up here instead of the buy buttons (docs/decisions.md D59).
   */
  paymentsConfigured: boolean
}

export interface FreePlanBusinessesDto {
  keepsWorking: { id: number; name: string } | null
  paused: { id: number; name: string }[]
}

export interface UsageDto {
  subscriptionPlan: 'trial' | 'pro'
  planType: PlanType | null
  isLimited: boolean
  usage: { businesses: number; reviewsThisMonth: number; reviewsThisMonthByBusiness: Record<string, number> }
  limits: { businesses: number | null; reviewsPerBusinessPerMonth: number | null }
}

export interface CreatePaymentResponse {
  orderId: string
  amount: number
  currency: string
  keyId: string
  planName: string
  durationMonths: number
  validUntil: string
  description: string
  customerDetails: { name: string; email: string; contact: string }
}

/** `GET /api/billing/razorpay-config` */
export interface RazorpayConfigResponse {
  keyId: string
}

/** `POST /api/billing/verify-payment` and `POST /api/billing/cancel-subscription` */
export type BillingChangeResponse = { success: true } & TrialStatusDto

/** `POST /api/webhooks/razorpay` */
export interface WebhookResponse {
  status: 'processed' | 'duplicate' | 'ignored'
}

/** GET/PUT /api/billing/profile (docs/decisions.md D33): who the tax invoices are made out to. */
export interface BillingProfileDto {
  legalName: string | null
  address: string | null
  /** The GST state code of the state or union territory (backend/contract/gst.ts `GST_STATES`). */
  stateCode: string | null
  gstin: string | null
}

export interface BillingProfileRequest {
  legalName: string
  address: string
  stateCode: string
  /** Optional; 15 characters, a matching check character and the state's code first (else 422 on `gstin`). */
  gstin?: string | null
}

/** A party on an invoice, as it was when the invoice was issued. */
export interface InvoicePartyDto {
  legalName: string
  address: string
  stateCode: string
  stateName: string
  gstin: string | null
}

/** GET /api/invoices/{id}: a tax invoice or a credit note, amounts in integer paise. */
export interface InvoiceDto {
  id: number
  /** `{prefix}/{YYYY-YY}/{00001}` for invoices, `{prefix}CN/{YY-YY}/{00001}` for credit notes (at most 16 characters). */
  number: string
  kind: 'invoice' | 'credit_note'
  issuedAt: string
  /** A credit note's invoice. */
  refersTo: { id: number; number: string; issuedAt: string } | null
  paymentId: number
  seller: InvoicePartyDto
  buyer: InvoicePartyDto
  placeOfSupply: { stateCode: string; stateName: string }
  /** Services Accounting Code, e.g. 998314. */
  sac: string
  description: string
  taxRatePercent: number
  taxableValue: number
  cgst: number
  sgst: number
  igst: number
  total: number
  /** "Rupees Two Thousand Four Hundred Ninety-Nine Only" */
  totalInWords: string
  reverseCharge: false
  currency: 'INR'
}

/** GET /api/billing/payments: the owner's payment history, newest first. */
export interface PaymentHistoryDto {
  id: number
  createdAt: string
  paidAt: string | null
  planName: string
  durationMonths: number
  /** Paise, GST included. */
  amount: number
  status: 'created' | 'paid' | 'failed' | 'refunded' | 'partially_refunded'
  refundedAmount: number
  invoiceId: number | null
  creditNoteId: number | null
}

/** GET /api/billing/alert-messages: the WhatsApp alerts ReviewRoute sent this workspace's members this month. */
export interface AlertMessagesDto {
  month: string
  messages: number
  costInr: number
  pricePerMessageInr: number
}
