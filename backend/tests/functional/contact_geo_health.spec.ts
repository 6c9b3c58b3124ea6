/*
 * The public system endpoints: the contact form, the visitor's location from CDN headers, the health check,
 * and the error shape for anything unknown or malformed (docs/decisions.md D13: JSON, never a stack trace).
 */
import { test } from '@japa/runner'
import { tooManyRequestsText } from '#contract/waiting'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import ContactMessage from '#models/contact_message'
import { isolated } from '#tests/helpers/setup'
import { UserFactory } from '#database/factories/index'

/** The 429 sentence says how long, from the answer's own Retry-After (contract/waiting.ts). */
const tooMany = (response: { header(name: string): string | undefined }) => tooManyRequestsText(Number(response.header('retry-after')))

const validMessage = () => ({
  name: 'Rahul Mehta',
  email: 'rahul@example.in',
  subject: 'Question about Pro',
  message: 'Does the Pro plan cover three shops?',
})

interface GeoCase {
  label: string
  headers: Record<string, string>
  expected: { city: string | null; country: string | null }
}

const countMessages = async () => Number((await db.from('contact_messages').count('* as total'))[0].total)

function hasKeyDeep(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => hasKeyDeep(item, key))
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([name, inner]) => name === key || hasKeyDeep(inner, key))
  }
  return false
}

/** docs/decisions.md D13: a JSON `{error, message}` with one sentence, and nothing of the server's insides. */
function assertCleanError(assert: Assert, response: ApiResponse) {
  assert.match(response.header('content-type') ?? '', /^application\/json/)
  const body = response.body()
  assert.isString(body.error)
  assert.isAbove(body.error.length, 0)
  assert.equal(body.message, body.error)
  assert.isFalse(hasKeyDeep(body, 'stack'), 'the body has a stack key')
  const text = response.text()
  assert.notMatch(text, /\bat\s+\S+.*\(?[^\s()]+:\d+:\d+\)?/, 'the body has a stack line')
  assert.notMatch(text, /node_modules|\/work\/|\.ts:\d+/, 'the body names a source file')
  return body.error as string
}

test.group('POST /api/contact', (group) => {
  isolated(group)

  test('stores an anonymous message and answers 201', async ({ client, assert }) => {
    const before = await countMessages()
    const response = await client.post('/api/contact').json({
      name: '  Rahul Mehta ',
      email: ' rahul@example.in ',
      subject: ' Question about Pro ',
      message: ' Does the Pro plan cover three shops? ',
    })

    response.assertStatus(201)
    assert.containsSubset(response.body(), {
      success: true,
      title: 'Message Sent Successfully',
      detail: "We'll get back to you within 4 hours during business hours.",
    })
    assert.equal(await countMessages(), before + 1)
    const stored = await ContactMessage.findOrFail(response.body().id)
    assert.containsSubset(stored.serialize(), { ...validMessage(), userId: null })
  })

  test('links the message to the signed-in owner', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const response = await client.post('/api/contact').loginAs(owner).json(validMessage())

    response.assertStatus(201)
    const row = await db.from('contact_messages').where('id', response.body().id).firstOrFail()
    assert.equal(row.user_id, owner.id)
    assert.equal(row.subject, 'Question about Pro')
  })

  test('a junk token is ignored: the message is stored as anonymous', async ({ client, assert }) => {
    const response = await client.post('/api/contact').bearerToken('rr_junk.not-a-real-token-value').json(validMessage())

    response.assertStatus(201)
    const row = await db.from('contact_messages').where('id', response.body().id).firstOrFail()
    assert.isNull(row.user_id)
  })

  test('a missing {$self} is a 422 naming the field and stores nothing')
    .with(['name', 'email', 'subject', 'message'] as const)
    .run(async ({ client, assert }, field) => {
      const before = await countMessages()
      const body: Partial<ReturnType<typeof validMessage>> = validMessage()
      delete body[field]
      const response = await client.post('/api/contact').json(body)

      response.assertStatus(422)
      assert.equal(assertCleanError(assert, response), `The ${field} field is required`)
      assert.deepEqual(response.body().errors, [{ field, message: `The ${field} field is required` }])
      assert.equal(await countMessages(), before)
    })

  test('a blank {$self} is a 422 naming the field')
    .with(['name', 'subject', 'message'] as const)
    .run(async ({ client, assert }, field) => {
      const before = await countMessages()
      const response = await client.post('/api/contact').json({ ...validMessage(), [field]: '   ' })

      response.assertStatus(422)
      assertCleanError(assert, response)
      assert.equal(response.body().errors[0].field, field)
      assert.equal(await countMessages(), before)
    })

  test('a bad email is a 422 on email and stores nothing', async ({ client, assert }) => {
    const before = await countMessages()
    const response = await client.post('/api/contact').json({ ...validMessage(), email: 'rahul-at-example' })

    response.assertStatus(422)
    assert.equal(assertCleanError(assert, response), 'Please enter a valid email address')
    assert.deepEqual(response.body().errors, [{ field: 'email', message: 'Please enter a valid email address' }])
    assert.equal(await countMessages(), before)
  })

  test('a malformed JSON body is a 400 and stores nothing', async ({ client, assert }) => {
    const before = await countMessages()
    const response = await client.post('/api/contact').unsafeJson('{bad')

    response.assertStatus(400)
    assert.equal(assertCleanError(assert, response), 'The request body is not valid JSON. Send a JSON object.')
    assert.equal(await countMessages(), before)
  })

  test('an IP may send 5 messages an hour; the 6th is 429 and not stored', async ({ client, assert }) => {
    const before = await countMessages()
    for (let n = 1; n <= 5; n++) {
      const response = await client.post('/api/contact').json({ ...validMessage(), subject: `Question ${n}` })
      response.assertStatus(201)
    }
    assert.equal(await countMessages(), before + 5)

    const blocked = await client.post('/api/contact').json({ ...validMessage(), subject: 'Question 6' })
    blocked.assertStatus(429)
    assert.equal(assertCleanError(assert, blocked), tooMany(blocked))
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.equal(await countMessages(), before + 5)
    assert.isNull(await ContactMessage.findBy('subject', 'Question 6'))
  })
})

test.group('GET /api/geo', (group) => {
  isolated(group)

  test('reads {label}')
    .with<GeoCase[]>([
      {
        label: "Cloudflare's headers",
        headers: { 'cf-ipcity': 'Mumbai', 'cf-ipcountry': 'IN' },
        expected: { city: 'Mumbai', country: 'IN' },
      },
      {
        label: "Vercel's URL-encoded city",
        headers: { 'x-vercel-ip-city': 'New%20Delhi', 'x-vercel-ip-country': 'IN' },
        expected: { city: 'New Delhi', country: 'IN' },
      },
      {
        label: "Vercel's URL-encoded non-ASCII city",
        headers: { 'x-vercel-ip-city': 'S%C3%A3o%20Paulo', 'x-vercel-ip-country': 'BR' },
        expected: { city: 'São Paulo', country: 'BR' },
      },
      {
        label: "CloudFront's headers",
        headers: { 'cloudfront-viewer-city': 'Bengaluru', 'cloudfront-viewer-country': 'IN' },
        expected: { city: 'Bengaluru', country: 'IN' },
      },
      {
        label: 'a lowercase country code',
        headers: { 'cf-ipcity': 'Pune', 'cf-ipcountry': 'in' },
        expected: { city: 'Pune', country: 'IN' },
      },
    ])
    .run(async ({ client, assert }, row) => {
      const response = await client.get('/api/geo').headers(row.headers)
      response.assertStatus(200)
      assert.deepEqual(response.body(), row.expected)
    })

  test('is null for both without location headers', async ({ client, assert }) => {
    const response = await client.get('/api/geo')
    response.assertStatus(200)
    assert.deepEqual(response.body(), { city: null, country: null })
  })

  test('drops {label}')
    .with<GeoCase[]>([
      {
        label: 'a script tag as the city',
        headers: { 'cf-ipcity': '<script>alert(1)</script>', 'cf-ipcountry': 'IN' },
        expected: { city: null, country: 'IN' },
      },
      {
        label: 'an encoded script tag as the city',
        headers: { 'x-vercel-ip-city': '%3Cscript%3Ealert(1)%3C%2Fscript%3E' },
        expected: { city: null, country: null },
      },
      {
        label: 'a 500-character city',
        headers: { 'cf-ipcity': 'a'.repeat(500), 'cf-ipcountry': 'IN' },
        expected: { city: null, country: 'IN' },
      },
      {
        label: "Cloudflare's unknown country XX",
        headers: { 'cf-ipcity': 'Chennai', 'cf-ipcountry': 'XX' },
        expected: { city: 'Chennai', country: null },
      },
      {
        label: 'a 500-character country',
        headers: { 'cf-ipcountry': 'I'.repeat(500) },
        expected: { city: null, country: null },
      },
      {
        label: "Cloudflare's Tor country T1",
        headers: { 'cf-ipcountry': 'T1' },
        expected: { city: null, country: null },
      },
      {
        label: 'a three-letter country',
        headers: { 'cf-ipcountry': 'IND' },
        expected: { city: null, country: null },
      },
      {
        label: 'a country with markup',
        headers: { 'cf-ipcountry': '<b>' },
        expected: { city: null, country: null },
      },
      {
        label: 'a broken percent-encoding',
        headers: { 'x-vercel-ip-city': 'New%2', 'x-vercel-ip-country': 'IN' },
        expected: { city: null, country: 'IN' },
      },
    ])
    .run(async ({ client, assert }, row) => {
      const response = await client.get('/api/geo').headers(row.headers)
      response.assertStatus(200)
      assert.deepEqual(response.body(), row.expected)
    })
})

test.group('GET /api/health', (group) => {
  isolated(group)

  test('is 200 with MySQL and Redis up', async ({ client, assert }) => {
    const response = await client.get('/api/health')
    response.assertStatus(200)
    assert.deepEqual(response.body(), { status: 'ok', mysql: 'up', redis: 'up' })
  })
})

test.group('API errors', (group) => {
  isolated(group)

  test('an unknown route under /api is a 404 in JSON', async ({ client, assert }) => {
    const response = await client.get('/api/does-not-exist')

    response.assertStatus(404)
    assertCleanError(assert, response)
    assert.deepEqual(response.body(), {
      error: 'No route for GET /api/does-not-exist.',
      message: 'No route for GET /api/does-not-exist.',
    })
  })

  test('the 404 is JSON even when the client asks for HTML', async ({ client, assert }) => {
    const response = await client.post('/api/nothing/here').header('Accept', 'text/html').json({})

    response.assertStatus(404)
    assert.equal(assertCleanError(assert, response), 'No route for POST /api/nothing/here.')
  })

  test('a path parameter that is not a number is a 404', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const response = await client.get('/api/businesses/abc').loginAs(owner)

    response.assertStatus(404)
    assertCleanError(assert, response)
  })

  test('no error response carries a stack trace', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const cases: [string, number, Promise<ApiResponse>][] = [
      ['unknown route', 404, client.get('/api/does-not-exist')],
      ['wrong method', 404, client.delete('/api/health')],
      ['owner route, no token', 401, client.get('/api/my-businesses')],
      ['junk token', 401, client.get('/api/auth/user').bearerToken('rr_junk.not-a-real-token-value')],
      ['malformed JSON', 400, client.post('/api/contact').unsafeJson('{bad')],
      ['JSON string body', 400, client.post('/api/auth/login').unsafeJson('"just a string"')],
      ['truncated JSON array', 400, client.patch('/api/auth/profile').loginAs(owner).unsafeJson('[1,')],
      ['wrong field types', 422, client.post('/api/contact').json({ name: ['not', 'text'] })],
      ['operator object as email', 422, client.post('/api/auth/register').json({ email: { $gt: '' }, password: 12345678 })],
      ['body over the limit', 413, client.post('/api/contact').json({ ...validMessage(), message: 'x'.repeat(100 * 1024) })],
    ]

    for (const [label, status, pending] of cases) {
      const response = await pending
      assert.equal(response.status(), status, label)
      assertCleanError(assert, response)
    }
  })
})
