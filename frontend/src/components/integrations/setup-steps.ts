/*
 * How an owner sets each provider up on the provider's own screens (docs/integrations.md, "Where the owner sets it
 * up"): numbered steps, each with the path to the screen it happens on, shown as a breadcrumb. `{event}` stands for
 * the event the integration waits for, as the provider's screen names it.
 */
import type { IntegrationProvider } from '@reviewroute/backend/contract/integrations'

export interface SetupStep {
  text: string
  /** Where it happens on the provider's screens, from the start of its menu. */
  path: string[]
}

const TEST_STEP = 'Save, then press "Send a test event" here.'

export const SETUP_STEPS: Record<IntegrationProvider, SetupStep[]> = {
  razorpay: [
    { text: 'Open Razorpay Dashboard → Account & Settings → Webhooks.', path: ['Razorpay Dashboard', 'Account & Settings', 'Webhooks'] },
    { text: 'Add new webhook: paste the Webhook URL.', path: ['Webhooks', 'Add new webhook', 'Webhook URL'] },
    { text: 'Paste the Secret.', path: ['Add new webhook', 'Secret'] },
    { text: 'Tick the event {event}.', path: ['Add new webhook', 'Active Events', '{event}'] },
    { text: TEST_STEP, path: ['Add new webhook', 'Create Webhook'] },
  ],
  shopify: [
    {
      text: 'Open your Shopify admin → Settings → Notifications → Webhooks.',
      path: ['Shopify admin', 'Settings', 'Notifications', 'Webhooks'],
    },
    { text: 'Create webhook: event "{event}", format JSON.', path: ['Webhooks', 'Create webhook', 'Event'] },
    { text: 'Paste the Webhook URL and save.', path: ['Create webhook', 'URL'] },
    {
      text: 'Copy the signing key Shopify shows under the list of webhooks and paste it into this integration’s Settings here (unless you gave it when adding).',
      path: ['Webhooks', 'Your webhooks will be signed with …'],
    },
    { text: 'Press "Send a test event" here.', path: ['ReviewRoute', 'Integrations', 'Send a test event'] },
  ],
  woocommerce: [
    { text: 'Open WooCommerce → Settings → Advanced → Webhooks.', path: ['WooCommerce', 'Settings', 'Advanced', 'Webhooks'] },
    { text: 'Add webhook: status Active, topic "Order updated".', path: ['Webhooks', 'Add webhook', 'Topic'] },
    { text: 'Paste the Webhook URL as the Delivery URL.', path: ['Add webhook', 'Delivery URL'] },
    { text: 'Paste the Secret, and choose API version WP REST API Integration v3.', path: ['Add webhook', 'Secret'] },
    { text: TEST_STEP, path: ['Add webhook', 'Save webhook'] },
  ],
  zoho_books: [
    { text: 'Open Zoho Books → Settings → Automation → Webhooks.', path: ['Settings', 'Automation', 'Webhooks'] },
    { text: 'New webhook: module Invoices, paste the Webhook URL, method POST.', path: ['Webhooks', 'New Webhook', 'URL to notify'] },
    {
      text: 'Body: "Entire invoice". Add a custom header X-ReviewRoute-Secret with the Secret as its value.',
      path: ['New Webhook', 'Headers'],
    },
    {
      text: 'Add a workflow rule for Invoices, "when an invoice is paid", whose action is this webhook.',
      path: ['Settings', 'Automation', 'Workflow Rules', 'New Rule'],
    },
    { text: TEST_STEP, path: ['ReviewRoute', 'Integrations', 'Send a test event'] },
  ],
  zenoti: [
    { text: 'Open Zenoti → Admin → Setup → Integrations → Webhooks.', path: ['Admin', 'Setup', 'Integrations', 'Webhooks'] },
    { text: 'Add a webhook: paste the Webhook URL and choose the event {event}.', path: ['Webhooks', 'Add', 'Events'] },
    { text: 'Add a header X-ReviewRoute-Secret with the Secret as its value.', path: ['Webhooks', 'Headers'] },
    { text: TEST_STEP, path: ['Webhooks', 'Save'] },
  ],
}

/** How the provider's screen names the event of a trigger, where it is not the trigger itself. */
const EVENT_NAMES: Record<string, string> = {
  'orders/paid': 'Order payment',
  'orders/fulfilled': 'Order fulfillment',
}

/** The provider's steps for an integration waiting for `trigger`. */
export function setupSteps(provider: IntegrationProvider, trigger: string): SetupStep[] {
  const event = EVENT_NAMES[trigger] ?? trigger
  const fill = (text: string) => text.replaceAll('{event}', event)
  return SETUP_STEPS[provider].map((step) => ({ text: fill(step.text), path: step.path.map(fill) }))
}
