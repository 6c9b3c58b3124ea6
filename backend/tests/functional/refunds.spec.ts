/*
 * Refunds by the refund policy (docs/decisions.md D33) through a stub of Razorpay's Refunds API: in full
 * within 48 hours of the first payment, pro rata for 6- and 12-month plans within 14 and 30 days, nothing for a
 * monthly plan after 48 hours; the plan ends, a credit note in its own series refers to the invoice; one refund per
 * payment; the refund webhooks settle a pending refund once.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { json } from '#tests/helpers/stub_server'
import {
  KEY_ID,
  KEY_SECRET,
  ordersApi,
  openOrder,
  parseBody,
  razorpayError,
  razorpayId,
  razorpayStub,
  refundEvent,
  sendWebhook,
  verify,
  type PaidPlan,
} from '#tests/helpers/razorpay'
import { razorpayOrdersApi } from '../../../scripts/lib/razorpay-stub.mjs'
import { UserFactory } from '#database/factories/index'
import type User from '#models/user'
import Payment from '#models/payment'
import RefundPayment, { refundQuote } from '#actions/billing/refund_payment'
import { clock } from '#lib/clock'
import { PlanType } from '#lib/billing_enums'
import type { InvoiceDto, PaymentHistoryDto, TrialStatusDto } from '#types/api'

const IST = { zone: 'Asia/Kolkata' }
const START = DateTime.fromISO('2026-11-24T11:00:00', IST)

async function paid(client: ApiClient, user: User, plan: PaidPlan) {
  const orderId = await openOrder(client, user, plan)
  ;(await verify(client, user, orderId, razorpayId('pay_'))).assertStatus(200)
  return Payment.findByOrFail('razorpayOrderId', orderId)
}

const refund = async (payment: Payment) => (await app.container.make(RefundPayment)).handle(payment.id, 'Asked by the owner')
const invoicesOf = async (client: ApiClient, user: User) => (await client.get('/api/invoices').loginAs(user)).body() as InvoiceDto[]

test.group('Refund policy windows', () => {
  const paidAt = START
  const period = { start: START, end: START.plus({ months: 12 }) }

  test('in full within 48 hours of the first payment, whatever the plan', ({ assert }) => {
    for (const plan of [PlanType.Monthly, PlanType.SixMonth, PlanType.TwelveMonth]) {
      assert.deepEqual(refundQuote({ amount: 49900, paidAt }, plan, true, period, START.plus({ hours: 47, minutes: 59 })), {
        amount: 49900,
        kind: 'full',
      })
    }
  })

  test('a monthly plan: nothing after 48 hours, nor for a later payment', ({ assert }) => {
    assert.property(
      refundQuote({ amount: 49900, paidAt }, PlanType.Monthly, true, period, START.plus({ hours: 48, minutes: 1 })),
      'refused'
    )
    assert.property(refundQuote({ amount: 49900, paidAt }, PlanType.Monthly, false, period, START.plus({ hours: 1 })), 'refused')
  })

  test('12 months: pro rata for the unused part within 30 days; 6 months within 14 days', ({ assert }) => {
    const day10 = START.plus({ days: 10 })
    const twelve = refundQuote({ amount: 449900, paidAt }, PlanType.TwelveMonth, false, period, day10)
    const unused = period.end.diff(day10).toMillis() / period.end.diff(period.start).toMillis()
    assert.deepEqual(twelve, { amount: Math.floor(449900 * unused), kind: 'pro_rata' })
    assert.property(
      refundQuote({ amount: 449900, paidAt }, PlanType.TwelveMonth, false, period, START.plus({ days: 30, hours: 1 })),
      'refused'
    )
    const six = { start: START, end: START.plus({ months: 6 }) }
    assert.equal(
      (refundQuote({ amount: 249900, paidAt }, PlanType.SixMonth, false, six, START.plus({ days: 14 })) as { kind: string }).kind,
      'pro_rata'
    )
    assert.property(refundQuote({ amount: 249900, paidAt }, PlanType.SixMonth, false, six, START.plus({ days: 14, hours: 1 })), 'refused')
  })

  test('a plan bought ahead (not started yet) is refunded in full within its window', ({ assert }) => {
    const ahead = { start: START.plus({ days: 20 }), end: START.plus({ days: 20, months: 6 }) }
    assert.deepEqual(refundQuote({ amount: 249900, paidAt }, PlanType.SixMonth, false, ahead, START.plus({ days: 3 })), {
      amount: 249900,
      kind: 'pro_rata',
    })
  })
})

test.group('Refunds through Razorpay', (group) => {
  isolated(group)
  const razorpay = razorpayStub(group)
  group.each.setup(() => {
    clock.travelTo(START)
    return () => clock.reset()
  })

  test('in full within 48 hours: Razorpay refunds, the plan ends, a credit note refers to the invoice', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const payment = await paid(client, user, 'monthly')
    clock.travelTo(START.plus({ hours: 30 }))
    razorpay.stub.requests.length = 0

    const result = await refund(payment)

    assert.equal(result.quote.kind, 'full')
    const [sent] = razorpay.stub.requests
    assert.equal(sent.url, `/v1/payments/${payment.razorpayPaymentId}/refund`)
    assert.equal(Number(parseBody(sent.body).amount), 49900)
    assert.match(result.refund.razorpayRefundId!, /^rfnd_/)
    assert.equal(result.refund.status, 'processed')

    const [creditNote, invoice] = await invoicesOf(client, user)
    assert.match(creditNote.number, /^RRCN\/26-27\/\d{5}$/)
    assert.containsSubset(creditNote, {
      kind: 'credit_note',
      refersTo: { id: invoice.id, number: invoice.number },
      total: 49900,
      taxableValue: 42288,
      cgst: 3806,
      sgst: 3806,
    })
    const status = (await client.get('/api/billing/trial-status').loginAs(user)).body() as TrialStatusDto
    assert.isFalse(status.hasActivePaidSubscription)
    const [history] = (await client.get('/api/billing/payments').loginAs(user)).body() as PaymentHistoryDto[]
    assert.containsSubset(history, { status: 'refunded', refundedAmount: 49900, invoiceId: invoice.id, creditNoteId: creditNote.id })
  })

  test('a monthly plan after 48 hours is refused and nothing changes', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const payment = await paid(client, user, 'monthly')
    clock.travelTo(START.plus({ hours: 49 }))
    razorpay.stub.requests.length = 0
    await assert.rejects(() => refund(payment), /only within 48 hours/)
    assert.lengthOf(razorpay.stub.requests, 0)
    assert.isNull(await db.from('refunds').where('payment_id', payment.id).first())
    assert.isTrue(((await client.get('/api/billing/trial-status').loginAs(user)).body() as TrialStatusDto).hasActivePaidSubscription)
  })

  test('a 12-month renewal on day 10: pro rata, and the plan ends now', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const first = await paid(client, user, 'monthly')
    await db
      .from('payments')
      .where('id', first.id)
      .update({ paid_at: START.minus({ months: 2 }).toJSDate() })
    await db.from('subscriptions').where('payment_id', first.id).update({ current_period_end: START.toJSDate() })
    const renewal = await paid(client, user, '12-month')
    clock.travelTo(START.plus({ days: 10 }))
    const result = await refund(renewal)
    assert.equal(result.quote.kind, 'pro_rata')
    assert.isAbove(result.quote.amount, 430000)
    assert.isBelow(result.quote.amount, 449900)
    const subscription = await db.from('subscriptions').where('payment_id', renewal.id).first()
    assert.equal(DateTime.fromJSDate(subscription.current_period_end).toMillis(), clock.now().startOf('second').toMillis())
    const [creditNote] = await invoicesOf(client, user)
    assert.equal(creditNote.total, result.quote.amount)
    assert.equal(creditNote.taxableValue + creditNote.cgst + creditNote.sgst + creditNote.igst, result.quote.amount)
  })

  test('one refund per payment: the second is 409', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const payment = await paid(client, user, '6-month')
    await refund(payment)
    await assert.rejects(() => refund(payment), /already been refunded/)
  })

  test('Razorpay refusing is a clear error, the refund is marked failed and may be tried again', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const payment = await paid(client, user, 'monthly')
    razorpay.stub.answer((_request, response) =>
      json(response, 400, razorpayError('BAD_REQUEST_ERROR', 'The payment has been fully refunded already'))
    )
    await assert.rejects(() => refund(payment), /Razorpay refused the refund: The payment has been fully refunded already/)
    assert.equal((await db.from('refunds').where('payment_id', payment.id).first()).status, 'failed')
    assert.isTrue(((await client.get('/api/billing/trial-status').loginAs(user)).body() as TrialStatusDto).hasActivePaidSubscription)
    razorpay.stub.answer(ordersApi)
    assert.equal((await refund(payment)).refund.status, 'processed')
  })

  test('a pending refund: refund.processed issues the credit note once; a replay and refund.failed change nothing', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const payment = await paid(client, user, 'monthly')
    razorpay.stub.answer(razorpayOrdersApi({ keyId: KEY_ID, keySecret: KEY_SECRET }, [], 'pending'))
    const result = await refund(payment)
    assert.equal(result.refund.status, 'pending')
    assert.isNull(result.creditNote)
    assert.lengthOf(await invoicesOf(client, user), 1)

    const processed = refundEvent('refund.processed', {
      refundId: result.refund.razorpayRefundId!,
      paymentId: payment.razorpayPaymentId!,
      amount: 49900,
    })
    ;(await sendWebhook(client, processed, { eventId: 'evt_refund_1' })).assertStatus(200)
    ;(await sendWebhook(client, processed, { eventId: 'evt_refund_1' })).assertStatus(200)
    ;(await sendWebhook(client, processed, { eventId: 'evt_refund_2' })).assertStatus(200)
    const failed = refundEvent('refund.failed', {
      refundId: result.refund.razorpayRefundId!,
      paymentId: payment.razorpayPaymentId!,
      amount: 49900,
    })
    ;(await sendWebhook(client, failed)).assertStatus(200)

    const invoices = await invoicesOf(client, user)
    assert.deepEqual(
      invoices.map((invoice) => invoice.kind),
      ['credit_note', 'invoice']
    )
    assert.equal((await db.from('refunds').where('payment_id', payment.id).first()).status, 'processed')
  })
})
