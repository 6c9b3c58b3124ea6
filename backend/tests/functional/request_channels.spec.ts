/*
 * Which channels a business can send review requests on, and the contact each needs
 * (docs/product-rules.md#customers-and-channels): the server says which are usable and why not, refuses the others
 * before anything is stored, and a customer may be reached by email alone.
 */
import { test } from '@japa/runner'
import Workspace from '#models/workspace'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { CustomerFactory, ReviewRequestFactory, ReviewSessionFactory, SubscriptionFactory } from '#database/factories/index'
import { RequestChannel } from '#models/review_request'
import WhatsAppAccount from '#models/whatsapp_account'
import WhatsAppTemplate from '#models/whatsapp_template'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { SMS_NEEDS, WHATSAPP_BUSINESS_NEEDS, providerCapMessage } from '#actions/requests/request_channels'
import { NO_PHONE, TYPED_EMAIL_NEEDED, TYPED_PHONE_NEEDED } from '#actions/requests/create_review_request'
import { EMAIL_TAKEN } from '#actions/requests/save_customer'
import { PHONE_OR_EMAIL } from '#validators/requests'
import { configuredSms } from '#tests/helpers/sms'
import type { CustomerDto, RequestChannelsDto, ReviewRequestDto, ReviewSessionDto } from '#types/api'

async function connectWhatsApp(userId: number) {
  const now = DateTime.now()
  const account = await WhatsAppAccount.create({
    workspaceId: (await Workspace.personalIdOf(userId))!,
    userId,
    phoneNumberId: '106540352242922',
    accessTokenEncrypted: WhatsAppAccount.sealToken('EAAG-test-access-token-0123456789'),
    createdAt: now,
    updatedAt: now,
  })
  await WhatsAppTemplate.create({
    whatsappAccountId: account.id,
    name: 'review_request_en',
    language: 'en',
    status: 'APPROVED',
    managed: false,
    createdAt: now,
    updatedAt: now,
  })
}

test.group('Request channels: what a business can send on', (group) => {
  isolated(group)

  test('a new business: its own WhatsApp and email work; WhatsApp Business and SMS say what they need', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const response = await client.get(`/api/businesses/${business.id}/request-channels`).bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(response.body() as RequestChannelsDto, {
      whatsapp_link: { available: true, needs: 'phone' },
      email: { available: true, needs: 'email' },
      whatsapp: { available: false, needs: 'phone', reason: WHATSAPP_BUSINESS_NEEDS, pricePerMessageInr: 0.115 },
      sms: { available: false, needs: 'phone', reason: SMS_NEEDS },
      language: { language: 'en', source: 'english' },
      whatsappLanguages: [],
    })
    assert.include(SMS_NEEDS, 'DLT')
  })

  test('WhatsApp Business once the number is connected, SMS once MSG91 is set up, neither past the monthly cap', async ({
    client,
    assert,
    cleanup,
  }) => {
    app.container.swap(Msg91Sms, configuredSms)
    cleanup(() => app.container.restore(Msg91Sms))
    const { token, business, user } = await ownerWithBusiness()
    await connectWhatsApp(user.id)
    const channels = async () => (await client.get(`/api/businesses/${business.id}/request-channels`).bearerToken(token)).body()
    assert.deepEqual(await channels(), {
      whatsapp_link: { available: true, needs: 'phone' },
      email: { available: true, needs: 'email' },
      whatsapp: { available: true, needs: 'phone', pricePerMessageInr: 0.115 },
      sms: { available: true, needs: 'phone' },
      language: { language: 'en', source: 'english' },
      whatsappLanguages: ['en'],
    })

    const cap = env.get('REQUEST_PROVIDER_MONTHLY_CAP')
    const customer = await CustomerFactory.merge({ businessId: business.id }).create()
    await ReviewRequestFactory.apply('sent')
      .merge(Array.from({ length: cap }, () => ({ businessId: business.id, customerId: customer.id, channel: RequestChannel.Sms })))
      .createMany(cap)
    await SubscriptionFactory.merge({
      userId: user.id,
      currentPeriodStart: DateTime.now().minus({ days: 1 }),
      currentPeriodEnd: DateTime.now().plus({ days: 29 }),
    }).create()
    const capped = await channels()
    assert.deepEqual(capped.whatsapp, { available: false, needs: 'phone', reason: providerCapMessage(cap), pricePerMessageInr: 0.115 })
    assert.deepEqual(capped.sms, { available: false, needs: 'phone', reason: providerCapMessage(cap) })
    assert.isTrue(capped.whatsapp_link.available)
    const refused = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customerId: customer.id, channel: 'sms' })
    refused.assertStatus(422)
    assert.equal(refused.body().error, providerCapMessage(cap))
  })

  test("another owner's business is not found", async ({ client }) => {
    const mine = await ownerWithBusiness()
    const theirs = await ownerWithBusiness()
    ;(await client.get(`/api/businesses/${theirs.business.id}/request-channels`).bearerToken(mine.token)).assertStatus(404)
    ;(await client.get(`/api/businesses/${theirs.business.id}/request-channels`)).assertStatus(401)
  })

  test('sending on a channel that is not set up is a 422 with what it needs, before anything is stored', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    for (const [channel, reason] of [
      ['sms', SMS_NEEDS],
      ['whatsapp', WHATSAPP_BUSINESS_NEEDS],
    ]) {
      const response = await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customer: { name: 'Asha', phone: '9876543210', consent: true }, channel })
      response.assertStatus(422)
      assert.deepEqual(response.body().errors, [{ field: 'channel', message: reason }])
    }
    assert.lengthOf(await db.from('customers').where('business_id', business.id), 0)
    assert.lengthOf(await db.from('review_requests').where('business_id', business.id), 0)
  })
})

test.group('Customers reached by email alone', (group) => {
  isolated(group)

  test('added with an email and no number; one of the two is required; the address is theirs in the business', async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness()
    const add = (values: Record<string, unknown>) =>
      client
        .post('/api/customers')
        .bearerToken(token)
        .json({ businessId: business.id, consent: true, ...values })

    const created = await add({ name: 'Meera', email: 'Meera@Example.in' })
    created.assertStatus(201)
    const meera = created.body() as CustomerDto
    assert.isNull(meera.phone)
    assert.equal(meera.email, 'meera@example.in')

    const neither = await add({ name: 'Ravi' })
    neither.assertStatus(422)
    assert.deepEqual(neither.body().errors, [{ field: 'phone', message: PHONE_OR_EMAIL }])
    const again = await add({ name: 'Meera K', email: 'meera@example.in' })
    again.assertStatus(409)
    assert.equal(again.body().error, EMAIL_TAKEN)

    // An edit may drop one of the two, never both.
    const withPhone = await client.patch(`/api/customers/${meera.id}`).bearerToken(token).json({ phone: '98765 43210' })
    assert.equal(withPhone.body().phone, '+919876543210')
    ;(await client.patch(`/api/customers/${meera.id}`).bearerToken(token).json({ email: null })).assertStatus(200)
    const none = await client.patch(`/api/customers/${meera.id}`).bearerToken(token).json({ phone: null })
    none.assertStatus(422)
    assert.equal(none.body().errors[0].message, PHONE_OR_EMAIL)
    assert.equal((await db.from('customers').where('id', meera.id).first()).phone, '+919876543210')
  })

  test('an email request for a customer with only an email; WhatsApp for them needs a number', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const meera = (
      await client
        .post('/api/customers')
        .bearerToken(token)
        .json({ businessId: business.id, name: 'Meera', email: 'meera@example.in', consent: true })
    ).body() as CustomerDto

    const email = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customerId: meera.id, channel: 'email' })
    email.assertStatus(201)
    const request = email.body() as ReviewRequestDto
    assert.isNull(request.customerPhone)
    assert.equal(request.customerEmail, 'meera@example.in')

    const whatsapp = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customerId: meera.id, channel: 'whatsapp_link' })
    whatsapp.assertStatus(422)
    assert.deepEqual(whatsapp.body().errors, [{ field: 'customerId', message: NO_PHONE }])
    assert.lengthOf(await db.from('review_requests').where('business_id', business.id), 1)
  })

  test('typed in with an email only: stored for an email request, refused for WhatsApp before anything is stored', async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness()
    const send = (customer: Record<string, unknown>, channel: string) =>
      client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customer: { consent: true, ...customer }, channel })

    const whatsapp = await send({ name: 'Kavya', email: 'kavya@example.in' }, 'whatsapp_link')
    whatsapp.assertStatus(422)
    assert.deepEqual(whatsapp.body().errors, [{ field: 'customer.phone', message: TYPED_PHONE_NEEDED }])
    const noAddress = await send({ name: 'Kavya', phone: '9876543210' }, 'email')
    noAddress.assertStatus(422)
    assert.deepEqual(noAddress.body().errors, [{ field: 'customer.email', message: TYPED_EMAIL_NEEDED }])
    const neither = await send({ name: 'Kavya' }, 'email')
    neither.assertStatus(422)
    assert.equal(neither.body().errors[0].message, PHONE_OR_EMAIL)
    assert.lengthOf(await db.from('customers').where('business_id', business.id), 0)

    ;(await send({ name: 'Kavya', email: 'kavya@example.in' }, 'email')).assertStatus(201)
    ;(await send({ name: 'Kavya R', email: 'KAVYA@example.in' }, 'email')).assertStatus(201)
    const stored = await db.from('customers').where('business_id', business.id)
    assert.deepEqual(
      stored.map((row) => [row.name, row.phone, row.email]),
      [['Kavya R', null, 'kavya@example.in']]
    )
    // Her number, typed with her address later, is hers: still one customer.
    ;(await send({ name: 'Kavya R', phone: '98765 43210', email: 'kavya@example.in' }, 'whatsapp_link')).assertStatus(201)
    const after = await db.from('customers').where('business_id', business.id)
    assert.deepEqual(
      after.map((row) => [row.name, row.phone, row.email]),
      [['Kavya R', '+919876543210', 'kavya@example.in']]
    )
    // And her address alone now finds the customer with the number.
    ;(await send({ name: 'Kavya', email: 'kavya@example.in' }, 'whatsapp_link')).assertStatus(201)
    assert.lengthOf(await db.from('customers').where('business_id', business.id), 1)
  })

  test("an address on the business's opt-out list is added opted out, without a number too", async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    await db.table('opt_outs').insert({ business_id: business.id, phone: null, email: 'meera@example.in', created_at: new Date() })
    const added = await client
      .post('/api/customers')
      .bearerToken(token)
      .json({ businessId: business.id, name: 'Meera', email: 'meera@example.in', consent: true })
    added.assertStatus(201)
    assert.isString((added.body() as CustomerDto).optedOutAt)
  })

  test('a rating through their request names them without a number (nothing to call back)', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const request = (
      await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customer: { name: 'Meera', email: 'meera@example.in', consent: true }, channel: 'email' })
    ).body() as ReviewRequestDto
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, reviewRequestId: request.id }).create()
    const [session] = (
      await client.get('/api/review-sessions').qs({ businessId: business.id }).bearerToken(token)
    ).body() as ReviewSessionDto[]
    assert.deepEqual(session.customer, { name: 'Meera', phone: null, language: null })
  })
})
