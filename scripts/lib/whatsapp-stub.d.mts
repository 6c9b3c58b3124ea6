import type { IncomingHttpHeaders } from 'node:http'
export declare const WHATSAPP_STUB_APP_ID = '1234567890123456'
/** The Meta app's secret: the code exchange's client_secret and the webhooks' signing key. */
export declare const WHATSAPP_STUB_APP_SECRET = 'meta-app-secret-for-tests'
/** A webhook as Meta posts it: object `whatsapp_business_account`, one entry of one change. */
export interface WebhookEnvelope {
  object: string
  entry: {
    changes: {
      field: string
      value: unknown
    }[]
    time?: number
    id: string
  }[]
}
export type TemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED'
/** Graph API's error object (the value of `error` in an error answer). */
export interface MetaError {
  message: string
  type: string
  code: number
  error_subcode?: number
  error_data?: {
    messaging_product?: 'whatsapp'
    details: string
  }
  error_user_title?: string
  error_user_msg?: string
  is_transient?: boolean
  fbtrace_id: string
}
/** An error in a `failed` status webhook. */
export interface MetaWebhookError {
  code: number
  title: string
  message: string
  error_data: {
    details: string
  }
  href?: string
}
export interface StubRequest {
  method: string
  /** Without the query: `/v21.0/106540352242922/messages`. */
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  /** The body as JSON (a form body as an object of its fields); undefined when there is none. */
  json: any
  at: Date
}
/** A phone number's fields as `GET /{phone-number-id}` answers them, in Meta's names. */
export interface PhoneNumberFields {
  verified_name: string
  display_phone_number: string
  quality_rating: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN'
  code_verification_status: string
  name_status: string
  /** 'NOT_APPLICABLE' until the number is registered for Cloud API, then 'CLOUD_API'. */
  platform_type: string
  status: string
  messaging_limit_tier: string
  throughput: {
    level: string
  }
  is_official_business_account: boolean
  account_mode: string
  /** True for a number that came from the WhatsApp Business app (coexistence). */
  is_on_biz_app: boolean
  [field: string]: unknown
}
export interface StubNumber {
  id: string
  wabaId: string
  businessId: string
  coexistence: boolean
  /** The PIN `POST /register` set, null before. */
  registeredPin: string | null
  fields: PhoneNumberFields
}
export interface NumberInput {
  id: string
  wabaId: string
  businessId?: string
  /** From the WhatsApp Business app: registered already, `is_on_biz_app: true`. */
  coexistence?: boolean
  /** Whether it can send before `POST /register` (true here, false for a number issued by a signup). */
  registered?: boolean
  /** '+91 98450 67890' (digits are formatted so). */
  displayPhoneNumber?: string
  verifiedName?: string
  /** Any other field, or a field's value: `{quality_rating: 'YELLOW'}`. */
  fields?: Partial<PhoneNumberFields>
}
export interface CodeGrant {
  wabaId: string
  phoneNumberId: string
  businessId?: string
  coexistence?: boolean
  displayPhoneNumber?: string
  verifiedName?: string
  /** Whether the number can send before `POST /register` (coexistence numbers can; new ones cannot). */
  registered?: boolean
}
interface TemplateButtonDef {
  type: string
  text: string
  url?: string
  phone_number?: string
  [key: string]: unknown
}
interface TemplateComponentDef {
  type: string
  format?: string
  text?: string
  buttons?: TemplateButtonDef[]
  [key: string]: unknown
}
export interface StubTemplate {
  id: string
  wabaId: string
  name: string
  language: string
  category: string
  status: TemplateStatus
  /** 'NONE' unless rejected. */
  rejected_reason: string
  parameter_format: 'POSITIONAL' | 'NAMED'
  /** As created (types upper-case as Meta answers them). */
  components: TemplateComponentDef[]
}
/** A button as the customer sees it. */
export interface SeenButton {
  /** A template's quick_reply, url, phone_number, copy_code; an interactive message's reply, cta_url or list. */
  kind: string
  /** Its label ('' for a template the stub does not hold). */
  text: string
  /** A template quick reply's payload, as the message passed it. */
  payload?: string
  /** An interactive reply button's id. */
  id?: string
  url?: string
}
export interface SeenListRow {
  id: string
  title: string
  description?: string
}
/** A message as sent, and as the customer sees it. */
export interface SentMessage {
  /** `wamid.…` */
  id: string
  phoneNumberId: string
  wabaId: string
  /** The customer's wa_id: digits with the country code. */
  to: string
  type: string
  sentAt: Date
  /** The request's body. */
  request: any
  template?: {
    name: string
    language: string
    /** Whether it was created on the stub (else header, body, footer and labels are unknown: see `components`). */
    known: boolean
    id?: string
    category?: string
    /** The components the message passed, as sent. */
    components: any[]
  }
  /** For `type: 'interactive'`: button, list, cta_url, … */
  interactiveType?: string
  header?: string
  body?: string
  footer?: string
  buttons: SeenButton[]
  list?: {
    button: string
    sections: {
      title?: string
      rows: SeenListRow[]
    }[]
  }
  /** `biz_opaque_callback_data`, echoed by its status webhooks. */
  callbackData?: string
  /** `context.message_id`: the message it replies to. */
  replyTo?: string
  /** Set when the customer never gets it (outside the 24-hour window, with `serviceWindow` on): its failed status. */
  failure?: MetaWebhookError
  /** All of it as text, as a phone shows it: header, body, footer, then one line per button. */
  text: string
}
export interface StubMedia {
  id: string
  bytes: Buffer
  mimeType: string
  /** Hex, as `GET /{media-id}` answers it. */
  sha256: string
  /** Base64, as a webhook's `audio.sha256` carries it. */
  sha256Base64: string
}
export type SignupEvent = 'FINISH' | 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' | 'CANCEL' | 'ERROR'
export interface StubSignup {
  session: string
  appId: string
  configId: string
  /** `FB.login`'s `extras`: setup.business (the prefill), featureType, sessionInfoVersion, version. */
  extras: any
  /** The origin of the page that called `FB.login`. */
  origin: string
  outcome: 'open' | SignupEvent
  wabaId?: string
  phoneNumberId?: string
  businessId?: string
  code?: string
  /** The message posted to the opener (an object here; posted as its JSON string). */
  message?: any
}
/** What the next Finish in the popup produces (ids are made up where not given). */
export interface SignupPlan {
  wabaId?: string
  phoneNumberId?: string
  businessId?: string
  displayPhoneNumber?: string
  verifiedName?: string
}
/** Makes the popup act by itself once shown: for the bench and unattended journeys. */
export interface SignupAutopilot {
  action: 'finish' | 'cancel' | 'fail'
  /** 'coexistence' needs featureType 'whatsapp_business_app_onboarding'. */
  choice?: 'new' | 'coexistence'
  delayMs?: number
}
export interface StubFault {
  /** A 4xx answers Meta's error object with error_user_title/error_user_msg; a 5xx Meta's transient error. */
  status: number
  /** Merged over the default error object for `status`. */
  error?: Partial<MetaError>
  /** How many matching requests it answers (1). */
  times?: number
  /** Only requests of this method. */
  method?: string
  /** Answer after this long (a timeout test: a long delay and the status). */
  delayMs?: number
}
export interface WhatsAppStubOptions {
  appId?: string
  appSecret?: string
  /** Tokens taken as issued, for every object (a token a test stores directly). */
  accessTokens?: string[]
  /** Numbers the stub holds from the start (and after `reset()`). */
  numbers?: NumberInput[]
  /** Templates created on the stub answer APPROVED at once instead of PENDING. */
  autoApprove?: boolean
  /**
   * Enforce the customer service window: a text or interactive message to a customer who has not written in 24
   * hours (as far as the stub's webhooks told the app) is taken but never delivered; its `failure` is 131047.
   */
  serviceWindow?: boolean
  /** The stub's clock (ms), for the service window and default timestamps. */
  now?: () => number
}
export interface WebhookOptions {
  /** The key for X-Hub-Signature-256 (the stub's app secret by default). */
  appSecret?: string
  /** The exact header value to send instead of the right one; null sends no signature at all. */
  signature?: string | null
}
/** Where a webhook comes from: the business number's WABA, id and number. */
export interface WebhookNumber {
  wabaId: string
  phoneNumberId: string
  /** Digits (or '+91 98450 67890'); webhooks carry digits alone. */
  displayPhoneNumber: string
}
export interface WebhookCustomer {
  /** Digits with the country code: 919845067890 (or a number in any format). */
  waId: string
  name?: string
}
export type InboundInput = (
  | {
      type: 'text'
      body: string
    }
  /** A template's quick-reply button tapped. */
  | {
      type: 'button'
      text: string
      payload?: string
    }
  | {
      type: 'button_reply'
      id: string
      title: string
    }
  | {
      type: 'list_reply'
      id: string
      title: string
      description?: string
    }
  | {
      type: 'audio'
      mediaId: string
      mimeType?: string
      sha256?: string
      voice?: boolean
    }
) & {
  /** The customer message's id (made up when absent). */
  messageId?: string
  /** The business message it answers: sets `context: {from, id}`. */
  contextId?: string
  timestamp?: Date | number
}
export interface StatusInput {
  /** The `wamid.…` of the business message. */
  id: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  recipientId: string
  timestamp?: Date | number
  callbackData?: string
  /** Pricing category (utility, marketing, authentication, service) for sent and delivered. */
  category?: string
  /** For failed: Meta's default is 131026 "Message undeliverable". */
  errors?: MetaWebhookError[]
}
export interface WhatsAppStub {
  /** http://127.0.0.1:PORT: the Graph API base URL (versions under it) and the SDK's origin. */
  url: string
  /** `${url}/sdk.js`: the app's WHATSAPP_SDK_URL. */
  sdkUrl: string
  appId: string
  appSecret: string
  /** Every request but the SDK's polling for the popup's outcome, in order. */
  requests: StubRequest[]
  templates: StubTemplate[]
  /** Every message sent, in order. */
  messages: SentMessage[]
  numbers: Map<string, StubNumber>
  media: Map<string, StubMedia>
  /** Embedded Signup popups opened, in order. */
  signups: StubSignup[]
  /** WABA ids of each `POST /{waba-id}/subscribed_apps`, in order. */
  subscriptions: string[]
  /** Each mark-as-read (`status: 'read'` on /messages). */
  reads: {
    phoneNumberId: string
    messageId: string
    typingIndicator: boolean
  }[]
  /** A code for the exchange, as a finished signup gives one; also adds the number (unregistered unless coexistence). */
  issueCode(grant: CodeGrant): string
  /** A token for the WABA (or for everything), as the code exchange gives one. */
  issueToken(wabaId?: string): string
  /** The token answers code 190 from now on (the business removed the app). */
  revokeToken(token: string): void
  addNumber(number: NumberInput): StubNumber
  /** Media a customer sent (a second of silence as a voice note by default); answers its id. */
  addMedia(bytes?: Uint8Array, mimeType?: string): string
  /** Ids of what the next Finish in the popup creates. */
  nextSignup(plan: SignupPlan): void
  autoSignup(plan: SignupAutopilot | null): void
  /** What the customer sees, in order, failed messages left out; any format ('98450 67890' is taken as Indian). */
  sentTo(waId: string): SentMessage[]
  /** `pattern`: a substring of the path (`/messages`, `/message_templates`, `/sdk.js`) or a RegExp. */
  failNext(pattern: string | RegExp, fault: StubFault): void
  /** 'refuse' (default): connections are refused; 'unavailable': everything answers 503 with Meta's error. */
  down(mode?: 'refuse' | 'unavailable'): Promise<void>
  up(): Promise<void>
  /** POSTs `payload` to `${appUrl}/api/webhooks/whatsapp`, signed as Meta signs it. */
  webhook(appUrl: string, payload: unknown, options?: WebhookOptions): Promise<Response>
  /** Meta's subscription check: `GET ${appUrl}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token&hub.challenge`. */
  verifyWebhook(appUrl: string, verifyToken: string, challenge?: string): Promise<Response>
  /** Sets a template's status; answers the `message_template_status_update` webhook saying so. */
  setTemplateStatus(templateId: string, event: TemplateStatus, reason?: string): any
  /** Approves every PENDING template, sending each one's status webhook. */
  approveAll(appUrl: string, options?: WebhookOptions): Promise<Response[]>
  /** The status webhook of a message sent (its recipient, callback data and pricing filled in). */
  statusFor(messageId: string, status: StatusInput['status'], errors?: MetaWebhookError[]): any
  /** The webhook of the customer tapping a button (or list row) of a message sent, by its label, id or payload. */
  tap(messageId: string, label: string, name?: string): any
  /** The webhook of a customer's message to a number the stub holds. */
  inbound(phoneNumberId: string, customer: WebhookCustomer, message: InboundInput): any
  /** Forgets everything since the start (numbers back to the options', faults cleared, up again). */
  reset(): void
  close(): Promise<void>
}
/** '+91 98450 67890' for an Indian mobile (10 digits, or with 91 or 0 before), else '+' and the digits. */
export declare function formatDisplayNumber(input: string): string
/** The HMAC Meta puts in X-Hub-Signature-256: `sha256=<hex of HMAC-SHA256(raw body, app secret)>`. */
export declare function signWebhook(rawBody: string, appSecret: string): string
/** A valid Ogg Opus file of `seconds` of silence (mono, 48 kHz, 20 ms frames): what a WhatsApp voice note is. */
export declare function silentVoiceNote(duration?: number): Buffer<ArrayBuffer>
export declare function webhookEnvelope(wabaId: string, field: string, value: unknown, time?: Date | number): WebhookEnvelope
/** The `messages` field: `value` carries contacts and messages (a customer's), or statuses (of the business's). */
export declare function messagesField(
  number: WebhookNumber,
  value: {
    contacts?: unknown[]
    messages?: unknown[]
    statuses?: unknown[]
  }
): WebhookEnvelope
/** A status of a business message: sent, delivered, read or failed (with `errors`). */
export declare function statusUpdate(number: WebhookNumber, input: StatusInput): WebhookEnvelope
/** A customer's message: text, a template's quick reply (`button`), an interactive reply, or a voice note. */
export declare function inboundMessage(number: WebhookNumber, customer: WebhookCustomer, message: InboundInput): WebhookEnvelope
export declare function templateStatusUpdate(
  wabaId: string,
  update: {
    event: TemplateStatus
    templateId: string
    name: string
    language: string
    reason?: string
    time?: Date | number
  }
): WebhookEnvelope
export declare function phoneQualityUpdate(
  wabaId: string,
  update: {
    displayPhoneNumber: string
    event: 'FLAGGED' | 'UNFLAGGED' | 'DOWNGRADE' | 'UPGRADE'
    currentLimit?: string
    time?: Date | number
  }
): WebhookEnvelope
/** `extra`: the event's own objects (waba_info, ban_info, violation_info, restriction_info …). */
export declare function accountUpdate(
  wabaId: string,
  update: {
    event:
      | 'PARTNER_ADDED'
      | 'PARTNER_REMOVED'
      | 'ACCOUNT_DELETED'
      | 'ACCOUNT_VIOLATION'
      | 'ACCOUNT_RESTRICTION'
      | 'DISABLED_UPDATE'
      | (string & {})
    phoneNumber?: string
    extra?: Record<string, unknown>
    time?: Date | number
  }
): WebhookEnvelope
/** Starts the stub on a free loopback port. */
export declare function startWhatsAppStub(options?: WhatsAppStubOptions): Promise<WhatsAppStub>
export {}
