/*
 * Review requests in the dashboard's words (docs/decisions.md D32): friendly status and channel names, phone
 * numbers, the sample CSV, and how the owner's WhatsApp is opened.
 */
import type { RequestChannelName, RequestStatusName } from '@reviewroute/backend/types/api'

export const STATUS_LABELS: Record<RequestStatusName, { label: string; color: string }> = {
  created: { label: 'Not sent yet', color: 'default' },
  sent: { label: 'Sent', color: 'blue' },
  delivered: { label: 'Delivered', color: 'cyan' },
  opened: { label: 'Opened the link', color: 'gold' },
  rated: { label: 'Rated', color: 'green' },
  failed: { label: 'Could not send', color: 'red' },
  opted_out: { label: 'Asked not to be contacted', color: 'volcano' },
}

export const CHANNEL_LABELS: Record<RequestChannelName, string> = {
  whatsapp_link: 'My WhatsApp',
  whatsapp: 'WhatsApp Business',
  sms: 'SMS',
  email: 'Email',
}

/** The default: the owner's own WhatsApp opens on the customer (no setup needed). */
export const SEND_CHANNEL: RequestChannelName = 'whatsapp_link'

/** The ways to send the owner can pick, in order; WhatsApp Business only once a number is connected. */
export function sendChannels(whatsappConnected: boolean): { value: RequestChannelName; label: string }[] {
  return [
    { value: 'whatsapp_link', label: 'Send with my WhatsApp' },
    { value: 'email', label: 'Email' },
    ...(whatsappConnected ? [{ value: 'whatsapp' as const, label: 'WhatsApp Business' }] : []),
    { value: 'sms', label: 'SMS' },
  ]
}

/** How a request sent for the owner reaches the customer, in a sentence: "by email". */
export const CHANNEL_BY: Record<RequestChannelName, string> = {
  whatsapp_link: 'on WhatsApp',
  whatsapp: 'on WhatsApp',
  sms: 'by SMS',
  email: 'by email',
}

/** The confirmation for a request the server sends (email, WhatsApp Business, SMS): no WhatsApp opens. */
export const sentForYou = (name: string, channel: RequestChannelName) => `Sent for you: ${name} gets it ${CHANNEL_BY[channel]}`
export const SENT_FOR_YOU_RULES = 'Nothing goes between 21:00 and 09:00, and one reminder follows after 3 days if the link is unopened.'

/** The most customers the "next customer" flow takes at once (the customers list's page cap). */
export const SEND_LIST_MAX = 100

export const CONSENT_LABEL = 'They agreed to get a message from us'

/** '+919876543210' → '+91 98765 43210'. */
export function formatPhone(phone: string) {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone)
  return match ? `+91 ${match[1]} ${match[2]}` : phone
}

/** What the owner may type or paste: digits, spaces, dashes, brackets and a leading '+'. The server normalises it. */
export function isIndianMobile(typed: string) {
  const digits = typed.replace(/[\s\-()]/g, '').replace(/^\+91|^0091|^0/, '')
  return /^\d{10}$/.test(digits)
}

/** The form rules of an Indian mobile number field; `required` is the sentence for an empty one. */
export function mobileRules(required: string) {
  return [
    { required: true, message: required },
    {
      validator: async (_: unknown, value: string) =>
        !value || isIndianMobile(value) ? undefined : Promise.reject(new Error('Please enter a valid 10-digit mobile number')),
    },
  ]
}

export const SAMPLE_CSV = 'name,phone,email\r\nPriya Sharma,98765 43210,priya@example.com\r\nराहुल वर्मा,+91 91234 56789,\r\n'
export const SAMPLE_CSV_FILE = 'reviewroute-customers-sample.csv'

/**
 * Opens the owner's WhatsApp on the customer: a new tab on a computer (the dashboard stays open), the same tab on a
 * phone (the WhatsApp app takes over and Back returns here). Screens take it from `useWhatsAppOpener` so tests can
 * replace it.
 */
export function openWhatsApp(url: string) {
  const phone = window.matchMedia?.('(pointer: coarse)').matches && window.innerWidth < 768
  if (phone) window.location.assign(url)
  else window.open(url, '_blank', 'noopener')
}
