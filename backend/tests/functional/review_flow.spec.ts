/*
 * The customer's review flow (docs/screens.md "Customer review page", 4 "Review flow"; docs/decisions.md D2, D5, D13):
 * looking a review link up and submitting a rating, anonymously.
 */
import { test } from '@japa/runner'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { clock } from '#lib/clock'
import { pageViewCounter } from '#hot_path/page_view_counter'

/** Today's stored page-view rows of a business, after this process's counted views are written. */
async function storedViews(businessId: number) {
  await pageViewCounter.flush()
  return db.from('page_views_daily').where('business_id', businessId)
}

async function sessionRows(businessId: number) {
  return db.from('review_sessions').where('business_id', businessId).orderBy('id', 'asc')
}

async function sessionCount(businessId?: number) {
  const query = db.from('review_sessions')
  if (businessId !== undefined) query.where('business_id', businessId)
  const row = await query.count('* as total').first()
  return Number(row.total)
}

const todayIst = () => DateTime.now().setZone('Asia/Kolkata').toISODate()!

const submitUrl = (code: string) => `/api/review/${code}/submit`

test.group('Review link lookup: GET /api/business/by-url/:shortUrl', (group) => {
  isolated(group)

  test('returns the business the customer page needs, with the listing review count', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.get(`/api/business/by-url/${business.shortUrl}`)

    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.business.name, business.name)
    assert.equal(body.business.address, business.address)
    assert.equal(body.business.shortUrl, business.shortUrl)
    assert.strictEqual(body.canSubmitReview, true)
    assert.strictEqual(body.reviewCount, business.reviewCount)
  })

  test('the public answer carries nothing about the owner', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()

    const response = await client.get(`/api/business/by-url/${business.shortUrl}`)

    response.assertStatus(200)
    const body = response.body()
    const json = JSON.stringify(body)
    assert.notInclude(json, user.email)
    assert.notInclude(json, user.email.split('@')[0])
    assert.notInclude(json, 'userId')
    assert.notInclude(json, 'user_id')
    assert.notInclude(json, '"owner"')
    assert.notInclude(json, 'placeId')
    assert.notProperty(body.business, 'id')
    assert.notProperty(body, 'id')
    assert.notProperty(body.business, 'plan')
    assert.notProperty(body.business, 'subscriptionPlan')
  })

  test('the code is matched case-insensitively', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.get(`/api/business/by-url/${business.shortUrl.toUpperCase()}`)

    response.assertStatus(200)
    assert.equal(response.body().business.name, business.name)
    assert.equal(response.body().business.shortUrl, business.shortUrl)
  })

  test('an unknown code is a 404 "Business not found"', async ({ client, assert }) => {
    await ownerWithBusiness()

    const response = await client.get('/api/business/by-url/nosuchcode')

    response.assertStatus(404)
    assert.equal(response.body().error, 'Business not found')
    assert.equal(response.body().message, 'Business not found')
  })

  test('every lookup counts one page view for today in India', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const first = await client.get(`/api/business/by-url/${business.shortUrl}`)
    first.assertStatus(200)
    let rows = await storedViews(business.id)
    assert.deepEqual(
      rows.map((row) => ({ day: row.day, views: Number(row.views) })),
      [{ day: todayIst(), views: 1 }]
    )

    const second = await client.get(`/api/business/by-url/${business.shortUrl.toUpperCase()}`)
    second.assertStatus(200)
    rows = await storedViews(business.id)
    assert.deepEqual(
      rows.map((row) => ({ day: row.day, views: Number(row.views) })),
      [{ day: todayIst(), views: 2 }]
    )
  })

  test('a view at 20:00 UTC counts for the next India day', async ({ client, assert, cleanup }) => {
    const { business } = await ownerWithBusiness()
    // 20:00 UTC yesterday is 01:30 IST today: the UTC and India dates differ.
    const evening = DateTime.utc().minus({ days: 1 }).set({ hour: 20, minute: 0, second: 0, millisecond: 0 })
    clock.travelTo(evening)
    cleanup(() => clock.reset())

    const response = await client.get(`/api/business/by-url/${business.shortUrl}`)

    response.assertStatus(200)
    const rows = await storedViews(business.id)
    assert.deepEqual(
      rows.map((row) => ({ day: row.day, views: Number(row.views) })),
      [{ day: evening.plus({ days: 1 }).toISODate(), views: 1 }]
    )
  })

  test('an unknown code counts no page view', async ({ client, assert }) => {
    await ownerWithBusiness()
    await pageViewCounter.flush()
    const before = await db.from('page_views_daily').count('* as total').first()

    const response = await client.get('/api/business/by-url/nosuchcode')

    response.assertStatus(404)
    await pageViewCounter.flush()
    const after = await db.from('page_views_daily').count('* as total').first()
    assert.equal(Number(after.total), Number(before.total))
  })
})

test.group('Rating submission: POST /api/review/:shortUrl/submit', (group) => {
  isolated(group)

  test('a 5-star rating is stored as redirected and sends the customer to Google', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 5, feedback: 'Lovely!' })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: true, url: business.googleReviewUrl, counted: true })
    const rows = await sessionRows(business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].rating, 5)
    assert.equal(Number(rows[0].redirected), 1)
    assert.isNull(rows[0].feedback)
    assert.isNull(rows[0].resolved_at)
  })

  test('a 4-star rating is positive too', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 4 })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: true, url: business.googleReviewUrl, counted: true })
    const rows = await sessionRows(business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].rating, 4)
    assert.equal(Number(rows[0].redirected), 1)
  })

  test('a 2-star rating keeps its trimmed feedback private', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 2, feedback: '  Too slow  ' })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: false, counted: true })
    const rows = await sessionRows(business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].rating, 2)
    assert.equal(rows[0].feedback, 'Too slow')
    assert.equal(Number(rows[0].redirected), 0)
  })

  test('a 3-star rating without feedback is stored with no feedback', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 3 })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: false, counted: true })
    const rows = await sessionRows(business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].rating, 3)
    assert.isNull(rows[0].feedback)
    assert.equal(Number(rows[0].redirected), 0)
  })

  test('a 1-star rating with empty or blank feedback stores no feedback', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const empty = await client.post(submitUrl(business.shortUrl)).json({ rating: 1, feedback: '' })
    const blank = await client.post(submitUrl(business.shortUrl)).json({ rating: 1, feedback: '   ' })
    const nulled = await client.post(submitUrl(business.shortUrl)).json({ rating: 1, feedback: null })

    for (const response of [empty, blank, nulled]) {
      response.assertStatus(200)
      assert.deepEqual(response.body(), { redirect: false, counted: true })
    }
    const rows = await sessionRows(business.id)
    assert.deepEqual(
      rows.map((row) => [row.rating, row.feedback, Number(row.redirected)]),
      [
        [1, null, 0],
        [1, null, 0],
        [1, null, 0],
      ]
    )
  })

  test('feedback of 2,000 characters is accepted and stored whole', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const feedback = 'x'.repeat(1999) + 'y'

    const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 2, feedback })

    response.assertStatus(200)
    const rows = await sessionRows(business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].feedback, feedback)
  })

  test('feedback of 2,001 characters is a 422 and nothing is stored', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const before = await sessionCount()

    const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 2, feedback: 'x'.repeat(2001) })

    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'feedback')
    assert.isString(response.body().error)
    assert.equal(await sessionCount(), before)
  })

  test('non-text feedback is a 422 and nothing is stored', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const before = await sessionCount()

    for (const feedback of [42, true, ['slow'], { text: 'slow' }]) {
      await limiter.clear()
      const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 2, feedback })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'feedback', `feedback ${JSON.stringify(feedback)}`)
    }
    assert.equal(await sessionCount(), before)
  })

  test('an unknown code is a 404 and nothing is stored', async ({ client, assert }) => {
    await ownerWithBusiness()
    const before = await sessionCount()

    const response = await client.post(submitUrl('nosuchcode')).json({ rating: 5 })

    response.assertStatus(404)
    assert.equal(response.body().error, 'Business not found')
    assert.equal(await sessionCount(), before)
  })

  test('the code is matched case-insensitively', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.post(submitUrl(business.shortUrl.toUpperCase())).json({ rating: 3 })

    response.assertStatus(200)
    assert.equal(await sessionCount(business.id), 1)
  })

  test('needs no token, and a junk token does not get in the way', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const anonymous = await client.post(submitUrl(business.shortUrl)).json({ rating: 5 })
    const junk = await client.post(submitUrl(business.shortUrl)).bearerToken('junk-token-that-is-not-valid-at-all').json({ rating: 2 })

    anonymous.assertStatus(200)
    junk.assertStatus(200)
    assert.equal(await sessionCount(business.id), 2)
  })

  test('a rating that is not a whole JSON number from 1 to 5 is a 422 on the rating field', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const before = await sessionCount()
    const bodies: Record<string, unknown>[] = [
      { rating: '5' },
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: -1 },
      { rating: null },
      {},
      { feedback: 'no rating' },
      { rating: true },
      { rating: [5] },
      { rating: { value: 5 } },
    ]

    for (const body of bodies) {
      await limiter.clear()
      const response = await client.post(submitUrl(business.shortUrl)).json(body)
      assert.equal(response.status(), 422, `body ${JSON.stringify(body)}`)
      assert.equal(response.body().errors?.[0]?.field, 'rating', `body ${JSON.stringify(body)}`)
      assert.isString(response.body().error)
      assert.equal(response.body().message, response.body().error)
    }
    assert.equal(await sessionCount(), before)
  })

  test('malformed JSON is a 400 and nothing is stored', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const before = await sessionCount()

    const response = await client.post(submitUrl(business.shortUrl)).unsafeJson('{"rating": 5,')

    response.assertStatus(400)
    assert.isString(response.body().error)
    assert.equal(await sessionCount(), before)
  })

  test('past the allowance of one address without a device cookie, a 1-3 is a 429 and a 4-5 still goes to Google uncounted', async ({
    client,
    assert,
  }) => {
    const { business } = await ownerWithBusiness()
    const allowance = env.get('RATING_IP_LIMIT_PER_MINUTE')

    for (let i = 0; i < allowance; i++) (await client.post(submitUrl(business.shortUrl)).json({ rating: 2 })).assertStatus(200)
    const next = await client.post(submitUrl(business.shortUrl)).json({ rating: 2 })
    const nextOtherCase = await client.post(submitUrl(business.shortUrl.toUpperCase())).json({ rating: 1 })
    const happy = await client.post(submitUrl(business.shortUrl)).json({ rating: 5 })

    next.assertStatus(429)
    assert.isString(next.body().error)
    nextOtherCase.assertStatus(429)
    happy.assertStatus(200)
    assert.deepEqual(happy.body(), { redirect: true, url: business.googleReviewUrl, counted: false })
    assert.equal(await sessionCount(business.id), allowance)
  })

  test('the allowance is per business: the same address can still rate another business', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const { business: other } = await ownerWithBusiness()
    const allowance = env.get('RATING_IP_LIMIT_PER_MINUTE')

    for (let i = 0; i < allowance; i++) (await client.post(submitUrl(business.shortUrl)).json({ rating: 4 })).assertStatus(200)
    const uncounted = await client.post(submitUrl(business.shortUrl)).json({ rating: 4 })
    const elsewhere = await client.post(submitUrl(other.shortUrl)).json({ rating: 4 })

    assert.isFalse(uncounted.body().counted)
    elsewhere.assertStatus(200)
    assert.deepEqual(elsewhere.body(), { redirect: true, url: other.googleReviewUrl, counted: true })
    assert.equal(await sessionCount(business.id), allowance)
    assert.equal(await sessionCount(other.id), 1)
  })

  test('the client is remembered by a 64-hex fingerprint, not by its IP', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.post(submitUrl(business.shortUrl)).json({ rating: 2, feedback: 'cold tea' })

    response.assertStatus(200)
    const [row] = await sessionRows(business.id)
    assert.match(row.client_fingerprint, /^[0-9a-f]{64}$/)
    assert.notInclude(row.client_fingerprint, '127.0.0.1')
    assert.notEqual(row.client_fingerprint, '127.0.0.1')
    assert.notEqual(row.client_fingerprint, '::1')
  })
})

test.group('Rating submission: properties', (group) => {
  isolated(group)

  const isValidRating = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5

  const invalidRating = fc.oneof(
    fc.string(),
    fc.double().filter((value) => !isValidRating(value)),
    fc.integer({ min: -10, max: 20 }).filter((value) => !isValidRating(value)),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
    fc.object({ maxDepth: 1 }),
    fc.constantFrom('1', '5', ' 3 ', '4.0', '1e0', '')
  )

  const anyFeedback = fc.option(fc.oneof(fc.string(), fc.jsonValue()), { nil: undefined })

  const invalidBody = fc.oneof(
    // Arbitrary JSON documents (scalars, arrays, objects with random keys).
    fc.jsonValue().filter((value) => !(value && typeof value === 'object' && isValidRating((value as any).rating))),
    // Shaped like a submission, but the rating is wrong.
    fc.record({ rating: invalidRating, feedback: anyFeedback }, { requiredKeys: [] }),
    // A good rating with feedback that is not text or is too long.
    fc.record({
      rating: fc.integer({ min: 1, max: 5 }),
      feedback: fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
        fc.string({ minLength: 2001, maxLength: 2100 }).filter((text) => text.trim().length > 2000)
      ),
    })
  )

  test('any invalid body is a 4xx and stores nothing', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    await fc.assert(
      fc.asyncProperty(invalidBody, async (body) => {
        await limiter.clear()
        const before = await sessionCount(business.id)
        const response = await client.post(submitUrl(business.shortUrl)).unsafeJson(JSON.stringify(body))
        const status = response.status()
        assert.isAtLeast(status, 400, `status ${status} for ${JSON.stringify(body)}`)
        assert.isBelow(status, 500, `status ${status} for ${JSON.stringify(body)}`)
        assert.isString(response.body().error, `error sentence for ${JSON.stringify(body)}`)
        assert.equal(await sessionCount(business.id), before, `stored a row for ${JSON.stringify(body)}`)
      }),
      { seed: 42, numRuns: 150 }
    )
  }).timeout(120_000)

  test('any whole rating 1-5 with text feedback up to 2,000 characters is stored once', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const feedback = fc.option(
      fc.oneof(
        fc.string({ maxLength: 2000 }),
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.string({ unit: 'binary-ascii', minLength: 1990, maxLength: 2000 })
      ),
      { nil: undefined }
    )
    const submission = fc
      .record({ rating: fc.integer({ min: 1, max: 5 }), feedback }, { requiredKeys: ['rating'] })
      .filter(({ feedback: text }) => text === undefined || text.length <= 2000)

    await fc.assert(
      fc.asyncProperty(submission, async (body) => {
        await limiter.clear()
        const before = await sessionCount(business.id)
        const response = await client.post(submitUrl(business.shortUrl)).json(body)
        const positive = body.rating >= 4

        assert.equal(response.status(), 200, `status for ${JSON.stringify(body)}`)
        assert.deepEqual(
          response.body(),
          positive ? { redirect: true, url: business.googleReviewUrl, counted: true } : { redirect: false, counted: true }
        )
        assert.equal(await sessionCount(business.id), before + 1)
        const last = await db.from('review_sessions').where('business_id', business.id).orderBy('id', 'desc').first()
        assert.equal(last.rating, body.rating)
        assert.equal(Number(last.redirected), positive ? 1 : 0)
        const expected = positive ? null : body.feedback?.trim() || null
        assert.strictEqual(last.feedback, expected, `feedback for ${JSON.stringify(body)}`)
      }),
      { seed: 42, numRuns: 150 }
    )
  }).timeout(120_000)
})
