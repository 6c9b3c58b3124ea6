/* ------------------------------------------------------------------------------------------------------------
 * Operators (docs/decisions.md D34): /api/admin/*, 404 to everyone but an operator; every route but /2fa needs the
 * operator's TOTP step passed on this token (else 403 `{error, twoFactor: 'enroll' | 'verify'}`). Lists are Refine
 * lists (a bare array, `x-total-count`, `_start/_end/_sort/_order`, filters as query parameters, `q` searches).
 * Every write takes a `reason` (3-500 characters, else 422) and leaves one audit row.
 * ---------------------------------------------------------------------------------------------------------- */
import type { InvoiceDto } from './billing.js'

/** The TOTP step a 403 of /api/admin/* asks for (`ApiErrorBody.twoFactor`): enrol first, or verify this token. */
export type TwoFactorStep = 'enroll' | 'verify'

/** GET /api/admin/2fa: where this operator and this token stand. */
export interface TwoFactorStatusDto {
  enrolled: boolean
  /** This token passed the TOTP step (valid 12 hours). */
  verified: boolean
  verifiedUntil: string | null
}

/** POST /api/admin/2fa/enroll (before enrolment only): the secret to scan. */
export interface TwoFactorEnrollmentDto {
  secret: string
  otpauthUrl: string
  /** The otpauth URL as a PNG data URL, to show as a QR code. */
  qrDataUrl: string
}

/** POST /api/admin/2fa/activate `{code}`: enrolment confirmed with a first code; the recovery codes, shown once. */
export interface TwoFactorActivatedDto extends TwoFactorStatusDto {
  recoveryCodes: string[]
}

/** POST /api/admin/2fa/verify `{code}`: a TOTP code or an unused recovery code. */
export type TwoFactorVerifyRequest = { code: string }

export type AdminPlanState = 'trial' | 'pro' | 'free' | 'cancelled'

/** GET /api/admin/users (`q`: email or name; filters `role`, `plan`, `disabled`), GET /api/admin/users/{id}. */
export interface AdminUserDto {
  id: number
  email: string
  name: string
  role: 'owner' | 'operator'
  createdAt: string
  lastSeenAt: string | null
  trialEndsAt: string | null
  /** What the owner has now: a running trial, a paid (or granted) plan, a cancelled plan still running, or free. */
  plan: AdminPlanState
  planType: string | null
  currentPeriodEnd: string | null
  businesses: number
  disabledAt: string | null
  disabledReason: string | null
}

/** GET /api/admin/users/{id}: the user with their businesses and payments. */
export interface AdminUserDetailDto extends AdminUserDto {
  businessList: AdminBusinessDto[]
  payments: AdminPaymentDto[]
}

export interface AdminReasonRequest {
  reason: string
}

/** POST /api/admin/users/{id}/extend-trial */
export interface AdminExtendTrialRequest extends AdminReasonRequest {
  /** 1-90 days added to the trial's end (or to now, when it has ended). */
  days: number
}

/** POST /api/admin/users/{id}/grant-plan: a plan without payment (no invoice), from now or after the running one. */
export interface AdminGrantPlanRequest extends AdminReasonRequest {
  months: 1 | 6 | 12
}

/** GET /api/admin/businesses (`q`: name or short code), POST /api/admin/businesses/{id}/disable|enable. */
export interface AdminBusinessDto {
  id: number
  name: string
  shortUrl: string
  /** Who added it; null (and no address) once that account is gone. */
  userId: number | null
  ownerEmail: string | null
  /** The workspace it belongs to. */
  workspaceId: number
  workspaceName: string
  createdAt: string
  ratings: number
  disabledAt: string | null
  disabledReason: string | null
}

/** GET /api/admin/payments (filters `status`, `userId`; `q`: order or payment id, email); POST …/{id}/refund. */
export interface AdminPaymentDto {
  id: number
  userId: number | null
  userEmail: string | null
  planName: string
  amount: number
  status: 'created' | 'paid' | 'failed'
  razorpayOrderId: string
  razorpayPaymentId: string | null
  createdAt: string
  paidAt: string | null
  invoiceId: number | null
  invoiceNumber: string | null
  refund: { amount: number; status: 'pending' | 'processed' | 'failed'; creditNoteNumber: string | null } | null
}

/** GET /api/admin/invoices (filters `kind`, `userId`; `q`: number or email); PDF at /api/admin/invoices/{id}/pdf. */
export interface AdminInvoiceDto extends InvoiceDto {
  userId: number | null
  userEmail: string | null
}

/** GET /api/admin/contact-messages (filter `handled=true|false`); POST …/{id}/handle `{reason}`, …/{id}/reply `{message, reason}`. */
export interface AdminContactMessageDto {
  id: number
  name: string
  email: string
  subject: string
  message: string
  userId: number | null
  createdAt: string
  handledAt: string | null
  handledBy: string | null
}

export interface AdminReplyRequest extends AdminReasonRequest {
  message: string
}

/** GET /api/admin/queues */
export interface AdminQueueDto {
  name: string
  counts: { waiting: number; active: number; delayed: number; failed: number; completed: number }
}

/** GET /api/admin/queues/{name}/failed; POST /api/admin/queues/{name}/jobs/{jobId}/retry|remove `{reason}`. */
export interface AdminFailedJobDto {
  id: string
  queue: string
  name: string
  data: unknown
  failedReason: string
  attemptsMade: number
  failedAt: string | null
  createdAt: string
}

/** GET /api/admin/audit-log (filters `operatorId`, `action`, `targetType`, `targetId`): read only. */
export interface AuditLogDto {
  id: number
  operatorId: number | null
  operatorEmail: string
  action: string
  targetType: string
  targetId: string
  before: unknown
  after: unknown
  reason: string
  createdAt: string
}

/** GET /api/admin/alert-messages: every workspace's WhatsApp alerts this month, the 20 with the most. */
export interface AdminAlertMessagesDto {
  month: string
  messages: number
  costInr: number
  pricePerMessageInr: number
  workspaces: { workspaceId: number; name: string; messages: number; costInr: number }[]
}
