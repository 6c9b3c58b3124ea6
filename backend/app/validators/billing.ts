import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { GST_STATES } from '#contract/gst'

/** The spec's client sends planId as a string; a number is fine too. `workspaceId`: an agency buying for a client. */
export const createPaymentValidator = vine.compile(
  vine.object({
    planId: vine.number().withoutDecimals().positive(),
    workspaceId: vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
)
createPaymentValidator.messagesProvider = messages

const razorpayId = () =>
  vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(64)
    .regex(/^[A-Za-z0-9_]+$/)

export const verifyPaymentValidator = vine.compile(
  vine.object({
    razorpay_order_id: razorpayId(),
    razorpay_payment_id: razorpayId(),
    razorpay_signature: vine.string().trim().minLength(1).maxLength(128),
  })
)
verifyPaymentValidator.messagesProvider = messages

/** Billing details for tax invoices (docs/decisions.md D33); the GSTIN's checks are the action's (field errors). */
export const billingProfileValidator = vine.compile(
  vine.object({
    legalName: vine.string().trim().minLength(2).maxLength(200),
    address: vine.string().trim().minLength(5).maxLength(500),
    stateCode: vine.enum(GST_STATES.map((state) => state.code)),
    // Vine hands null to a nullable field's transform as well (whatever the order), and the GET answers null.
    gstin: vine
      .string()
      .trim()
      .transform((value: string | null) => (value === null ? null : value.toUpperCase().replace(/\s+/g, '')))
      .nullable()
      .optional(),
  })
)
billingProfileValidator.messagesProvider = messages
