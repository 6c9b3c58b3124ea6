/*
 * Abuse by volume and by content (docs/decisions.md D1, D5, D12, D13): sign-in brute force, review floods, bodies over the
 * limit, feedback over 2,000 characters, and markup in every text field, which is kept verbatim and only ever
 * leaves the server as a JSON string (or escaped, on the one server-rendered page).
 * Limits are those of start/limiter.ts; every test starts with empty counters (isolated()).
 */
import { test } from '@japa/runner'
import { tooManyRequestsText } from '#contract/waiting'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { request as httpRequest } from 'node:http'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import webConfig from '#config/web'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { operator } from '#tests/helpers/operators'
import { razorpayStub } from '#tests/helpers/razorpay'
import { apiRoutes, pathFor } from '#tests/helpers/api_routes'
import { databaseFingerprinter, fingerprintChanges } from '#tests/helpers/db_fingerprint'
import { LARGER_BODIES } from '#middleware/body_parser_middleware'
import { DEFAULT_PASSWORD, ReviewSessionFactory, UserFactory } from '#database/factories/index'

const TOO_LARGE = 'The request body is too large.'
const BODY_LIMIT_BYTES = 64 * 1024
/** Ratings one address without a device cookie may send one business a minute (rating_admission.ts; 60 unless configured). */
const SUBMITS = env.get('RATING_IP_LIMIT_PER_MINUTE')

/** Markup a customer or an owner might type, on purpose or not. */
const MARKUP = [
  '<img src=x onerror=alert(1)>',
  '<script>alert("rr")</script>',
  '"><svg/onload=alert(1)>',
  "<a href='javascript:alert(1)'>click</a> & <b>bold</b>",
  '</script><!--',
]

const submitUrl = (code: string) => `/api/review/${code}/submit`

const countRows = async (table: string, column?: string, value?: unknown) => {
  const query = db.from(table)
  if (column) query.where(column, value as any)
  return Number((await query.count('* as total').first()).total)
}

function assertThrottled(assert: Assert, response: ApiResponse, maxWaitSeconds: number, label = '') {
  assert.equal(response.status(), 429, `${label} ${response.text()}`)
  const retryAfter = Number(response.header('retry-after'))
  // How long, in words, from its own Retry-After (contract/waiting.ts), never "a moment".
  assert.equal(response.body().error, tooManyRequestsText(retryAfter), label)
  assert.equal(response.body().message, tooManyRequestsText(retryAfter), label)
  assert.isAbove(retryAfter, 0, `${label} Retry-After`)
  assert.isAtMost(retryAfter, maxWaitSeconds, `${label} Retry-After`)
  assert.notProperty(response.body(), 'token', label)
}

/* ----------------------------------------------------------------------------------------------------------
 * Sign-in brute force
 * -------------------------------------------------------------------------------------------------------- */

test.group('Abuse: sign-in brute force', (group) => {
  isolated(group)

  const login = (client: ApiClient, email: string, password: string, forwardedFor?: string) => {
    const request = client.post('/api/auth/login')
    if (forwardedFor) request.header('x-forwarded-for', forwardedFor)
    return request.json({ email, password })
  }

  test('after 10 wrong passwords the email is blocked: right and wrong answers are the same 429, no token issued', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.merge({ email: 'target@example.in' }).create()
    for (let n = 1; n <= 10; n++) (await login(client, owner.email, `guess-${n}`)).assertStatus(400)

    const right = [await login(client, owner.email, DEFAULT_PASSWORD), await login(client, owner.email, DEFAULT_PASSWORD)]
    const wrong = await login(client, owner.email, 'guess-11')

    // Blocked for 10 minutes; a blocked answer says nothing about whether the password was right.
    for (const response of [...right, wrong]) assertThrottled(assert, response, 600)
    assert.isAbove(Number(right[0].header('retry-after')), 60)
    assert.deepEqual(right[0].body(), { ...wrong.body(), retryAfter: right[0].body().retryAfter })
    assert.equal(await countRows('auth_access_tokens', 'tokenable_id', owner.id), 0)
  })

  test('a successful sign-in clears the count of failures for that email', async ({ client }) => {
    const owner = await UserFactory.create()
    for (let n = 1; n <= 9; n++) (await login(client, owner.email, `guess-${n}`)).assertStatus(400)
    ;(await login(client, owner.email, DEFAULT_PASSWORD)).assertStatus(200)
    for (let n = 1; n <= 9; n++) (await login(client, owner.email, `guess-again-${n}`)).assertStatus(400)
    ;(await login(client, owner.email, DEFAULT_PASSWORD)).assertStatus(200)
  })

  test('an IP gets 20 attempts a minute; a forged X-Forwarded-For does not buy a fresh counter', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    for (let n = 1; n <= 20; n++) {
      ;(await login(client, `spray${n}@example.in`, 'guess-1234', `203.0.113.${n}`)).assertStatus(400)
    }

    const blocked = await login(client, owner.email, DEFAULT_PASSWORD, '198.51.100.7')
    const blockedPlain = await login(client, owner.email, DEFAULT_PASSWORD)

    assertThrottled(assert, blocked, 60, 'forged X-Forwarded-For')
    assertThrottled(assert, blockedPlain, 60)
    assert.equal(await countRows('auth_access_tokens', 'tokenable_id', owner.id), 0)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Review floods (without a device cookie: the per-address allowance; with one: tests/functional/review_devices.spec.ts)
 * -------------------------------------------------------------------------------------------------------- */

test.group('Abuse: review submission floods', (group) => {
  isolated(group)

  test('one address without a device cookie gets its allowance a minute into one business; then 1-3 get 429 and 4-5 go to Google uncounted', async ({
    client,
    assert,
  }) => {
    const { business, token } = await ownerWithBusiness()
    const statuses: number[] = []
    for (let n = 0; n < SUBMITS + 3; n++) {
      statuses.push((await client.post(submitUrl(business.shortUrl)).json({ rating: 1 + (n % 3) })).status())
    }
    const tricks = [
      await client.post(submitUrl(business.shortUrl)).header('x-forwarded-for', '203.0.113.9').json({ rating: 2 }),
      await client.post(submitUrl(business.shortUrl.toUpperCase())).json({ rating: 2 }),
      await client.post(submitUrl(business.shortUrl)).bearerToken(token).json({ rating: 2 }),
      await client.post(submitUrl(business.shortUrl)).header('user-agent', 'another browser').json({ rating: 2 }),
      await client.post(submitUrl(business.shortUrl)).header('cookie', 'rr_device=made-up-not-signed-0001').json({ rating: 2 }),
    ]
    const happy = await client.post(submitUrl(business.shortUrl)).json({ rating: 5 })

    assert.deepEqual(statuses, [...Array(SUBMITS).fill(200), 429, 429, 429])
    for (const response of tricks) assertThrottled(assert, response, 60)
    happy.assertStatus(200)
    assert.deepEqual(happy.body(), { redirect: true, url: business.googleReviewUrl, counted: false })
    assert.equal(await countRows('review_sessions', 'business_id', business.id), SUBMITS)
    // Reading the page is not throttled with it.
    ;(await client.get(`/api/business/by-url/${business.shortUrl}`)).assertStatus(200)
  })

  test('ratings fired all at once still store only the allowance', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const fired = SUBMITS + 15

    const responses = await Promise.all(
      Array.from({ length: fired }, () => client.post(submitUrl(business.shortUrl)).json({ rating: 2, feedback: 'flood' }))
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [...Array(SUBMITS).fill(200), ...Array(15).fill(429)])
    assert.equal(await countRows('review_sessions', 'business_id', business.id), SUBMITS)
  })

  test('a flood at one business, or at codes that do not exist, leaves other businesses open', async ({ client, assert }) => {
    const { business: flooded } = await ownerWithBusiness()
    const { business: other } = await ownerWithBusiness()
    for (let n = 0; n <= SUBMITS; n++) await client.post(submitUrl(flooded.shortUrl)).json({ rating: 1 })
    const unknown = []
    for (let n = 0; n < 5; n++) unknown.push((await client.post(submitUrl('nosuchcode')).json({ rating: 5 })).status())

    const elsewhere = await client.post(submitUrl(other.shortUrl)).json({ rating: 4 })

    assert.deepEqual(unknown, [404, 404, 404, 404, 404])
    elsewhere.assertStatus(200)
    assert.equal(await countRows('review_sessions', 'business_id', other.id), 1)
    assert.equal(await countRows('review_sessions', 'business_id', flooded.id), SUBMITS)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Bodies over the limit
 * -------------------------------------------------------------------------------------------------------- */

test.group('Abuse: oversized bodies', (group) => {
  isolated(group)
  razorpayStub(group)

  test('every route that takes a body answers one over 64 kb with a 413 JSON error and stores nothing', async ({ client, assert }) => {
    const fingerprint = await databaseFingerprinter()
    const { business, token } = await ownerWithBusiness()
    const feedback = await ReviewSessionFactory.apply('negative').merge({ businessId: business.id }).create()
    // The console's routes are not there for an owner, whatever the body (admin.spec.ts): an operator sends these.
    const { token: operatorToken } = await operator()
    const params = {
      id: business.id,
      businessId: business.id,
      shortUrl: business.shortUrl,
      token: 'any-webhook-token',
      secret: 'x'.repeat(43),
      provider: 'razorpay',
      name: 'receipt-mail',
      jobId: 'receipt-mail-1',
      userId: 1,
      inviteId: 1,
    }
    /** Bodies one byte over the route's limit; a route with a larger JSON limit refuses with its own sentence. */
    const bodiesFor = (pattern: string): [string, string, string][] => {
      const larger = LARGER_BODIES[pattern]
      const sentence = larger?.tooLarge ?? TOO_LARGE
      const big = 'x'.repeat(BODY_LIMIT_BYTES + 1)
      const bigJson = 'x'.repeat((larger?.limitBytes ?? BODY_LIMIT_BYTES) + 1)
      return [
        ['application/json', JSON.stringify({ feedback: bigJson, message: bigJson, name: 'a' }), sentence],
        ['application/x-www-form-urlencoded', `message=${big}`, sentence],
        ['text/plain', big, sentence],
      ]
    }

    const routes = apiRoutes().filter((route) => route.methods.some((method) => method !== 'GET'))
    assert.isAtLeast(routes.length, 15)
    const before = await fingerprint()
    for (const route of routes) {
      const path = pathFor(route, { ...params, id: route.pattern.startsWith('/api/feedbacks') ? feedback.id : business.id })
      for (const method of route.methods.filter((name) => name !== 'GET')) {
        for (const [type, body, sentence] of bodiesFor(route.pattern)) {
          const bearer = route.access === 'operator' ? operatorToken : token
          const response = await client.request(path, method).bearerToken(bearer).unsafeJson(body).header('content-type', type)
          const label = `${method} ${path} (${type})`
          assert.equal(response.status(), 413, `${label}: ${response.text()?.slice(0, 200)}`)
          assert.equal(response.body().error, sentence, label)
          assert.include(String(response.header('content-type')), 'application/json', label)
        }
      }
    }
    assert.deepEqual(fingerprintChanges(before, await fingerprint()), [])
  })

  test('the limit is 64 kb exactly: one byte more is refused, the limit itself is read', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const sized = (bytes: number) => {
      const shell = JSON.stringify({ rating: 2, feedback: 'fits', padding: '' })
      return shell.replace('"padding":""', `"padding":"${'p'.repeat(bytes - shell.length)}"`)
    }

    const atLimit = await client.post(submitUrl(business.shortUrl)).unsafeJson(sized(BODY_LIMIT_BYTES))
    const over = await client.post(submitUrl(business.shortUrl)).unsafeJson(sized(BODY_LIMIT_BYTES + 1))

    atLimit.assertStatus(200)
    over.assertStatus(413)
    assert.equal(over.body().error, TOO_LARGE)
    assert.equal(await countRows('review_sessions', 'business_id', business.id), 1)
  })

  test('a chunked body with no Content-Length is cut off at the limit too', async ({ assert }) => {
    const { business } = await ownerWithBusiness()

    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: env.get('HOST'),
          port: env.get('PORT'),
          method: 'POST',
          path: submitUrl(business.shortUrl),
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk) => (text += chunk))
          response.on('end', () => resolve({ status: response.statusCode!, body: text }))
        }
      )
      request.on('error', (error: NodeJS.ErrnoException) => {
        // The server may answer and close while the rest is still being written.
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
      })
      request.write('{"rating": 2, "feedback": "')
      for (let n = 0; n < 40; n++) request.write('y'.repeat(4096))
      request.end('"}')
    })

    assert.equal(status, 413)
    assert.equal(JSON.parse(body).error, TOO_LARGE)
    assert.equal(await countRows('review_sessions', 'business_id', business.id), 0)
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Feedback length
 * -------------------------------------------------------------------------------------------------------- */

test.group('Abuse: very long feedback', (group) => {
  isolated(group)

  test('over 2,000 characters is a 422 on feedback and nothing is stored; 2,000 are kept whole', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const hindi = 'स'.repeat(2000)
    const refused = ['x'.repeat(2001), 'स'.repeat(2001), ` ${'y'.repeat(2001)} `, 'x'.repeat(60_000)]
    const accepted = [hindi, `   ${'z'.repeat(2000)}\n`, 'line\n'.repeat(400)]

    for (const feedback of refused) {
      await limiter.clear()
      const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 1, feedback })
      assert.equal(response.status(), 422, `${feedback.length} characters`)
      assert.equal(response.body().errors?.[0]?.field, 'feedback')
    }
    assert.equal(await countRows('review_sessions', 'business_id', business.id), 0)

    for (const feedback of accepted) {
      await limiter.clear()
      ;(await client.post(submitUrl(business.shortUrl)).json({ rating: 1, feedback })).assertStatus(200)
    }
    const stored = await db.from('review_sessions').where('business_id', business.id).orderBy('id').select('feedback')
    assert.deepEqual(
      stored.map((row) => row.feedback),
      accepted.map((text) => text.trim())
    )
  })
})

/* ----------------------------------------------------------------------------------------------------------
 * Markup in text fields
 * -------------------------------------------------------------------------------------------------------- */

test.group('Abuse: markup in every text field', (group) => {
  isolated(group)

  /** A JSON answer (never HTML) that browsers will not sniff into a document. */
  function assertJsonAnswer(assert: Assert, response: ApiResponse) {
    assert.include(String(response.header('content-type')), 'application/json')
    assert.equal(response.header('x-content-type-options'), 'nosniff')
  }

  test('names given at sign-up and in the profile are stored verbatim and come back as JSON strings', async ({ client, assert }) => {
    for (const [index, markup] of MARKUP.entries()) {
      const registered = await client
        .post('/api/auth/register')
        .json({ email: `markup${index}@example.in`, password: 'long-enough-1', firstName: markup, lastName: `${markup}!` })
      registered.assertStatus(201)
      assertJsonAnswer(assert, registered)
      const token = registered.body().token
      const row = await db.from('users').where('email', `markup${index}@example.in`).firstOrFail()
      assert.equal(row.first_name, markup)
      assert.equal(row.last_name, `${markup}!`)

      const me = await client.get('/api/auth/user').bearerToken(token)
      assertJsonAnswer(assert, me)
      assert.equal(me.body().firstName, markup)
      assert.equal(me.body().name, `${markup} ${markup}!`)

      const renamed = await client
        .patch('/api/auth/profile')
        .bearerToken(token)
        .json({ firstName: `${markup}2`, lastName: null })
      renamed.assertStatus(200)
      assert.equal(renamed.body().firstName, `${markup}2`)
      assert.equal((await db.from('users').where('id', row.id).firstOrFail()).first_name, `${markup}2`)
    }
  })

  test('feedback is stored verbatim and the owner gets it back as a JSON string everywhere it is listed', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    for (const markup of MARKUP) {
      ;(await client.post(submitUrl(business.shortUrl)).json({ rating: 1, feedback: markup })).assertStatus(200)
    }

    const stored = await db.from('review_sessions').where('business_id', business.id).orderBy('id').select('id', 'feedback')
    assert.deepEqual(
      stored.map((row) => row.feedback),
      MARKUP
    )
    const list = await client.get('/api/feedbacks?_sort=id&_order=asc').loginAs(user)
    const one = await client.get(`/api/feedbacks/${stored[0].id}`).loginAs(user)
    const analytics = await client.get(`/api/analytics/${business.id}`).loginAs(user)
    for (const response of [list, one, analytics]) assertJsonAnswer(assert, response)
    assert.deepEqual(
      list.body().map((session: { feedback: string }) => session.feedback),
      MARKUP
    )
    assert.equal(one.body().feedback, MARKUP[0])
    assert.sameMembers(
      analytics.body().reviews.map((session: { feedback: string }) => session.feedback),
      MARKUP
    )
  })

  test('the contact form keeps name, subject and message verbatim', async ({ client, assert }) => {
    const markup = MARKUP[0]
    const response = await client
      .post('/api/contact')
      .json({ name: markup, email: 'visitor@example.in', subject: MARKUP[1], message: MARKUP.join('\n') })

    response.assertStatus(201)
    assertJsonAnswer(assert, response)
    const row = await db.from('contact_messages').where('id', response.body().id).firstOrFail()
    assert.deepEqual([row.name, row.subject, row.message], [markup, MARKUP[1], MARKUP.join('\n')])
  })

  test('markup as a short URL is refused with 422 and the code stays as it was', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    for (const markup of MARKUP) {
      const viaSettings = await client.patch(`/api/businesses/${business.id}`).loginAs(user).json({ shortUrl: markup })
      const viaSpecRoute = await client.patch(`/api/business/${business.id}/update-short-url`).loginAs(user).json({ shortUrl: markup })
      for (const response of [viaSettings, viaSpecRoute]) {
        assert.equal(response.status(), 422, markup)
        assert.equal(response.body().errors[0].field, 'shortUrl')
        assertJsonAnswer(assert, response)
      }
      const lookup = await client.get(`/api/business/by-url/${encodeURIComponent(markup)}`)
      lookup.assertStatus(404)
      assert.equal(lookup.body().error, 'Business not found')
    }
    assert.equal((await db.from('businesses').where('id', business.id).firstOrFail()).short_url, business.shortUrl)
  })

  test('a business name with markup is escaped on the server-rendered customer page', async ({ client, assert }) => {
    assert.isTrue(
      existsSync(join(webConfig.landingDist, 'review.html')),
      `No landing build in ${webConfig.landingDist}: run npm run build --workspace landing`
    )
    const name = `Chai ${MARKUP[0]}${MARKUP[4]}${MARKUP[1]}`
    const { business } = await ownerWithBusiness({ business: { name, address: MARKUP[2] } })

    const page = await client.get(`/review/${business.shortUrl}`)
    const api = await client.get(`/api/business/by-url/${business.shortUrl}`)

    page.assertStatus(200)
    const html = page.text()
    for (const markup of [MARKUP[0], MARKUP[1], MARKUP[2], '</script><!--']) assert.notInclude(html, markup)
    assert.include(html, '&lt;img src=x onerror=alert(1)&gt;')
    assert.equal(api.body().business.name, name)
    assert.equal(api.body().business.address, MARKUP[2])
  })
})
