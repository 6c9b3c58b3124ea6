/*
 * The account: sign-up, sign-in (password or OIDC), email verification and password reset, the profile, signed-in
 * devices, notification settings and the account export.
 */
import type { Infer } from '@vinejs/vine/types'
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
import type { updateNotificationSettingsValidator } from '#validators/notifications'
import type { pushSubscriptionValidator } from '#validators/push'

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

export type UpdateNotificationSettingsRequest = Infer<typeof updateNotificationSettingsValidator>

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
  /** Which Google reviews alert the person: `low` (1-3 stars, the default) or `all`. */
  googleReviewAlertStars: 'low' | 'all'
  /** The language of WhatsApp alerts, notifications and chat answers: one of the customer page's nine. */
  alertLanguage: 'en' | 'hi' | 'bn' | 'mr' | 'te' | 'ta' | 'gu' | 'kn' | 'ml'
  /** Where each kind of alert goes: `email`, `whatsapp` (ReviewRoute's number), `push` (the member's devices). */
  channels: Record<'feedback' | 'googleReviews' | 'summaries', ('email' | 'whatsapp' | 'push')[]>
  /** The proved number WhatsApp alerts go to (null: none), and whether this server sends WhatsApp alerts at all. */
  whatsapp: WhatsAppAlertNumberDto & { available: boolean }
  /** Hours (India time, 0-23) WhatsApp and push alerts wait out, except a 1-star one; null: none. */
  quietHours: { from: number; until: number } | null
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

/** `POST /api/auth/sync-user` */
export type SyncUserResponse = Pick<UserDto, 'id' | 'email' | 'firstName' | 'lastName'>

/** `POST /api/user/update-phone` */
export interface UpdatePhoneResponse {
  success: true
  phone: string | null
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

/** GET /api/push/public-key: the VAPID key a browser subscribes with; null when push is off on this server. */
export interface PushPublicKeyDto {
  publicKey: string | null
}

/** POST /api/push-subscriptions: a browser's PushSubscription (`toJSON()`), with a name for the device. */
export type PushSubscriptionRequest = Infer<typeof pushSubscriptionValidator>

/** One device a member gets alerts on; the endpoint and keys are never sent back. */
export interface PushSubscriptionDto {
  id: number
  label: string | null
  /** The push service's host (fcm.googleapis.com, …). */
  service: string
  createdAt: string
  lastSentAt: string | null
}

/** 202 of POST /api/profile/whatsapp-alerts: where the code went and until when it works. */
export interface WhatsAppAlertCodeSentDto {
  phone: string
  expiresAt: string
}

/** The number WhatsApp alerts go to, once proved; null when none. */
export interface WhatsAppAlertNumberDto {
  phone: string | null
  verifiedAt: string | null
}

/** One of the member's last 20 alerts (GET /api/profile/alerts): where it went, how each channel fared, what a tap did. */
export interface MemberAlertDto {
  id: number
  kind: 'feedback' | 'googleReviews' | 'summaries'
  createdAt: string
  title: string
  businessName: string | null
  /** The dashboard path it opens. */
  url: string | null
  channels: { channel: 'email' | 'whatsapp' | 'push'; status: 'sent' | 'delivered' | 'read' | 'failed'; at: string }[]
  action: 'opened' | 'called_back' | 'resolved' | 'reply_drafted' | 'reply_posted' | null
}

/** POST /api/alerts/opened: the token a push notification's click sends back. */
export interface AlertOpenedRequest {
  token: string
}
