/*
 * The WhatsApp Business connection in the owner's words: Meta's quality rating, messaging limit and template states
 * (GET /api/whatsapp-account), and what a batch of messages costs at Meta's rate.
 */
import type { WhatsAppTemplateStatus } from '@reviewroute/backend/types/api'
import { formatCount, rupees as fromPaise } from '@reviewroute/web-shared/format'

interface Label {
  label: string
  color: string
}

/** Meta's quality rating of the number: how its customers have been receiving its messages. */
export const QUALITY_LABELS: Record<string, Label> = {
  GREEN: { label: 'High (green)', color: 'green' },
  YELLOW: { label: 'Medium (yellow)', color: 'gold' },
  RED: { label: 'Low (red)', color: 'red' },
}
const QUALITY_UNKNOWN: Label = { label: 'Not rated yet', color: 'default' }

export const qualityLabel = (rating: string | null) => (rating && QUALITY_LABELS[rating.toUpperCase()]) || QUALITY_UNKNOWN

/** 'TIER_1K' → '1,000 customers a day'; 'TIER_UNLIMITED' → 'No daily limit'; null → 'Not known yet'. */
export function messagingLimitText(limit: string | null) {
  if (!limit) return 'Not known yet'
  if (/^TIER_UNLIMITED$/i.test(limit)) return 'No daily limit'
  const tier = /^TIER_(\d+)(K)?$/i.exec(limit)
  if (!tier) return limit
  const customers = Number(tier[1]) * (tier[2] ? 1000 : 1)
  return `${formatCount(customers)} customers a day`
}

/** A template's review state at Meta: only an approved one sends. */
export const TEMPLATE_STATUS_LABELS: Record<WhatsAppTemplateStatus, Label> = {
  PENDING: { label: 'Pending', color: 'gold' },
  APPROVED: { label: 'Approved', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'red' },
  PAUSED: { label: 'Paused', color: 'orange' },
  DISABLED: { label: 'Disabled', color: 'default' },
}

export const ENGLISH_FALLBACK = 'Requests in a language without an approved template go in English.'

export const COEXISTENCE = 'Coexistence: your WhatsApp Business app'
export const COEXISTENCE_HINT =
  "With your WhatsApp Business app's number, you keep chatting in the app and ReviewRoute sends from the same number."

/** ₹0.35; ₹0.115 keeps its third decimal (Meta's rate is set in paise and a tenth). */
export const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 3 })}`

/** A total in rupees: paise for small sums ('₹11.50'), whole rupees in Indian grouping for large ones ('₹1,15,000'). */
export const rupeesAbout = (amount: number) => fromPaise(Math.round(amount * 100), { decimals: amount < 1000 })

/** '12 WhatsApp messages, about ₹1.38 (₹0.115 a message)'. */
export const whatsAppCostLine = (messages: number, pricePerMessageInr: number) =>
  `${formatCount(messages)} WhatsApp ${messages === 1 ? 'message' : 'messages'}, about ${rupeesAbout(messages * pricePerMessageInr)} (${rupees(pricePerMessageInr)} a message)`
