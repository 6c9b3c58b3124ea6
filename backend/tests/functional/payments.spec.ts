/*
 * Buying a plan through Razorpay (docs/decisions.md D9, docs/product-rules.md, README.md#api, docs/product-rules.md#errors): configuration, order creation against a stub of
 * Razorpay's Orders API on loopback, checkout verification and webhooks (stored fixture payloads, one per
 * event). The plan is granted once, whichever of verify and webhook arrives first, and replays change nothing.
 */
import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { isolated } from '#tests/helpers/setup'
import { json } from '#tests/helpers/stub_server'
import {
  BASIC_AUTH,
  KEY_ID,
  KEY_SECRET,
  PRICES,
  WEBHOOK_SECRET,
  checkoutSignature,
  committedBuyers,
  countTable,
  countWhere,
  createPayment,
  hmac,
  openOrder,
  ordersApi,
  parseBody,
  paymentByOrder,
  razorpayError,
  razorpayId,
  razorpayStub,
  sendWebhook,
  subscriptionsOf,
  useGateway,
  verify,
  webhookEvent,
} from '#tests/helpers/razorpay'
import { SubscriptionFactory, UserFactory, planOf } from '#database/factories/index'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { clock } from '#lib/clock'

const JUNK_TOKEN = 'oat_bm90LWEtcmVhbC10b2tlbg.aGVsbG8td29ybGQtdGhpcy1pcy1qdW5r'
const CONFIGURATION_ERROR = 'Payments are not set up on this server yet, so plans cannot be bought here.'
const ALREADY_SUBSCRIBED =
  'You already have an active subscription plan. Cancel your current subscription first if you want to change plans.'
const CANCELLED_BUT_ACTIVE =
  'You have a cancelled subscription with active access until your billing period ends. ' +
  'Cannot enroll in new plans until your current period expires.'

/** `end` lies within [from, to] + `months`, allowing for the table's whole seconds. */
function assertPeriodEnd(assert: Assert, end: DateTime, from: DateTime, to: DateTime, months: number) {
  assert.isAtLeast(end.toMillis(), from.plus({ months }).minus({ seconds: 1 }).toMillis())
  assert.isAtMost(end.toMillis(), to.plus({ months }).toMillis())
}

/* ----------------------------------------------------------------------------------------------------------
 * Configuration
 * -------------------------------------------------------------------------------------------------------- */

test.group('GET /api/billing/razorpay-config', (group) => {
  isolated(group)
  group.each.teardown(() => app.container.restore(RazorpayGateway))

  test('without keys answers 503 saying payments are not set up', async ({ client, assert }) => {
    useGateway({ keyId: '', keySecret: '', webhookSecret: '' })

    const response = await client.get('/api/billing/razorpay-config')

    response.assertStatus(503)
    assert.equal(response.body().error, CONFIGURATION_ERROR)
    assert.equal(response.body().message, CONFIGURATION_ERROR)
  })

  test('with keys returns only the public key id, without sign-in', async ({ client, assert }) => {
    useGateway({})

    const response = await client.get('/api/billing/razorpay-config')

    response.assertStatus(200)
    assert.deepEqual(response.body(), { keyId: KEY_ID })
    assert.notInclude(response.text(), KEY_SECRET)
    assert.notInclude(response.text(), WEBHOOK_SECRET)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Orders
 * -------------------------------------------------------------------------------------------------------- */

test.group('POST /api/billing/create-payment', (group) => {
  isolated(group)
  const razorpay = razorpayStub(group)

  test('opens a Razorpay order for the monthly plan at its price and records it', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const plan = await planOf('monthly')

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(200)
    const body = response.body()
    assert.match(body.orderId, /^order_[A-Za-z0-9]{14}$/)
    assert.equal(body.amount, 49900)
    assert.equal(body.currency, 'INR')
    assert.containsSubset(body.customerDetails, { name: `${user.firstName} ${user.lastName}`, email: user.email })
    assert.notInclude(response.text(), KEY_SECRET)

    const { requests } = razorpay.stub
    assert.lengthOf(requests, 1)
    assert.equal(requests[0].method, 'POST')
    assert.equal(requests[0].url, '/v1/orders')
    assert.equal(requests[0].headers.authorization, BASIC_AUTH)
    const sent = parseBody(requests[0].body)
    assert.equal(Number(sent.amount), 49900)
    assert.equal(sent.currency, 'INR')
    assert.isString(sent.receipt)
    assert.isAtMost(sent.receipt.length, 40)
    assert.equal(sent.notes.planId, String(plan.id))
    assert.equal(sent.notes.userId, String(user.id))

    const payment = await paymentByOrder(body.orderId)
    assert.equal(payment.userId, user.id)
    assert.equal(payment.planId, plan.id)
    assert.equal(payment.amount, 49900)
    assert.equal(payment.currency, 'INR')
    assert.equal(payment.status, 'created')
    assert.isNull(payment.razorpayPaymentId)
    assert.equal((await subscriptionsOf(user)).length, 0)
  })

  test('takes planId as a string and never the amount from the client', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const plan = await planOf('12-month')

    const response = await createPayment(client, user, { planId: String(plan.id), amount: 1, currency: 'USD' })

    response.assertStatus(200)
    assert.equal(response.body().amount, 449900)
    assert.equal(response.body().currency, 'INR')
    assert.equal(Number(parseBody(razorpay.stub.requests[0].body).amount), 449900)
    const payment = await paymentByOrder(response.body().orderId)
    assert.equal(payment.amount, 449900)
    assert.equal(payment.planId, plan.id)
  })

  test('describes a one-off purchase valid for the plan months, never a renewal', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const plan = await planOf('6-month')
    const before = clock.now()

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.amount, 249900)
    assert.include(body.description, '6 months')
    assert.notMatch(response.text(), /renew/i)
    assertPeriodEnd(assert, DateTime.fromISO(body.validUntil), before, clock.now(), 6)
  })

  test('the trial plan and unknown plans are 404, with nothing stored', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const trial = await planOf('trial')

    const forTrial = await createPayment(client, user, { planId: trial.id })
    const unknown = await createPayment(client, user, { planId: 987654 })

    forTrial.assertStatus(404)
    unknown.assertStatus(404)
    assert.isString(forTrial.body().error)
    assert.isString(unknown.body().error)
    assert.lengthOf(razorpay.stub.requests, 0)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })

  test('a junk or missing planId is 422 with a field message', async ({ client, assert }) => {
    const user = await UserFactory.create()

    for (const body of [{ planId: 'monthly' }, { planId: -1 }, { planId: 1.5 }, {}, { planId: null }]) {
      const response = await createPayment(client, user, body)
      response.assertStatus(422)
      assert.isString(response.body().error, JSON.stringify(body))
      assert.equal(response.body().errors?.[0]?.field, 'planId', JSON.stringify(body))
    }
    assert.lengthOf(razorpay.stub.requests, 0)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })

  test('without Razorpay keys is 503 (payments not set up) and nothing stored', async ({ client, assert }) => {
    useGateway({ keyId: '', keySecret: '', baseUrl: razorpay.stub.url })
    const user = await UserFactory.create()
    const plan = await planOf('monthly')

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(503)
    assert.equal(response.body().error, CONFIGURATION_ERROR)
    assert.lengthOf(razorpay.stub.requests, 0)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })

  test('Razorpay failing with 500 is 503 and nothing stored', async ({ client, assert }) => {
    const outage = razorpayError('SERVER_ERROR', 'We are facing some trouble completing your request at the moment.')
    razorpay.stub.answer((_, response) => json(response, 500, outage))
    const user = await UserFactory.create()
    const plan = await planOf('monthly')

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(503)
    assert.isString(response.body().error)
    assert.notInclude(response.body().error, 'SERVER_ERROR')
    assert.lengthOf(razorpay.stub.requests, 1)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })

  test('Razorpay refusing the keys (401) is 503 and nothing stored', async ({ client, assert }) => {
    useGateway({ keySecret: 'wrong_secret', baseUrl: razorpay.stub.url })
    const user = await UserFactory.create()
    const plan = await planOf('monthly')

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(503)
    assert.lengthOf(razorpay.stub.requests, 1)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })

  test('Razorpay not answering in time is 503 and nothing stored', async ({ client, assert }) => {
    useGateway({ baseUrl: razorpay.stub.url, timeoutMs: 200 })
    razorpay.stub.answer((request, response) => void setTimeout(() => ordersApi(request, response), 1500))
    const user = await UserFactory.create()
    const plan = await planOf('monthly')

    const started = Date.now()
    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(503)
    assert.isBelow(Date.now() - started, 1400)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })

  test('an answer without an order id is 503 and nothing stored', async ({ client, assert }) => {
    razorpay.stub.answer((_, response) => json(response, 200, { entity: 'order', status: 'created' }))
    const user = await UserFactory.create()
    const plan = await planOf('monthly')

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(503)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })

  test('an owner with an active plan gets 409 Already Subscribed', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 10 }) })
      .create()
    const plan = await planOf('12-month')
    const before = await countWhere('payments', 'user_id', user.id)

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(409)
    assert.equal(response.body().title, 'Already Subscribed')
    assert.equal(response.body().error, ALREADY_SUBSCRIBED)
    assert.equal(response.body().message, ALREADY_SUBSCRIBED)
    assert.lengthOf(razorpay.stub.requests, 0)
    assert.equal(await countWhere('payments', 'user_id', user.id), before)
  })

  test('an owner with a cancelled plan still running gets 409 with the cancelled text', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await SubscriptionFactory.apply('cancelled')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 3 }) })
      .create()
    const plan = await planOf('monthly')

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(409)
    assert.equal(response.body().title, 'Already Subscribed')
    assert.equal(response.body().error, CANCELLED_BUT_ACTIVE)
    assert.lengthOf(razorpay.stub.requests, 0)
  })

  test('once the previous period has ended the owner can buy again', async ({ client, assert }) => {
    const user = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().minus({ days: 1 }) })
      .create()
    const plan = await planOf('monthly')

    const response = await createPayment(client, user, { planId: plan.id })

    response.assertStatus(200)
    assert.equal((await paymentByOrder(response.body().orderId)).status, 'created')
  })

  test('the 6th attempt within a minute is 429 for that owner only', async ({ client, assert }) => {
    const [user, other] = await UserFactory.createMany(2)
    const plan = await planOf('monthly')

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await createPayment(client, user, { planId: plan.id })
      response.assertStatus(200)
    }
    const sixth = await createPayment(client, user, { planId: plan.id })
    const otherOwner = await createPayment(client, other, { planId: plan.id })

    sixth.assertStatus(429)
    assert.isString(sixth.body().error)
    assert.isNotEmpty(sixth.body().error)
    otherOwner.assertStatus(200)
    assert.lengthOf(razorpay.stub.requests, 6)
    assert.equal(await countWhere('payments', 'user_id', user.id), 5)
  })

  test('without a token or with a junk token is 401 and nothing stored', async ({ client, assert }) => {
    const plan = await planOf('monthly')
    const before = await countTable('payments')

    const anonymous = await client.post('/api/billing/create-payment').json({ planId: plan.id })
    const junk = await client.post('/api/billing/create-payment').json({ planId: plan.id }).bearerToken(JUNK_TOKEN)

    anonymous.assertStatus(401)
    junk.assertStatus(401)
    assert.isString(anonymous.body().error)
    assert.lengthOf(razorpay.stub.requests, 0)
    assert.equal(await countTable('payments'), before)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Checkout verification
 * -------------------------------------------------------------------------------------------------------- */

test.group('POST /api/billing/verify-payment', (group) => {
  isolated(group)
  razorpayStub(group)

  test('a valid signature activates the monthly plan for 1 month from now', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user, 'monthly')
    const paymentId = razorpayId('pay_')
    const before = clock.now()

    const response = await verify(client, user, orderId, paymentId)
    const after = clock.now()

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      success: true,
      hasActivePaidSubscription: true,
      hasActiveSubscription: true,
      isTrialActive: false,
      subscriptionPlan: 'pro',
      planType: 'monthly',
      subscriptionStatus: 'active',
    })
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'paid')
    assert.equal(payment.razorpayPaymentId, paymentId)
    assert.isNotNull(payment.paidAt)
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    const [subscription] = subscriptions
    assert.equal(subscription.status, 'active')
    assert.equal(subscription.planId, (await planOf('monthly')).id)
    assert.equal(subscription.paymentId, payment.id)
    assert.isAtLeast(subscription.currentPeriodStart.toMillis(), before.minus({ seconds: 1 }).toMillis())
    assert.isAtMost(subscription.currentPeriodStart.toMillis(), after.toMillis())
    assertPeriodEnd(assert, subscription.currentPeriodEnd, before, after, 1)
    assert.equal(DateTime.fromISO(response.body().currentPeriodEnd).toMillis(), subscription.currentPeriodEnd.toMillis())
  })

  test('the 6-month plan runs for 6 months', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user, '6-month')
    const before = clock.now()

    const response = await verify(client, user, orderId, razorpayId('pay_'))
    const after = clock.now()

    response.assertStatus(200)
    assert.equal(response.body().planType, '6-month')
    const [subscription] = await subscriptionsOf(user)
    assertPeriodEnd(assert, subscription.currentPeriodEnd, before, after, 6)
  })

  test('a forged signature is 400 and grants nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')
    const forgeries = [
      'deadbeef',
      checkoutSignature(orderId, razorpayId('pay_')),
      checkoutSignature(orderId, paymentId, WEBHOOK_SECRET),
      checkoutSignature(orderId, paymentId).toUpperCase(),
    ]

    for (const signature of forgeries) {
      const response = await verify(client, user, orderId, paymentId, signature)
      response.assertStatus(400)
      assert.isString(response.body().error)
      assert.isNotEmpty(response.body().error)
    }
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'created')
    assert.isNull(payment.razorpayPaymentId)
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test("another owner's order is 404 and grants nothing", async ({ client, assert }) => {
    const [owner, intruder] = await UserFactory.createMany(2)
    const orderId = await openOrder(client, owner)

    const response = await verify(client, intruder, orderId, razorpayId('pay_'))

    response.assertStatus(404)
    assert.equal((await paymentByOrder(orderId)).status, 'created')
    assert.lengthOf(await subscriptionsOf(owner), 0)
    assert.lengthOf(await subscriptionsOf(intruder), 0)
  })

  test('an order we never created is 404', async ({ client, assert }) => {
    const user = await UserFactory.create()

    const response = await verify(client, user, razorpayId('order_'), razorpayId('pay_'))

    response.assertStatus(404)
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test('verifying twice still leaves exactly one subscription', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')

    const first = await verify(client, user, orderId, paymentId)
    const periodEnd = (await subscriptionsOf(user))[0].currentPeriodEnd
    clock.travelTo(clock.now().plus({ minutes: 5 }))
    const second = await verify(client, user, orderId, paymentId)

    first.assertStatus(200)
    second.assertStatus(200)
    assert.isTrue(second.body().success)
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    assert.equal(subscriptions[0].currentPeriodEnd.toMillis(), periodEnd.toMillis())
  })

  test('missing or malformed fields are 422', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)

    const missing = await client.post('/api/billing/verify-payment').json({ razorpay_order_id: orderId }).loginAs(user)
    const malformed = await client
      .post('/api/billing/verify-payment')
      .json({ razorpay_order_id: `${orderId}' OR 1=1`, razorpay_payment_id: 'pay_x', razorpay_signature: 'abc' })
      .loginAs(user)

    missing.assertStatus(422)
    malformed.assertStatus(422)
    assert.isArray(missing.body().errors)
    assert.equal((await paymentByOrder(orderId)).status, 'created')
  })

  test('without a token or with a junk token is 401', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')
    const body = {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(orderId, paymentId),
    }

    const anonymous = await client.post('/api/billing/verify-payment').json(body)
    const junk = await client.post('/api/billing/verify-payment').json(body).bearerToken(JUNK_TOKEN)

    anonymous.assertStatus(401)
    junk.assertStatus(401)
    assert.equal((await paymentByOrder(orderId)).status, 'created')
    assert.lengthOf(await subscriptionsOf(user), 0)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Webhooks
 * -------------------------------------------------------------------------------------------------------- */

test.group('POST /api/webhooks/razorpay', (group) => {
  isolated(group)
  razorpayStub(group)

  test('each stored fixture event with a valid signature is accepted and recorded', async ({ client, assert }) => {
    for (const name of ['payment.captured', 'order.paid', 'payment.failed'] as const) {
      const user = await UserFactory.create()
      const orderId = await openOrder(client, user)
      const eventId = razorpayId('')
      const event = webhookEvent(name, { orderId, amount: PRICES.monthly })

      const response = await sendWebhook(client, event, { eventId })

      assert.isAtLeast(response.status(), 200, name)
      assert.isBelow(response.status(), 300, name)
      const stored = await db.from('payment_events').where('event_id', eventId)
      assert.lengthOf(stored, 1, name)
      assert.equal(stored[0].event, name)
      assert.equal(stored[0].razorpay_order_id, orderId)
      assert.equal(stored[0].payload, JSON.stringify(event))
    }
  })

  test('payment.captured grants the plan', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')
    const before = clock.now()

    const response = await sendWebhook(client, webhookEvent('payment.captured', { orderId, amount: 49900, paymentId }))
    const after = clock.now()

    response.assertStatus(200)
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'paid')
    assert.equal(payment.razorpayPaymentId, paymentId)
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    assert.equal(subscriptions[0].status, 'active')
    assert.equal(subscriptions[0].paymentId, payment.id)
    assertPeriodEnd(assert, subscriptions[0].currentPeriodEnd, before, after, 1)

    const status = await client.get('/api/billing/trial-status').loginAs(user)
    assert.containsSubset(status.body(), { hasActivePaidSubscription: true, subscriptionPlan: 'pro' })
  })

  test('order.paid grants the plan', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user, '6-month')
    const before = clock.now()

    const response = await sendWebhook(client, webhookEvent('order.paid', { orderId, amount: PRICES['6-month'] }))
    const after = clock.now()

    response.assertStatus(200)
    assert.equal((await paymentByOrder(orderId)).status, 'paid')
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    assert.equal(subscriptions[0].planId, (await planOf('6-month')).id)
    assertPeriodEnd(assert, subscriptions[0].currentPeriodEnd, before, after, 6)
  })

  test('a replayed event id answers duplicate and changes nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const eventId = razorpayId('')
    const event = webhookEvent('payment.captured', { orderId, amount: 49900 })

    const first = await sendWebhook(client, event, { eventId })
    const periodEnd = (await subscriptionsOf(user))[0].currentPeriodEnd
    clock.travelTo(clock.now().plus({ minutes: 10 }))
    const replay = await sendWebhook(client, event, { eventId })

    first.assertStatus(200)
    replay.assertStatus(200)
    assert.equal(replay.body().status, 'duplicate')
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    assert.equal(subscriptions[0].currentPeriodEnd.toMillis(), periodEnd.toMillis())
    assert.equal(await countWhere('payment_events', 'event_id', eventId), 1)
  })

  test('payment.captured, order.paid and verify for the same order grant once', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')

    const captured = await sendWebhook(client, webhookEvent('payment.captured', { orderId, amount: 49900, paymentId }))
    const paid = await sendWebhook(client, webhookEvent('order.paid', { orderId, amount: 49900, paymentId }))
    const verified = await verify(client, user, orderId, paymentId)

    captured.assertStatus(200)
    paid.assertStatus(200)
    verified.assertStatus(200)
    assert.lengthOf(await subscriptionsOf(user), 1)
    assert.equal(await countWhere('payment_events', 'razorpay_order_id', orderId), 2)
  })

  test('a forged signature is 400 and nothing is stored', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const event = webhookEvent('payment.captured', { orderId, amount: 49900 })
    const raw = JSON.stringify(event)
    const tampered = webhookEvent('payment.captured', { orderId, amount: 100 })
    const eventsBefore = await countTable('payment_events')

    const attempts = [
      await sendWebhook(client, event, { signature: 'deadbeef' }),
      await sendWebhook(client, event, { signature: hmac(KEY_SECRET, raw) }),
      await sendWebhook(client, event, { signature: null }),
      await sendWebhook(client, tampered, { signature: hmac(WEBHOOK_SECRET, raw) }),
    ]

    for (const response of attempts) {
      response.assertStatus(400)
      assert.isString(response.body().error)
    }
    assert.equal(await countTable('payment_events'), eventsBefore)
    assert.equal((await paymentByOrder(orderId)).status, 'created')
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test('payment.captured with the wrong amount grants nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user, '12-month')

    const response = await sendWebhook(client, webhookEvent('payment.captured', { orderId, amount: 100 }))

    assert.isAtLeast(response.status(), 200)
    assert.isBelow(response.status(), 300)
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'created')
    assert.isNull(payment.razorpayPaymentId)
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test('order.paid with the wrong amount grants nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user, '6-month')

    const response = await sendWebhook(client, webhookEvent('order.paid', { orderId, amount: PRICES.monthly }))

    assert.isBelow(response.status(), 300)
    assert.equal((await paymentByOrder(orderId)).status, 'created')
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test('payment.failed marks a created payment failed with the reason', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const event = webhookEvent('payment.failed', { orderId, amount: 49900 })

    const response = await sendWebhook(client, event)

    response.assertStatus(200)
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'failed')
    assert.equal(payment.failureReason, event.payload.payment.entity.error_description)
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test('payment.failed never moves a paid payment back', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')
    ;(await verify(client, user, orderId, paymentId)).assertStatus(200)

    const response = await sendWebhook(client, webhookEvent('payment.failed', { orderId, amount: 49900 }))

    response.assertStatus(200)
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'paid')
    assert.equal(payment.razorpayPaymentId, paymentId)
    assert.isNull(payment.failureReason)
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    assert.equal(subscriptions[0].status, 'active')
  })

  test('payment.failed arriving after payment.captured leaves the order paid', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const captured = webhookEvent('payment.captured', { orderId, amount: 49900 })
    const failed = webhookEvent('payment.failed', { orderId, amount: 49900 })

    ;(await sendWebhook(client, captured)).assertStatus(200)
    const response = await sendWebhook(client, failed)

    response.assertStatus(200)
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'paid')
    assert.equal(payment.razorpayPaymentId, captured.payload.payment.entity.id)
    assert.isNull(payment.failureReason)
    assert.lengthOf(await subscriptionsOf(user), 1)
  })

  test('a failed attempt followed by a captured retry grants the plan', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const retryId = razorpayId('pay_')

    ;(await sendWebhook(client, webhookEvent('payment.failed', { orderId, amount: 49900 }))).assertStatus(200)
    const retry = webhookEvent('payment.captured', { orderId, amount: 49900, paymentId: retryId })
    const response = await sendWebhook(client, retry)

    response.assertStatus(200)
    const payment = await paymentByOrder(orderId)
    assert.equal(payment.status, 'paid')
    assert.equal(payment.razorpayPaymentId, retryId)
    assert.isNull(payment.failureReason)
    assert.lengthOf(await subscriptionsOf(user), 1)
  })

  test('a payment id already attached to another order grants nothing and is no server error', async ({ client, assert }) => {
    const first = await UserFactory.create()
    const second = await UserFactory.create()
    const firstOrder = await openOrder(client, first)
    const secondOrder = await openOrder(client, second)
    const paymentId = razorpayId('pay_')

    ;(await sendWebhook(client, webhookEvent('payment.captured', { orderId: firstOrder, amount: PRICES.monthly, paymentId }))).assertStatus(
      200
    )
    const reused = await sendWebhook(client, webhookEvent('payment.captured', { orderId: secondOrder, amount: PRICES.monthly, paymentId }))

    reused.assertStatus(200)
    assert.lengthOf(await subscriptionsOf(first), 1)
    assert.lengthOf(await subscriptionsOf(second), 0)
    assert.equal((await paymentByOrder(secondOrder)).status, 'created')
  })

  test('an event for an order we never created is accepted and grants nothing', async ({ client, assert }) => {
    const orderId = razorpayId('order_')
    const paymentsBefore = await countTable('payments')
    const subscriptionsBefore = await countTable('subscriptions')

    const captured = await sendWebhook(client, webhookEvent('payment.captured', { orderId, amount: 49900 }))
    const paid = await sendWebhook(client, webhookEvent('order.paid', { orderId, amount: 49900 }))

    assert.isBelow(captured.status(), 300)
    assert.isAtLeast(captured.status(), 200)
    assert.isBelow(paid.status(), 300)
    assert.equal(await countTable('payments'), paymentsBefore)
    assert.equal(await countTable('subscriptions'), subscriptionsBefore)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Concurrency: real transactions, so no global rollback; every row made here is deleted afterwards.
 * -------------------------------------------------------------------------------------------------------- */

test.group('Payments arriving together', (group) => {
  razorpayStub(group)
  const buyer = committedBuyers(group)

  group.each.setup(async () => {
    clock.reset()
    await limiter.clear()
  })

  test('verify, webhooks and a replay fired together grant exactly one subscription', async ({ client, assert }) => {
    for (let round = 0; round < 3; round++) {
      const user = await buyer()
      const orderId = await openOrder(client, user)
      const paymentId = razorpayId('pay_')
      const capturedId = razorpayId('')
      const captured = webhookEvent('payment.captured', { orderId, amount: 49900, paymentId })
      const paid = webhookEvent('order.paid', { orderId, amount: 49900, paymentId })

      const responses = await Promise.all([
        verify(client, user, orderId, paymentId),
        sendWebhook(client, captured, { eventId: capturedId }),
        sendWebhook(client, captured, { eventId: capturedId }),
        sendWebhook(client, paid),
      ])

      for (const response of responses) response.assertStatus(200)
      const replayStatuses = [responses[1].body().status, responses[2].body().status].sort()
      assert.deepEqual(replayStatuses, ['duplicate', 'processed'], `round ${round}`)
      assert.lengthOf(await subscriptionsOf(user), 1, `round ${round}`)
      const payment = await paymentByOrder(orderId)
      assert.equal(payment.status, 'paid')
      assert.equal(payment.razorpayPaymentId, paymentId)
      assert.equal(await countWhere('payment_events', 'razorpay_order_id', orderId), 2)
    }
  })

  test('two verifications fired together grant one subscription', async ({ client, assert }) => {
    const user = await buyer()
    const orderId = await openOrder(client, user, '12-month')
    const paymentId = razorpayId('pay_')

    const responses = await Promise.all([
      verify(client, user, orderId, paymentId),
      verify(client, user, orderId, paymentId),
      verify(client, user, orderId, paymentId),
    ])

    for (const response of responses) response.assertStatus(200)
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    assert.equal(subscriptions[0].planId, (await planOf('12-month')).id)
  })
})
