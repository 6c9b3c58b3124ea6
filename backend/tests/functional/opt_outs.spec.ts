/*
 * Opt-outs (docs/product-rules.md#opt-outs): a business's list of numbers and addresses that asked for no more
 * review requests, kept when the customer row is deleted, applied to customers added, typed in or imported again,
 * and checked by every send.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import { OptOuts } from '#actions/requests/opt_outs'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { fileMailbox } from '#tests/helpers/mailbox'
import { OPTED_OUT } from '#actions/requests/create_review_request'
import type { CustomerDto, ReviewRequestDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
/** 11:00 IST on a weekday: sending hours. */
const DAYTIME = DateTime.fromISO('2026-11-24T11:00:00', { zone: 'Asia/Kolkata' })

const stop = (request: ReviewRequestDto) =>
  fetch(`${API}${new URL(request.link).pathname}/stop`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ lang: 'en' }),
    redirect: 'manual',
  })
const importCsv = (token: string, businessId: number, csv: string) =>
  fetch(`${API}/api/customers/import?businessId=${businessId}&consent=true`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'authorization': `Bearer ${token}`, 'accept': 'application/json' },
    body: csv,
  })
const addCustomer = (client: ApiClient, token: string, businessId: number, phone: string, email: string | null = null) =>
  client.post('/api/customers').bearerToken(token).json({ businessId, name: 'Ravi again', phone, email, consent: true })
const requestFor = (
  client: ApiClient,
  token: string,
  businessId: number,
  customer: { phone: string; email?: string },
  channel = 'whatsapp_link'
) =>
  client
    .post('/api/review-requests')
    .bearerToken(token)
    .json({ businessId, customer: { name: 'Ravi', consent: true, ...customer }, channel })

test.group('Opt-outs outlive the customer row', (group) => {
  isolated(group)

  test('opted out, deleted, added again: 201 but opted out, and a request is a 422 that sends nothing', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const request = (
      await requestFor(client, token, business.id, { phone: '9876501234', email: 'ravi@example.in' })
    ).body() as ReviewRequestDto
    assert.equal((await stop(request)).status, 200)
    ;(await client.delete(`/api/customers/${request.customerId}`).bearerToken(token)).assertStatus(204)

    // The same number written another way.
    const again = await addCustomer(client, token, business.id, '+91 98765-01234')
    again.assertStatus(201)
    const customer = again.body() as CustomerDto
    assert.isString(customer.optedOutAt)
    const refused = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customerId: customer.id, channel: 'whatsapp_link' })
    refused.assertStatus(422)
    assert.equal(refused.body().error, OPTED_OUT)

    // Typed in with the request, or imported: the same.
    ;(await client.delete(`/api/customers/${customer.id}`).bearerToken(token)).assertStatus(204)
    const typed = await requestFor(client, token, business.id, { phone: '09876501234' })
    typed.assertStatus(422)
    assert.equal(typed.body().error, OPTED_OUT)
    await db.from('customers').where('business_id', business.id).delete()
    assert.equal((await importCsv(token, business.id, 'name,phone\nRavi,9876501234')).status, 200)
    assert.isNotNull((await db.from('customers').where('business_id', business.id).first()).opted_out_at)

    // By the address too, whatever the number and the case.
    const byEmail = await addCustomer(client, token, business.id, '9876500000', 'RAVI@example.in')
    byEmail.assertStatus(201)
    assert.isString((byEmail.body() as CustomerDto).optedOutAt)

    // The first request went with its customer row; none was made since.
    assert.lengthOf(await db.from('review_requests').where('business_id', business.id), 0)
  })

  test("another business's opt-out is not this one's", async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const other = await ownerWithBusiness()
    const request = (await requestFor(client, other.token, other.business.id, { phone: '9876501234' })).body() as ReviewRequestDto
    assert.equal((await stop(request)).status, 200)
    const added = await addCustomer(client, token, business.id, '9876501234')
    added.assertStatus(201)
    assert.isNull((added.body() as CustomerDto).optedOutAt)
  })

  test('the owner cannot resend the link to a number on the list', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const request = (await requestFor(client, token, business.id, { phone: '9876501234' })).body() as ReviewRequestDto
    await OptOuts.record(db.connection(), business.id, { phone: '+919876501234' })
    const resent = await client.post(`/api/review-requests/${request.id}/resend`).bearerToken(token)
    resent.assertStatus(422)
    assert.equal(resent.body().error, OPTED_OUT)
  })

  test('a queued request is not sent to an address on the list', async ({ client, assert, cleanup }) => {
    clock.travelTo(DAYTIME)
    cleanup(() => clock.reset())
    const mailbox = await fileMailbox(cleanup)
    const { token, business } = await ownerWithBusiness()
    const queued = (
      await requestFor(client, token, business.id, { phone: '9876501234', email: 'ravi@example.in' }, 'email')
    ).body() as ReviewRequestDto
    assert.equal(queued.status, 'created')
    // Opted out between the request and its sending, through the list alone.
    await OptOuts.record(db.connection(), business.id, { email: 'Ravi@Example.in' })

    assert.deepEqual(await new ReviewRequestSendJob(mailbox.mailer).handle({ requestId: queued.id }), { sent: 0 })
    assert.equal((await db.from('review_requests').where('id', queued.id).first()).status, 'opted_out')
    assert.lengthOf(await mailbox.read(), 0)
  })
})
