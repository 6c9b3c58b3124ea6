/*
 * Review requests in the dashboard's words (docs/decisions.md D32): friendly status and channel names, phone
 * numbers, the sample CSV, and how the owner's WhatsApp is opened.
 */
import type { RequestChannelName, RequestStatusName } from '@reviewroute/backend/types/api'

export const STATUS_LABELS: Record<RequestStatusName, { label: string; color: string }> = {
  created: { label: 'Not sent yet', color: 'default' },
  sending: { label: 'Sending', color: 'processing' },
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

/** The ways to send, in the order the owner sees them; only those the server says work are offered. */
export const SEND_CHANNELS: { value: RequestChannelName; label: string }[] = [
  { value: 'whatsapp_link', label: 'Send with my WhatsApp' },
  { value: 'email', label: 'Email' },
  { value: 'whatsapp', label: 'WhatsApp Business' },
  { value: 'sms', label: 'SMS' },
]

/**
 * A request's status in the owner's words. A request through the owner's own WhatsApp is "sent" when WhatsApp opened
 * with the message: we cannot see whether the owner pressed send, let alone a delivery.
 */
export function statusLabel(status: RequestStatusName, channel: RequestChannelName) {
  if (status === 'sent' && channel === 'whatsapp_link') return { label: 'Handed to your WhatsApp', color: 'blue' }
  return STATUS_LABELS[status] ?? { label: status, color: 'default' }
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

/** '+919876543210' → '+91 98765 43210'; no number → ''. */
export function formatPhone(phone: string | null | undefined) {
  if (!phone) return ''
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone)
  return match ? `+91 ${match[1]} ${match[2]}` : phone
}

/** How a customer is reached, for a list: their number, else their address (a customer has one or both). */
export const contactOf = (customer: { phone: string | null; email: string | null }) => formatPhone(customer.phone) || customer.email || ''

/** What the owner may type or paste: digits, spaces, dashes, brackets and a leading '+'. The server normalises it. */
export function isIndianMobile(typed: string) {
  const digits = typed.replace(/[\s\-()]/g, '').replace(/^\+91|^0091|^0/, '')
  return /^\d{10}$/.test(digits)
}

/** The form rules of an Indian mobile number field; `required` is the sentence for an empty one (none: optional). */
export function mobileRules(required: string | null) {
  return [
    ...(required === null ? [] : [{ required: true, message: required }]),
    {
      validator: async (_: unknown, value: string) =>
        !value || isIndianMobile(value) ? undefined : Promise.reject(new Error('Please enter a valid 10-digit mobile number')),
    },
  ]
}

export const SAMPLE_CSV =
  'name,phone,email\r\nPriya Sharma,98765 43210,priya@example.com\r\nराहुल वर्मा,+91 91234 56789,\r\nMeera Iyer,,meera@example.com\r\n'
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
