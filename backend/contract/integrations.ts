/*
 * Integrations (docs/decisions.md D72): the billing, shop and booking systems whose signed webhooks schedule a review
 * request, the event of each that means "this customer was served" (the trigger), and their defaults. Shared by the
 * server and the dashboard.
 */

/** Where a review request came from (docs/decisions.md D72). */
export const REQUEST_SOURCES = ['manual', 'csv', 'visit_hook', 'integration', 'staff_link'] as const
export type RequestSource = (typeof REQUEST_SOURCES)[number]

export const INTEGRATION_PROVIDERS = ['razorpay', 'shopify', 'woocommerce', 'zoho_books', 'zenoti'] as const
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number]

/** Each provider's triggers, the first its default. */
export const PROVIDER_TRIGGERS = {
  razorpay: ['payment.captured', 'order.paid'],
  shopify: ['orders/paid', 'orders/fulfilled'],
  woocommerce: ['order.completed'],
  zoho_books: ['invoice.paid'],
  zenoti: ['Invoice.Closed', 'Appointment.Completed'],
} as const satisfies Record<IntegrationProvider, readonly string[]>

export type IntegrationTrigger = (typeof PROVIDER_TRIGGERS)[IntegrationProvider][number]

export const INTEGRATION_CHANNELS = ['auto', 'whatsapp', 'sms', 'email'] as const
export type IntegrationChannel = (typeof INTEGRATION_CHANNELS)[number]

/** After a paid bill, 2 hours; after a delivered order, a day. */
export const DEFAULT_DELAY_MINUTES = 120
export const DELIVERED_DELAY_MINUTES = 1440
/** A month at the most. */
export const MAX_DELAY_MINUTES = 30 * 24 * 60

export const defaultDelayMinutes = (trigger: string) => (trigger === 'orders/fulfilled' ? DELIVERED_DELAY_MINUTES : DEFAULT_DELAY_MINUTES)

/** How many events of an integration are kept (its log). */
export const INTEGRATION_EVENTS_KEPT = 200

/** A customer is asked once in this many days, whatever sends the request automatically. */
export const REQUEST_REPEAT_DAYS = 30

export const PROVIDER_NAMES: Record<IntegrationProvider, string> = {
  razorpay: 'Razorpay',
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  zoho_books: 'Zoho Books',
  zenoti: 'Zenoti',
}
