/*
 * Review requests by SMS (docs/decisions.md D32) through MSG91's Flow API, against a stub on loopback
 * answering in its documented format: the DLT-registered template with its variables, the request id kept, and
 * the delivery reports (JSON or the form field `data`) at the secret address moving the request on.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import { Msg91Sms, type Msg91Config } from '#services/messaging/msg91_sms'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import type { ReviewRequestDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const WEBHOOK_TOKEN = 'dlr-secret-0123456789'
let stub: StubServer
const config = (): Msg91Config => ({
  baseUrl: stub.url,
  authKey: 'msg91-auth-key',
  senderId: 'RVWRTE',
  templateId: '64a1b2c3d4e5f6a7b8c9d0e1',
  dltEntityId: '1201160000000000001',
  webhookToken: WEBHOOK_TOKEN,
  timeoutMs: 2000,
})

async function smsRequest(client: ApiClient, token: string, businessId: number) {
  const response = await client
    .post('/api/review-requests')
    .bearerToken(token)
    .json({ businessId, customer: { name: 'Ravi', phone: '+91 98450 11111', consent: true }, channel: 'sms' })
  response.assertStatus(201)
  return response.body() as ReviewRequestDto
}

const report = (body: unknown, contentType = 'application/json', token = WEBHOOK_TOKEN) =>
  fetch(`${API}/api/webhooks/sms/${token}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'accept': 'application/json' },
    body: contentType === 'application/json' ? JSON.stringify(body) : new URLSearchParams({ data: JSON.stringify(body) }),
  })

test.group('Review requests by SMS (MSG91, DLT)', (group) => {
  isolated(group)
  group.setup(async () => {
    stub = await startStubServer((_request, response) => json(response, 200, { type: 'success', message: '3763646c3058373530393831' }))
    app.container.swap(Msg91Sms, () => new Msg91Sms(config()))
    return async () => {
      app.container.restore(Msg91Sms)
      await stub.close()
    }
  })
  group.each.setup(() => {
    clock.travelTo(DateTime.fromISO('2026-11-24T11:00:00', { zone: 'Asia/Kolkata' }))
    stub.answer((_request, response) => json(response, 200, { type: 'success', message: '3763646c3058373530393831' }))
    return () => clock.reset()
  })

  test('the registered template goes out with the name, the business and the personal link; reports move it on', async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const request = await smsRequest(client, token, business.id)

    assert.deepEqual(await new ReviewRequestSendJob(undefined, undefined, new Msg91Sms(config())).handle({ requestId: request.id }), {
      sent: 1,
    })

    const [sent] = stub.requests
    assert.equal(sent.url, '/api/v5/flow/')
    assert.equal(sent.headers.authkey, 'msg91-auth-key')
    assert.deepEqual(JSON.parse(sent.body), {
      template_id: '64a1b2c3d4e5f6a7b8c9d0e1',
      sender: 'RVWRTE',
      short_url: '0',
      recipients: [{ mobiles: '919845011111', VAR1: 'Ravi', VAR2: 'Chai Point', VAR3: request.link }],
    })
    assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'sent')

    const delivered = [{ requestId: '3763646c3058373530393831', report: [{ status: '1', desc: 'DELIVERED', number: '919845011111' }] }]
    assert.equal((await report(delivered, 'application/x-www-form-urlencoded')).status, 200)
    assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'delivered')
    await report([{ requestId: '3763646c3058373530393831', report: [{ status: '1' }] }]) // repeated
    assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'delivered')

    assert.equal((await report(delivered, 'application/json', 'wrong-token')).status, 404)
    const garbage = await report('not json at all', 'application/x-www-form-urlencoded')
    assert.equal(garbage.status, 200)
  })

  test("a failed delivery report gives the request MSG91's reason", async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const request = await smsRequest(client, token, business.id)
    stub.answer((_request, response) => json(response, 200, { type: 'success', message: '3763646c3058373530393999' }))
    await new ReviewRequestSendJob(undefined, undefined, new Msg91Sms(config())).handle({ requestId: request.id })
    await report([{ requestId: '3763646c3058373530393999', report: [{ status: '16', desc: 'NDNC', number: '919845011111' }] }])
    const shown = (await client.get(`/api/review-requests/${request.id}`).bearerToken(token)).body() as ReviewRequestDto
    assert.equal(shown.status, 'failed')
    assert.equal(shown.failureReason, 'NDNC (16)')
  })

  test('"send a test message to me" by SMS: to the account\'s mobile unless another is given', async ({ client, assert }) => {
    const { token, business, user } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const missing = await client.post(`/api/businesses/${business.id}/test-message`).bearerToken(token).json({ channel: 'sms' })
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'phone')
    await db.from('users').where('id', user.id).update({ phone: '+919845022222' })
    stub.requests.length = 0
    const sent = await client.post(`/api/businesses/${business.id}/test-message`).bearerToken(token).json({ channel: 'sms' })
    sent.assertStatus(200)
    assert.deepEqual(sent.body(), { channel: 'sms', to: '+919845022222' })
    const recipient = JSON.parse(stub.requests[0].body).recipients[0]
    assert.equal(recipient.mobiles, '919845022222')
    assert.equal(recipient.VAR2, 'Chai Point')
    assert.match(recipient.VAR3, new RegExp(`/review/${business.shortUrl}$`))
  })

  test('MSG91 down is retried; a refusal fails the request with its reason; without MSG91 set up the channel is refused', async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness()
    const request = await smsRequest(client, token, business.id)
    stub.answer((_request, response) => json(response, 502, { message: 'Bad gateway' }))
    await assert.rejects(() => new ReviewRequestSendJob(undefined, undefined, new Msg91Sms(config())).handle({ requestId: request.id }))
    assert.equal((await db.from('review_requests').where('id', request.id).first()).status, 'created')

    // MSG91 answers a refusal with 200 and `type: 'error'` as often as with a 4xx.
    stub.answer((_request, response) => json(response, 200, { type: 'error', message: 'Template ID is not approved by DLT' }))
    assert.deepEqual(await new ReviewRequestSendJob(undefined, undefined, new Msg91Sms(config())).handle({ requestId: request.id }), {
      sent: 0,
    })
    const failed = await client.get(`/api/review-requests/${request.id}`).bearerToken(token)
    assert.equal(failed.body().status, 'failed')
    assert.equal(failed.body().failureReason, 'Template ID is not approved by DLT')

    app.container.swap(Msg91Sms, () => new Msg91Sms({ ...config(), authKey: '' }))
    try {
      const refused = await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customer: { name: 'A', phone: '9876543210', consent: true }, channel: 'sms' })
      refused.assertStatus(422)
    } finally {
      app.container.swap(Msg91Sms, () => new Msg91Sms(config()))
    }
  })
})
