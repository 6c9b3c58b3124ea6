import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { MessagesProviderContact } from '@vinejs/vine/types'
import { messages } from '#validators/messages'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import { REQUEST_SOURCES } from '#contract/integrations'

const name = () => vine.string().trim().minLength(1).maxLength(100)
/** Any of the usual ways of writing an Indian number; the action keeps '+91' and the 10 digits (#lib/phone). */
const phone = () => vine.string().trim().minLength(1).maxLength(25)
const email = () => vine.string().trim().toLowerCase().maxLength(254).email()
const businessId = () => vine.number({ strict: true }).withoutDecimals().range([1, Number.MAX_SAFE_INTEGER])
/** The language the owner chose for the customer's messages; null: chosen for them (docs/decisions.md D65). */
const language = () => vine.enum(REVIEW_LANGUAGES).nullable().optional()

/** A customer's phone or email: at least one (docs/product-rules.md#customers-and-channels). */
export const PHONE_OR_EMAIL = 'Enter their mobile number or their email address.'

/** The shared sentences, with `sentences` (by field path and rule) in front. */
function withSentences(sentences: Record<string, string>): MessagesProviderContact {
  return {
    getMessage: (rawMessage, rule, field, args) =>
      sentences[`${field.wildCardPath}.${rule}`] ?? messages.getMessage(rawMessage, rule, field, args),
  }
}

/** A customer added by the owner, who confirms the customer agreed to be contacted: a phone, an email or both. */
export const createCustomerValidator = vine.compile(
  vine.object({
    businessId: businessId(),
    name: name(),
    phone: phone().optional().requiredIfMissing('email'),
    email: email().nullable().optional(),
    language: language(),
    consent: vine.accepted(),
  })
)
createCustomerValidator.messagesProvider = withSentences({ 'phone.required': PHONE_OR_EMAIL })

/** An edit; `null` removes the phone or the email, as long as the customer keeps the other (the action checks). */
export const updateCustomerValidator = vine.compile(
  vine.object({
    name: name().optional(),
    phone: phone().nullable().optional(),
    email: email().nullable().optional(),
    language: language(),
  })
)
updateCustomerValidator.messagesProvider = messages

export const createReviewRequestValidator = vine.compile(
  vine.object({
    businessId: businessId(),
    customerId: vine
      .number({ strict: true })
      .withoutDecimals()
      .range([1, Number.MAX_SAFE_INTEGER])
      .optional()
      .requiredIfMissing('customer'),
    /** Typed in: a phone, an email or both; the channel decides which it needs (the action checks). */
    customer: vine
      .object({
        name: name(),
        phone: phone().optional().requiredIfMissing('email'),
        email: email().nullable().optional(),
        /** Kept on the customer when given; null or none leaves theirs as it is. */
        language: language(),
        consent: vine.accepted(),
      })
      .optional(),
    channel: vine.enum(['whatsapp_link', 'whatsapp', 'sms', 'email'] as const),
    /** The staff member who served the customer (docs/decisions.md D32). */
    staffId: vine.number({ strict: true }).withoutDecimals().range([1, Number.MAX_SAFE_INTEGER]).optional(),
  })
)
createReviewRequestValidator.messagesProvider = withSentences({ 'customer.phone.required': PHONE_OR_EMAIL })

/** The owner's WhatsApp Business number (Cloud API) and its approved review-request templates, by language. */
export const whatsappAccountValidator = vine.compile(
  vine.object({
    phoneNumberId: vine
      .string()
      .trim()
      .regex(/^[0-9]{5,30}$/),
    accessToken: vine.string().trim().minLength(20).maxLength(1000),
    templates: vine.object({
      en: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/),
      hi: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
      bn: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
      mr: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
      te: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
      ta: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
      gu: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
      kn: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
      ml: vine
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/)
        .optional(),
    }),
  })
)
whatsappAccountValidator.messagesProvider = messages

/** What Meta's Embedded Signup gave the page: the code for the token, and the WABA and number it set up. */
export const whatsappEmbeddedSignupValidator = vine.compile(
  vine.object({
    code: vine.string().trim().minLength(1).maxLength(1000),
    wabaId: vine
      .string()
      .trim()
      .regex(/^[0-9]{5,30}$/),
    phoneNumberId: vine
      .string()
      .trim()
      .regex(/^[0-9]{5,30}$/),
    coexistence: vine.boolean({ strict: true }).optional(),
  })
)
whatsappEmbeddedSignupValidator.messagesProvider = messages

/** What a billing or POS system sends after a visit: the customer, and optionally how to ask them. */
export const visitHookValidator = vine.compile(
  vine.object({
    name: name(),
    phone: phone(),
    email: email().nullable().optional(),
    channel: vine.enum(['email', 'whatsapp', 'sms'] as const).optional(),
  })
)
visitHookValidator.messagesProvider = messages

export const staffValidator = vine.compile(vine.object({ name: name() }))
staffValidator.messagesProvider = messages

/** "Send a test message to me": the channel, and for WhatsApp Business or SMS the mobile (else the account's). */
export const testMessageValidator = vine.compile(
  vine.object({
    channel: vine.enum(['whatsapp', 'sms', 'email'] as const),
    phone: phone().optional(),
  })
)
testMessageValidator.messagesProvider = messages

/** A business named in the query string (`?businessId=`): digits only, as the routes' row ids. */
const queryBusinessId = () =>
  vine
    .string()
    .regex(/^[0-9]{1,16}$/)
    .transform(Number)
/** One sentence for a business missing or malformed: the owner's next step, not the rule that failed. */
const chooseBusiness = (sentence: string) =>
  new SimpleMessagesProvider(Object.fromEntries(['required', 'string', 'regex'].map((rule) => [`businessId.${rule}`, sentence])))

/** GET /api/review-requests/funnel?businessId= */
/** `source` narrows the funnel's channels and total to one source (docs/decisions.md D72). */
export const requestFunnelQueryValidator = vine.compile(
  vine.object({ businessId: queryBusinessId(), source: vine.enum(REQUEST_SOURCES).optional() })
)
requestFunnelQueryValidator.messagesProvider = chooseBusiness('Choose a business (businessId).')

/** GET /api/review-requests/usage?month=YYYY-MM (India's calendar month; this month when left out). */
export const whatsappUsageQueryValidator = vine.compile(
  vine.object({
    month: vine
      .string()
      .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/)
      .optional(),
  })
)
whatsappUsageQueryValidator.messagesProvider = new SimpleMessagesProvider(
  Object.fromEntries(['string', 'regex'].map((rule) => [`month.${rule}`, 'Choose a month as YYYY-MM, e.g. 2026-12.']))
)

/** POST /api/customers/import?businessId= */
export const customerImportQueryValidator = vine.compile(vine.object({ businessId: queryBusinessId() }))
customerImportQueryValidator.messagesProvider = chooseBusiness('Choose the business to import into (businessId).')
