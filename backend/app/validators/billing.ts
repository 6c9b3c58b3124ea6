import vine from '@vinejs/vine'
import { messages } from '#validators/messages'

/** The spec's client sends planId as a string; a number is fine too. */
export const createPaymentValidator = vine.compile(
  vine.object({ planId: vine.number().withoutDecimals().positive() })
)
createPaymentValidator.messagesProvider = messages

const razorpayId = () => vine.string().trim().minLength(1).maxLength(64).regex(/^[A-Za-z0-9_]+$/)

export const verifyPaymentValidator = vine.compile(
  vine.object({
    razorpay_order_id: razorpayId(),
    razorpay_payment_id: razorpayId(),
    razorpay_signature: vine.string().trim().minLength(1).maxLength(128),
  })
)
verifyPaymentValidator.messagesProvider = messages
