/*
 * GST tax invoices (docs/decisions.md D33): billing details with GSTIN checks, required before a purchase;
 * one invoice per granted payment, issued with the grant (intra-state CGST + SGST, inter-state IGST), its JSON,
 * PDF and receipt mail; the payment history; numbering across the financial year's turn (31 March → 1 April IST),
 * under 50 concurrent grants, and never used by a failed grant.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import {
  committedBuyers,
  createPayment,
  openOrder,
  razorpayStub,
  razorpayId,
  sendWebhook,
  verify,
  webhookEvent,
  withBillingDetails,
  type PaidPlan,
} from '#tests/helpers/razorpay'
import { deadWorkerMailer, fileMailbox } from '#tests/helpers/mailbox'
import { readPdf } from '#tests/helpers/invoices'
import { UserFactory, planOf } from '#database/factories/index'
import User from '#models/user'
import Payment from '#models/payment'
import GrantPlan from '#actions/billing/grant_plan'
import ReceiptMailJob from '#jobs/receipt_mail_job'
import { BILLING_DETAILS_FIRST } from '#actions/billing/start_purchase'
import { clock } from '#lib/clock'
import env from '#start/env'
import type { BillingProfileDto, InvoiceDto, PaymentHistoryDto } from '#types/api'

const IST = { zone: 'Asia/Kolkata' }

/** Pays for a plan through checkout (order, then the signed answer) and answers the invoice it got. */
async function paid(client: ApiClient, user: User, plan: PaidPlan = 'monthly') {
  const orderId = await openOrder(client, user, plan)
  const paymentId = razorpayId('pay_')
  ;(await verify(client, user, orderId, paymentId)).assertStatus(200)
  const list = await client.get('/api/invoices').loginAs(user)
  list.assertStatus(200)
  return { orderId, paymentId, invoice: (list.body() as InvoiceDto[])[0] }
}

test.group('Billing details', (group) => {
  isolated(group)
  razorpayStub(group)

  test('nulls before anything is saved; saved with the GSTIN upper-cased; read back', async ({ client, assert }) => {
    const user = await UserFactory.create()
    assert.deepEqual((await client.get('/api/billing/profile').loginAs(user)).body(), {
      legalName: null,
      address: null,
      stateCode: null,
      gstin: null,
    })
    const saved = await client
      .put('/api/billing/profile')
      .json({ legalName: 'Sharma Sweets Pvt Ltd', address: '14 FC Road, Pune 411004', stateCode: '27', gstin: ' 27aapfu0939f1zv ' })
      .loginAs(user)
    saved.assertStatus(200)
    const expected: BillingProfileDto = {
      legalName: 'Sharma Sweets Pvt Ltd',
      address: '14 FC Road, Pune 411004',
      stateCode: '27',
      gstin: '27AAPFU0939F1ZV',
    }
    assert.deepEqual(saved.body(), expected)
    assert.deepEqual((await client.get('/api/billing/profile').loginAs(user)).body(), expected)
    // Without a GSTIN (an unregistered business) is fine too.
    const unregistered = await client
      .put('/api/billing/profile')
      .json({ legalName: 'Asha Verma', address: '2 Park Street, Kolkata', stateCode: '19', gstin: null })
      .loginAs(user)
    assert.equal(unregistered.body().gstin, null)
  })

  test('a GSTIN with a wrong check character, of another state or of the wrong shape is 422 on gstin and changes nothing', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const body = { legalName: 'Sharma Sweets', address: '14 FC Road, Pune', stateCode: '27' }
    for (const [gstin, sentence] of [
      ['27AAPFU0939F1ZW', /last character does not match/],
      ['29AAGCR4375J1ZU', /not registered in Maharashtra/],
      ['27AAPFU0939F1Z', /valid 15-character GSTIN/],
    ] as const) {
      const refused = await client
        .put('/api/billing/profile')
        .json({ ...body, gstin })
        .loginAs(user)
      refused.assertStatus(422)
      assert.equal(refused.body().errors[0].field, 'gstin')
      assert.match(refused.body().errors[0].message, sentence)
    }
    const badState = await client
      .put('/api/billing/profile')
      .json({ ...body, stateCode: '25' })
      .loginAs(user)
    badState.assertStatus(422)
    assert.equal(badState.body().errors[0].field, 'stateCode')
    assert.isNull(await db.from('billing_profiles').where('user_id', user.id).first())
  })

  test('a purchase without billing details is 422 and opens no order', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const plan = await planOf('monthly')
    const refused = await client.post('/api/billing/create-payment').json({ planId: plan.id }).loginAs(user)
    refused.assertStatus(422)
    assert.deepEqual(refused.body().errors, [{ field: 'billingProfile', message: BILLING_DETAILS_FIRST }])
    assert.isNull(await db.from('payments').where('user_id', user.id).first())
  })
})

test.group('Tax invoices', (group) => {
  isolated(group)
  razorpayStub(group)

  test("a buyer in the seller's state: CGST + SGST, with every field GST asks for", async ({ client, assert }) => {
    clock.travelTo(DateTime.fromISO('2026-11-24T15:30:00', IST))
    const user = await UserFactory.create()
    await withBillingDetails(user, {
      legalName: 'Chai Point Foods LLP',
      address: '80 Feet Road, Koramangala, Bengaluru 560034',
      stateCode: '29',
      gstin: '29AAGCR4375J1ZU',
    })
    const before = clock.now().startOf('second').toMillis()
    const { invoice } = await paid(client, user, 'monthly')
    const after = clock.now().toMillis()

    assert.match(invoice.number, /^RR\/2026-27\/\d{5}$/)
    assert.isAtMost(invoice.number.length, 16)
    assert.containsSubset(invoice, {
      kind: 'invoice',
      refersTo: null,
      seller: {
        legalName: env.get('SELLER_LEGAL_NAME'),
        address: env.get('SELLER_ADDRESS'),
        stateCode: '29',
        stateName: 'Karnataka',
        gstin: env.get('SELLER_GSTIN'),
      },
      buyer: {
        legalName: 'Chai Point Foods LLP',
        address: '80 Feet Road, Koramangala, Bengaluru 560034',
        stateCode: '29',
        stateName: 'Karnataka',
        gstin: '29AAGCR4375J1ZU',
      },
      placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
      sac: '998314',
      taxRatePercent: 18,
      taxableValue: 42288,
      cgst: 3806,
      sgst: 3806,
      igst: 0,
      total: 49900,
      totalInWords: 'Rupees Four Hundred Ninety-Nine Only',
      reverseCharge: false,
      currency: 'INR',
    })
    assert.match(invoice.description, /^ReviewRoute Pro \(Monthly\), 1 month: 24 Nov 2026 to 23 Dec 2026$/)
    // Issued on the app's clock while the payment was granted (to the second), however long that took.
    const issuedAt = DateTime.fromISO(invoice.issuedAt).toMillis()
    assert.isAtLeast(issuedAt, before)
    assert.isAtMost(issuedAt, after)
    const shown = await client.get(`/api/invoices/${invoice.id}`).loginAs(user)
    assert.deepEqual(shown.body(), invoice)
  })

  test('a buyer in another state: IGST; the PDF is one A4 page with the number', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await withBillingDetails(user, {
      legalName: 'Sharma Sweets Pvt Ltd',
      address: '14 FC Road, Pune 411004',
      stateCode: '27',
      gstin: '27AAPFU0939F1ZV',
    })
    const { invoice } = await paid(client, user, '12-month')
    assert.containsSubset(invoice, {
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
      taxableValue: 381271,
      cgst: 0,
      sgst: 0,
      igst: 68629,
      total: 449900,
    })

    const token = (await User.accessTokens.create(user)).value!.release()
    const pdf = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/api/invoices/${invoice.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    })
    assert.equal(pdf.status, 200)
    assert.equal(pdf.headers.get('content-type'), 'application/pdf')
    assert.include(pdf.headers.get('content-disposition'), `${invoice.number.replaceAll('/', '-')}.pdf`)
    const { text, pages } = await readPdf(Buffer.from(await pdf.arrayBuffer()))
    assert.equal(pages, 1)
    assert.include(text, invoice.number)
    assert.include(text, 'IGST')
    assert.include(text, '₹4,499.00')
  })

  test('checkout and the webhook both granting one payment issue one invoice; the history shows it', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const { orderId, paymentId, invoice } = await paid(client, user, '6-month')
    ;(await sendWebhook(client, webhookEvent('payment.captured', { orderId, amount: 249900, paymentId }))).assertStatus(200)
    ;(await verify(client, user, orderId, paymentId)).assertStatus(200)
    const invoices = (await client.get('/api/invoices').loginAs(user)).body() as InvoiceDto[]
    assert.lengthOf(invoices, 1)

    const history = (await client.get('/api/billing/payments').loginAs(user)).body() as PaymentHistoryDto[]
    assert.lengthOf(history, 1)
    assert.containsSubset(history[0], {
      planName: '6 Months',
      durationMonths: 6,
      amount: 249900,
      status: 'paid',
      refundedAmount: 0,
      invoiceId: invoice.id,
      creditNoteId: null,
    })
  })

  test("an order from before billing details (none saved) is invoiced to the account, supplied in the seller's state", async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const orderId = await openOrder(client, user)
    await db.from('billing_profiles').where('user_id', user.id).delete()
    ;(await verify(client, user, orderId, razorpayId('pay_'))).assertStatus(200)
    const [invoice] = (await client.get('/api/invoices').loginAs(user)).body() as InvoiceDto[]
    assert.containsSubset(invoice.buyer, { legalName: `${user.firstName} ${user.lastName}`, address: '', stateCode: '29', gstin: null })
    assert.containsSubset(invoice, { cgst: 3806, sgst: 3806, igst: 0 })
  })

  test('the receipt mail carries the PDF, once however often its job runs', async ({ client, assert, cleanup }) => {
    const mailbox = await fileMailbox(cleanup)
    const user = await UserFactory.create()
    const { invoice } = await paid(client, user)
    const job = new ReceiptMailJob(mailbox.mailer)
    assert.deepEqual(await job.handle({ invoiceId: invoice.id }), { mailed: 1 })
    assert.deepEqual(await job.handle({ invoiceId: invoice.id }), { mailed: 0 })
    assert.deepEqual(await job.handle({}), { mailed: 0 })
    const [raw] = await mailbox.raw()
    const [mail] = await mailbox.read()
    assert.equal(mail.to, user.email)
    assert.include(mail.subject, invoice.number)
    assert.include(raw, 'Content-Type: application/pdf')
    assert.include(raw, `${invoice.number.replaceAll('/', '-')}.pdf`)
  })

  test('a receipt whose worker died mid-send is mailed by the sweep once its lease is over, once (D52)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mailbox = await fileMailbox(cleanup)
    const user = await UserFactory.create()
    const { invoice } = await paid(client, user)
    cleanup(() => clock.reset())
    const dead = deadWorkerMailer()
    void new ReceiptMailJob(dead.mailer).handle({ invoiceId: invoice.id })
    await dead.tookMessage
    const job = new ReceiptMailJob(mailbox.mailer)
    // The lease is live: the job's retry and the sweep leave it.
    assert.deepEqual(await job.handle({ invoiceId: invoice.id }), { mailed: 0 })
    clock.travelTo(clock.now().plus({ minutes: 3 }))
    assert.deepEqual(await job.handle({}), { mailed: 0 })
    assert.lengthOf(await mailbox.read(), 0)

    clock.travelTo(clock.now().plus({ seconds: env.get('SEND_LEASE_SECONDS') }))
    assert.deepEqual(await job.handle({}), { mailed: 1 })
    assert.deepEqual(await job.handle({ invoiceId: invoice.id }), { mailed: 0 })
    const [mail] = await mailbox.read()
    assert.lengthOf(await mailbox.read(), 1)
    assert.equal(mail.to, user.email)
    assert.include((await mailbox.raw())[0], `Message-ID: <receipt-${invoice.id}@`)
  })

  test('numbers turn with the financial year at midnight IST between 31 March and 1 April', async ({ client, assert }) => {
    const numbers: string[] = []
    for (const at of ['2031-03-31T23:58:00', '2031-03-31T23:59:30', '2031-04-01T00:00:30', '2031-04-01T09:00:00']) {
      clock.travelTo(DateTime.fromISO(at, IST))
      const user = await UserFactory.create()
      numbers.push((await paid(client, user)).invoice.number)
    }
    assert.deepEqual(numbers, ['RR/2030-31/00001', 'RR/2030-31/00002', 'RR/2031-32/00001', 'RR/2031-32/00002'])
  })

  test("the invoices are the owner's alone", async ({ client }) => {
    const owner = await UserFactory.create()
    const { invoice } = await paid(client, owner)
    const other = await UserFactory.create()
    ;(await client.get(`/api/invoices/${invoice.id}`).loginAs(other)).assertStatus(404)
    ;(await client.get(`/api/invoices/${invoice.id}/pdf`).loginAs(other)).assertStatus(404)
  })
})

test.group('Tax invoices: numbering under concurrency', (group) => {
  razorpayStub(group)
  const buyer = committedBuyers(group)
  /** A financial year of its own (2041-42), so the run starts at 1 whatever earlier runs left. */
  const YEAR = '2041-42'
  group.each.setup(async () => {
    clock.travelTo(DateTime.fromISO('2041-06-01T11:00:00', IST))
    await db.from('invoice_counters').where('financial_year', YEAR).delete()
    return async () => {
      clock.reset()
      await db.from('invoice_counters').where('financial_year', YEAR).delete()
    }
  })

  /** An order per buyer, opened through the API and not yet paid. */
  async function openOrders(client: ApiClient, count: number) {
    const orders: string[] = []
    for (let index = 0; index < count; index++) {
      const user = await buyer()
      await withBillingDetails(user)
      orders.push(await openOrder(client, user))
    }
    return orders
  }

  test('50 grants at once get 50 consecutive numbers: no gap, no repeat', async ({ client, assert }) => {
    const orders = await openOrders(client, 50)
    const grant = await app.container.make(GrantPlan)
    const granted = await Promise.all(orders.map((orderId) => grant.handle({ orderId, paymentId: razorpayId('pay_') })))
    assert.lengthOf(granted.filter(Boolean), 50)
    const rows = await db
      .from('invoices')
      .where('financial_year', YEAR)
      .where('kind', 'invoice')
      .orderBy('sequence')
      .select('sequence', 'number')
    assert.deepEqual(
      rows.map((row) => row.sequence),
      Array.from({ length: 50 }, (_, index) => index + 1)
    )
    assert.equal(new Set(rows.map((row) => row.number)).size, 50)
  })

  test('a grant that fails after taking its number gives it back: the next grant gets it', async ({ client, assert }) => {
    const [failing, next] = await openOrders(client, 2)
    const grant = await app.container.make(GrantPlan)
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        await grant.handle({ orderId: failing, paymentId: razorpayId('pay_') }, trx)
        throw new Error('the webhook failed after granting')
      })
    )
    assert.equal((await Payment.findByOrFail('razorpayOrderId', failing)).status, 'created')
    await grant.handle({ orderId: next, paymentId: razorpayId('pay_') })
    const rows = await db.from('invoices').where('financial_year', YEAR).select('number')
    assert.deepEqual(
      rows.map((row) => row.number),
      ['RR/2041-42/00001']
    )
  })
})

export { createPayment }
