/*
 * Google rating history (docs/decisions.md D35): the history's first point when a business is
 * added, the history route, the rate-limited refresh, and the daily job against a loopback stub of Google.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import GoogleRatingJob from '#jobs/google_rating_job'
import { QueueName, SCHEDULES } from '#queue/queues'
import DemoPlacesProvider, { demoCatalogue } from '#services/places/demo_places_provider'
import { createPlacesDirectory } from '#services/places/places_directory'
import { todayIst } from '#lib/time'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { BusinessFactory } from '#database/factories/index'
import app from '@adonisjs/core/services/app'
import { PlacesDirectory } from '#services/places/places_directory'
import type { GoogleRatingHistoryResponse, GoogleRatingRefreshResponse } from '#types/api'

const snapshots = (businessId: number) =>
  db.from('google_rating_snapshots').where('business_id', businessId).orderBy('day').select('day', 'rating', 'review_count')
const dayOf = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : DateTime.fromJSDate(value).toISODate())

async function addSnapshot(businessId: number, day: string, rating: number | null, reviewCount: number) {
  const now = new Date()
  await db
    .table('google_rating_snapshots')
    .insert({ business_id: businessId, day, rating, review_count: reviewCount, created_at: now, updated_at: now })
}

test.group('Google rating history: reading it', (group) => {
  isolated(group)

  test('a business added from search starts its history with the rating it had that day', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    const place = demoCatalogue()[7]
    const added = await client.post('/api/select-business').bearerToken(token).json({ placeId: place.place_id })
    added.assertStatus(201)
    const businessId = added.body().business.id

    const response = await client.get(`/api/businesses/${businessId}/google-rating-history`).bearerToken(token)

    response.assertStatus(200)
    const body = response.body() as GoogleRatingHistoryResponse
    assert.deepEqual(body, {
      businessId,
      since: todayIst(),
      points: [{ day: todayIst(), rating: place.rating, reviewCount: place.reviewCount }],
    })
  })

  test('points come oldest first, one per day, since the day the business joined', async ({ client, assert }) => {
    const joined = DateTime.fromISO('2026-10-12T09:00:00', { zone: 'Asia/Kolkata' })
    const { token, business } = await ownerWithBusiness({ business: { createdAt: joined.toUTC() } })
    await addSnapshot(business.id, '2026-10-20', 4.4, 150)
    await addSnapshot(business.id, '2026-10-12', 4.3, 112)
    await addSnapshot(business.id, '2026-11-02', null, 0)
    await addSnapshot(business.id, '2026-10-13', 4.3, 113)

    const response = await client.get(`/api/businesses/${business.id}/google-rating-history`).bearerToken(token)

    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      businessId: business.id,
      since: '2026-10-12',
      points: [
        { day: '2026-10-12', rating: 4.3, reviewCount: 112 },
        { day: '2026-10-13', rating: 4.3, reviewCount: 113 },
        { day: '2026-10-20', rating: 4.4, reviewCount: 150 },
        { day: '2026-11-02', rating: null, reviewCount: 0 },
      ],
    } satisfies GoogleRatingHistoryResponse)
  })

  test("another owner's business is 404 and shows nothing of it", async ({ client, assert }) => {
    const victim = await ownerWithBusiness()
    await addSnapshot(victim.business.id, '2026-10-12', 4.9, 987654)
    const other = await ownerWithBusiness()

    const response = await client.get(`/api/businesses/${victim.business.id}/google-rating-history`).bearerToken(other.token)

    response.assertStatus(404)
    assert.notInclude(response.text(), '987654')
    ;(await client.get(`/api/businesses/${victim.business.id}/google-rating-history`)).assertStatus(401)
  })
})

test.group('Google rating history: refreshing it', (group) => {
  isolated(group)

  test("refresh reads Google's figures, updates the business and today's point; a second within 10 minutes is 429", async ({
    client,
    assert,
  }) => {
    const place = demoCatalogue()[11]
    const { token, business } = await ownerWithBusiness({
      business: { placeId: place.place_id, rating: place.rating, reviewCount: place.reviewCount },
    })
    const expected = new DemoPlacesProvider().ratingOn(place.place_id, todayIst())!
    // An earlier refresh today is overwritten, not added to.
    await addSnapshot(business.id, todayIst(), 1.0, 1)

    const response = await client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(token)

    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      businessId: business.id,
      point: { day: todayIst(), rating: expected.rating, reviewCount: expected.reviewCount },
      business: { rating: expected.rating, reviewCount: expected.reviewCount },
    } satisfies GoogleRatingRefreshResponse)
    const stored = await db.from('businesses').where('id', business.id).firstOrFail()
    assert.equal(Number(stored.rating), expected.rating)
    assert.equal(stored.review_count, expected.reviewCount)
    const rows = await snapshots(business.id)
    assert.lengthOf(rows, 1)
    assert.equal(dayOf(rows[0].day), todayIst())
    assert.equal(Number(rows[0].rating), expected.rating)
    assert.equal(rows[0].review_count, expected.reviewCount)

    const again = await client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(token)

    again.assertStatus(429)
    const retryAfter = Number(again.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 600)
    assert.match(
      again.body().error,
      /^Google's figures for this business were refreshed a moment ago\. You can refresh again in \d+ minutes?\.$/
    )
    assert.equal(again.body().retryAfter, retryAfter)
    assert.lengthOf(await snapshots(business.id), 1)
  })

  test('the limit is per business, and another owner knocking neither sees it nor uses it up', async ({ client }) => {
    const [first, second] = demoCatalogue().slice(20, 22)
    const { user, token, business } = await ownerWithBusiness({ business: { placeId: first.place_id } })
    const sibling = await BusinessFactory.merge({ userId: user.id, placeId: second.place_id }).create()
    const other = await ownerWithBusiness()

    for (let i = 0; i < 3; i++) {
      ;(await client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(other.token)).assertStatus(404)
    }
    ;(await client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(token)).assertStatus(200)
    ;(await client.post(`/api/businesses/${sibling.id}/google-rating/refresh`).bearerToken(token)).assertStatus(200)
    ;(await client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(token)).assertStatus(429)
    // The other owner still gets 404, never the 429 that would say the business exists.
    ;(await client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(other.token)).assertStatus(404)
  })

  test('Google failing is a 503 with a sentence, nothing is written, and the owner may try again at once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stub = await startStubServer((_, res) => json(res, 500, { error: { code: 500, status: 'INTERNAL' } }))
    cleanup(() => stub.close())
    app.container.swap(PlacesDirectory, () => createPlacesDirectory({ googleApiKey: 'test-key', googleBaseUrl: stub.url, timeoutMs: 1000 }))
    cleanup(() => app.container.restore(PlacesDirectory))
    const { token, business } = await ownerWithBusiness({ business: { placeId: 'ChIJ_down', rating: 4.1, reviewCount: 50 } })
    const refresh = () => client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(token)

    const failed = await refresh()

    failed.assertStatus(503)
    assert.equal(failed.body().error, "Google's rating could not be read right now. Please try again in a moment.")
    assert.lengthOf(await snapshots(business.id), 0)
    assert.equal((await db.from('businesses').where('id', business.id).firstOrFail()).review_count, 50)

    stub.answer((_, res) => json(res, 200, { rating: 4.2, userRatingCount: 51 }))
    const again = await refresh()
    again.assertStatus(200)
    assert.deepEqual(again.body().business, { rating: 4.2, reviewCount: 51 })
  })

  test('a listing Google no longer has is a 404 with a sentence, and nothing is written', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { placeId: 'demo_no-such-place' } })

    const response = await client.post(`/api/businesses/${business.id}/google-rating/refresh`).bearerToken(token)

    response.assertStatus(404)
    assert.match(response.body().error, /Google/)
    assert.lengthOf(await snapshots(business.id), 0)
  })
})

test.group('Google rating job', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())
  let stub: StubServer
  group.setup(async () => {
    stub = await startStubServer()
    return () => stub.close()
  })

  /** Google answers for the places named here; 500 for `ChIJ_broken`, 404 for anything else. */
  function google(figures: Record<string, { rating?: number; userRatingCount?: number }>) {
    stub.answer((request, res) => {
      const id = decodeURIComponent(request.url!.replace('/v1/places/', ''))
      if (id === 'ChIJ_broken') return json(res, 500, { error: { code: 500, status: 'INTERNAL' } })
      if (figures[id]) return json(res, 200, figures[id])
      return json(res, 404, { error: { code: 404, status: 'NOT_FOUND' } })
    })
  }

  const directory = () => createPlacesDirectory({ googleApiKey: 'test-key', googleBaseUrl: stub.url, timeoutMs: 1000 })

  test('refreshes every business in batches; Google failing for one does not stop the others', async ({ assert }) => {
    const tag = Date.now().toString(36)
    const owner = await ownerWithBusiness({ business: { placeId: `ChIJ_a_${tag}`, rating: 4.1, reviewCount: 100 } })
    const broken = await BusinessFactory.merge({ userId: owner.user.id, placeId: 'ChIJ_broken', rating: 3.3, reviewCount: 33 }).create()
    const third = await BusinessFactory.merge({ userId: owner.user.id, placeId: `ChIJ_c_${tag}`, rating: 4.8, reviewCount: 9 }).create()
    google({ [`ChIJ_a_${tag}`]: { rating: 4.2, userRatingCount: 104 }, [`ChIJ_c_${tag}`]: { rating: 4.7, userRatingCount: 12 } })

    const result = await new GoogleRatingJob(directory(), { batchSize: 1 }).handle()

    assert.isAtLeast(result.refreshed, 2)
    assert.isAtLeast(result.failed, 1)
    const row = (id: number) => db.from('businesses').where('id', id).firstOrFail()
    assert.equal(Number((await row(owner.business.id)).rating), 4.2)
    assert.equal((await row(owner.business.id)).review_count, 104)
    assert.equal(Number((await row(third.id)).rating), 4.7)
    assert.equal((await row(broken.id)).review_count, 33)
    assert.deepEqual(
      (await snapshots(owner.business.id)).map((r) => [dayOf(r.day), Number(r.rating), r.review_count]),
      [[todayIst(), 4.2, 104]]
    )
    assert.deepEqual(
      (await snapshots(third.id)).map((r) => [dayOf(r.day), Number(r.rating), r.review_count]),
      [[todayIst(), 4.7, 12]]
    )
    assert.lengthOf(await snapshots(broken.id), 0)
  })

  test('run twice on one day: one point per business; the next day adds one', async ({ assert }) => {
    const tag = Date.now().toString(36)
    const { business } = await ownerWithBusiness({ business: { placeId: `ChIJ_twice_${tag}` } })
    google({ [`ChIJ_twice_${tag}`]: { rating: 4.5, userRatingCount: 200 } })
    const job = new GoogleRatingJob(directory())

    await job.handle()
    google({ [`ChIJ_twice_${tag}`]: { rating: 4.5, userRatingCount: 201 } })
    await job.handle()

    assert.lengthOf(await snapshots(business.id), 1)

    clock.travelTo(clock.now().plus({ days: 1 }))
    await job.handle()
    const rows = await snapshots(business.id)
    assert.deepEqual(
      rows.map((r) => r.review_count),
      [rows[0].review_count, 201]
    )
    assert.equal(dayOf(rows[1].day), todayIst())
  })

  test('is scheduled daily at 06:00 IST', ({ assert }) => {
    assert.deepInclude(SCHEDULES, {
      queue: QueueName.GoogleRating,
      id: 'google-rating-daily',
      repeat: { pattern: '0 6 * * *', tz: 'Asia/Kolkata' },
    })
  })
})
