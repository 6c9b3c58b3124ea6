/*
 * Data rights (docs/decisions.md D29): a copy of everything stored about the owner, and deleting the account
 * with its businesses and ratings while payments stay as tax records, no longer naming the owner.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { clock } from '#lib/clock'
import { ownerWithBusiness, seedSessions } from '#tests/helpers/owners'
import { DEFAULT_PASSWORD, PaymentFactory, SubscriptionFactory, UserFactory } from '#database/factories/index'
import { NO_PASSWORD, WRONG_PASSWORD } from '#actions/account/delete_account'
import { EXPORT_TABLES, leftOutWhy } from '#actions/account/export_account'
import { TOTP_SECRET, operator } from '#tests/helpers/operators'
import { activate } from '#services/operators/two_factor'
import GrantPlan from '#actions/billing/grant_plan'
import RecordRequestProgress from '#actions/requests/record_request_progress'
import app from '@adonisjs/core/services/app'
import type { AccountExport } from '#types/api'

const count = async (table: string, column: string, value: unknown) =>
  Number(
    (
      await db
        .from(table)
        .where(column, value as number)
        .count('* as n')
        .first()
    ).n
  )

test.group('GET /api/account/export', (group) => {
  isolated(group)

  test('everything about the owner and their businesses, in one JSON file, and nothing secret', async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness({ sessions: [{ rating: 5 }, { rating: 2, feedback: 'Cold tea' }] })
    await SubscriptionFactory.apply('pro').merge({ userId: user.id }).create()
    const stranger = await ownerWithBusiness({ sessions: [{ rating: 1, feedback: 'Not theirs' }] })

    const response = await client.get('/api/account/export').bearerToken(token)
    response.assertStatus(200)
    assert.match(String(response.header('content-disposition')), /^attachment; filename="reviewroute-export-\d{4}-\d{2}-\d{2}\.json"$/)
    const body: AccountExport = JSON.parse(response.text())
    assert.equal(body.profile.email, user.email)
    assert.deepEqual(
      body.businesses.map((row) => row.id),
      [business.id]
    )
    assert.sameMembers(
      body.reviewSessions.map((row) => row.feedback),
      [null, 'Cold tea']
    )
    assert.lengthOf(body.payments, 1)
    assert.lengthOf(body.subscriptions, 1)
    assert.isAtLeast(body.signedInDevices.length, 1)
    assert.notProperty(body.account, 'password')
    for (const device of body.signedInDevices) assert.notProperty(device, 'hash')
    assert.notInclude(response.text(), 'Not theirs')
    assert.notInclude(response.text(), stranger.business.shortUrl)
  })

  test("the file is named with India's date, not UTC's", async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    // 20:00 UTC on 27 November is 01:30 on the 28th in India.
    clock.travelTo(DateTime.fromISO('2026-11-27T20:00:00Z'))

    const response = await client.get('/api/account/export').bearerToken(token)

    response.assertStatus(200)
    assert.equal(response.header('content-disposition'), 'attachment; filename="reviewroute-export-2026-11-28.json"')
  })

  test('a business with thousands of ratings is exported whole, in batches', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    await db.table('review_sessions').multiInsert(
      Array.from({ length: 2_345 }, (_, i) => ({
        business_id: business.id,
        rating: (i % 5) + 1,
        redirected: i % 5 >= 3,
        created_at: new Date(),
      }))
    )
    await seedSessions(business.id, [{ rating: 4 }])
    const body: AccountExport = JSON.parse((await client.get('/api/account/export').bearerToken(token)).text())
    assert.lengthOf(body.reviewSessions, 2_346)
    assert.lengthOf(new Set(body.reviewSessions.map((row) => row.id)), 2_346)
  })

  test('needs a token', async ({ client }) => {
    ;(await client.get('/api/account/export')).assertStatus(401)
  })

  test("an operator's export carries no second factor, recovery codes or identity-provider ids", async ({ client, assert }) => {
    const { user, token } = await operator()
    await activate(user)
    await db.from('users').where('id', user.id).update({ oidc_subject: 'oidc-subject-5f3a9e', external_id: 'user_2ExternalIdX' })
    const row = await db.from('users').where('id', user.id).first()

    const response = await client.get('/api/account/export').bearerToken(token)
    response.assertStatus(200)
    const text = response.text()
    const keys = new Set<string>()
    JSON.parse(text, (key, value) => (keys.add(key), value))
    for (const key of keys) assert.notMatch(key, /totp|recovery|oidc|external|secret|password|hash/i)
    for (const secret of [row.totp_secret_encrypted, TOTP_SECRET, ...user.totpRecoveryCodes!, 'oidc-subject-5f3a9e', 'user_2ExternalIdX']) {
      assert.notInclude(text, secret)
    }
    const body: AccountExport = JSON.parse(text)
    assert.equal(body.account.role, 'operator')
  })

  test("what the owner's businesses hold: customers, requests, call-back contacts, staff, opt-outs and the billing details", async ({
    client,
    assert,
  }) => {
    const { user, token, business } = await ownerWithBusiness()
    const other = await ownerWithBusiness()
    const staff = (await client.post(`/api/businesses/${business.id}/staff`).bearerToken(token).json({ name: 'Priya' })).body()
    const request = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({
        businessId: business.id,
        customer: { name: 'Asha Rao', phone: '9876543210', email: 'asha@example.in', consent: true },
        channel: 'whatsapp_link',
        staffId: staff.id,
      })
    request.assertStatus(201)
    await new RecordRequestProgress().optedOut(request.body().id, request.body().customerId)
    await client
      .post('/api/customers')
      .bearerToken(other.token)
      .json({ businessId: other.business.id, name: 'Not Theirs', phone: '9876501234', consent: true })
    await db.table('review_sessions').insert({
      business_id: business.id,
      rating: 2,
      feedback: 'Cold',
      redirected: false,
      contact_name: 'Ravi Kumar',
      contact_phone: '9845067890',
      created_at: new Date(),
    })
    ;(
      await client
        .put('/api/billing/profile')
        .bearerToken(token)
        .json({ legalName: 'Asha Stores LLP', address: '12 MG Road, Bengaluru', stateCode: '29', gstin: null })
    ).assertStatus(200)
    const payment = await PaymentFactory.merge({ userId: user.id }).create()
    await (await app.container.make(GrantPlan)).handle({ orderId: payment.razorpayOrderId, paymentId: 'pay_ExportInvoice1' })

    const body: AccountExport = JSON.parse((await client.get('/api/account/export').bearerToken(token)).text())
    assert.deepEqual(
      body.customers.map((row) => [row.name, row.phone, row.email]),
      [['Asha Rao', '+919876543210', 'asha@example.in']]
    )
    assert.deepEqual(
      body.reviewRequests.map((row) => [row.id, row.channel, row.staff_id]),
      [[request.body().id, 'whatsapp_link', staff.id]]
    )
    assert.notProperty(body.reviewRequests[0], 'token')
    assert.sameMembers(
      body.optOuts.map((row) => row.phone ?? row.email),
      ['+919876543210', 'asha@example.in']
    )
    assert.deepEqual(
      body.staff.map((row) => [row.name, row.code]),
      [['Priya', staff.code]]
    )
    const callBack = body.reviewSessions.find((row) => row.contact_name === 'Ravi Kumar')
    assert.equal(callBack?.contact_phone, '9845067890')
    assert.include(body.billingProfile!, { legal_name: 'Asha Stores LLP', state_code: '29', gstin: null })
    assert.lengthOf(body.invoices, 1)
    assert.equal(body.invoices[0].payment_id, payment.id)
    assert.equal((body.invoices[0].buyer as { legalName: string }).legalName, 'Asha Stores LLP')
    assert.notInclude(JSON.stringify(body), 'Not Theirs')
  })

  test('every column of every exported table is exported or left out on purpose', async ({ assert }) => {
    for (const [table, spec] of Object.entries(EXPORT_TABLES)) {
      const columns = (
        await db
          .from('information_schema.columns')
          .whereRaw('table_schema = DATABASE()')
          .where('table_name', table)
          .select('column_name as name')
      ).map((row) => row.name as string)
      assert.isNotEmpty(columns, table)
      for (const column of spec.columns) assert.include(columns, column, `${table}.${column} is exported but does not exist`)
      for (const column of columns) {
        const exported = (spec.columns as readonly string[]).includes(column)
        assert.isTrue(
          exported !== Boolean(leftOutWhy(table, column)),
          `${table}.${column}: export it or say why it is left out (export_account.ts)`
        )
      }
    }
    assert.property(EXPORT_TABLES, 'users')
  })
})

test.group('DELETE /api/account', (group) => {
  isolated(group)

  test('deletes the account and what belongs to it; payments stay, naming nobody; the address can sign up again', async ({
    client,
    assert,
  }) => {
    const { user, token, business } = await ownerWithBusiness({ sessions: [{ rating: 5 }, { rating: 1, feedback: 'Rude' }] })
    const subscription = await SubscriptionFactory.apply('pro').merge({ userId: user.id }).create()
    ;(await client.get(`/api/business/by-url/${business.shortUrl}`)).assertStatus(200) // remembered by the link cache

    const response = await client.delete('/api/account').bearerToken(token).json({ password: DEFAULT_PASSWORD })
    response.assertStatus(204)

    ;(await client.get('/api/auth/user').bearerToken(token)).assertStatus(401)
    ;(await client.post('/api/auth/login').json({ email: user.email, password: DEFAULT_PASSWORD })).assertStatus(400)
    ;(await client.get(`/api/business/by-url/${business.shortUrl}`)).assertStatus(404)
    assert.equal(await count('users', 'id', user.id), 0)
    assert.equal(await count('businesses', 'user_id', user.id), 0)
    assert.equal(await count('review_sessions', 'business_id', business.id), 0)
    assert.equal(await count('auth_access_tokens', 'tokenable_id', user.id), 0)
    assert.equal(await count('subscriptions', 'user_id', user.id), 0)
    const payment = await db.from('payments').where('id', subscription.paymentId!).first()
    assert.isNull(payment.user_id, 'the payment is kept without its owner')

    ;(await client.post('/api/auth/register').json({ email: user.email, password: 'long-enough-1' })).assertStatus(201)
  })

  test('a wrong password is a 400 and deletes nothing', async ({ client, assert }) => {
    const { user, token } = await ownerWithBusiness()
    const response = await client.delete('/api/account').bearerToken(token).json({ password: 'not-it' })
    response.assertStatus(400)
    assert.equal(response.body().error, WRONG_PASSWORD)
    assert.equal(await count('users', 'id', user.id), 1)
    ;(await client.delete('/api/account').bearerToken(token).json({})).assertStatus(422)
  })

  test('an account without a password is told how to set one, and kept', async ({ client, assert }) => {
    const { user, token } = await ownerWithBusiness({ owner: { password: null, externalId: 'user_2NoPassword' } })
    const response = await client.delete('/api/account').bearerToken(token).json({ password: 'anything' })
    response.assertStatus(400)
    assert.equal(response.body().error, NO_PASSWORD)
    assert.equal(await count('users', 'id', user.id), 1)
  })

  test("another owner's account is never touched, and a token is needed", async ({ client, assert }) => {
    const mine = await ownerWithBusiness()
    const theirs = await UserFactory.create()
    ;(await client.delete('/api/account').bearerToken(mine.token).json({ password: DEFAULT_PASSWORD })).assertStatus(204)
    assert.equal(await count('users', 'id', theirs.id), 1)
    ;(await client.delete('/api/account').json({ password: DEFAULT_PASSWORD })).assertStatus(401)
  })

  test('a webhook for an order of a deleted account grants nothing', async ({ assert }) => {
    const { user } = await ownerWithBusiness()
    const payment = await PaymentFactory.merge({ userId: user.id }).create()
    await db.from('users').where('id', user.id).delete()
    assert.isNull(await (await app.container.make(GrantPlan)).handle({ orderId: payment.razorpayOrderId, paymentId: 'pay_Deleted0001' }))
  })
})
