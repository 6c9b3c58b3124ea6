/*
 * The API's contract: every answer's shape, and every request body as its validator accepts it (derived with
 * Vine's `Infer`, so the two cannot differ). Type-only: the dashboard and the site `import type` from here.
 * Controllers and actions declare these as their return types, so `npm run typecheck` fails when an answer
 * drifts from what the front ends read.
 */
import type { Infer } from '@vinejs/vine/types'
import type { ReviewLanguage, ReviewMessages } from '#contract/review_messages/index'
import type { WidgetLayout } from '#contract/widget'
import type {
  changeEmailValidator,
  changePasswordValidator,
  deleteAccountValidator,
  forgotPasswordValidator,
  loginValidator,
  oidcExchangeValidator,
  registerValidator,
  resetPasswordValidator,
  updatePhoneValidator,
  updateProfileValidator,
  verifyEmailValidator,
} from '#validators/auth'
import type { createPaymentValidator, verifyPaymentValidator } from '#validators/billing'
import type {
  searchBusinessValidator,
  selectBusinessValidator,
  updateBusinessValidator,
  updateShortUrlValidator,
} from '#validators/business'
import type { contactValidator } from '#validators/contact'
import type { updateNotificationSettingsValidator } from '#validators/notifications'
import type { resolveFeedbackValidator, submitReviewValidator } from '#validators/review'
import type {
  createCustomerValidator,
  createReviewRequestValidator,
  staffValidator,
  updateCustomerValidator,
  whatsappAccountValidator,
} from '#validators/requests'

/* Requests ------------------------------------------------------------------------------------------------ */

export type RegisterRequest = Infer<typeof registerValidator>
export type LoginRequest = Infer<typeof loginValidator>
export type ChangePasswordRequest = Infer<typeof changePasswordValidator>
export type ChangeEmailRequest = Infer<typeof changeEmailValidator>
export type OidcExchangeRequest = Infer<typeof oidcExchangeValidator>
export type DeleteAccountRequest = Infer<typeof deleteAccountValidator>
export type ForgotPasswordRequest = Infer<typeof forgotPasswordValidator>
export type ResetPasswordRequest = Infer<typeof resetPasswordValidator>
export type VerifyEmailRequest = Infer<typeof verifyEmailValidator>
export type UpdateProfileRequest = Infer<typeof updateProfileValidator>
export type UpdatePhoneRequest = Infer<typeof updatePhoneValidator>
export type SearchBusinessRequest = Infer<typeof searchBusinessValidator>
export type SelectBusinessRequest = Infer<typeof selectBusinessValidator>
export type UpdateBusinessRequest = Infer<typeof updateBusinessValidator>
export type UpdateShortUrlRequest = Infer<typeof updateShortUrlValidator>
export type SubmitReviewRequest = Infer<typeof submitReviewValidator>
export type ResolveFeedbackRequest = Infer<typeof resolveFeedbackValidator>
export type CreatePaymentRequest = Infer<typeof createPaymentValidator>
export type VerifyPaymentRequest = Infer<typeof verifyPaymentValidator>
export type ContactRequest = Infer<typeof contactValidator>
export type UpdateNotificationSettingsRequest = Infer<typeof updateNotificationSettingsValidator>
export type CreateCustomerRequest = Infer<typeof createCustomerValidator>
export type UpdateCustomerRequest = Infer<typeof updateCustomerValidator>
export type CreateReviewRequestRequest = Infer<typeof createReviewRequestValidator>
export type CreateStaffRequest = Infer<typeof staffValidator>
export type WhatsAppAccountRequest = Infer<typeof whatsappAccountValidator>

/* Answers ------------------------------------------------------------------------------------------------- */

export interface ApiErrorBody {
  error: string
  message: string
  errors?: { field: string; message: string }[]
  upgrade?: boolean
  title?: string
  retryAfter?: number
  /** `POST /api/auth/verify-email` with a spent link whose address is confirmed: the page says so instead of failing. */
  alreadyVerified?: boolean
}

export interface UserDto {
  id: number
  email: string
  firstName: string
  lastName: string
  name: string
  username: string
  phone: string
  profileImageUrl: string
  trialStartsAt: string | null
  trialEndsAt: string | null
  createdAt: string
  /** Whether the owner opened a verification link for this address (docs/decisions.md D29). */
  emailVerified: boolean
  /** `operator`: ReviewRoute staff, who may open /admin after the TOTP step (docs/decisions.md D34). */
  role: 'owner' | 'operator'
}

/** GET and PATCH /api/notification-settings (docs/decisions.md D30). */
export interface NotificationSettingsDto {
  feedbackAlerts: 'instant' | 'daily' | 'off'
  weeklySummary: boolean
  /** How 1-3 star Google reviews reach the person (docs/decisions.md D47); default `instant`. */
  googleReviewAlerts: 'instant' | 'daily' | 'off'
}

export interface AuthResponse {
  token: string
  user: UserDto
}

/** 202 of forgot-password and resend-verification: the same sentence whatever happened (docs/decisions.md D29). */
export interface AcceptedMessageResponse {
  message: string
}

/** reset-password answers an AuthResponse (signed in on this device); verify-email the verified owner. */
export interface VerifyEmailResponse {
  user: UserDto
}

/** POST /api/auth/reset-password/check: whether a reset link still works, so the page can say so on open. */
export interface ResetTokenCheckResponse {
  valid: true
}

/** GET /api/auth/oidc/config: whether "Continue with Google" is offered (docs/decisions.md D29). */
export interface OidcConfigResponse {
  enabled: boolean
  /** The provider's name on the button ("Google"). */
  name: string
}

export interface PlaceDto {
  place_id: string
  name: string
  address: string
  rating: number | null
  reviewCount: number
}

export interface BusinessDto {
  id: number
  placeId: string
  name: string
  address: string
  rating: number | null
  reviewCount: number
  shortUrl: string
  googleReviewUrl: string
  complianceMode: boolean
  language: ReviewLanguage | null
  createdAt: string
}

export interface PublicBusinessDto {
  name: string
  address: string
  shortUrl: string
  googleReviewUrl: string
  complianceMode: boolean
  /** The language the owner pinned for the customer page; null follows the customer (docs/decisions.md D31). */
  language: ReviewLanguage | null
}

export interface ReviewLinkDto {
  business: PublicBusinessDto
  canSubmitReview: boolean
  message?: string
  reviewCount: number
}

/**
 * `counted`: whether this rating was stored. A 4-5 goes on to Google either way (docs/decisions.md D31): a device
 * that rated the business within the hour, or a limit, only means it is not counted again.
 */
export type SubmitReviewResponse = { redirect: true; url: string; counted: boolean } | { redirect: false; counted: boolean }

/**
 * What `/review/{code}` and `/thanks` inline into the page (a JSON script element): the business, so the rating
 * screen paints at once, and the language the server chose with only that language's strings.
 */
/** The agency brand a client business's customer page shows instead of ReviewRoute's (docs/decisions.md D42, "Brand"). */
export interface InlinedBrand {
  name: string
  logoUrl: string | null
  logoWidth: number | null
  logoHeight: number | null
}

export interface InlinedReview {
  code: string
  link: ReviewLinkDto | null
  /** The agency's brand, for a business an agency manages and has branded; absent: ReviewRoute's own. */
  brand?: InlinedBrand
  error?: string
  /**
   * Which screen the server rendered, for the script to take over: the rating, the feedback form for `rating`,
   * thanks; `stop` / `stopped` (a review request's stop link) stay as the server rendered them.
   */
  view: 'rate' | 'feedback' | 'thanks' | 'not-found' | 'paused' | 'stop' | 'stopped'
  /** Opened from a personal link `/r/{token}`: ratings carry it, so the request is marked rated (docs/decisions.md D32). */
  requestToken?: string
  /** Opened from a staff member's link or QR (`?s=`): ratings carry the code (docs/decisions.md D32). */
  staffCode?: string
  /** The 1-3 rating the server-rendered feedback form is for. */
  rating?: number
  /** On thanks: the rating was not counted again (the same phone rated within the hour). */
  already?: boolean
  /** On thanks: the stored rating asked for a call-back, so the page says the number went to the business. */
  callback?: boolean
  language: ReviewLanguage
  messages: ReviewMessages
  /** The nine languages with their own names, for the switch (links to `?lang=`; on the feedback form, buttons posting it). */
  languages: { code: ReviewLanguage; name: string }[]
}

export interface ReviewSessionDto {
  id: number
  businessId: number
  rating: number
  feedback: string | null
  redirected: boolean
  resolved: boolean
  resolvedAt: string | null
  createdAt: string
  timestamp: string
  /** The customer asked to be contacted (the "contact me" tick): their name and 10-digit mobile, else null. */
  contactName: string | null
  contactPhone: string | null
  /** The review request whose personal link the rating came through (docs/decisions.md D32), else null. */
  reviewRequestId: number | null
  /** That request's customer, whom the owner can call back ('+91' and 10 digits; null for one reached by email alone); null without a request. */
  customer: { name: string; phone: string | null } | null
  /** The staff member whose link or review request the rating came through (docs/decisions.md D32), else null. */
  staff: { id: number; name: string } | null
}

export interface AnalyticsTotals {
  totalSessions: number
  positiveSessions: number
  negativeSessions: number
  redirectedSessions: number
  conversionRate: number
  positiveLast7Days: number
  pageViews: number
  /** The website widget's answers, all time (docs/decisions.md D49). */
  widgetViews: number
}

export interface AnalyticsResponse {
  business: BusinessDto
  analytics: AnalyticsTotals
  sessions: ReviewSessionDto[]
  reviews: ReviewSessionDto[]
  insights: {
    recentLowRated: ReviewSessionDto[]
    topTopics: { topic: string; count: number }[]
    pageViews: number
  }
}

export interface DailyPointDto {
  date: string
  sessions: number
  positive: number
  negative: number
  redirected: number
  views: number
  /** The website widget's answers that day (docs/decisions.md D49). */
  widgetViews: number
}

export interface DailySeriesResponse {
  businessId: number
  timeZone: string
  days: DailyPointDto[]
}

/** One day of a business's Google figures (docs/decisions.md D35); `rating` is null while the listing has none. */
export interface GoogleRatingPointDto {
  /** IST calendar day, 'YYYY-MM-DD'. */
  day: string
  rating: number | null
  reviewCount: number
}

/** `GET /api/businesses/{id}/google-rating-history`: oldest day first; `since` is the IST day the business was added. */
export interface GoogleRatingHistoryResponse {
  businessId: number
  since: string
  points: GoogleRatingPointDto[]
}

/** `POST /api/businesses/{id}/google-rating/refresh`: today's point and the business's figures now. */
export interface GoogleRatingRefreshResponse {
  businessId: number
  point: GoogleRatingPointDto
  business: { rating: number | null; reviewCount: number }
}

/** Figures over a range of IST days (GET /api/analytics/range), in the names of the analytics and overview totals. */
export interface RangeTotals {
  totalSessions: number
  positiveSessions: number
  negativeSessions: number
  redirectedSessions: number
  /** redirected / total in percent, one decimal. */
  conversionRate: number
  /** Mean star rating to one decimal; null without ratings. */
  averageRating: number | null
  /** Private feedback: ratings below the Google threshold that carry text. */
  filteredFeedback: number
  pageViews: number
  /** The website widget's answers (docs/decisions.md D49). */
  widgetViews: number
}

/** A range `from`-`to` ('YYYY-MM-DD', IST, both included) against the same number of days just before it. */
export interface AnalyticsRangeResponse {
  from: string
  to: string
  previous: { from: string; to: string }
  timeZone: string
  /** The business asked for; null: every business of the owner. */
  businessId: number | null
  totals: RangeTotals
  previousTotals: RangeTotals
  days: DailyPointDto[]
  /** A row per business counted, oldest first. */
  businesses: { businessId: number; name: string; totals: RangeTotals; previousTotals: RangeTotals }[]
}

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
   * Which businesses keep working without a paid plan (docs/product-rules.md#free-plan-limits): the owner's oldest
   * (`keepsWorking`, null with no business) collects up to the monthly cap; the others (`paused`, oldest first)
   * take no ratings until a plan is bought. Given in every state, so the owner sees it before the trial ends.
   */
  freePlan: FreePlanBusinessesDto
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

export interface GeoDto {
  city: string | null
  country: string | null
}

/** `POST /api/auth/sync-user` */
export type SyncUserResponse = Pick<UserDto, 'id' | 'email' | 'firstName' | 'lastName'>

/** `POST /api/user/update-phone` */
export interface UpdatePhoneResponse {
  success: true
  phone: string | null
}

/** `POST /api/search-business` */
export interface SearchBusinessResponse {
  places: PlaceDto[]
  /** Where the listings come from: Google Places, or the built-in demo catalogue when no Google key is configured. */
  source: 'google' | 'demo'
}

/** `POST /api/select-business` (201 when created, 200 when the owner already had it) */
export interface SelectBusinessResponse {
  business: BusinessDto
  created: boolean
}

/** `PATCH /api/business/{id}/update-short-url` */
export interface UpdateShortUrlResponse {
  business: BusinessDto
}

/** `DELETE /api/business/{id}` and `DELETE /api/businesses/{id}`: the business as it was. */
export type DeleteBusinessResponse = { success: true } & BusinessDto

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

/** `POST /api/contact` */
export interface ContactResponse {
  success: true
  id: number
  title: string
  detail: string
}

/** `GET /api/health`: 200 when both answer; 503 with `status: 'unavailable'` and the error sentence naming what is down. */
export interface HealthResponse {
  status: 'ok' | 'unavailable'
  mysql: 'up' | 'down'
  redis: 'up' | 'down'
}

/** The dashboard overview's numbers of one business, or of all of an owner's businesses together. */
export interface OverviewCounts {
  totalSessions: number
  positiveSessions: number
  negativeSessions: number
  redirectedSessions: number
  /** The mean star rating of every session, to one decimal; null without sessions. */
  averageRating: number | null
  /** Private feedback: sessions rated below the Google threshold that carry text. */
  filteredFeedback: number
}

/**
 * One business's ratings that went on to Google (4-5 stars) in the last PROJECTION_RECENT_DAYS days, from which
 * its review projections take the new reviews' average (docs/decisions.md D37).
 */
export interface RecentGoogleRatings {
  recentGoogleRatings: number
  /** Their mean star rating, to two decimals; null without any. */
  recentGoogleAverage: number | null
}

/** The Google reviews of the overview's businesses, all time, not deleted (docs/decisions.md D47). */
export interface OverviewGoogleReviews {
  total: number
  /** Reviews without a reply on Google. */
  unanswered: number
  /** Of them, 1-3 stars. */
  unansweredNegative: number
  /** Replied / total, 0-1 (four decimals); null without reviews. */
  responseRate: number | null
}

/** `GET /api/overview`: the owner's totals and each of their businesses' numbers (oldest business first). */
export interface OverviewResponse {
  totals: OverviewCounts & { businesses: number }
  businesses: (OverviewCounts & RecentGoogleRatings & { businessId: number })[]
  /** Only for a workspace with a Google connection (docs/decisions.md D47). */
  googleReviews?: OverviewGoogleReviews
}

/** `POST /api/auth/change-password` */
export interface ChangePasswordResponse {
  success: true
  message: string
}

/** `GET /api/auth/sessions`: one signed-in device (an access token of the owner). */
export interface DeviceDto {
  id: number
  createdAt: string
  lastUsedAt: string | null
  /** The browser that signed in, as it named itself; null for tokens issued before devices were recorded. */
  userAgent: string | null
  /** The device this request came from. */
  current: boolean
}

/**
 * `GET /api/account/export`: everything stored about the owner and their businesses (a JSON file; rows as stored,
 * through the columns each table exports, times in ISO 8601; docs/product-rules.md#data-export).
 */
export interface AccountExport {
  exportedAt: string
  profile: UserDto
  account: Record<string, unknown>
  businesses: Record<string, unknown>[]
  reviewLinkAliases: Record<string, unknown>[]
  /** Ratings, with their feedback and the call-back contacts customers left. */
  reviewSessions: Record<string, unknown>[]
  staff: Record<string, unknown>[]
  customers: Record<string, unknown>[]
  reviewRequests: Record<string, unknown>[]
  /** The numbers and addresses that asked the businesses for no more review requests. */
  optOuts: Record<string, unknown>[]
  googleRatingSnapshots: Record<string, unknown>[]
  pageViewsDaily: Record<string, unknown>[]
  /** The website widget's answers per day (docs/decisions.md D49); always sent, optional for older readers. */
  widgetViewsDaily?: Record<string, unknown>[]
  billingProfile: Record<string, unknown> | null
  payments: Record<string, unknown>[]
  refunds: Record<string, unknown>[]
  invoices: Record<string, unknown>[]
  subscriptions: Record<string, unknown>[]
  whatsappAccount: Record<string, unknown> | null
  contactMessages: Record<string, unknown>[]
  signedInDevices: Record<string, unknown>[]
}

/* Review requests (docs/decisions.md D32) ------------------------------------------------------------------ */

export type RequestChannelName = 'whatsapp_link' | 'whatsapp' | 'sms' | 'email'
export type RequestStatusName = 'created' | 'sending' | 'sent' | 'delivered' | 'opened' | 'rated' | 'failed' | 'opted_out'

export interface CustomerDto {
  id: number
  businessId: number
  name: string
  /** '+91' and 10 digits; null for a customer reached by email alone (every customer has a phone or an email). */
  phone: string | null
  email: string | null
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
  sentToGoogle: number
}

/** GET /api/review-requests/funnel?businessId=: requests sent → opened → rated → sent to Google, by channel. */
export interface RequestFunnelDto {
  businessId: number
  channels: RequestFunnelStep[]
  total: Omit<RequestFunnelStep, 'channel'>
  /** QR/poster traffic next to it: the page's views and ratings that came without a request. */
  poster: { pageViews: number; ratings: number; sentToGoogle: number }
}

/** Whether a channel can send for a business now; when not, `reason` says what it needs. */
export interface RequestChannelState {
  available: boolean
  /** The customer's contact the channel sends to. */
  needs: 'phone' | 'email'
  reason?: string
}

/** GET /api/businesses/{businessId}/request-channels: every way of sending a review request, usable or not. */
export type RequestChannelsDto = Record<RequestChannelName, RequestChannelState>

/** GET/PUT /api/whatsapp-account: the owner's WhatsApp Business connection; the token is never sent back. */
export interface WhatsAppAccountDto {
  connected: boolean
  phoneNumberId: string | null
  templates: Partial<Record<ReviewLanguage, string>>
  accessTokenSet: boolean
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

/* ------------------------------------------------------------------------------------------------------------
 * Operators (docs/decisions.md D34): /api/admin/*, 404 to everyone but an operator; every route but /2fa needs the
 * operator's TOTP step passed on this token (else 403 `{error, twoFactor: 'enroll' | 'verify'}`). Lists are Refine
 * lists (a bare array, `x-total-count`, `_start/_end/_sort/_order`, filters as query parameters, `q` searches).
 * Every write takes a `reason` (3-500 characters, else 422) and leaves one audit row.
 * ---------------------------------------------------------------------------------------------------------- */

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

/* Workspaces (docs/decisions.md D42) ------------------------------------------------------------------------ */

export type WorkspaceKindName = 'personal' | 'team' | 'agency' | 'client'
export type WorkspaceRoleName = 'owner' | 'manager' | 'viewer'

/** A workspace's brand: for a client workspace its managing agency's, for an agency its own. */
export interface WorkspaceBrandDto {
  name: string
  /** `#rrggbb` */
  color: string
  logoUrl: string | null
}

/** GET /api/workspaces (the ones the user joined first, oldest first: the first is the default), POST → 201. */
export interface WorkspaceDto {
  id: number
  name: string
  kind: WorkspaceKindName
  role: WorkspaceRoleName
  /** The businesses the member is limited to; null = all. */
  businessIds: number[] | null
  /** A client workspace's agency. */
  managedBy: { id: number; name: string } | null
  /** On the free plan. */
  isLimited: boolean
  brand: WorkspaceBrandDto | null
}

/** POST /api/workspaces */
export interface CreateWorkspaceRequest {
  name: string
  kind?: 'team' | 'agency'
}

/** PATCH /api/workspaces/{id} (owner) */
export interface UpdateWorkspaceRequest {
  name: string
}

/** DELETE /api/workspaces/{id} (owner) */
export interface DeleteWorkspaceRequest {
  password: string
}

export interface WorkspaceMemberDto {
  userId: number
  email: string
  name: string
  role: WorkspaceRoleName
  businessIds: number[] | null
  joinedAt: string
}

export interface WorkspaceInvitationDto {
  id: number
  email: string
  role: WorkspaceRoleName
  businessIds: number[] | null
  expiresAt: string
}

/** GET /api/workspaces/{id}/members (any member) */
export interface WorkspaceMembersResponse {
  members: WorkspaceMemberDto[]
  invitations: WorkspaceInvitationDto[]
}

/** POST /api/workspaces/{id}/invitations (owner) → 201 WorkspaceInvitationDto; mails `{APP_URL}/invite?token=…`. */
export interface CreateInvitationRequest {
  email: string
  role: WorkspaceRoleName
  businessIds?: number[] | null
}

/** POST /api/invitations/accept: 400 bad, used or expired token; 403 another account's (or unverified) address. */
export interface AcceptInvitationRequest {
  token: string
}

export interface AcceptInvitationResponse {
  workspace: WorkspaceDto
}

/** PATCH /api/workspaces/{id}/members/{userId} (owner); 409 when it would leave no owner. */
export interface UpdateMemberRequest {
  role?: WorkspaceRoleName
  businessIds?: number[] | null
}

/** GET /api/workspaces/{id}/activity (owner; `_start`, `_end`, `x-total-count`). */
export interface WorkspaceActivityDto {
  id: number
  action: string
  /** null: the system (a job, a webhook); userId and email null once that account is gone. */
  actor: { userId: number | null; name: string; email: string | null } | null
  summary: string
  createdAt: string
}

/** GET /api/workspaces/{agencyId}/clients */
export interface AgencyClientDto {
  id: number
  name: string
  businesses: number
  ratingsThisMonth: number
  averageThisMonth: number | null
  unansweredGoogleReviews: number | null
  plan: { status: 'trial' | 'active' | 'free'; planName: string | null; currentPeriodEnd: string | null }
}

/** POST /api/workspaces/{agencyId}/clients → 201 WorkspaceDto */
export interface CreateClientRequest {
  name: string
}

/** PUT /api/workspaces/{id}/brand (an agency's owner) → WorkspaceBrandDto. `logo`: a PNG or SVG data URL ≤ 100 KB, null removes it, absent keeps it. */
export interface UpdateBrandRequest {
  name: string
  color: string
  logo?: string | null
}

/* Google reviews (docs/decisions.md D45) ------------------------------------------------------------------- */

/** One Google review: `GET /api/google-reviews` (Refine list), `GET /api/google-reviews/{id}`, and the reply's answers. */
export interface GoogleReviewDto {
  id: number
  businessId: number
  /** accounts/{a}/locations/{l}/reviews/{r} */
  reviewName: string
  reviewer: { name: string | null; photoUrl: string | null; anonymous: boolean }
  /** 1-5; 0 when Google did not say. */
  stars: number
  comment: string | null
  createTime: string
  updateTime: string | null
  /** The reply on Google, as Google last gave it. */
  reply: { comment: string; updateTime: string | null } | null
  /** No longer on Google. */
  deleted: boolean
  /** Pinned to the website widget (docs/decisions.md D49): shown first. */
  pinned: boolean
  /** Hidden from the website widget. */
  hidden: boolean
}

/** `PATCH /api/google-reviews/{id}`: pin to or hide from the website widget (docs/decisions.md D49). */
export interface GoogleReviewWidgetUpdate {
  pinned?: boolean
  hidden?: boolean
}

/** `GET /api/widget/{code}`: the website widget's public answer (docs/decisions.md D49); nothing private in it. */
export interface WidgetDataDto {
  code: string
  /** The owner's default; the page's data-layout overrides it. */
  layout: WidgetLayout
  /** The business's language (en when none), for the widget's own words. */
  language: ReviewLanguage
  /** The widget's words in that language; `{count}` and `{rating}` are filled by the widget. */
  labels: WidgetLabels
  business: { name: string; listingUrl: string; reviewUrl: string }
  /** From the business's Google figures; average null when Google has none. */
  rating: { average: number | null; count: number }
  /** False without a Google connection and a linked location: reviews is [] (the badge only). */
  connected: boolean
  reviews: WidgetReviewDto[]
}

export interface WidgetLabels {
  writeReview: string
  reviewsOnGoogle: string
  ratingOutOf: string
  previous: string
  next: string
  readMore: string
  poweredByGoogle: string
}

export interface WidgetReviewDto {
  id: number
  stars: number
  text: string
  /** First name and the initial of the last ("Priya S."); "A Google user" for anonymous reviewers. */
  reviewer: string
  photoUrl: string | null
  time: string
  pinned: boolean
}

/** `GET /api/businesses/{id}/widget` (and the PUT's answer). */
export interface WidgetSettingsDto {
  code: string
  layout: WidgetLayout
  /** Lower-case origins; [] when any site may show the widget. */
  allowedSites: string[]
  /** What the owner pastes into their site. */
  snippet: string
  connected: boolean
  views: { today: number; last30Days: number }
}

/** `PUT /api/businesses/{id}/widget`. */
export interface WidgetSettingsUpdate {
  layout?: WidgetLayout
  allowedSites?: string[]
}

/** `GET /api/google-reviews/stats?businessId&from&to`: the reviews created in the period, deleted ones left out. */
export interface GoogleReviewStatsDto {
  total: number
  averageRating: number | null
  /** "1".."5" → reviews with that many stars. */
  byStars: Record<string, number>
  replied: number
  /** replied / total, 0-1; null without reviews. */
  responseRate: number | null
  /** From a review's creation to its reply's last update, the median over the replied ones; null with none. */
  medianResponseHours: number | null
  unanswered: number
  /** Unanswered with 1-3 stars. */
  unansweredNegative: number
}

/** `PUT /api/google-reviews/{id}/reply`: 1-4096 UTF-8 bytes, as Google takes them. */
export interface GoogleReplyRequest {
  comment: string
}

/* Reply templates and AI drafts (docs/decisions.md D46) ------------------------------------------------------- */

/** The customer page's nine languages, which a reply template is written in. */
export type ReplyTemplateLanguage = 'en' | 'hi' | 'bn' | 'mr' | 'te' | 'ta' | 'gu' | 'kn' | 'ml'

/** `GET /api/reply-templates` (a plain array), and the answer of its POST and PATCH. */
export interface ReplyTemplateDto {
  id: number
  name: string
  /** May hold `{reviewer}` and `{business}`. */
  body: string
  /** Distinct ratings 1-5, ascending. */
  stars: number[]
  language: ReplyTemplateLanguage
}

/** `POST /api/reply-templates`; `PATCH /api/reply-templates/{id}` takes any of the fields. */
export type ReplyTemplateRequest = Omit<ReplyTemplateDto, 'id'>

/** `GET` and `PUT /api/google/auto-reply` (docs/decisions.md D48): owners change it. */
export interface AutoReplyDto {
  enabled: boolean
  /** 1-72. */
  delayHours: number
  /** [4, 5] or [5]. */
  stars: number[]
}

export type DraftTone = 'warm' | 'formal' | 'brief'

/** `POST /api/google-reviews/{id}/draft {tone?}`: a suggested reply of at most 600 characters, stored nowhere. */
export interface ReplyDraftResponse {
  draft: string
}
