/*
 * After each visit, automatically (docs/decisions.md D32): the owner's secret address per business, and a
 * billing or POS system calling it to create the customer and queue a review request.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { NO_CHANNEL } from '#controllers/visit_hooks_controller'
import type { VisitHookDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const APP_URL = 'http://localhost:3333'

const call = (url: string, body: unknown) =>
  fetch(`${API}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept': 'application/json' },
    body: JSON.stringify(body),
  })

test.group('After-visit hook', (group) => {
  isolated(group)

  test('off until the owner turns it on; a POS call creates the customer and queues an email request', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const off = await client.get(`/api/businesses/${business.id}/visit-hook`).bearerToken(token)
    assert.deepEqual(off.body(), { enabled: false, url: null })

    const on = (await client.post(`/api/businesses/${business.id}/visit-hook`).bearerToken(token)).body() as VisitHookDto
    assert.isTrue(on.enabled)
    assert.match(on.url!, new RegExp(`^${APP_URL}/api/hooks/visits/[A-Za-z0-9_-]{43}$`))

    const response = await call(on.url!, { name: 'Meena Iyer', phone: '+91 98450 22222', email: 'meena@example.in' })
    assert.equal(response.status, 202)
    const body = (await response.json()) as { requestId: number; status: string; channel: string }
    assert.equal(body.channel, 'email')
    assert.equal(body.status, 'created')
    const customer = await db.from('customers').where('business_id', business.id).first()
    assert.equal(customer.phone, '+919845022222')
    assert.isNotNull(customer.consent_at)
    assert.containsSubset(await db.from('review_requests').where('id', body.requestId).first(), {
      business_id: business.id,
      source: 'visit_hook',
    })
  })

  test('a regular is asked once in 30 days: the second visit is a 409 saying when, and stores no request', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const on = (await client.post(`/api/businesses/${business.id}/visit-hook`).bearerToken(token)).body() as VisitHookDto
    const visit = { name: 'Meena Iyer', phone: '+91 98450 22222', email: 'meena@example.in' }
    assert.equal((await call(on.url!, visit)).status, 202)
    const again = await call(on.url!, visit)
    assert.equal(again.status, 409)
    assert.match(
      ((await again.json()) as { error: string }).error,
      /^This customer was asked for a review on \d+ \w{3}: a customer is asked at most once in 30 days\.$/
    )
    assert.lengthOf(await db.from('review_requests').where('business_id', business.id), 1)
  })

  test('a new address retires the old one; off answers 404; bad input is a 422 that stores nothing', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const first = (await client.post(`/api/businesses/${business.id}/visit-hook`).bearerToken(token)).body() as VisitHookDto
    const second = (await client.post(`/api/businesses/${business.id}/visit-hook`).bearerToken(token)).body() as VisitHookDto
    assert.notEqual(first.url, second.url)
    assert.equal((await call(first.url!, { name: 'A', phone: '9876543210', email: 'a@example.in' })).status, 404)

    assert.equal((await call(second.url!, { name: 'A', phone: '12345' })).status, 422)
    const noWay = await call(second.url!, { name: 'A', phone: '9876543210' })
    assert.equal(noWay.status, 422)
    assert.equal(((await noWay.json()) as { error: string }).error, NO_CHANNEL)
    assert.lengthOf(await db.from('review_requests').where('business_id', business.id), 0)

    ;(await client.delete(`/api/businesses/${business.id}/visit-hook`).bearerToken(token)).assertStatus(204)
    assert.equal((await call(second.url!, { name: 'A', phone: '9876543210', email: 'a@example.in' })).status, 404)
  })

  test("another owner's business has no hook for them", async ({ client }) => {
    const { business } = await ownerWithBusiness()
    const other = await ownerWithBusiness()
    ;(await client.post(`/api/businesses/${business.id}/visit-hook`).bearerToken(other.token)).assertStatus(404)
    ;(await client.get(`/api/businesses/${business.id}/visit-hook`).bearerToken(other.token)).assertStatus(404)
  })
})
