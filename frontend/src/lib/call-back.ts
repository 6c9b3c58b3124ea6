/*
 * Calling back a customer after a 1-3 rating (docs/decisions.md D31): their 10-digit Indian mobile as a tel: link
 * and as a WhatsApp chat with a polite opening line from the business. The links are the same ones the alert mails
 * carry (backend/contract/call_back.ts).
 */
import { callBackLanguage, callBackLinks, callBackMessage } from '@reviewroute/backend/contract/call_back'
import type { ReviewLanguage } from '@reviewroute/backend/contract/review_messages/index'

export { callBackLanguage, callBackMessage }
export { formatIndianMobile, indianMobileDigits } from '@reviewroute/backend/contract/phone'

/** `tel:+919876543210`. */
export const callHref = (phone: string) => callBackLinks(phone, null, '').call

/**
 * `https://wa.me/919876543210?text=…` (wa.me wants the number with its country code and no '+'), the message in
 * `language` (docs/decisions.md D65).
 */
export const whatsAppHref = (phone: string, customer: string | null, business: string, language: ReviewLanguage = 'en') =>
  callBackLinks(phone, customer?.trim() || null, business, language).whatsapp
