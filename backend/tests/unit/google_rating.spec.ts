/*
 * Reading a listing's Google rating and review count (docs/decisions.md D35): Place Details with only the two
 * fields against a loopback stub of Google, the demo catalogue's deterministic daily drift, and the directory
 * that picks between them.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import GooglePlacesProvider from '#services/places/google_places_provider'
import DemoPlacesProvider, { demoCatalogue } from '#services/places/demo_places_provider'
import { createPlacesDirectory } from '#services/places/places_directory'
import { clock } from '#lib/clock'
import { startStubServer, json, type StubServer } from '#tests/helpers/stub_server'

const API_KEY = 'test-google-key'

async function failureOf(action: () => Promise<unknown>): Promise<any> {
  try {
    await action()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw')
}

/** 'YYYY-MM-DD' `n` days after `day`. */
const plusDays = (day: string, n: number) => DateTime.fromISO(day, { zone: 'utc' }).plus({ days: n }).toISODate()!

test.group('GooglePlacesProvider ratingOf', (group) => {
  let stub: StubServer
  let provider: GooglePlacesProvider

  group.setup(async () => {
    stub = await startStubServer()
    provider = new GooglePlacesProvider({ apiKey: API_KEY, baseUrl: stub.url, timeoutMs: 1000 })
  })
  group.teardown(() => stub.close())

  test('asks Place Details for exactly rating,userRatingCount and maps the answer', async ({ assert }) => {
    stub.answer((_, res) => json(res, 200, { rating: 4.4, userRatingCount: 1234 }))

    const figures = await provider.ratingOf('ChIJ/odd id')

    assert.deepEqual(figures, { rating: 4.4, reviewCount: 1234 })
    assert.lengthOf(stub.requests, 1)
    const [request] = stub.requests
    assert.equal(request.method, 'GET')
    assert.equal(request.url, `/v1/places/${encodeURIComponent('ChIJ/odd id')}`)
    assert.equal(request.headers['x-goog-api-key'], API_KEY)
    assert.strictEqual(request.headers['x-goog-fieldmask'], 'rating,userRatingCount')
    assert.equal(request.body, '')
  })

  test('a listing without ratings yet is rating null and 0 reviews', async ({ assert }) => {
    stub.answer((_, res) => json(res, 200, {}))
    assert.deepEqual(await provider.ratingOf('ChIJ_new'), { rating: null, reviewCount: 0 })
  })

  test('an unknown (404) or malformed (400) id is null', async ({ assert }) => {
    stub.answer((_, res) => json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }))
    assert.isNull(await provider.ratingOf('ChIJ_gone'))
    stub.answer((_, res) => json(res, 400, { error: { code: 400, message: 'Bad id', status: 'INVALID_ARGUMENT' } }))
    assert.isNull(await provider.ratingOf('???'))
  })

  test('a 500 or a 403 is a 503 for our client', async ({ assert }) => {
    stub.answer((_, res) => json(res, 500, { error: { code: 500, status: 'INTERNAL' } }))
    assert.equal((await failureOf(() => provider.ratingOf('ChIJ_x'))).status, 503)
    stub.answer((_, res) => json(res, 403, { error: { code: 403, status: 'PERMISSION_DENIED' } }))
    assert.equal((await failureOf(() => provider.ratingOf('ChIJ_x'))).status, 503)
  })
})

test.group('DemoPlacesProvider rating drift', (group) => {
  group.each.teardown(() => clock.reset())
  const demo = new DemoPlacesProvider()
  const places = demoCatalogue().slice(0, 40)

  test('the same place on the same day always reads the same', ({ assert }) => {
    for (const place of places) {
      assert.deepEqual(demo.ratingOn(place.place_id, '2026-10-12'), demo.ratingOn(place.place_id, '2026-10-12'))
      assert.deepEqual(new DemoPlacesProvider().ratingOn(place.place_id, '2027-03-01'), demo.ratingOn(place.place_id, '2027-03-01'))
    }
  })

  test('review counts never fall and grow over time; ratings stay within 0.1 of the listing and 1-5', ({ assert }) => {
    let grew = 0
    for (const place of places) {
      let previous = demo.ratingOn(place.place_id, '2026-01-01')!
      assert.isAtLeast(previous.reviewCount, place.reviewCount)
      for (let day = 1; day <= 120; day++) {
        const today = demo.ratingOn(place.place_id, plusDays('2026-12-01', day))!
        assert.isAtLeast(today.reviewCount, previous.reviewCount)
        assert.isNotNull(today.rating)
        assert.isAtMost(Math.abs(today.rating! - place.rating!), 0.1 + 1e-9)
        assert.isAtLeast(today.rating!, 1)
        assert.isAtMost(today.rating!, 5)
        assert.equal(Math.round(today.rating! * 10) / 10, today.rating)
        previous = today
      }
      if (previous.reviewCount > place.reviewCount) grew++
    }
    assert.equal(grew, places.length, 'every listing gains reviews over four months')
  })

  test('different days and places differ (it drifts)', ({ assert }) => {
    const id = places[0].place_id
    const counts = new Set<number>()
    const ratings = new Set<number | null>()
    for (let day = 0; day < 60; day++) {
      const figures = demo.ratingOn(id, plusDays('2027-02-01', day))!
      counts.add(figures.reviewCount)
      ratings.add(figures.rating)
    }
    assert.isAbove(counts.size, 10)
    assert.isAbove(ratings.size, 1)
  })

  test('ratingOf reads today in IST; unknown and non-demo ids are null', async ({ assert }) => {
    const id = places[3].place_id
    // 20:00 UTC on 11 Oct is already 12 Oct in India.
    clock.travelTo(DateTime.fromISO('2026-10-11T20:00:00Z'))
    assert.deepEqual(await demo.ratingOf(id), demo.ratingOn(id, '2026-10-12'))
    assert.isNull(await demo.ratingOf('demo_no-such-place'))
    assert.isNull(await demo.ratingOf('ChIJ_google_id'))
  })
})

test.group('PlacesDirectory ratingOf', (group) => {
  let stub: StubServer
  group.setup(async () => {
    stub = await startStubServer()
  })
  group.teardown(() => stub.close())

  test('Google ids go to Google, demo ids to the catalogue; without a key other ids are null', async ({ assert }) => {
    const withKey = createPlacesDirectory({ googleApiKey: API_KEY, googleBaseUrl: stub.url, timeoutMs: 1000 })
    stub.answer((_, res) => json(res, 200, { rating: 3.9, userRatingCount: 77 }))
    assert.deepEqual(await withKey.ratingOf('ChIJ_real'), { rating: 3.9, reviewCount: 77 })
    assert.lengthOf(stub.requests, 1)

    const demoId = demoCatalogue()[0].place_id
    stub.answer((_, res) => json(res, 500, {}))
    assert.isNotNull(await withKey.ratingOf(demoId))
    assert.lengthOf(stub.requests, 0)

    const withoutKey = createPlacesDirectory({ googleApiKey: '', googleBaseUrl: stub.url, timeoutMs: 1000 })
    assert.isNull(await withoutKey.ratingOf('ChIJ_real'))
    assert.isNotNull(await withoutKey.ratingOf(demoId))
    assert.lengthOf(stub.requests, 0)
  })
})
