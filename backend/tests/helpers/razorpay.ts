/*
 * Razorpay as the payment specs see it: the stub of its Orders API on loopback (scripts/lib/razorpay-stub.mjs,
 * shared with the journeys), the gateway pointed at it, stored webhook fixtures (one per event) and the
 * requests checkout and Razorpay make. Shared by the payment specs.
 */
import type { ApiClient } from '@japa/api-client'
import Workspace from '#models/workspace'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { UserFactory, planOf } from '#database/factories/index'
import type User from '#models/user'
import Payment from '#models/payment'
import BillingProfile from '#models/billing_profile'
import Subscription from '#models/subscription'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { basicAuth, checkoutSignature as signCheckout, hmac, razorpayId, razorpayOrdersApi } from '../../../scripts/lib/razorpay-stub.mjs'

export { hmac, parseBody, razorpayError, razorpayId, refundEvent, webhookEvent } from '../../../scripts/lib/razorpay-stub.mjs'

export const KEY_ID = 'rzp_test_key'
export const KEY_SECRET = 'test_secret'
export const WEBHOOK_SECRET = 'whsec_test'
export const PRICES = { 'monthly': 49900, '6-month': 249900, '12-month': 449900 } as const
export type PaidPlan = keyof typeof PRICES

export const BASIC_AUTH = basicAuth({ keyId: KEY_ID, keySecret: KEY_SECRET })

export const checkoutSignature = (orderId: string, paymentId: string, secret = KEY_SECRET) => signCheckout(orderId, paymentId, secret)

/* ----------------------------------------------------------------------------------------------------------
 * Razorpay stub and gateway
 * -------------------------------------------------------------------------------------------------------- */

/** Razorpay's Orders API for the test keys. */
export const ordersApi = razorpayOrdersApi({ keyId: KEY_ID, keySecret: KEY_SECRET })

export type GatewayConfig = NonNullable<ConstructorParameters<typeof RazorpayGateway>[0]>

export function useGateway(config: Partial<GatewayConfig>) {
  app.container.swap(
    RazorpayGateway,
    () =>
      new RazorpayGateway({
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        webhookSecret: WEBHOOK_SECRET,
        baseUrl: 'http://127.0.0.1:9',
        timeoutMs: 2000,
        ...config,
      })
  )
}

/** A stub server for the group, answering as Razorpay's Orders API before each test, and the gateway swapped to it. */
export function razorpayStub(group: Group) {
  const holder = {} as { stub: StubServer }
  group.setup(async () => {
    holder.stub = await startStubServer(ordersApi)
    return () => holder.stub.close()
  })
  group.each.setup(() => {
    holder.stub.answer(ordersApi)
    useGateway({ baseUrl: holder.stub.url })
    return () => app.container.restore(RazorpayGateway)
  })
  return holder
}

/**
 * For groups that run real transactions (requests fired together), so without the global rollback: users made
 * with the returned function are deleted after each test, with their payments, events and subscriptions.
 */
export function committedBuyers(group: Group) {
  const userIds: number[] = []
  group.each.teardown(async () => {
    if (userIds.length === 0) return
    const orderIds = (await db.from('payments').whereIn('user_id', userIds).select('razorpay_order_id')).map(
      (row) => row.razorpay_order_id as string
    )
    await db.from('subscriptions').whereIn('user_id', userIds).delete()
    if (orderIds.length > 0) await db.from('payment_events').whereIn('razorpay_order_id', orderIds).delete()
    const paymentIds = db.from('payments').whereIn('user_id', userIds).select('id')
    await db.from('invoices').whereIn('payment_id', paymentIds).whereNotNull('refers_to_invoice_id').delete()
    await db.from('invoices').whereIn('payment_id', paymentIds).delete()
    await db.from('refunds').whereIn('payment_id', paymentIds).delete()
    await db.from('payments').whereIn('user_id', userIds).delete()
    await db.from('businesses').whereIn('user_id', userIds).delete()
    await db.from('auth_access_tokens').whereIn('tokenable_id', userIds).delete()
    await db.from('users').whereIn('id', userIds).delete()
    userIds.length = 0
  })
  return async function buyer() {
    const user = await UserFactory.create()
    userIds.push(user.id)
    return user
  }
}

/* ----------------------------------------------------------------------------------------------------------
 * Rows and requests
 * -------------------------------------------------------------------------------------------------------- */

export async function countWhere(table: string, column: string, value: string | number) {
  const row = await db.from(table).where(column, value).count('* as total').first()
  return Number(row.total)
}
export const countTable = async (table: string) => Number((await db.from(table).count('* as total').first()).total)

export const subscriptionsOf = (user: User) => Subscription.query().where('user_id', user.id)
export const paymentByOrder = (orderId: string) => Payment.findByOrFail('razorpayOrderId', orderId)

/** The user's personal workspace (where their own purchases go). */
export const personalWorkspaceOf = async (user: User) => (await Workspace.personalIdOf(user.id))!

/** Billing details in Karnataka (the seller's state) unless others are given: needed before a purchase. */
export async function withBillingDetails(
  user: User,
  details: Partial<{ legalName: string; address: string; stateCode: string; gstin: string | null }> = {}
) {
  return BillingProfile.updateOrCreate(
    { workspaceId: await personalWorkspaceOf(user) },
    {
      userId: user.id,
      legalName: `${user.firstName ?? 'Owner'} Enterprises`,
      address: '12 MG Road, Bengaluru 560001',
      stateCode: '29',
      gstin: null,
      ...details,
    }
  )
}

/** Opens an order as checkout does, with billing details saved first when the owner has none. */
export async function createPayment(client: ApiClient, user: User, body: Record<string, unknown>) {
  if (!(await BillingProfile.find(await personalWorkspaceOf(user)))) await withBillingDetails(user)
  return client.post('/api/billing/create-payment').json(body).loginAs(user)
}

/** Opens an order through the API (as checkout does) and returns its id. */
export async function openOrder(client: ApiClient, user: User, planType: PaidPlan = 'monthly') {
  const plan = await planOf(planType)
  const response = await createPayment(client, user, { planId: String(plan.id) })
  response.assertStatus(200)
  return response.body().orderId as string
}

export function verify(client: ApiClient, user: User, orderId: string, paymentId: string, signature?: string) {
  return client
    .post('/api/billing/verify-payment')
    .json({
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature ?? checkoutSignature(orderId, paymentId),
    })
    .loginAs(user)
}

/** Sends the exact bytes that were signed. */
export function sendWebhook(
  client: ApiClient,
  event: Record<string, any>,
  { eventId = razorpayId(''), signature }: { eventId?: string; signature?: string | null } = {}
) {
  const raw = JSON.stringify(event)
  const request = client.post('/api/webhooks/razorpay').header('content-type', 'application/json').header('x-razorpay-event-id', eventId)
  if (signature !== null) request.header('x-razorpay-signature', signature ?? hmac(WEBHOOK_SECRET, raw))
  return request.unsafeJson(raw)
}
