/*
 * Review requests sent by WhatsApp Business (docs/decisions.md D32) against a stub of the Cloud API on
 * loopback that answers in its documented format: the template message sent, the message id kept, the delivery
 * webhook (verify token, X-Hub-Signature-256 over the raw body) moving the request on, and an inbound STOP.
 */
import { createHmac } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory } from '#database/factories/index'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import type { ReviewRequestDto, WhatsAppAccountDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const APP_SECRET = 'meta-app-secret-for-tests'
const VERIFY_TOKEN = 'reviewroute-verify-token'
const ACCESS_TOKEN = 'EAAG-test-access-token-0123456789'
const PHONE_NUMBER_ID = '106540352242922'

let stub: StubServer
const cloud = () =>
  new WhatsAppCloud({ baseUrl: stub.url, version: 'v21.0', appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, timeoutMs: 2000 })

async function connected(client: ApiClient) {
  const owner = await ownerWithBusiness({ business: { name: 'Chai Point', language: 'hi' } })
  const response = await client
    .put('/api/whatsapp-account')
    .bearerToken(owner.token)
    .json({ phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN, templates: { en: 'review_request_en', hi: 'review_request_hi' } })
  response.assertStatus(200)
  return { ...owner, account: response.body() as WhatsAppAccountDto }
}

async function whatsappRequest(client: ApiClient, token: string, businessId: number) {
  const response = await client
    .post('/api/review-requests')
    .bearerToken(token)
    .json({ businessId, customer: { name: 'Kavya', phone: '98450 67890', consent: true }, channel: 'whatsapp' })
  response.assertStatus(201)
  return response.body() as ReviewRequestDto
}

const signed = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
const webhook = (body: unknown, signature?: string) => {
  const raw = JSON.stringify(body)
  return fetch(`${API}/api/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept': 'application/json', 'x-hub-signature-256': signature ?? signed(raw) },
    body: raw,
  })
}
const statusEvent = (id: string, status: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { phone_number_id: PHONE_NUMBER_ID },
            statuses: [{ id, status, recipient_id: '919845067890' }],
          },
        },
      ],
    },
  ],
})

test.group('Review requests by WhatsApp Business', (group) => {
  isolated(group)
  group.setup(async () => {
    stub = await startStubServer((_request, response) =>
      json(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: '919845067890', wa_id: '919845067890' }],
        messages: [{ id: `wamid.TEST${stub.requests.length}` }],
      })
    )
    app.container.swap(WhatsAppCloud, () => cloud())
    return async () => {
      app.container.restore(WhatsAppCloud)
      await stub.close()
    }
  })
  group.each.setup(() => {
    clock.travelTo(DateTime.fromISO('2026-11-24T11:00:00', { zone: 'Asia/Kolkata' }))
    stub.answer((request, response) =>
      json(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: '919845067890', wa_id: '919845067890' }],
        messages: [{ id: 'wamid.HBgM' + request.url.length }],
      })
    )
    return () => clock.reset()
  })

  test('the connection keeps the token encrypted and never shows it; without one the channel is refused', async ({ client, assert }) => {
    const bare = await ownerWithBusiness()
    const refused = await client
      .post('/api/review-requests')
      .bearerToken(bare.token)
      .json({ businessId: bare.business.id, customer: { name: 'A', phone: '9876543210', consent: true }, channel: 'whatsapp' })
    refused.assertStatus(422)

    const { account, user } = await connected(client)
    assert.containsSubset(account, {
      connected: true,
      phoneNumberId: PHONE_NUMBER_ID,
      // Templates named in the manual form are the owner's own, taken as approved.
      templates: [
        { name: 'review_request_en', language: 'en', status: 'APPROVED', reason: null },
        { name: 'review_request_hi', language: 'hi', status: 'APPROVED', reason: null },
      ],
      accessTokenSet: true,
      coexistence: false,
      notice: null,
    })
    assert.lengthOf(account.templates, 2)
    const row = await db.from('whatsapp_accounts').where('user_id', user.id).first()
    assert.notInclude(JSON.stringify(row), ACCESS_TOKEN)
  })

  test("the template goes out in the business's language with the name, the business and the personal link; the message id is kept", async ({
    client,
    assert,
  }) => {
    const { token, business } = await connected(client)
    const request = await whatsappRequest(client, token, business.id)
    assert.equal(request.status, 'created')

    assert.deepEqual(await new ReviewRequestSendJob(undefined, cloud()).handle({ requestId: request.id }), { sent: 1 })

    assert.lengthOf(stub.requests, 1)
    const [sent] = stub.requests
    assert.equal(sent.method, 'POST')
    assert.equal(sent.url, `/v21.0/${PHONE_NUMBER_ID}/messages`)
    assert.equal(sent.headers.authorization, `Bearer ${ACCESS_TOKEN}`)
    assert.deepEqual(JSON.parse(sent.body), {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919845067890',
      type: 'template',
      template: {
        name: 'review_request_hi',
        language: { code: 'hi' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Kavya' },
              { type: 'text', text: 'Chai Point' },
              { type: 'text', text: request.link },
            ],
          },
        ],
      },
      // The same on a resend after a worker died mid-send (docs/decisions.md D52).
      biz_opaque_callback_data: `review-request-${request.id}`,
    })
    const row = await db.from('review_requests').where('id', request.id).first()
    assert.equal(row.status, 'sent')
    assert.match(row.provider_message_id, /^wamid\./)
  })

  test("a provider that is down or throttling is retried; a refusal fails the request with WhatsApp's reason", async ({
    client,
    assert,
  }) => {
    const { token, business } = await connected(client)
    const request = await whatsappRequest(client, token, business.id)
    for (const status of [500, 429]) {
      stub.answer((_request, response) =>
        json(response, status, { error: { message: 'Service temporarily unavailable', code: status === 429 ? 130429 : 2 } })
      )
      await assert.rejects(() => new ReviewRequestSendJob(undefined, cloud()).handle({ requestId: request.id }))
      assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'created', `after a ${status}`)
    }

    // Meta's documented error object: the details are what the owner can act on.
    stub.answer((_request, response) =>
      json(response, 400, {
        error: {
          message: '(#132001) Template name does not exist in the translation',
          type: 'OAuthException',
          code: 132001,
          error_data: { messaging_product: 'whatsapp', details: 'template name (review_request_hi) does not exist in hi' },
          fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
        },
      })
    )
    assert.deepEqual(await new ReviewRequestSendJob(undefined, cloud()).handle({ requestId: request.id }), { sent: 0 })
    const row = await db.from('review_requests').where('id', request.id).first()
    assert.equal(row.status, 'failed')
    assert.equal(row.failure_reason, 'template name (review_request_hi) does not exist in hi (132001)')
    const listed = await client.get('/api/review-requests').bearerToken(token).qs({ businessId: business.id })
    assert.equal((listed.body() as ReviewRequestDto[])[0].failureReason, 'template name (review_request_hi) does not exist in hi (132001)')
    // The sweep never sends a failed request again.
    stub.requests.length = 0
    await new ReviewRequestSendJob(undefined, cloud()).handle({})
    assert.lengthOf(stub.requests, 0)
  })

  test("a failed status from the webhook carries WhatsApp's reason to the request", async ({ client, assert }) => {
    const { token, business } = await connected(client)
    const request = await whatsappRequest(client, token, business.id)
    await new ReviewRequestSendJob(undefined, cloud()).handle({ requestId: request.id })
    const messageId = (await db.from('review_requests').where('id', request.id).first()).provider_message_id
    const failed = statusEvent(messageId, 'failed')
    failed.entry[0].changes[0].value.statuses[0] = {
      ...failed.entry[0].changes[0].value.statuses[0],
      errors: [
        {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          error_data: { details: 'Message Undeliverable.' },
        },
      ],
    } as (typeof failed.entry)[0]['changes'][0]['value']['statuses'][0]
    assert.equal((await webhook(failed)).status, 200)
    const shown = await client.get(`/api/review-requests/${request.id}`).bearerToken(token)
    assert.equal(shown.body().status, 'failed')
    assert.equal(shown.body().failureReason, 'Message Undeliverable. (131026)')
  })

  test('"send a test message to me": the business\'s template to the owner\'s mobile, with the review page as the link', async ({
    client,
    assert,
  }) => {
    const { token, business } = await connected(client)
    stub.requests.length = 0
    const sent = await client
      .post(`/api/businesses/${business.id}/test-message`)
      .bearerToken(token)
      .json({ channel: 'whatsapp', phone: '098450 11111' })
    sent.assertStatus(200)
    assert.deepEqual(sent.body(), { channel: 'whatsapp', to: '+919845011111' })
    assert.lengthOf(stub.requests, 1)
    const body = JSON.parse(stub.requests[0].body)
    assert.equal(body.to, '919845011111')
    assert.equal(body.template.name, 'review_request_hi')
    assert.equal(body.template.components[0].parameters[2].text, `${env.get('APP_URL').replace(/\/+$/, '')}/review/${business.shortUrl}`)
    assert.equal(
      await db
        .from('review_requests')
        .where('business_id', business.id)
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )

    stub.answer((_request, response) =>
      json(response, 400, { error: { message: 'Recipient phone number not in allowed list', code: 131030 } })
    )
    const refused = await client
      .post(`/api/businesses/${business.id}/test-message`)
      .bearerToken(token)
      .json({ channel: 'whatsapp', phone: '9845011111' })
    refused.assertStatus(422)
    assert.equal(refused.body().errors[0].message, 'WhatsApp refused the test: Recipient phone number not in allowed list (131030)')

    stub.answer((_request, response) => json(response, 503, {}))
    ;(
      await client.post(`/api/businesses/${business.id}/test-message`).bearerToken(token).json({ channel: 'whatsapp', phone: '9845011111' })
    ).assertStatus(503)
    ;(
      await client.post(`/api/businesses/${business.id}/test-message`).bearerToken(token).json({ channel: 'whatsapp', phone: '12345' })
    ).assertStatus(422)

    const bare = await ownerWithBusiness()
    const notConnected = await client
      .post(`/api/businesses/${bare.business.id}/test-message`)
      .bearerToken(bare.token)
      .json({ channel: 'whatsapp', phone: '9845011111' })
    notConnected.assertStatus(422)
    ;(
      await client
        .post(`/api/businesses/${bare.business.id}/test-message`)
        .bearerToken(token)
        .json({ channel: 'whatsapp', phone: '9845011111' })
    ).assertStatus(404)
  })

  test('the webhook: verify token, signature over the raw body, statuses that never go backwards, and STOP', async ({ client, assert }) => {
    const { token, business } = await connected(client)
    const request = await whatsappRequest(client, token, business.id)
    await new ReviewRequestSendJob(undefined, cloud()).handle({ requestId: request.id })
    const messageId = (await db.from('review_requests').where('id', request.id).first()).provider_message_id

    const verified = await fetch(
      `${API}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`
    )
    assert.equal(verified.status, 200)
    assert.equal(await verified.text(), '1158201444')
    assert.equal((await fetch(`${API}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status, 404)

    const forged = await webhook(
      statusEvent(messageId, 'failed'),
      signed(JSON.stringify(statusEvent(messageId, 'failed')), 'not-the-secret')
    )
    assert.equal(forged.status, 401)
    assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'sent')

    assert.equal((await webhook(statusEvent(messageId, 'delivered'))).status, 200)
    assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'delivered')
    await webhook(statusEvent(messageId, 'sent')) // late, out of order: ignored
    await webhook(statusEvent(messageId, 'delivered')) // repeated: nothing changes
    assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'delivered')

    const stop = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: PHONE_NUMBER_ID },
                messages: [{ from: '919845067890', id: 'wamid.IN', type: 'text', text: { body: ' Stop ' } }],
              },
            },
          ],
        },
      ],
    }
    const answered = await webhook(stop)
    assert.equal(answered.status, 200)
    assert.deepEqual(await answered.json(), { received: true, statuses: 0, messages: 1, templates: 0, notices: 0, outcomes: ['opted-out'] })
    assert.isNotNull((await db.from('customers').where('id', request.customerId).first()).opted_out_at)
    ;(
      await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customerId: request.customerId, channel: 'whatsapp' })
    ).assertStatus(422)
  })

  test("a STOP reply outlives the customer row and covers the account's other businesses", async ({ client, assert }) => {
    const { user, token, business } = await connected(client)
    const second = await BusinessFactory.merge({ userId: user.id }).create()
    const request = await whatsappRequest(client, token, business.id)
    const stop = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: PHONE_NUMBER_ID },
                messages: [{ from: '919845067890', id: 'wamid.IN2', type: 'text', text: { body: 'STOP' } }],
              },
            },
          ],
        },
      ],
    }
    assert.equal((await webhook(stop)).status, 200)
    ;(await client.delete(`/api/customers/${request.customerId}`).bearerToken(token)).assertStatus(204)

    for (const businessId of [business.id, second.id]) {
      const added = await client
        .post('/api/customers')
        .bearerToken(token)
        .json({ businessId, name: 'Kavya', phone: '98450 67890', consent: true })
      added.assertStatus(201)
      assert.isString(added.body().optedOutAt)
      const refused = await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId, customerId: added.body().id, channel: 'whatsapp' })
      refused.assertStatus(422)
    }
    // The first request went with its customer row; none was made since.
    assert.lengthOf(await db.from('review_requests').whereIn('business_id', [business.id, second.id]), 0)
  })
})
