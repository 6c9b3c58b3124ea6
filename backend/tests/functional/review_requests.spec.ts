/*
 * Review requests, part 1 (docs/decisions.md D32): customers (added, imported, searched), personal links sent
 * from the owner's own WhatsApp, /r/{token} opened and rated, stop links, the free plan's quota and the funnel.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { ReviewRequestFactory } from '#database/factories/index'
import { FREE_PLAN_MONTHLY_REQUESTS_PER_BUSINESS, REQUEST_LIMIT_MESSAGE } from '#contract/product_rules'
import { OPTED_OUT } from '#actions/requests/create_review_request'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { escapeHtml } from '#lib/html'
import type { CustomerDto, CustomerImportResponse, RequestFunnelDto, ReviewRequestDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const APP_URL = 'http://localhost:3333'
const EXPIRED_TRIAL = { trialStartsAt: DateTime.now().minus({ days: 30 }), trialEndsAt: DateTime.now().minus({ days: 23 }) }

const page = (path: string, init: RequestInit = {}) => fetch(`${API}${path}`, { redirect: 'manual', ...init })
const form = (path: string, fields: Record<string, string>, cookie?: string) =>
  page(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  })
const importCsv = (token: string, businessId: number, csv: string, query = 'consent=true') =>
  fetch(`${API}/api/customers/import?businessId=${businessId}&${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'authorization': `Bearer ${token}`, 'accept': 'application/json' },
    body: csv,
  })

test.group('Customers', (group) => {
  isolated(group)

  test('added in a few taps: +91 forms are normalised, consent is stored, the number is unique per business', async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness()

    const created = await client
      .post('/api/customers')
      .bearerToken(token)
      .json({ businessId: business.id, name: 'Asha Rao', phone: '+91 98765-43210', consent: true })
    created.assertStatus(201)
    const customer = created.body() as CustomerDto
    assert.equal(customer.phone, '+919876543210')
    assert.isString(customer.consentAt)

    const again = await client
      .post('/api/customers')
      .bearerToken(token)
      .json({ businessId: business.id, name: 'Asha', phone: '09876543210', consent: true })
    again.assertStatus(409)
    const noConsent = await client
      .post('/api/customers')
      .bearerToken(token)
      .json({ businessId: business.id, name: 'Ravi', phone: '9876501234' })
    noConsent.assertStatus(422)
    const badPhone = await client
      .post('/api/customers')
      .bearerToken(token)
      .json({ businessId: business.id, name: 'Ravi', phone: '12345', consent: true })
    badPhone.assertStatus(422)
    assert.equal(badPhone.body().errors[0].field, 'phone')

    const found = await client.get('/api/customers').qs({ businessId: business.id, q: '98765 43210' }).bearerToken(token)
    assert.deepEqual(
      found.body().map((row: CustomerDto) => row.id),
      [customer.id]
    )
    const byName = await client.get('/api/customers').qs({ q: 'asha' }).bearerToken(token)
    assert.lengthOf(byName.body(), 1)
    const edited = await client.patch(`/api/customers/${customer.id}`).bearerToken(token).json({ name: 'Asha R.' })
    assert.equal(edited.body().name, 'Asha R.')
    ;(await client.delete(`/api/customers/${customer.id}`).bearerToken(token)).assertStatus(204)
  })

  test("another owner's business, customer or request is not found", async ({ client, assert }) => {
    const mine = await ownerWithBusiness()
    const theirs = await ownerWithBusiness()
    const theirCustomer = (
      await client
        .post('/api/customers')
        .bearerToken(theirs.token)
        .json({ businessId: theirs.business.id, name: 'X', phone: '9876543210', consent: true })
    ).body() as CustomerDto
    const theirRequest = (
      await client
        .post('/api/review-requests')
        .bearerToken(theirs.token)
        .json({ businessId: theirs.business.id, customerId: theirCustomer.id, channel: 'whatsapp_link' })
    ).body() as ReviewRequestDto

    ;(
      await client
        .post('/api/customers')
        .bearerToken(mine.token)
        .json({ businessId: theirs.business.id, name: 'Y', phone: '9876501234', consent: true })
    ).assertStatus(404)
    ;(await client.get(`/api/customers/${theirCustomer.id}`).bearerToken(mine.token)).assertStatus(404)
    ;(await client.patch(`/api/customers/${theirCustomer.id}`).bearerToken(mine.token).json({ name: 'Z' })).assertStatus(404)
    ;(await client.delete(`/api/customers/${theirCustomer.id}`).bearerToken(mine.token)).assertStatus(404)
    ;(await client.get(`/api/review-requests/${theirRequest.id}`).bearerToken(mine.token)).assertStatus(404)
    ;(await client.post(`/api/review-requests/${theirRequest.id}/resend`).bearerToken(mine.token)).assertStatus(404)
    const crossed = await client
      .post('/api/review-requests')
      .bearerToken(mine.token)
      .json({ businessId: mine.business.id, customerId: theirCustomer.id, channel: 'whatsapp_link' })
    crossed.assertStatus(404)
    assert.lengthOf((await client.get('/api/customers').bearerToken(mine.token)).body(), 0)
    ;(await importCsv(mine.token, theirs.business.id, 'name,phone\nA,9876543210')).status === 404 ||
      assert.fail('import into another business')
  })
})

test.group('Customer import', (group) => {
  isolated(group)

  test('a BOM, quoted commas, Hindi names, +91 forms and duplicates: a result per row, bad rows skipped', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness()
    const csv = [
      '\uFEFFName,Phone,Email',
      '"Sharma, Priya",+91 98765 43210,priya@example.in',
      'राहुल वर्मा,098765-01234,',
      'Kavya,12345,',
      ',9876512345,',
      'Anil,9876543210,anil@example.in',
      'Meena,9876599999,not-an-email',
    ].join('\r\n')

    const preview = (await (await importCsv(token, business.id, csv, 'dryRun=true')).json()) as CustomerImportResponse
    assert.isTrue(preview.dryRun)
    assert.lengthOf(await db.from('customers').where('business_id', business.id), 0)

    const response = await importCsv(token, business.id, csv)
    assert.equal(response.status, 200)
    const result = (await response.json()) as CustomerImportResponse
    // Numbered as the spreadsheet numbers them: the header is row 1.
    assert.deepEqual(
      result.rows.map((row) => [row.row, row.status]),
      [
        [2, 'created'],
        [3, 'created'],
        [4, 'skipped'],
        [5, 'skipped'],
        [6, 'merged'],
        [7, 'created'],
      ]
    )
    assert.deepEqual(
      preview.rows.map((row) => row.status),
      result.rows.map((row) => row.status)
    )
    assert.include(result.rows[2].errors![0], '12345')
    // A malformed email next to a good number: the customer is kept without it, and the report says so.
    assert.deepEqual(result.rows[5].warnings, ['"not-an-email" is not an email address. The customer is imported without it.'])
    assert.deepEqual([result.created, result.merged, result.skipped], [3, 1, 2])
    const stored = await db.from('customers').where('business_id', business.id).orderBy('phone')
    assert.deepEqual(
      stored.map((row) => [row.name, row.phone, row.email]),
      [
        ['राहुल वर्मा', '+919876501234', null],
        ['Anil', '+919876543210', 'anil@example.in'],
        ['Meena', '+919876599999', null],
      ]
    )

    // Importing again merges on the number.
    const again = (await (await importCsv(token, business.id, 'name,phone\nPriya Sharma,9876543210')).json()) as CustomerImportResponse
    assert.deepEqual([again.created, again.merged], [0, 1])
    assert.lengthOf(await db.from('customers').where('business_id', business.id), 3)
  })

  test("row numbers are the spreadsheet's: blank lines and a quoted line break count as the sheet counts them", async ({ assert }) => {
    const { token, business } = await ownerWithBusiness()
    const csv = ['name,phone,email', 'Asha,9876543210,', '', ',,', '"Ravi\nKumar",9876501234,', 'Meena,12345,'].join('\r\n') + '\r\n'
    const result = (await (await importCsv(token, business.id, csv, 'dryRun=true')).json()) as CustomerImportResponse
    assert.deepEqual(
      result.rows.map((row) => [row.row, row.status]),
      [
        [2, 'created'],
        [5, 'created'],
        [6, 'skipped'],
      ]
    )
  })

  test('a customer with an email and no number is imported; one with neither, or with only a malformed one, is skipped', async ({
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness()
    await db.table('customers').insert({
      business_id: business.id,
      name: 'Anil',
      phone: '+919876543210',
      email: 'anil@example.in',
      consent_at: new Date(),
      created_at: new Date(),
      updated_at: new Date(),
    })
    const csv = [
      'name,phone,email',
      'Meera,,meera@example.in',
      'Kavya,not a number,kavya@example.in',
      'Ravi,,',
      'Sunil,,sunil-at-example',
      'Anil Kumar,,ANIL@example.in',
      'Meera K,,meera@example.in',
    ].join('\n')
    const result = (await (await importCsv(token, business.id, csv)).json()) as CustomerImportResponse
    assert.deepEqual(
      result.rows.map((row) => [row.row, row.status, row.phone ?? null, row.email ?? null]),
      [
        [2, 'created', null, 'meera@example.in'],
        [3, 'created', null, 'kavya@example.in'],
        [4, 'skipped', null, null],
        [5, 'skipped', null, null],
        [6, 'merged', null, 'anil@example.in'],
        [7, 'merged', null, 'meera@example.in'],
      ]
    )
    assert.deepEqual(result.rows[1].warnings, [
      '"not a number" is not a 10-digit Indian mobile number. The customer is imported without it.',
    ])
    assert.deepEqual(result.rows[2].errors, ['The phone number and the email are missing: a customer needs one of them.'])
    assert.deepEqual(result.rows[3].errors, ['"sunil-at-example" is not an email address.'])
    const stored = await db.from('customers').where('business_id', business.id).orderBy('name')
    assert.deepEqual(
      stored.map((row) => [row.name, row.phone, row.email]),
      [
        ['Anil Kumar', '+919876543210', 'anil@example.in'],
        ['Kavya', null, 'kavya@example.in'],
        ['Meera K', null, 'meera@example.in'],
      ]
    )
  })

  test('a file without a header row imports every row, its first one too, as name, phone, email', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness()
    const csv = ['Asha Rao,9876543210,asha@example.in', 'Ravi,+91 98765 01234,', 'Meena,09876599999'].join('\n')
    const result = (await (await importCsv(token, business.id, csv)).json()) as CustomerImportResponse
    assert.deepEqual(
      result.rows.map((row) => [row.row, row.status, row.name]),
      [
        [1, 'created', 'Asha Rao'],
        [2, 'created', 'Ravi'],
        [3, 'created', 'Meena'],
      ]
    )
    const stored = await db.from('customers').where('business_id', business.id).orderBy('phone')
    assert.deepEqual(
      stored.map((row) => [row.name, row.phone, row.email]),
      [
        ['Ravi', '+919876501234', null],
        ['Asha Rao', '+919876543210', 'asha@example.in'],
        ['Meena', '+919876599999', null],
      ]
    )

    // A header is known by its names, in any case and order, even with a column we do not read.
    const headed = (await (
      await importCsv(token, business.id, 'MOBILE,Notes,Customer Name\n9876500001,regular,Kavya')
    ).json()) as CustomerImportResponse
    assert.deepEqual(
      headed.rows.map((row) => [row.row, row.status, row.name]),
      [[2, 'created', 'Kavya']]
    )
  })

  test('5,000 rows import in one request', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness()
    const rows = Array.from({ length: 5000 }, (_, i) => `Customer ${i},9${String(100000000 + i).slice(0, 9)},`)
    const response = await importCsv(token, business.id, ['name,phone,email', ...rows].join('\n'))
    const result = (await response.json()) as CustomerImportResponse
    assert.equal(response.status, 200)
    assert.equal(result.created, 5000)
    assert.equal(Number((await db.from('customers').where('business_id', business.id).count('* as n').first()).n), 5000)
  }).timeout(60_000)

  test('a malformed file, a missing consent or a missing file are clear errors that store nothing', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness()
    const garbage = await importCsv(token, business.id, '\u0000\u0001"unclosed,quote\nzzz')
    assert.equal(garbage.status, 200)
    const result = (await garbage.json()) as CustomerImportResponse
    assert.equal(result.created, 0)
    assert.isAbove(result.skipped, 0)
    assert.equal((await importCsv(token, business.id, 'name,phone\nA,9876543210', '')).status, 422)
    const noBody = await fetch(`${API}/api/customers/import?businessId=${business.id}&consent=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    })
    assert.equal(noBody.status, 400)
    assert.lengthOf(await db.from('customers').where('business_id', business.id), 0)
  })
})

test.group("Review requests through the owner's WhatsApp", (group) => {
  isolated(group)

  test('send → the wa.me link carries the personal and stop links → opened → rated, the rating carries the request', async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point', language: 'hi' } })
    const created = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customer: { name: 'Asha', phone: '+91 98765 43210', consent: true }, channel: 'whatsapp_link' })
    created.assertStatus(201)
    const request = created.body() as ReviewRequestDto
    assert.equal(request.status, 'sent')
    assert.match(request.link, new RegExp(`^${APP_URL}/r/[A-Za-z0-9_-]{22}$`))
    const wa = new URL(request.whatsappUrl!)
    assert.equal(`${wa.origin}${wa.pathname}`, 'https://wa.me/919876543210')
    const text = wa.searchParams.get('text')!
    assert.include(text, request.link)
    assert.include(text, `${request.link}/stop`)
    assert.include(text, 'Asha')
    assert.include(text, 'Chai Point')
    // In the business's language: the Hindi message's first words.
    assert.isTrue(text.startsWith(REVIEW_MESSAGES.hi.requestMessage.split('{{customer}}')[0]), text)

    const path = new URL(request.link).pathname
    const opened = await page(path)
    const html = await opened.text()
    assert.equal(opened.status, 200)
    assert.include(html, '<html lang="hi"')
    assert.include(html, `name="request" value="${path.split('/')[2]}"`)
    assert.equal((await client.get(`/api/review-requests/${request.id}`).bearerToken(token)).body().status, 'opened')

    const cookie = opened.headers.getSetCookie()[0].split(';')[0]
    const rated = await form(`/review/${business.shortUrl}`, { rating: '5', lang: 'hi', request: path.split('/')[2] }, cookie)
    assert.equal(rated.status, 303)
    const after = (await client.get(`/api/review-requests/${request.id}`).bearerToken(token)).body() as ReviewRequestDto
    assert.equal(after.status, 'rated')
    assert.isString(after.ratedAt)
    const [session] = await db.from('review_sessions').where('business_id', business.id)
    assert.equal(session.review_request_id, request.id)

    const funnel = (
      await client.get('/api/review-requests/funnel').qs({ businessId: business.id }).bearerToken(token)
    ).body() as RequestFunnelDto
    assert.deepEqual(funnel.total, { sent: 1, opened: 1, rated: 1, ratedInWhatsApp: 0, sentToGoogle: 1 })
    assert.deepEqual(
      funnel.channels.find((step) => step.channel === 'whatsapp_link'),
      { channel: 'whatsapp_link', sent: 1, opened: 1, rated: 1, ratedInWhatsApp: 0, sentToGoogle: 1 }
    )
    assert.equal(funnel.poster.ratings, 0)
  })

  test('the stop link asks first, then opts the customer out; no request is sent to them again', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const request = (
      await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customer: { name: 'Ravi', phone: '9876501234', consent: true }, channel: 'whatsapp_link' })
    ).body() as ReviewRequestDto
    const stop = `${new URL(request.link).pathname}/stop`

    const asked = await page(stop)
    assert.equal(asked.status, 200)
    assert.include(await asked.text(), escapeHtml(REVIEW_MESSAGES.en.stopTitle))
    assert.isNull((await db.from('customers').where('id', request.customerId).first()).opted_out_at)

    const stopped = await form(stop, { lang: 'en' })
    assert.equal(stopped.status, 200)
    assert.include(await stopped.text(), escapeHtml(REVIEW_MESSAGES.en.stoppedText.replace('{{business}}', 'Chai Point')))
    assert.equal((await client.get(`/api/review-requests/${request.id}`).bearerToken(token)).body().status, 'opted_out')

    const again = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customerId: request.customerId, channel: 'whatsapp_link' })
    again.assertStatus(422)
    assert.equal(again.body().error, OPTED_OUT)
    ;(await client.post(`/api/review-requests/${request.id}/resend`).bearerToken(token)).assertStatus(422)
    assert.lengthOf(await db.from('review_requests').where('business_id', business.id), 1)
  })

  test('a free business sends 50 requests a month, then gets the upgrade answer', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness({ owner: EXPIRED_TRIAL })
    const added = await client
      .post('/api/customers')
      .bearerToken(token)
      .json({ businessId: business.id, name: 'Asha', phone: '9876543210', consent: true })
    const customerId = (added.body() as CustomerDto).id
    await ReviewRequestFactory.apply('sent')
      .merge({ businessId: business.id, customerId })
      .createMany(FREE_PLAN_MONTHLY_REQUESTS_PER_BUSINESS - 1)
    const send = () =>
      client.post('/api/review-requests').bearerToken(token).json({ businessId: business.id, customerId, channel: 'whatsapp_link' })

    ;(await send()).assertStatus(201)
    const over = await send()
    over.assertStatus(403)
    assert.isTrue(over.body().upgrade)
    assert.equal(over.body().error, REQUEST_LIMIT_MESSAGE)
  })

  test('WhatsApp Business and SMS are not set up yet, email needs an address; bad input is a field error', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const noEmail = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customer: { name: 'A', phone: '9876543210', consent: true }, channel: 'email' })
    noEmail.assertStatus(422)
    assert.equal(noEmail.body().errors[0].field, 'customer.email')
    assert.lengthOf(await db.from('customers'), 0)
    for (const channel of ['whatsapp', 'sms']) {
      const response = await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customer: { name: 'A', phone: '9876543210', consent: true }, channel })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'channel')
    }
    ;(
      await client.post('/api/review-requests').bearerToken(token).json({ businessId: business.id, channel: 'whatsapp_link' })
    ).assertStatus(422)
    ;(
      await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customer: { name: 'A', phone: '9876543210' }, channel: 'whatsapp_link' })
    ).assertStatus(422)
    assert.lengthOf(await db.from('review_requests'), 0)
    assert.equal((await page('/r/not-a-token')).status, 404)
    assert.equal((await page(`/r/${'A'.repeat(22)}`)).status, 404)
    assert.equal((await form(`/r/${'A'.repeat(22)}/stop`, {})).status, 404)
  })
})
