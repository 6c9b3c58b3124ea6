/*
 * The integrations screen's words (docs/decisions.md D72, docs/integrations.md): each provider's one-line description,
 * each trigger and channel in words, how long an integration waits, when an event happened (India time), and the
 * warnings a card shows when its webhook has gone quiet or its events stopped scheduling requests.
 */
import { INTEGRATION_CHANNELS, type IntegrationChannel, type IntegrationProvider } from '@reviewroute/backend/contract/integrations'
import type { IntegrationDto, IntegrationEventDto } from '@reviewroute/backend/types/api'
import { TIME_ZONE } from '#lib/dates'

export const PROVIDER_DESCRIPTIONS: Record<IntegrationProvider, string> = {
  razorpay: 'Payments through Razorpay: after a payment or a paid order',
  shopify: 'Your Shopify store: after an order is paid or delivered',
  woocommerce: 'Your WooCommerce store: after an order is completed',
  zoho_books: 'Invoices in Zoho Books: after an invoice is paid',
  zenoti: 'Salon and spa bookings: after the bill or the appointment is closed',
}

const TRIGGER_LABELS: Record<string, string> = {
  'payment.captured': 'Payment captured',
  'order.paid': 'Order paid',
  'orders/paid': 'Order paid',
  'orders/fulfilled': 'Order delivered (fulfilled)',
  'order.completed': 'Order completed',
  'invoice.paid': 'Invoice paid',
  'Invoice.Closed': 'Bill closed',
  'Appointment.Completed': 'Appointment completed',
}

/** A trigger in words; one the screen does not know yet as the provider names it. */
export const triggerLabel = (trigger: string) => TRIGGER_LABELS[trigger] ?? trigger

export const CHANNEL_WORDS: Record<IntegrationChannel, string> = {
  auto: 'Best available (WhatsApp, then SMS, then email)',
  whatsapp: 'WhatsApp Business',
  sms: 'SMS',
  email: 'Email',
}

export const CHANNEL_OPTIONS = INTEGRATION_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_WORDS[channel] }))

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/** 120 → "2 hours", 1440 → "1 day", 30 → "30 minutes", 90 → "1 hour 30 minutes", 0 → "no wait". */
export function waitText(minutes: number) {
  if (minutes <= 0) return 'no wait'
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  const parts: [number, string][] = [
    [days, 'day'],
    [hours, 'hour'],
    [rest, 'minute'],
  ]
  return parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => plural(count, unit))
    .join(' ')
}

const EVENT_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: TIME_ZONE,
})

/** "3 Dec, 7:30 pm", in India's time. */
export const eventTime = (value: string) => EVENT_TIME.format(new Date(value))

export const OUTCOMES: Record<IntegrationEventDto['outcome'], { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'green' },
  skipped: { label: 'Skipped', color: 'gold' },
  rejected: { label: 'Rejected', color: 'red' },
}

const QUIET_DAYS = 7
/** Of the last 20 events, at least this many before the screen judges what they did. */
const ENOUGH_EVENTS = 5

/** What a card warns about: a webhook gone quiet, and events that mostly did not schedule a request. */
export function integrationWarnings(integration: IntegrationDto, providerName: string, now = Date.now()) {
  const warnings: string[] = []
  const last = integration.lastEventAt ? Date.parse(integration.lastEventAt) : null
  if (last !== null && now - last > QUIET_DAYS * 86_400_000)
    warnings.push(`No events in the last ${QUIET_DAYS} days: check the webhook in ${providerName}.`)
  const { scheduled, skipped, rejected } = integration.recent
  if (skipped + rejected > scheduled && scheduled + skipped + rejected >= ENOUGH_EVENTS)
    warnings.push('Most recent events did not schedule a request: open the event log to see why.')
  return warnings
}
