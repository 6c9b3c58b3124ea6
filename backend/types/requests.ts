/*
 * Review requests (docs/decisions.md D32): customers, the requests sent to them and their funnel, the channels that
 * send them (WhatsApp Business among them), the after-visit hook and staff links.
 */
import type { Infer } from '@vinejs/vine/types'
import type { ReviewLanguage } from '#contract/review_messages/index'
import type { WhatsAppTemplateStatus } from '#contract/whatsapp_chat'
import type { BusinessMessageLanguage } from '#contract/message_language'
import type {
  createCustomerValidator,
  createReviewRequestValidator,
  staffValidator,
  updateCustomerValidator,
  whatsappAccountValidator,
} from '#validators/requests'
import type { createIntegrationValidator, updateIntegrationValidator } from '#validators/integrations'

export type CreateCustomerRequest = Infer<typeof createCustomerValidator>

export type UpdateCustomerRequest = Infer<typeof updateCustomerValidator>

export type CreateReviewRequestRequest = Infer<typeof createReviewRequestValidator>

export type CreateStaffRequest = Infer<typeof staffValidator>

export type WhatsAppAccountRequest = Infer<typeof whatsappAccountValidator>

export type RequestChannelName = 'whatsapp_link' | 'whatsapp' | 'sms' | 'email'

export type RequestStatusName = 'created' | 'sending' | 'sent' | 'delivered' | 'opened' | 'rated' | 'failed' | 'opted_out'

export interface CustomerDto {
  id: number
  businessId: number
  name: string
  /** '+91' and 10 digits; null for a customer reached by email alone (every customer has a phone or an email). */
  phone: string | null
  email: string | null
  /** The language the owner chose for their messages; null: chosen for them (docs/decisions.md D65). */
  language: ReviewLanguage | null
  /** The customer page's language they last rated in through a personal link, else null. */
  ratedLanguage: ReviewLanguage | null
  consentAt: string
  optedOutAt: string | null
  createdAt: string
}

export interface ReviewRequestDto {
  id: number
  businessId: number
  customerId: number
  customerName: string
  customerPhone: string | null
  customerEmail: string | null
  channel: RequestChannelName
  status: RequestStatusName
  /** The personal link `{APP_URL}/r/{token}`. */
  link: string
  sentAt: string | null
  openedAt: string | null
  ratedAt: string | null
  /** When `status` is `failed`: why, in the provider's words (e.g. "Message undeliverable (131026)"). */
  failureReason: string | null
  createdAt: string
  /** Where it came from (docs/decisions.md D72), the integration that sent it, and not before when it goes. */
  source: 'manual' | 'csv' | 'visit_hook' | 'integration' | 'staff_link'
  integrationId: number | null
  sendAfter: string | null
  /** For `whatsapp_link`: the owner's own WhatsApp opened on this customer with the message. */
  whatsappUrl?: string
}

/** POST /api/businesses/{businessId}/test-message: a customer's message on this channel, sent now to the owner. */
export interface TestMessageRequest {
  channel: 'whatsapp' | 'sms' | 'email'
  /** WhatsApp Business and SMS: the mobile to send to (any usual Indian form); the account's phone when left out. */
  phone?: string
}

export interface TestMessageDto {
  channel: TestMessageRequest['channel']
  /** Where it went: the account's email, or '+91…'. */
  to: string
}

export interface CustomerImportRow {
  /** The row's number in the spreadsheet: a header is row 1, so a file with one starts its customers at row 2. */
  row: number
  status: 'created' | 'merged' | 'skipped'
  name?: string
  phone?: string
  email?: string
  /** Why a skipped row was skipped. */
  errors?: string[]
  /** What of a kept row was left out (a malformed email or number next to a good one). */
  warnings?: string[]
}

/** POST /api/customers/import: a result per row; with `dryRun`, what would happen (nothing stored). */
export interface CustomerImportResponse {
  dryRun: boolean
  created: number
  merged: number
  skipped: number
  rows: CustomerImportRow[]
}

export interface RequestFunnelStep {
  channel: RequestChannelName
  sent: number
  opened: number
  rated: number
  /** Of `rated`, those rated inside WhatsApp with the request's buttons. */
  ratedInWhatsApp: number
  sentToGoogle: number
}

/** GET /api/review-requests/funnel?businessId=: requests sent → opened → rated → sent to Google, by channel. */
export interface RequestFunnelDto {
  businessId: number
  channels: RequestFunnelStep[]
  total: Omit<RequestFunnelStep, 'channel'>
  /** QR/poster traffic next to it: the page's views and ratings that came without a request. */
  poster: { pageViews: number; ratings: number; sentToGoogle: number }
  /** By source (docs/decisions.md D72), the most rated first: what each integration brought. */
  sources: RequestSourceStep[]
}

/**
 * One source's requests: by hand (`manual`), `csv`, the `visit_hook`, an `integration` (each its own row, with its
 * provider), and `staff_link` (ratings through a staff member's link, which have no request).
 */
export interface RequestSourceStep {
  source: 'manual' | 'csv' | 'visit_hook' | 'integration' | 'staff_link'
  integrationId: number | null
  provider: 'razorpay' | 'shopify' | 'woocommerce' | 'zoho_books' | 'zenoti' | null
  requests: number
  sent: number
  opened: number
  rated: number
  sentToGoogle: number
}

/** Whether a channel can send for a business now; when not, `reason` says what it needs. */
export interface RequestChannelState {
  available: boolean
  /** The customer's contact the channel sends to. */
  needs: 'phone' | 'email'
  reason?: string
}

/**
 * GET /api/businesses/{businessId}/request-channels: every way of sending a review request, usable or not, and the
 * languages requests go out in (docs/decisions.md D65).
 */
export interface RequestChannelsDto extends Record<RequestChannelName, RequestChannelState> {
  /** WhatsApp Business: also what Meta charges per delivered template message, in rupees (WHATSAPP_PRICE_INR). */
  whatsapp: RequestChannelState & { pricePerMessageInr: number }
  /** The language of a customer with none of their own (never chosen, never rated through a personal link). */
  language: BusinessMessageLanguage
  /** The languages WhatsApp Business has an approved template in (none: not connected); any other goes in English. */
  whatsappLanguages: ReviewLanguage[]
}

/** Meta's review state of a message template; only an APPROVED one sends (any other language goes in English). */
export type { WhatsAppTemplateStatus }

/** One review-request template on the business's WhatsApp Business account, in one language. */
export interface WhatsAppTemplateDto {
  name: string
  language: ReviewLanguage
  status: WhatsAppTemplateStatus
  /** Meta's reason for a rejection, pause or disabling, in its words; else null. */
  reason: string | null
}

/**
 * What the dashboard needs to open Meta's Embedded Signup (WHATSAPP_APP_ID, WHATSAPP_CONFIG_ID, WHATSAPP_SDK_URL,
 * WHATSAPP_API_VERSION); null when the app id or the configuration is not set, so only the manual form is offered.
 */
export interface WhatsAppSignupConfigDto {
  appId: string
  configId: string
  sdkUrl: string
  apiVersion: string
}

/** Something Meta told about the number that the owner must see: a quality or limit change, or a removed connection. */
export interface WhatsAppNoticeDto {
  kind: 'quality' | 'disconnected'
  message: string
  at: string
}

/**
 * GET/PUT /api/whatsapp-account, POST /api/whatsapp-account/embedded-signup: the workspace's WhatsApp Business
 * connection; the token is never sent back.
 */
export interface WhatsAppAccountDto {
  connected: boolean
  wabaId: string | null
  phoneNumberId: string | null
  /** As Meta shows it: "+91 98450 67890". */
  displayPhoneNumber: string | null
  verifiedName: string | null
  /** Meta's quality rating of the number: GREEN, YELLOW, RED or UNKNOWN. */
  qualityRating: string | null
  /** Meta's messaging limit of the number ("TIER_1K", …); null when not known. */
  messagingLimit: string | null
  /** Connected with the number the owner keeps using in the WhatsApp Business app on their phone. */
  coexistence: boolean
  accessTokenSet: boolean
  templates: WhatsAppTemplateDto[]
  /** The latest thing Meta told about the number the owner should see (a banner), else null. */
  notice: WhatsAppNoticeDto | null
  embeddedSignup: WhatsAppSignupConfigDto | null
}

/** POST /api/whatsapp-account/embedded-signup: what Meta's Embedded Signup popup gave the page. */
export interface WhatsAppEmbeddedSignupRequest {
  /** The code FB.login's callback answered (exchanged on the server for the business token). */
  code: string
  /** From the `WA_EMBEDDED_SIGNUP` FINISH event's data. */
  wabaId: string
  phoneNumberId: string
  /** The FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING event: the number stays in the WhatsApp Business app. */
  coexistence?: boolean
}

/** GET/POST /api/businesses/{id}/visit-hook: the after-visit hook's secret address, shown to the owner only. */
export interface VisitHookDto {
  enabled: boolean
  url: string | null
}

/** GET /api/businesses/{id}/staff: each staff member with their link and what came through it, best first. */
export interface StaffDto {
  id: number
  name: string
  code: string
  /** `{APP_URL}/review/{business code}?s={code}`: their own link and QR. */
  link: string
  ratings: number
  sentToGoogle: number
  requests: number
  rated: number
}

/**
 * GET /api/review-requests/usage?month=YYYY-MM: the WhatsApp Business template messages each business the member
 * sees sent in that month (India's calendar; requests and their reminders), what Meta charges for, and their cost.
 */
export interface WhatsAppUsageDto {
  month: string
  pricePerMessageInr: number
  businesses: { businessId: number; messages: number; costInr: number }[]
}

/** An integration of a business (docs/decisions.md D72): GET/POST /api/businesses/{id}/integrations, PATCH. */
export interface IntegrationDto {
  id: number
  businessId: number
  provider: 'razorpay' | 'shopify' | 'woocommerce' | 'zoho_books' | 'zenoti'
  /** Where the provider sends its webhooks. */
  webhookUrl: string
  /** The signing key, in the answer that created the integration (or gave it a new key) only. */
  secret?: string
  trigger: string
  delayMinutes: number
  channel: 'auto' | 'whatsapp' | 'sms' | 'email'
  minAmountPaise: number
  active: boolean
  consentConfirmedAt: string
  lastEventAt: string | null
  /** Of the last 20 events, how many scheduled a request and how many did not (skipped or rejected). */
  recent: { scheduled: number; skipped: number; rejected: number }
}

/** GET /api/integrations/{id}/events: newest first, the last 200. */
export interface IntegrationEventDto {
  id: number
  receivedAt: string
  /** The order, payment, invoice or appointment. */
  reference: string | null
  /** Masked: "Kavya R., +91 98•••••210". */
  customer: string | null
  outcome: 'scheduled' | 'skipped' | 'rejected'
  /** In words: "request scheduled for 7:30 pm", "skipped: opted out", "signature did not match". */
  reason: string | null
  requestId: number | null
  sendAt: string | null
  /** Sent with "Send a test event". */
  test: boolean
}

/** POST /api/integrations/{id}/test: the test event's outcome, as the log has it. */
export interface IntegrationTestDto {
  status: number
  event: IntegrationEventDto | null
  /** What happened, in plain words. */
  message: string
}

export type CreateIntegrationRequest = Infer<typeof createIntegrationValidator>
export type UpdateIntegrationRequest = Infer<typeof updateIntegrationValidator>
