/*
 * The operator console (docs/decisions.md D34): its API resources, how states read, the TOTP step a 403 asks for, and
 * the reason every write must carry. Only the console's chunk imports this file; owners never download it.
 */
import type {
  AdminContactMessageDto,
  AdminPaymentDto,
  AdminPlanState,
  AdminUserDto,
  InvoiceDto,
  TwoFactorStep,
} from '@reviewroute/backend/types/api'
import { adminResources } from '#config/resources'
import { ApiError } from '#providers/http'

export const ADMIN_HOME = '/admin/users'
export const TWO_FACTOR_PATH = '/admin/2fa'
export const TWO_FACTOR_API = '/api/admin/2fa'

export const failedJobsResource = (queue: string) => `admin/queues/${encodeURIComponent(queue)}/failed`

/** POST paths of the writes: each takes `{reason}` plus its own fields. */
export const adminWrite = {
  user: (id: number, action: 'extend-trial' | 'grant-plan' | 'end-plan' | 'disable' | 'enable') => `/api/admin/users/${id}/${action}`,
  business: (id: number, action: 'disable' | 'enable') => `/api/admin/businesses/${id}/${action}`,
  refund: (paymentId: number) => `/api/admin/payments/${paymentId}/refund`,
  contact: (id: number, action: 'handle' | 'reply') => `/api/admin/contact-messages/${id}/${action}`,
  job: (queue: string, jobId: string, action: 'retry' | 'remove') =>
    `/api/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(jobId)}/${action}`,
}

export const invoicePdfAdminPath = (id: number) => `/api/admin/invoices/${id}/pdf`

/** The reason the server accepts: 3-500 characters once trimmed. */
export const REASON_MIN = 3
export const REASON_MAX = 500

export function reasonProblem(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!text) return 'Say why: the reason goes into the audit log.'
  if (text.length < REASON_MIN) return `Write at least ${REASON_MIN} characters.`
  if (text.length > REASON_MAX) return `Keep it under ${REASON_MAX + 1} characters.`
  return null
}

export type { TwoFactorStep }

/** The TOTP step an admin API refusal asks for: a 403 `{twoFactor: 'enroll' | 'verify'}`, else null. */
export function twoFactorStep(error: unknown): TwoFactorStep | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null
  const step: unknown = error.body.twoFactor
  return step === 'enroll' || step === 'verify' ? step : null
}

/** The recovery codes as a text file: one per line, with a line saying what they are. */
export const recoveryCodesText = (codes: string[], email?: string) =>
  [`ReviewRoute operator recovery codes${email ? ` for ${email}` : ''}. Each works once.`, '', ...codes, ''].join('\n')

export const RECOVERY_CODES_FILE = 'reviewroute-recovery-codes.txt'

interface Label {
  label: string
  color: string
}

export const PLAN_LABELS: Record<AdminPlanState, Label> = {
  trial: { label: 'Trial', color: 'blue' },
  pro: { label: 'Pro', color: 'green' },
  cancelled: { label: 'Cancelled, still running', color: 'orange' },
  free: { label: 'Free', color: 'default' },
}

export const ROLE_LABELS: Record<AdminUserDto['role'], Label> = {
  owner: { label: 'Owner', color: 'default' },
  operator: { label: 'Operator', color: 'purple' },
}

export const REFUND_LABELS: Record<NonNullable<AdminPaymentDto['refund']>['status'], Label> = {
  pending: { label: 'Refund pending', color: 'gold' },
  processed: { label: 'Refunded', color: 'purple' },
  failed: { label: 'Refund failed', color: 'error' },
}

export const INVOICE_KIND_LABELS: Record<InvoiceDto['kind'], Label> = {
  invoice: { label: 'Invoice', color: 'blue' },
  credit_note: { label: 'Credit note', color: 'purple' },
}

export const contactState = (message: Pick<AdminContactMessageDto, 'handledAt'>): Label =>
  message.handledAt ? { label: 'Handled', color: 'green' } : { label: 'Open', color: 'blue' }

/** A paid payment without a refund under way or done is one an operator may try to refund (the server decides). */
export const canRefund = (payment: Pick<AdminPaymentDto, 'status' | 'refund'>) =>
  payment.status === 'paid' && (!payment.refund || payment.refund.status === 'failed')

/** Plans an operator grants without payment (POST …/grant-plan). */
export const GRANT_MONTHS = [1, 6, 12] as const

/** Before/after of an audit row as one line of JSON; '—' when there is none. */
export function compactJson(value: unknown) {
  if (value === null || value === undefined) return '—'
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/** The console's side menu (docs/decisions.md D34): a screen per resource, keyed by the resource's name. */
export const ADMIN_NAV = adminResources.map(({ name, list, meta }) => ({ key: name, label: meta.label, href: list }))

export const activeAdminNav = (pathname: string) =>
  ADMIN_NAV.filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`)).map((item) => item.key)
