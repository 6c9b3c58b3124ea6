/*
 * Attacks on buying a plan (docs/decisions.md D9): forged checkout and webhook signatures, replayed and out-of-order
 * events, verify and webhooks fired together, and clients that send their own price. Whatever arrives, in
 * whatever order: a payment grants its plan at most once, never without a valid signature, and the amount
 * always comes from the plan row.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import fc from 'fast-check'
import limiter from '@adonisjs/limiter/services/main'
import { isolated } from '#tests/helpers/setup'
import {
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
  parseBody,
  paymentByOrder,
  razorpayId,
  razorpayStub,
  sendWebhook,
  subscriptionsOf,
  verify,
  webhookEvent,
  type PaidPlan,
  withBillingDetails,
} from '#tests/helpers/razorpay'
import { UserFactory, planOf } from '#database/factories/index'
import type User from '#models/user'
import SubscriptionPlan from '#models/subscription_plan'
import { clock } from '#lib/clock'
import { PlanType } from '#lib/billing_enums'

const SEED = 20261122

/** One order's purchase as an attacker or an unreliable network may deliver it. */
type Step = 'verify' | 'captured' | 'paid' | 'failed' | 'replay' | 'wrong-amount' | 'forged-verify' | 'forged-webhook' | 'unsigned-webhook'
const GRANTING: Step[] = ['verify', 'captured', 'paid', 'replay']

interface Purchase {
  user: User
  orderId: string
  amount: number
  paymentId: string
  /** The event id every `replay` step reuses: Razorpay redelivers an event with its id. */
  replayId: string
}

async function purchase(client: ApiClient, user: User, plan: PaidPlan = 'monthly'): Promise<Purchase> {
  const orderId = await openOrder(client, user, plan)
  return { user, orderId, amount: PRICES[plan], paymentId: razorpayId('pay_'), replayId: razorpayId('') }
}

function perform(client: ApiClient, step: Step, { user, orderId, amount, paymentId, replayId }: Purchase) {
  switch (step) {
    case 'verify':
      return verify(client, user, orderId, paymentId)
    case 'captured':
      return sendWebhook(client, webhookEvent('payment.captured', { orderId, amount, paymentId }))
    case 'paid':
      return sendWebhook(client, webhookEvent('order.paid', { orderId, amount, paymentId }))
    case 'failed':
      return sendWebhook(client, webhookEvent('payment.failed', { orderId, amount }))
    case 'replay':
      return sendWebhook(client, webhookEvent('payment.captured', { orderId, amount, paymentId }), { eventId: replayId })
    case 'wrong-amount':
      return sendWebhook(client, webhookEvent('payment.captured', { orderId, amount: 100, paymentId }))
    case 'forged-verify':
      return verify(client, user, orderId, paymentId, checkoutSignature(orderId, paymentId, WEBHOOK_SECRET))
    case 'forged-webhook': {
      const event = webhookEvent('payment.captured', { orderId, amount, paymentId })
      return sendWebhook(client, event, { signature: hmac(KEY_SECRET, JSON.stringify(event)) })
    }
    case 'unsigned-webhook':
      return sendWebhook(client, webhookEvent('order.paid', { orderId, amount, paymentId }), { signature: null })
  }
}

const EXPECTED_STATUS: Record<Step, number> = {
  'verify': 200,
  'captured': 200,
  'paid': 200,
  'failed': 200,
  'replay': 200,
  'wrong-amount': 200,
  'forged-verify': 400,
  'forged-webhook': 400,
  'unsigned-webhook': 400,
}

/** After any set of steps: one subscription if and only if a genuine grant arrived, and the order's state. */
async function assertOutcome(assert: Assert, steps: Step[], { user, orderId, paymentId }: Purchase) {
  const granted = steps.some((step) => GRANTING.includes(step))
  const subscriptions = await subscriptionsOf(user)
  const payment = await paymentByOrder(orderId)
  const label = steps.join(' → ')

  assert.lengthOf(subscriptions, granted ? 1 : 0, label)
  if (granted) {
    assert.equal(payment.status, 'paid', label)
    assert.equal(payment.razorpayPaymentId, paymentId, label)
    assert.equal(subscriptions[0].paymentId, payment.id, label)
    assert.equal(subscriptions[0].planId, payment.planId, label)
  } else {
    assert.equal(payment.status, steps.includes('failed') ? 'failed' : 'created', label)
    assert.isNull(payment.razorpayPaymentId, label)
  }
}

/* ----------------------------------------------------------------------------------------------------------
 * Forged signatures
 * -------------------------------------------------------------------------------------------------------- */

test.group('Payments abuse: forged signatures', (group) => {
  isolated(group)
  razorpayStub(group)

  test('no altered checkout signature verifies a payment', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')
    const genuine = checkoutSignature(orderId, paymentId)
    const other = await openOrder(client, await UserFactory.create())

    const forgery = fc.oneof(
      // One hex digit changed.
      fc
        .tuple(fc.nat({ max: genuine.length - 1 }), fc.constantFrom(...'0123456789abcdef'))
        .map(([at, digit]) => (genuine[at] === digit ? null : genuine.slice(0, at) + digit + genuine.slice(at + 1))),
      fc.nat({ max: genuine.length - 1 }).map((length) => genuine.slice(0, length) || null),
      fc.constantFrom(
        genuine.toUpperCase(),
        genuine + '0',
        Buffer.from(genuine, 'hex').toString('base64'),
        checkoutSignature(orderId, paymentId, WEBHOOK_SECRET),
        checkoutSignature(orderId, paymentId, 'another_secret'),
        hmac(KEY_SECRET, `${paymentId}|${orderId}`),
        hmac(KEY_SECRET, `${orderId}${paymentId}`),
        hmac(KEY_SECRET, `${orderId}|${paymentId}|`),
        checkoutSignature(other, paymentId),
        checkoutSignature(orderId, razorpayId('pay_'))
      ),
      fc.stringMatching(/^[0-9a-f]{64}$/)
    )

    await fc.assert(
      fc.asyncProperty(forgery, async (signature) => {
        if (signature === null || signature === genuine) return
        const response = await verify(client, user, orderId, paymentId, signature)
        assert.equal(response.status(), 400, `signature ${signature}`)
        assert.isString(response.body().error)
      }),
      { seed: SEED, numRuns: 60 }
    )

    assert.equal((await paymentByOrder(orderId)).status, 'created')
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test('a genuine signature for one owner’s order does not verify it for another owner', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const intruder = await UserFactory.create()
    const orderId = await openOrder(client, owner)
    const paymentId = razorpayId('pay_')

    const response = await verify(client, intruder, orderId, paymentId)

    response.assertStatus(404)
    assert.equal((await paymentByOrder(orderId)).status, 'created')
    assert.lengthOf(await subscriptionsOf(owner), 0)
    assert.lengthOf(await subscriptionsOf(intruder), 0)
  })

  test('no webhook with a signature that does not cover its exact bytes is stored or acted on', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const event = webhookEvent('payment.captured', { orderId, amount: PRICES.monthly })
    const raw = JSON.stringify(event)
    const genuine = hmac(WEBHOOK_SECRET, raw)
    const eventsBefore = await countTable('payment_events')

    // The signed bytes, changed in ways a JSON parser would not notice, or a signature that is not for them.
    const tampered = fc.oneof(
      fc.constantFrom(
        { body: JSON.stringify(event, null, 2), signature: genuine },
        { body: ` ${raw}`, signature: genuine },
        { body: `${raw}\n`, signature: genuine },
        { body: JSON.stringify({ ...event, event: 'order.paid' }), signature: genuine },
        { body: raw.replace(String(PRICES.monthly), '100'), signature: genuine },
        { body: raw, signature: genuine.toUpperCase() },
        { body: raw, signature: hmac(KEY_SECRET, raw) },
        { body: raw, signature: `sha256=${genuine}` },
        { body: raw, signature: '' }
      ),
      fc.stringMatching(/^[0-9a-f]{64}$/).map((signature) => ({ body: raw, signature }))
    )

    await fc.assert(
      fc.asyncProperty(tampered, async ({ body, signature }) => {
        const response = await client
          .post('/api/webhooks/razorpay')
          .header('x-razorpay-signature', signature)
          .header('x-razorpay-event-id', razorpayId(''))
          .unsafeJson(body)
        assert.equal(response.status(), 400, `${signature} over ${body.slice(0, 60)}`)
      }),
      { seed: SEED, numRuns: 40 }
    )

    assert.equal(await countTable('payment_events'), eventsBefore)
    assert.equal((await paymentByOrder(orderId)).status, 'created')
    assert.lengthOf(await subscriptionsOf(user), 0)
  })

  test('a signature as long as the genuine one but with a non-ASCII character is refused, not a server error', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const paymentId = razorpayId('pay_')
    const checkout = checkoutSignature(orderId, paymentId)
    const raw = JSON.stringify(webhookEvent('payment.captured', { orderId, amount: PRICES.monthly }))
    const webhook = hmac(WEBHOOK_SECRET, raw)

    for (const signature of [`é${checkout.slice(1)}`, `${checkout.slice(0, -1)}ñ`]) {
      ;(await verify(client, user, orderId, paymentId, signature)).assertStatus(400)
    }
    for (const signature of [`é${webhook.slice(1)}`, `${webhook.slice(0, -1)}ÿ`]) {
      const response = await client
        .post('/api/webhooks/razorpay')
        .header('x-razorpay-signature', signature)
        .header('x-razorpay-event-id', razorpayId(''))
        .unsafeJson(raw)
      assert.equal(response.status(), 400, signature)
    }
    assert.equal((await paymentByOrder(orderId)).status, 'created')
  })

  test('a signed event whose fields have the wrong types or sizes is answered without a server error', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const bodies: unknown[] = [
      null,
      [],
      'payment.captured',
      { event: 'payment.captured', payload: { payment: { entity: { order_id: { id: orderId }, amount: PRICES.monthly } } } },
      { event: 'payment.captured', payload: { payment: { entity: { order_id: 'order_' + 'x'.repeat(80), amount: 1 } } } },
      { event: 'payment.captured', payload: { payment: { entity: { order_id: orderId, id: ['pay_x'], amount: 1 } } } },
      { event: 'payment.captured', payload: { payment: { entity: { order_id: orderId, amount: String(PRICES.monthly) } } } },
      { event: 'order.paid', payload: { order: { entity: { id: 12345, amount_paid: PRICES.monthly } } } },
      { event: 'payment.failed', payload: { payment: { entity: { order_id: orderId, error_description: 42 } } } },
      { event: { name: 'payment.captured' }, payload: 'nothing' },
    ]

    for (const body of bodies) {
      const raw = JSON.stringify(body)
      const response = await client.post('/api/webhooks/razorpay').header('x-razorpay-signature', hmac(WEBHOOK_SECRET, raw)).unsafeJson(raw)
      assert.isBelow(response.status(), 500, `${raw}: ${response.text()}`)
      assert.isAtLeast(response.status(), 200, raw)
    }
    assert.lengthOf(await subscriptionsOf(user), 0)
    const payment = await paymentByOrder(orderId)
    assert.isNull(payment.razorpayPaymentId)
    assert.equal(payment.failureReason, '42')
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Replays and any order of arrival
 * -------------------------------------------------------------------------------------------------------- */

test.group('Payments abuse: replays and order of arrival', (group) => {
  isolated(group)
  razorpayStub(group)

  test('any sequence of genuine, replayed, failed and forged deliveries grants at most once', async ({ client, assert }) => {
    const steps = fc.array(
      fc.constantFrom<Step>(
        'verify',
        'captured',
        'paid',
        'failed',
        'replay',
        'wrong-amount',
        'forged-verify',
        'forged-webhook',
        'unsigned-webhook'
      ),
      { minLength: 1, maxLength: 7 }
    )

    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const order = await purchase(client, await UserFactory.create())
        for (const step of sequence) {
          const response = await perform(client, step, order)
          assert.equal(response.status(), EXPECTED_STATUS[step], `${step} in ${sequence.join(' → ')}: ${response.text()}`)
        }
        await assertOutcome(assert, sequence, order)
      }),
      {
        seed: SEED,
        numRuns: 60,
        examples: [
          [['captured', 'failed']],
          [['paid', 'verify']],
          [['failed', 'verify', 'failed']],
          [['replay', 'replay', 'replay']],
          [['wrong-amount', 'forged-verify', 'forged-webhook', 'unsigned-webhook', 'failed']],
        ],
      }
    )
  }).timeout(60_000)

  test('a replay long after the period ended, or after cancelling, grants nothing new', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const order = await purchase(client, user)
    ;(await perform(client, 'replay', order)).assertStatus(200)
    const [granted] = await subscriptionsOf(user)

    ;(await client.post('/api/billing/cancel-subscription').loginAs(user)).assertStatus(200)
    const afterCancel = await perform(client, 'replay', order)
    const freshIdAfterCancel = await perform(client, 'captured', order)
    clock.travelTo(granted.currentPeriodEnd.plus({ days: 40 }))
    const afterExpiry = await perform(client, 'replay', order)
    const verifyAfterExpiry = await perform(client, 'verify', order)

    assert.equal(afterCancel.body().status, 'duplicate')
    assert.equal(freshIdAfterCancel.body().status, 'processed')
    assert.equal(afterExpiry.body().status, 'duplicate')
    verifyAfterExpiry.assertStatus(200)
    assert.isFalse(verifyAfterExpiry.body().hasActiveSubscription)
    const subscriptions = await subscriptionsOf(user)
    assert.lengthOf(subscriptions, 1)
    assert.equal(subscriptions[0].currentPeriodEnd.toMillis(), granted.currentPeriodEnd.toMillis())
    assert.equal(subscriptions[0].status, 'cancelled')
  })

  test('an event without an event id is keyed by its body: the same bytes again are a duplicate', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    const raw = JSON.stringify(webhookEvent('order.paid', { orderId, amount: PRICES.monthly }))
    const send = () => client.post('/api/webhooks/razorpay').header('x-razorpay-signature', hmac(WEBHOOK_SECRET, raw)).unsafeJson(raw)

    const first = await send()
    const second = await send()

    assert.equal(first.body().status, 'processed')
    assert.equal(second.body().status, 'duplicate')
    assert.equal(await countWhere('payment_events', 'razorpay_order_id', orderId), 1)
    assert.lengthOf(await subscriptionsOf(user), 1)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * The price comes from the server
 * -------------------------------------------------------------------------------------------------------- */

test.group('Payments abuse: the client never sets the price', (group) => {
  isolated(group)
  const razorpay = razorpayStub(group)

  test('whatever amount, plan type, price or currency the client adds, Razorpay is asked for the plan’s price', async ({
    client,
    assert,
  }) => {
    const plans = await SubscriptionPlan.query().whereNot('plan_type', PlanType.Trial).where('is_active', true)
    const junk = fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 10 }), fc.constant(null), fc.boolean())
    const request = fc.record({
      plan: fc.constantFrom(...plans),
      planIdAsString: fc.boolean(),
      extra: fc.record(
        {
          amount: junk,
          price: junk,
          totalPrice: junk,
          planType: fc.constantFrom('trial', 'monthly', '12-month', 'free'),
          currency: fc.constantFrom('USD', 'INR', 'XXX'),
          notes: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })),
          receipt: fc.string({ maxLength: 10 }),
          durationMonths: junk,
        },
        { requiredKeys: [] }
      ),
      query: fc.constantFrom('', '?amount=1', '?price=0&currency=USD'),
    })

    await fc.assert(
      fc.asyncProperty(request, async ({ plan, planIdAsString, extra, query }) => {
        await limiter.clear()
        const user = await UserFactory.create()
        await withBillingDetails(user)
        const planId = planIdAsString ? String(plan.id) : plan.id
        razorpay.stub.requests.length = 0

        const response = await client
          .post(`/api/billing/create-payment${query}`)
          .json({ ...extra, planId })
          .loginAs(user)

        const label = JSON.stringify({ plan: plan.planType, extra, query })
        assert.equal(response.status(), 200, `${label}: ${response.text()}`)
        assert.equal(response.body().amount, plan.totalPrice, label)
        assert.equal(response.body().currency, 'INR', label)
        assert.lengthOf(razorpay.stub.requests, 1, label)
        const sent = parseBody(razorpay.stub.requests[0].body)
        assert.equal(Number(sent.amount), plan.totalPrice, label)
        assert.equal(sent.currency, 'INR', label)
        const payment = await paymentByOrder(response.body().orderId)
        assert.equal(payment.amount, plan.totalPrice, label)
        assert.equal(payment.planId, plan.id, label)
      }),
      { seed: SEED, numRuns: 40 }
    )
  }).timeout(60_000)

  test('the trial plan cannot be bought, whatever the client says it costs', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const trial = await planOf('trial')

    const response = await createPayment(client, user, { planId: trial.id, amount: 0, planType: 'monthly' })

    response.assertStatus(404)
    assert.lengthOf(razorpay.stub.requests, 0)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Arriving together: real transactions, rows deleted afterwards
 * -------------------------------------------------------------------------------------------------------- */

test.group('Payments abuse: deliveries fired together', (group) => {
  razorpayStub(group)
  const buyer = committedBuyers(group)
  group.each.setup(async () => {
    clock.reset()
    await limiter.clear()
  })

  test('verify, webhooks, replays and forgeries at once grant exactly one subscription, round after round', async ({ client, assert }) => {
    const rounds: Step[][] = [
      ['verify', 'captured', 'paid', 'replay', 'replay', 'failed'],
      ['replay', 'replay', 'replay', 'replay', 'verify', 'verify'],
      ['failed', 'paid', 'forged-verify', 'forged-webhook', 'captured', 'unsigned-webhook'],
      ['forged-verify', 'forged-webhook', 'unsigned-webhook', 'wrong-amount', 'failed'],
      ['verify', 'verify', 'verify', 'paid', 'paid', 'wrong-amount'],
    ]
    for (const steps of rounds) {
      const order = await purchase(client, await buyer())
      const responses = await Promise.all(steps.map((step) => perform(client, step, order)))
      responses.forEach((response, index) =>
        assert.equal(response.status(), EXPECTED_STATUS[steps[index]], `${steps[index]} in ${steps.join(', ')}`)
      )
      const replays = responses.filter((_, index) => steps[index] === 'replay').map((response) => response.body().status)
      if (replays.length > 0) assert.equal(replays.filter((status) => status === 'processed').length, 1, steps.join(', '))
      await assertOutcome(assert, steps, order)
    }
  }).timeout(30_000)

  test('two orders of one owner paid at the same moment give back-to-back periods, not overlapping ones', async ({ client, assert }) => {
    for (let round = 0; round < 3; round++) {
      const user = await buyer()
      const orders = [await purchase(client, user, 'monthly'), await purchase(client, user, '6-month')]

      const responses = await Promise.all([perform(client, 'verify', orders[0]), perform(client, 'verify', orders[1])])

      for (const response of responses) response.assertStatus(200)
      const subscriptions = (await subscriptionsOf(user)).sort((a, b) => a.currentPeriodStart.toMillis() - b.currentPeriodStart.toMillis())
      assert.lengthOf(subscriptions, 2)
      // Paid for 1 + 6 months: the second period starts where the first ends.
      assert.equal(
        subscriptions[1].currentPeriodStart.toMillis(),
        subscriptions[0].currentPeriodEnd.toMillis(),
        `round ${round}: ${subscriptions.map((s) => `${s.currentPeriodStart.toISO()}–${s.currentPeriodEnd.toISO()}`).join(', ')}`
      )
    }
  }).timeout(30_000)
})
