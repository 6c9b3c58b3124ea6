/*
 * "Send a test event" (docs/decisions.md D72): a delivery as the provider would send it for the integration's
 * trigger, in the provider's documented shape and signed as the provider signs it, for a customer who is the member
 * pressing the button, so the whole path runs and the request reaches someone who expects it.
 */
import { randomBytes } from 'node:crypto'
import type { IntegrationProvider } from '#contract/integrations'
import { signatureHeader, type Headers } from '#services/integrations/provider_events'

export interface SampleCustomer {
  firstName: string
  lastName: string
  /** 10 digits, or null. */
  phone: string | null
  email: string | null
}

/** The raw body and headers of one test delivery for `trigger`. */
export function sampleDelivery(
  provider: IntegrationProvider,
  trigger: string,
  secret: string,
  customer: SampleCustomer,
  amountPaise = 49_900
): { headers: Headers; raw: Buffer } {
  const id = randomBytes(6).toString('hex')
  const rupees = (amountPaise / 100).toFixed(2)
  const phone = customer.phone ? `+91${customer.phone}` : ''
  const now = Math.floor(Date.now() / 1000)
  let body: unknown
  const headers: Headers = { 'content-type': 'application/json' }
  switch (provider) {
    case 'razorpay': {
      const payment = {
        id: `pay_Test${id}`,
        entity: 'payment',
        amount: amountPaise,
        currency: 'INR',
        status: 'captured',
        order_id: `order_Test${id}`,
        method: 'upi',
        email: customer.email ?? '',
        contact: phone,
        notes: { name: `${customer.firstName} ${customer.lastName}`.trim() },
        created_at: now,
      }
      body = {
        entity: 'event',
        account_id: 'acc_TestAccount01',
        event: trigger,
        contains: trigger === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: { entity: payment },
          ...(trigger === 'order.paid'
            ? {
                order: { entity: { id: payment.order_id, entity: 'order', amount: amountPaise, amount_paid: amountPaise, status: 'paid' } },
              }
            : {}),
        },
        created_at: now,
      }
      headers['x-razorpay-event-id'] = `evt_Test${id}`
      break
    }
    case 'shopify':
      body = {
        id: Number.parseInt(id, 16),
        name: `#T${id.slice(0, 4)}`,
        email: customer.email,
        phone: null,
        total_price: rupees,
        currency: 'INR',
        financial_status: 'paid',
        fulfillment_status: trigger === 'orders/fulfilled' ? 'fulfilled' : null,
        customer: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email, phone: phone || null },
        billing_address: { first_name: customer.firstName, last_name: customer.lastName, phone: phone || null, country_code: 'IN' },
      }
      headers['x-shopify-topic'] = trigger
      headers['x-shopify-webhook-id'] = `test-${id}`
      headers['x-shopify-shop-domain'] = 'test-shop.myshopify.com'
      break
    case 'woocommerce':
      body = {
        id: Number.parseInt(id.slice(0, 6), 16),
        number: `T${id.slice(0, 4)}`,
        status: 'completed',
        currency: 'INR',
        total: rupees,
        billing: { first_name: customer.firstName, last_name: customer.lastName, email: customer.email ?? '', phone },
      }
      headers['x-wc-webhook-topic'] = 'order.updated'
      headers['x-wc-webhook-resource'] = 'order'
      headers['x-wc-webhook-event'] = 'updated'
      headers['x-wc-webhook-delivery-id'] = `test-${id}`
      break
    case 'zoho_books':
      body = {
        invoice: {
          invoice_id: `9${Number.parseInt(id.slice(0, 8), 16)}`,
          invoice_number: `INV-T${id.slice(0, 4)}`,
          status: 'paid',
          total: Number(rupees),
          currency_code: 'INR',
          customer_name: `${customer.firstName} ${customer.lastName}`.trim(),
          email: customer.email ?? '',
          contact_persons_details: [
            {
              first_name: customer.firstName,
              last_name: customer.lastName,
              email: customer.email ?? '',
              mobile: phone,
              is_primary_contact: true,
            },
          ],
        },
      }
      break
    case 'zenoti': {
      const guest = {
        id: `guest-${id}`,
        first_name: customer.firstName,
        last_name: customer.lastName,
        email: customer.email,
        mobile: customer.phone ? { country_code: 91, number: customer.phone } : null,
      }
      body = {
        event_type: trigger,
        data:
          trigger === 'Invoice.Closed'
            ? { invoice: { id: `inv-${id}`, invoice_no: `Z-T${id.slice(0, 4)}`, total_price: { sum_total: Number(rupees) }, guest } }
            : { appointment: { appointment_id: `appt-${id}`, status: 'Completed', guest } },
      }
      break
    }
  }
  const raw = Buffer.from(JSON.stringify(body))
  const [name, value] = signatureHeader(provider, raw, secret)
  headers[name] = value
  return { headers, raw }
}
