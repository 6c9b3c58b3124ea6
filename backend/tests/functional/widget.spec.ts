/*
 * The website widget (docs/decisions.md D49): its public answer (fields, selection, words, CORS, cache, views), the
 * owner's settings and the reviews pinned or hidden, who may change them, and the script and iframe page.
 */
import { test } from '@japa/runner'
import type { ApiRequest, ApiResponse } from '@japa/api-client'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import User from '#models/user'
import GoogleConnection from '#models/google_connection'
import type Business from '#models/business'
import { widgetCache } from '#hot_path/widget_cache'
import { invalidations } from '#hot_path/invalidations'
import { widgetViewCounter } from '#hot_path/page_view_counter'
import { widgetScript } from '#web/widget_script'
import webConfig from '#config/web'
import { clock } from '#lib/clock'
import { todayIst } from '#lib/time'
import { isolated } from '#tests/helpers/setup'
import { ownedWorkspace, joined } from '#tests/helpers/workspaces'
import { BusinessFactory, GoogleConnectionFactory, GoogleLocationFactory, GoogleReviewFactory } from '#database/factories/index'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { TOO_MANY_PINNED } from '#actions/widget/widget_settings'
import redis from '@adonisjs/redis/services/main'
import { visitorHash, widgetVisitors } from '#hot_path/widget_visitors'
import NormaliseWidgetSites from '#database/migrations/0043_normalise_widget_allowed_sites'

const LOCATION = 'accounts/5/locations/50'
const BASE = Date.UTC(2026, 10, 20, 12)

let seq = 0
interface ReviewSpec {
  stars?: number
  comment?: string | null
  reviewer?: string | null
  anonymous?: boolean
  photo?: string | null
  ageHours?: number
  reply?: string | null
  deleted?: boolean
  pinnedHoursAgo?: number
  hidden?: boolean
}

async function seedReview(businessId: number, spec: ReviewSpec = {}) {
  const id = `wv${++seq}${randomBytes(3).toString('hex')}`
  const created = DateTime.fromMillis(BASE - (spec.ageHours ?? seq) * 3600_000)
  const now = clock.now()
  const review = await GoogleReviewFactory.merge({
    businessId,
    reviewName: `${LOCATION}/reviews/${id}`,
    reviewerName: spec.reviewer === undefined ? 'Ravi Kumar' : spec.reviewer,
    reviewerPhotoUrl: spec.photo ?? null,
    reviewerAnonymous: spec.anonymous ?? false,
    stars: spec.stars ?? 5,
    comment: spec.comment === undefined ? `Lovely food ${id}` : spec.comment,
    createTime: created,
    replyComment: spec.reply ?? null,
    replyUpdateTime: spec.reply ? created : null,
    deletedAt: spec.deleted ? now : null,
    pinnedAt: spec.pinnedHoursAgo === undefined ? null : now.minus({ hours: spec.pinnedHoursAgo }),
    hiddenAt: spec.hidden ? now : null,
  }).create()
  return review.id
}

/** A team workspace with one business, its people in every role, connected to Google with the business linked. */
async function world({ connected = true, business = {} }: { connected?: boolean; business?: Partial<Business> } = {}) {
  const { owner, workspace } = await ownedWorkspace()
  const created = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id, ...business }).create()
  const manager = await joined(workspace.id, 'manager')
  const viewer = await joined(workspace.id, 'viewer')
  if (connected) {
    await GoogleConnectionFactory.merge({
      workspaceId: workspace.id,
      refreshTokenEncrypted: GoogleConnection.seal('rt-widget'),
      connectedByUserId: owner.id,
    }).create()
    await GoogleLocationFactory.merge({ name: LOCATION, title: created.name, placeId: created.placeId, businessId: created.id }).create()
  }
  return { workspace, business: created, owner, manager, viewer }
}

type World = Awaited<ReturnType<typeof world>>

const as = (request: ApiRequest, user: User, w: World) => request.loginAs(user).header('x-workspace-id', String(w.workspace.id))

/** A request that must succeed. */
const ok = (response: ApiResponse) => response.assertStatus(200)

const widgetRow = (businessId: number) => db.from('businesses').where('id', businessId).first()

test.group('Website widget: the public answer', (group) => {
  isolated(group)

  test('only public fields: the business, its Google figures and links, the words, the reviews', async ({ client, assert }) => {
    const w = await world({ business: { name: 'Dosa Plaza', rating: 4.6, reviewCount: 128, language: 'hi' } })
    await seedReview(w.business.id, {
      reviewer: 'Priya Sharma',
      photo: 'https://lh3.googleusercontent.com/a/photo',
      reply: 'Private-looking owner reply text',
      comment: 'Best dosa in town',
      ageHours: 1,
    })
    const response = await client.get(`/api/widget/${w.business.shortUrl}`)
    response.assertStatus(200)
    const body = response.body()
    assert.sameMembers(Object.keys(body), ['code', 'layout', 'language', 'labels', 'business', 'rating', 'connected', 'reviews'])
    assert.equal(body.code, w.business.shortUrl)
    assert.equal(body.layout, 'carousel')
    assert.equal(body.language, 'hi')
    assert.deepEqual(body.business, {
      name: 'Dosa Plaza',
      listingUrl: `https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(w.business.placeId)}`,
      reviewUrl: `${env.get('APP_URL').replace(/\/+$/, '')}/review/${w.business.shortUrl}`,
    })
    assert.deepEqual(body.rating, { average: 4.6, count: 128 })
    assert.isTrue(body.connected)
    // The widget's words in Hindi, with single-brace placeholders for the widget to fill.
    const hi = REVIEW_MESSAGES.hi
    assert.deepEqual(body.labels, {
      writeReview: hi.widgetWriteReview,
      reviewsOnGoogle: hi.widgetReviewsOnGoogle.replace('{{count}}', '{count}'),
      ratingOutOf: hi.widgetRatingOutOf.replace('{{rating}}', '{rating}'),
      previous: hi.widgetPrevious,
      next: hi.widgetNext,
      readMore: hi.widgetReadMore,
      poweredByGoogle: hi.widgetPoweredByGoogle,
    })
    assert.include(body.labels.reviewsOnGoogle, '{count}')
    assert.notInclude(body.labels.reviewsOnGoogle, '{{')
    assert.notEqual(body.labels.writeReview, REVIEW_MESSAGES.en.widgetWriteReview)

    assert.lengthOf(body.reviews, 1)
    const [review] = body.reviews
    assert.sameMembers(Object.keys(review), ['id', 'stars', 'text', 'reviewer', 'photoUrl', 'time', 'pinned'])
    assert.equal(review.reviewer, 'Priya S.')
    assert.equal(review.text, 'Best dosa in town')
    assert.equal(review.photoUrl, 'https://lh3.googleusercontent.com/a/photo')
    assert.equal(review.time, new Date(BASE - 3600_000).toISOString())
    assert.isFalse(review.pinned)

    // Nothing private: no reply, no emails, no ids of people or workspaces, no Google resource names.
    const text = response.text()
    for (const secret of ['Private-looking owner reply text', w.owner.email, w.viewer.email, LOCATION, 'gmail.example', 'Sharma']) {
      assert.notInclude(text, secret)
    }
    for (const key of ['userId', 'workspaceId', 'businessId', 'email', 'reply', 'reviewName', 'placeId', 'address']) {
      assert.notInclude(text, `"${key}"`)
    }
    assert.equal(response.header('cache-control'), 'public, max-age=300')
  })

  test('by default: pinned first, then the six newest 4-5 star reviews with text; hidden and deleted never', async ({ client, assert }) => {
    const w = await world()
    const b = w.business.id
    const pinnedOld = await seedReview(b, { stars: 3, comment: 'Pinned though only three stars', ageHours: 500, pinnedHoursAgo: 2 })
    const pinnedNew = await seedReview(b, { stars: 5, comment: 'Pinned most recently', ageHours: 400, pinnedHoursAgo: 1 })
    const hidden = await seedReview(b, { stars: 5, comment: 'Newest but hidden', ageHours: 0.5, hidden: true })
    const hiddenPinned = await seedReview(b, {
      stars: 5,
      comment: 'Hidden wins over pinned',
      ageHours: 0.6,
      hidden: true,
      pinnedHoursAgo: 3,
    })
    const deleted = await seedReview(b, { stars: 5, comment: 'Deleted on Google', ageHours: 0.7, deleted: true })
    const three = await seedReview(b, { stars: 3, comment: 'Three stars, newest', ageHours: 0.8 })
    const empty = await seedReview(b, { stars: 5, comment: null, ageHours: 0.9 })
    const blank = await seedReview(b, { stars: 4, comment: '   ', ageHours: 0.95 })
    const eligible = []
    for (let hour = 1; hour <= 6; hour++) eligible.push(await seedReview(b, { stars: hour % 2 ? 5 : 4, ageHours: hour }))

    const body = (await client.get(`/api/widget/${w.business.shortUrl}`)).body()
    const ids = body.reviews.map((review: { id: number }) => review.id)
    assert.deepEqual(ids, [pinnedNew, pinnedOld, ...eligible.slice(0, 4)])
    assert.deepEqual(
      body.reviews.map((review: { pinned: boolean }) => review.pinned),
      [true, true, false, false, false, false]
    )
    for (const never of [hidden, hiddenPinned, deleted, three, empty, blank]) assert.notInclude(ids, never)
  })

  test('pinned reviews are never dropped for newer ones, up to twelve', async ({ client, assert }) => {
    const w = await world()
    const pinned = []
    for (let i = 0; i < 8; i++) pinned.push(await seedReview(w.business.id, { stars: 4, ageHours: 100 + i, pinnedHoursAgo: i + 1 }))
    await seedReview(w.business.id, { stars: 5, ageHours: 1 })
    const body = (await client.get(`/api/widget/${w.business.shortUrl}`)).body()
    assert.deepEqual(
      body.reviews.map((review: { id: number }) => review.id),
      pinned
    )
  })

  test('without a Google connection: the badge only, from the business row', async ({ client, assert }) => {
    const w = await world({ connected: false, business: { rating: 4.3, reviewCount: 57 } })
    await seedReview(w.business.id, { stars: 5 })
    const body = (await client.get(`/api/widget/${w.business.shortUrl}`)).body()
    assert.isFalse(body.connected)
    assert.deepEqual(body.reviews, [])
    assert.deepEqual(body.rating, { average: 4.3, count: 57 })
    assert.equal(body.language, 'en')
    assert.equal(body.labels.reviewsOnGoogle, '{count} reviews on Google')
    // Google has no rating yet: null, never 0.
    const none = await world({ connected: false, business: { rating: null, reviewCount: 0 } })
    assert.deepEqual((await client.get(`/api/widget/${none.business.shortUrl}`)).body().rating, { average: null, count: 0 })
  })

  test('a connection without the business linked is not connected', async ({ client, assert }) => {
    const w = await world()
    await db.from('google_locations').where('business_id', w.business.id).update({ business_id: null })
    const body = (await client.get(`/api/widget/${w.business.shortUrl}`)).body()
    assert.isFalse(body.connected)
  })

  test('unknown, malformed and paused codes are a JSON 404, never a 500', async ({ client, assert }) => {
    const w = await world()
    await db.from('businesses').where('id', w.business.id).update({ disabled_at: new Date(), disabled_reason: 'abuse' })
    for (const code of [w.business.shortUrl, 'no-such-code', 'a'.repeat(300), '%zz', '..', '%00', 'toString', '__proto__', '%E0%A4%A']) {
      const response = await client.get(`/api/widget/${code}`)
      assert.equal(response.status(), 404, code)
      assert.equal(response.body().error, 'No website widget has this code', code)
      assert.equal(response.header('access-control-allow-origin'), '*', code)
    }
    assert.deepEqual(await db.from('widget_views').where('business_id', w.business.id), [])
  })

  test('a code in capitals or an earlier code finds the business', async ({ client, assert }) => {
    const w = await world()
    const response = await client.get(`/api/widget/${w.business.shortUrl.toUpperCase()}`)
    response.assertStatus(200)
    assert.equal(response.body().code, w.business.shortUrl)
  })
})

test.group('Website widget: CORS', (group) => {
  isolated(group)

  test('no allowed sites: any site may read it, without credentials, and the answer varies by Origin', async ({ client, assert }) => {
    const w = await world()
    const response = await client.get(`/api/widget/${w.business.shortUrl}`).header('origin', 'https://any-shop.example')
    response.assertStatus(200)
    assert.equal(response.header('access-control-allow-origin'), '*')
    assert.isUndefined(response.header('access-control-allow-credentials'))
    assert.include(String(response.header('vary')), 'Origin')

    const preflight = await client
      .request(`/api/widget/${w.business.shortUrl}`, 'OPTIONS')
      .header('origin', 'https://any-shop.example')
      .header('access-control-request-method', 'GET')
    assert.equal(preflight.status(), 204)
    assert.equal(preflight.header('access-control-allow-origin'), '*')
    assert.include(String(preflight.header('access-control-allow-methods')), 'GET')
    assert.isUndefined(preflight.header('access-control-allow-credentials'))
  })

  test('allowed sites: only they get the header, in any case of the Origin', async ({ client, assert }) => {
    const w = await world()
    ok(
      await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({
        allowedSites: ['https://dosaplaza.example', 'http://localhost:8080'],
      })
    )
    const from = (origin?: string) => {
      const request = client.get(`/api/widget/${w.business.shortUrl}`)
      return origin ? request.header('origin', origin) : request
    }
    assert.equal((await from('https://dosaplaza.example')).header('access-control-allow-origin'), 'https://dosaplaza.example')
    assert.equal((await from('http://localhost:8080')).header('access-control-allow-origin'), 'http://localhost:8080')
    assert.equal((await from('https://DosaPlaza.example')).header('access-control-allow-origin'), 'https://DosaPlaza.example')
    const evil = await from('https://evil.example')
    evil.assertStatus(200)
    assert.isUndefined(evil.header('access-control-allow-origin'))
    assert.include(String(evil.header('vary')), 'Origin')
    // The dashboard's own origin is no exception here.
    const dashboard = env.get('CORS_ORIGINS').split(',')[0].trim()
    assert.isUndefined((await from(dashboard)).header('access-control-allow-origin'))
    assert.isUndefined((await from()).header('access-control-allow-origin'))

    const preflight = (origin: string) =>
      client
        .request(`/api/widget/${w.business.shortUrl}`, 'OPTIONS')
        .header('origin', origin)
        .header('access-control-request-method', 'GET')
    assert.equal((await preflight('https://dosaplaza.example')).header('access-control-allow-origin'), 'https://dosaplaza.example')
    const refused = await preflight('https://evil.example')
    assert.equal(refused.status(), 204)
    assert.isUndefined(refused.header('access-control-allow-origin'))
    // An unknown code: a preflight with no permission.
    const unknown = await client
      .request('/api/widget/no-such-code', 'OPTIONS')
      .header('origin', 'https://evil.example')
      .header('access-control-request-method', 'GET')
    assert.equal(unknown.status(), 204)
    assert.isUndefined(unknown.header('access-control-allow-origin'))
  })

  test("the dashboard's API CORS is as it was", async ({ client, assert }) => {
    const origin = env.get('CORS_ORIGINS').split(',')[0].trim()
    const response = await client.get('/api/health').header('Origin', origin)
    assert.equal(response.header('access-control-allow-origin'), origin)
    assert.equal(response.header('access-control-allow-credentials'), 'true')
    const preflight = await client
      .request('/api/businesses', 'OPTIONS')
      .header('origin', origin)
      .header('access-control-request-method', 'PUT')
    assert.equal(preflight.status(), 204)
    assert.equal(preflight.header('access-control-allow-origin'), origin)
    assert.equal(preflight.header('access-control-allow-credentials'), 'true')
    const other = await client.get('/api/health').header('Origin', 'https://evil.example')
    assert.isUndefined(other.header('access-control-allow-origin'))
  })
})

test.group('Website widget: the five-minute cache', (group) => {
  isolated(group)

  test('an answer is kept five minutes, then read again', async ({ client, assert }) => {
    const w = await world({ business: { name: 'Old Name' } })
    assert.equal((await client.get(`/api/widget/${w.business.shortUrl}`)).body().business.name, 'Old Name')
    assert.isTrue(widgetCache.has(w.business.id))
    // A change no owner action made (a raw write): the cached answer stands until its five minutes are up.
    await db.from('businesses').where('id', w.business.id).update({ name: 'New Name' })
    await seedReview(w.business.id, { stars: 5, comment: 'Arrived after the answer was cached' })
    clock.setOffset(4 * 60_000)
    const cached = (await client.get(`/api/widget/${w.business.shortUrl}`)).body()
    assert.equal(cached.business.name, 'Old Name')
    assert.lengthOf(cached.reviews, 0)
    clock.setOffset(5 * 60_000 + 1000)
    const fresh = (await client.get(`/api/widget/${w.business.shortUrl}`)).body()
    assert.equal(fresh.business.name, 'New Name')
    assert.lengthOf(fresh.reviews, 1)
  })

  test("another process's change is forgotten here when its message arrives", async ({ client, assert }) => {
    const w = await world()
    const other = await world()
    await client.get(`/api/widget/${w.business.shortUrl}`)
    await client.get(`/api/widget/${other.business.shortUrl}`)
    assert.isTrue(widgetCache.has(w.business.id))
    assert.isTrue(invalidations.apply(JSON.stringify({ o: 'another-replica', k: 'widget', i: w.business.id })))
    assert.isFalse(widgetCache.has(w.business.id))
    assert.isTrue(widgetCache.has(other.business.id))
  })

  test('the owner pinning, hiding or changing the layout or sites is shown at once', async ({ client, assert }) => {
    const w = await world()
    const first = await seedReview(w.business.id, { stars: 5, ageHours: 1 })
    const second = await seedReview(w.business.id, { stars: 4, ageHours: 2, comment: 'Older one' })
    const ids = async () => (await client.get(`/api/widget/${w.business.shortUrl}`)).body().reviews.map((r: { id: number }) => r.id)
    assert.deepEqual(await ids(), [first, second])

    ok(await as(client.patch(`/api/google-reviews/${second}`), w.manager, w).json({ pinned: true }))
    assert.deepEqual(await ids(), [second, first])
    ok(await as(client.patch(`/api/google-reviews/${first}`), w.owner, w).json({ hidden: true }))
    assert.deepEqual(await ids(), [second])

    ok(await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({ layout: 'list' }))
    assert.equal((await client.get(`/api/widget/${w.business.shortUrl}`)).body().layout, 'list')
    ok(await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({ allowedSites: ['https://shop.example'] }))
    const refused = await client.get(`/api/widget/${w.business.shortUrl}`).header('origin', 'https://other.example')
    assert.isUndefined(refused.header('access-control-allow-origin'))
    // A new language on the business's settings: the words change at once too.
    ok(await as(client.put(`/api/businesses/${w.business.id}`), w.owner, w).json({ language: 'ta' }))
    const tamil = (await client.get(`/api/widget/${w.business.shortUrl}`)).body()
    assert.equal(tamil.language, 'ta')
    assert.equal(tamil.labels.writeReview, REVIEW_MESSAGES.ta.widgetWriteReview)
  })
})

test.group('Website widget: views', (group) => {
  isolated(group)
  group.each.setup(() => widgetVisitors.clear())

  test('each visitor counts one view of the business on its IST day, in the settings and the analytics', async ({ client, assert }) => {
    const w = await world()
    const other = await world()
    // Three visitors (one address, three browsers) at 23:00 IST on the 20th; the first one reloads.
    clock.travelTo(clock.now().set({ year: 2026, month: 11, day: 20, hour: 17, minute: 30 }))
    for (const agent of ['phone A', 'phone A', 'phone B', 'laptop C']) {
      ;(await client.get(`/api/widget/${w.business.shortUrl}`).header('user-agent', agent)).assertStatus(200)
    }
    await client.get(`/api/widget/${other.business.shortUrl}`).header('user-agent', 'phone A')
    // 00:30 IST on the 21st, though still the 20th in UTC: a new day, so the same visitor counts again.
    clock.travelTo(clock.now().set({ year: 2026, month: 11, day: 20, hour: 19, minute: 0 }))
    assert.equal(todayIst(), '2026-11-21')
    for (const agent of ['phone A', 'phone B', 'phone B'])
      await client.get(`/api/widget/${w.business.shortUrl}`).header('user-agent', agent)
    await widgetViewCounter.flush()

    const rows = await db.from('widget_views').where('business_id', w.business.id).orderBy('day').select('day', 'views')
    assert.deepEqual(
      rows.map((row) => [String(row.day).slice(0, 10), Number(row.views)]),
      [
        ['2026-11-20', 3],
        ['2026-11-21', 2],
      ]
    )
    const settings = (await as(client.get(`/api/businesses/${w.business.id}/widget`), w.viewer, w)).body()
    assert.deepEqual(settings.views, { today: 2, last30Days: 5 })

    const analytics = (await as(client.get(`/api/analytics/${w.business.id}`), w.owner, w)).body()
    assert.equal(analytics.analytics.widgetViews, 5)
    const daily = (await as(client.get(`/api/analytics/${w.business.id}/daily?days=3`), w.owner, w)).body()
    assert.deepEqual(
      daily.days.map((day: { date: string; widgetViews: number }) => [day.date, day.widgetViews]),
      [
        ['2026-11-19', 0],
        ['2026-11-20', 3],
        ['2026-11-21', 2],
      ]
    )
    // The owner's preview in the dashboard is drawn from the same answer but not counted.
    ;(await client.get(`/api/widget/${w.business.shortUrl}?preview=1`)).assertStatus(200)
    await widgetViewCounter.flush()
    assert.deepEqual((await as(client.get(`/api/businesses/${w.business.id}/widget`), w.viewer, w)).body().views, {
      today: 2,
      last30Days: 5,
    })

    const range = await as(client.get(`/api/analytics/range?businessId=${w.business.id}&from=2026-11-21&to=2026-11-21`), w.owner, w)
    range.assertStatus(200)
    assert.equal(range.body().totals.widgetViews, 2)
    assert.equal(range.body().previousTotals.widgetViews, 3)
    assert.deepEqual(
      range.body().days.map((day: { widgetViews: number }) => day.widgetViews),
      [2]
    )
  })

  test('one visitor reloading counts once a day, without a cookie and without keeping the address', async ({ client, assert }) => {
    const w = await world()
    clock.travelTo(clock.now().set({ year: 2026, month: 11, day: 22, hour: 6 }))
    const agent = 'Mozilla/5.0 (Linux; Android 13) reloading'
    for (let i = 0; i < 5; i++) {
      const response = await client.get(`/api/widget/${w.business.shortUrl}`).header('user-agent', agent)
      response.assertStatus(200)
      assert.isUndefined(response.header('set-cookie'))
    }
    const views = async () => (await as(client.get(`/api/businesses/${w.business.id}/widget`), w.owner, w)).body().views
    assert.deepEqual(await views(), { today: 1, last30Days: 1 })
    // Another browser behind the same address is another visitor.
    await client.get(`/api/widget/${w.business.shortUrl}`).header('user-agent', `${agent} 2`)
    assert.deepEqual(await views(), { today: 2, last30Days: 2 })

    // Redis holds salted hashes only, for the day: not the address, not the user agent.
    const keys = await redis.keys(`${widgetVisitors.prefix}*`)
    const seen = keys.find((key) => key.includes(`:${w.business.id}:2026-11-22`))
    assert.exists(seen)
    const members = await redis.smembers(seen!)
    assert.lengthOf(members, 2)
    for (const member of members) {
      assert.notInclude(member, '127.0.0.1')
      assert.notInclude(member, 'Android')
    }
    const ttl = await redis.ttl(seen!)
    assert.isAbove(ttl, 0)
    assert.isAtMost(ttl, 26 * 3600)
    const saltKey = keys.find((key) => key.endsWith(':salt:2026-11-22'))
    assert.exists(saltKey)
    assert.isAtMost(await redis.ttl(saltKey!), 26 * 3600)

    // The next day the same visitor counts again, under a new salt.
    clock.travelTo(clock.now().set({ year: 2026, month: 11, day: 23, hour: 6 }))
    await client.get(`/api/widget/${w.business.shortUrl}`).header('user-agent', agent)
    await client.get(`/api/widget/${w.business.shortUrl}`).header('user-agent', agent)
    assert.deepEqual(await views(), { today: 1, last30Days: 3 })
  })

  test("a visitor is the address and the browser under the day's salt", ({ assert }) => {
    const one = visitorHash('salt-1', '203.0.113.7', 'Chrome')
    assert.equal(visitorHash('salt-1', '203.0.113.7', 'Chrome'), one)
    assert.notEqual(visitorHash('salt-1', '203.0.113.8', 'Chrome'), one)
    assert.notEqual(visitorHash('salt-1', '203.0.113.7', 'Firefox'), one)
    assert.notEqual(visitorHash('salt-2', '203.0.113.7', 'Chrome'), one)
    // No separator trick: the address and the agent cannot be shifted into each other.
    assert.notEqual(visitorHash('s', '1.2.3.4', '5 x'), visitorHash('s', '1.2.3.45', ' x'))
  })

  test('views counted in memory are written in one upsert that adds to what another replica wrote', async ({ assert }) => {
    const w = await world()
    await db.table('widget_views').insert({ business_id: w.business.id, day: todayIst(), views: 10 })
    const before = widgetViewCounter.intervalMs
    widgetViewCounter.intervalMs = 60_000
    try {
      for (let i = 0; i < 4; i++) await widgetViewCounter.record(w.business.id)
      assert.equal(widgetViewCounter.pendingViews, 4)
      const row = await db.from('widget_views').where('business_id', w.business.id).first()
      assert.equal(Number(row.views), 10)
      await widgetViewCounter.flush()
      assert.equal(widgetViewCounter.pendingViews, 0)
      assert.equal(Number((await db.from('widget_views').where('business_id', w.business.id).first()).views), 14)
    } finally {
      widgetViewCounter.intervalMs = before
    }
  })
})

test.group('Website widget: settings', (group) => {
  isolated(group)

  test('GET answers the code, layout, sites, snippet, connection and views', async ({ client, assert }) => {
    const w = await world()
    await seedReview(w.business.id, { stars: 5 })
    const response = await as(client.get(`/api/businesses/${w.business.id}/widget`), w.owner, w)
    response.assertStatus(200)
    const appUrl = env.get('APP_URL').replace(/\/+$/, '')
    assert.deepEqual(response.body(), {
      code: w.business.shortUrl,
      layout: 'carousel',
      snippetLayout: 'carousel',
      allowedSites: [],
      snippet: `<script async src="${appUrl}/w/${w.business.shortUrl}.js"></script><div data-reviewroute="${w.business.shortUrl}" data-layout="carousel" style="height:264px"></div>`,
      connected: true,
      views: { today: 0, last30Days: 0 },
    })
    const unconnected = await world({ connected: false })
    assert.isFalse(
      (await as(client.get(`/api/businesses/${unconnected.business.id}/widget`), unconnected.owner, unconnected)).body().connected
    )
  })

  test('until the widget has reviews to show, the snippet is the badge, as tall as the badge', async ({ client, assert }) => {
    const settings = async (w: World) => (await as(client.get(`/api/businesses/${w.business.id}/widget`), w.owner, w)).body()
    const badge = (code: string) => `<div data-reviewroute="${code}" data-layout="badge" style="height:64px"></div>`

    const unconnected = await world({ connected: false })
    const before = await settings(unconnected)
    assert.equal(before.layout, 'carousel')
    assert.equal(before.snippetLayout, 'badge')
    assert.include(before.snippet, badge(unconnected.business.shortUrl))
    assert.notInclude(before.snippet, '264px')

    // Connected, but nothing the widget would show yet (a 2-star review, a 5-star one without words).
    const w = await world()
    await seedReview(w.business.id, { stars: 2 })
    await seedReview(w.business.id, { stars: 5, comment: null })
    assert.equal((await settings(w)).snippetLayout, 'badge')
    const list = await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({ layout: 'list' })
    assert.equal(list.body().layout, 'list')
    assert.equal(list.body().snippetLayout, 'badge')
    assert.include(list.body().snippet, badge(w.business.shortUrl))

    // A review to show: the owner's layout, at its height.
    await seedReview(w.business.id, { stars: 4 })
    const after = await settings(w)
    assert.equal(after.snippetLayout, 'list')
    assert.include(after.snippet, `data-layout="list" style="height:480px"`)
  })

  test('a bare site name gets https://', async ({ client, assert }) => {
    const w = await world()
    const response = await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({
      allowedSites: ['sharmasweets.in', 'www.SharmaSweets.in', 'https://sharmasweets.in/'],
    })
    response.assertStatus(200)
    assert.deepEqual(response.body().allowedSites, ['https://sharmasweets.in', 'https://www.sharmasweets.in'])
    const framed = await client.get(`/w/${w.business.shortUrl}`)
    assert.include(
      String(framed.header('content-security-policy')),
      "frame-ancestors 'self' https://sharmasweets.in https://www.sharmasweets.in;"
    )
    const read = await client.get(`/api/widget/${w.business.shortUrl}`).header('origin', 'https://sharmasweets.in')
    assert.equal(read.header('access-control-allow-origin'), 'https://sharmasweets.in')
  })

  test('a site that would add to the CSP header, or a wildcard, is a 422 that changes nothing', async ({ client, assert }) => {
    const w = await world()
    ok(await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({ allowedSites: ['https://shop.example'] }))
    const before = await widgetRow(w.business.id)
    const cases: [string, RegExp][] = [
      ['https://a.com%3Bx', /%/],
      ['https://a.com%3B%20script-src%20*', /%/],
      ['https://a.com;x', /not a site's address/],
      ['https://a.com,b.com', /not a site's address/],
      ['https://*.example.com', /^Wildcards are not allowed in ".+": list each site/],
      ['*.example.com', /^Wildcards are not allowed in ".+": list each site/],
    ]
    for (const [site, message] of cases) {
      const response = await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({ allowedSites: [site] })
      assert.equal(response.status(), 422, site)
      assert.match(response.body().error, message, site)
    }
    assert.deepEqual(await widgetRow(w.business.id), before)
    const policy = String((await client.get(`/w/${w.business.shortUrl}`)).header('content-security-policy'))
    assert.include(policy, "frame-ancestors 'self' https://shop.example;")

    // A value stored before the check (migration 0043 rewrites them): the header leaves it out.
    await db
      .from('businesses')
      .where('id', w.business.id)
      .update({ widget_allowed_sites: JSON.stringify(['https://a.com;script-src *', 'https://shop.example']) })
    widgetCache.clear()
    const stored = String((await client.get(`/w/${w.business.shortUrl}`)).header('content-security-policy'))
    assert.include(stored, "frame-ancestors 'self' https://shop.example;")
    assert.notInclude(stored, 'a.com')
  })

  test('sites stored before they were checked as origins are made origins, or dropped, by migration 0043', async ({ assert }) => {
    const w = await world()
    const plain = await world()
    const onlyBad = await world()
    const none = await world()
    const store = (business: Business, sites: unknown) =>
      db
        .from('businesses')
        .where('id', business.id)
        .update({ widget_allowed_sites: sites === null ? null : JSON.stringify(sites) })
    await store(w.business, [
      'https://a.com;x',
      'https://Shop.Example',
      'https://*.example.com',
      'sharmasweets.in',
      'https://shop.example/',
    ])
    await store(plain.business, ['https://ok.example'])
    await store(onlyBad.business, ['https://a.com;x', 'https://*.example.com', 42])
    await store(none.business, null)

    const migration = new NormaliseWidgetSites(db.connection(), 'database/migrations/0043_normalise_widget_allowed_sites.ts', false)
    await migration.execUp()

    const sitesOf = async (business: Business) => {
      const row = await widgetRow(business.id)
      return typeof row.widget_allowed_sites === 'string' ? JSON.parse(row.widget_allowed_sites) : row.widget_allowed_sites
    }
    assert.deepEqual(await sitesOf(w.business), ['https://shop.example', 'https://sharmasweets.in'])
    assert.deepEqual(await sitesOf(plain.business), ['https://ok.example'])
    assert.isNull(await sitesOf(onlyBad.business))
    assert.isNull(await sitesOf(none.business))
  })

  test('PUT stores sites as lower-case origins, each once; [] is any site again', async ({ client, assert }) => {
    const w = await world()
    const response = await as(client.put(`/api/businesses/${w.business.id}/widget`), w.manager, w).json({
      layout: 'badge',
      allowedSites: ['https://Shop.Example', 'https://shop.example/', ' http://localhost:3000 ', 'https://shop.example:443'],
    })
    response.assertStatus(200)
    assert.equal(response.body().layout, 'badge')
    assert.deepEqual(response.body().allowedSites, ['https://shop.example', 'http://localhost:3000'])
    assert.include(response.body().snippet, 'data-layout="badge"')
    const row = await widgetRow(w.business.id)
    assert.equal(row.widget_layout, 'badge')
    const stored = typeof row.widget_allowed_sites === 'string' ? JSON.parse(row.widget_allowed_sites) : row.widget_allowed_sites
    assert.deepEqual(stored, ['https://shop.example', 'http://localhost:3000'])

    const cleared = await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({ allowedSites: [] })
    assert.deepEqual(cleared.body().allowedSites, [])
    assert.equal(cleared.body().layout, 'badge')
    assert.isNull((await widgetRow(w.business.id)).widget_allowed_sites)
  })

  test('a site that is not an http(s) origin, too many sites or an unknown layout is a 422 that changes nothing', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const before = await widgetRow(w.business.id)
    const cases: [unknown, RegExp][] = [
      [{ allowedSites: ['https://*.example.com'] }, /Wildcards/],
      [{ allowedSites: ['https://ok.example', 'www.example.com/menu'] }, /without a path/],
      [{ allowedSites: ['https://example.com/reviews'] }, /without a path/],
      [{ allowedSites: ['https://example.com?x=1'] }, /without a path/],
      [{ allowedSites: ['https://user:pw@example.com'] }, /without a path/],
      [{ allowedSites: ['ftp://example.com'] }, /https:\/\/ or http:\/\//],
      [{ allowedSites: ['javascript://alert(1)'] }, /https:\/\/ or http:\/\//],
      [{ allowedSites: ['https://exa mple.com'] }, /not a web address/],
      [{ allowedSites: Array.from({ length: 21 }, (_, i) => `https://site${i}.example`) }, /20/],
      [{ allowedSites: 'https://example.com' }, /.+/],
      [{ allowedSites: [42] }, /.+/],
      [{ layout: 'grid' }, /must be one of: badge/],
    ]
    for (const [body, message] of cases) {
      const response = await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json(body as object)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.match(response.body().error, message, JSON.stringify(body))
    }
    assert.deepEqual(await widgetRow(w.business.id), before)
  })
})

test.group('Website widget: pinning and hiding a review', (group) => {
  isolated(group)

  test('the inbox carries pinned and hidden; pinning shows a hidden review, hiding unpins', async ({ client, assert }) => {
    const w = await world()
    const id = await seedReview(w.business.id, { stars: 5 })
    const shown = await as(client.get(`/api/google-reviews/${id}`), w.viewer, w)
    assert.include(shown.body(), { pinned: false, hidden: false })

    const hidden = await as(client.patch(`/api/google-reviews/${id}`), w.owner, w).json({ hidden: true })
    hidden.assertStatus(200)
    assert.include(hidden.body(), { id, pinned: false, hidden: true })
    const pinned = await as(client.patch(`/api/google-reviews/${id}`), w.owner, w).json({ pinned: true })
    assert.include(pinned.body(), { pinned: true, hidden: false })
    const list = (await as(client.get('/api/google-reviews?pinned=true'), w.owner, w)).body()
    assert.deepEqual(
      list.map((row: { id: number; pinned: boolean }) => [row.id, row.pinned]),
      [[id, true]]
    )
    const rehidden = await as(client.patch(`/api/google-reviews/${id}`), w.owner, w).json({ hidden: true })
    assert.include(rehidden.body(), { pinned: false, hidden: true })
    const row = await db.from('google_reviews').where('id', id).first()
    assert.isNull(row.pinned_at)
    assert.isNotNull(row.hidden_at)
    const unhidden = await as(client.patch(`/api/google-reviews/${id}`), w.owner, w).json({ hidden: false })
    assert.include(unhidden.body(), { pinned: false, hidden: false })
    const activity = await db.from('workspace_activity').where('workspace_id', w.workspace.id).where('action', 'google_review.widget')
    assert.lengthOf(activity, 4)
  })

  test('both at once, neither, non-booleans, a deleted review pinned or a thirteenth pin are 422s that change nothing', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const id = await seedReview(w.business.id, { stars: 5 })
    const gone = await seedReview(w.business.id, { stars: 5, deleted: true })
    const before = await db.from('google_reviews').where('business_id', w.business.id).orderBy('id')
    for (const [review, body] of [
      [id, { pinned: true, hidden: true }],
      [id, {}],
      [id, { pinned: 'true' }],
      [id, { hidden: 1 }],
      [id, { pinned: null }],
      [gone, { pinned: true }],
    ] as [number, object][]) {
      const response = await as(client.patch(`/api/google-reviews/${review}`), w.owner, w).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.isString(response.body().error)
    }
    assert.deepEqual(await db.from('google_reviews').where('business_id', w.business.id).orderBy('id'), before)

    for (let i = 0; i < 12; i++) await seedReview(w.business.id, { stars: 4, pinnedHoursAgo: i + 1 })
    const thirteenth = await as(client.patch(`/api/google-reviews/${id}`), w.owner, w).json({ pinned: true })
    assert.equal(thirteenth.status(), 422)
    assert.equal(thirteenth.body().error, TOO_MANY_PINNED)
    assert.isNull((await db.from('google_reviews').where('id', id).first()).pinned_at)
  })

  test('a viewer may read but not change; another workspace gets 404s', async ({ client, assert }) => {
    const w = await world()
    const id = await seedReview(w.business.id, { stars: 5 })
    const before = { review: await db.from('google_reviews').where('id', id).first(), business: await widgetRow(w.business.id) }

    const viewerPatch = await as(client.patch(`/api/google-reviews/${id}`), w.viewer, w).json({ pinned: true })
    assert.equal(viewerPatch.status(), 403)
    const viewerPut = await as(client.put(`/api/businesses/${w.business.id}/widget`), w.viewer, w).json({ layout: 'list' })
    assert.equal(viewerPut.status(), 403)
    assert.equal((await as(client.get(`/api/businesses/${w.business.id}/widget`), w.viewer, w)).status(), 200)

    const stranger = await world()
    const asStranger = (request: ApiRequest) => as(request, stranger.owner, stranger)
    assert.equal((await asStranger(client.patch(`/api/google-reviews/${id}`)).json({ hidden: true })).status(), 404)
    assert.equal((await asStranger(client.put(`/api/businesses/${w.business.id}/widget`)).json({ layout: 'list' })).status(), 404)
    assert.equal((await asStranger(client.get(`/api/businesses/${w.business.id}/widget`))).status(), 404)
    assert.equal((await client.get(`/api/businesses/${w.business.id}/widget`)).status(), 401)

    assert.deepEqual({ review: await db.from('google_reviews').where('id', id).first(), business: await widgetRow(w.business.id) }, before)
  })
})

test.group('Website widget: the dashboard screen', (group) => {
  isolated(group)

  test('/business/{id}/widget reloaded or opened from a bookmark is the dashboard, not a 404', async ({ client, assert }) => {
    const w = await world()
    for (const path of [`/business/${w.business.id}/widget`, '/business/12345/widget']) {
      const response = await client.get(path).header('accept', 'text/html')
      assert.equal(response.status(), 200, path)
      assert.include(response.text(), '/dashboard-assets/', path)
      assert.equal(response.header('cache-control'), 'no-cache', path)
    }
    // Still no page under it.
    assert.equal((await client.get(`/business/${w.business.id}/widget/extra`)).status(), 404)
  })
})

test.group('Website widget: the script and the iframe page', (group) => {
  isolated(group)
  let dir: string
  const SCRIPT = `(function(){/* widget under test ${'x'.repeat(2000)} */window.__rrWidget=1})();\n`
  group.each.setup(() => {
    dir = mkdtempSync(join(tmpdir(), 'rr-widget-'))
    mkdirSync(join(dir, 'widget'))
    writeFileSync(join(dir, 'widget', 'widget.js'), SCRIPT)
    widgetScript.configure(dir)
    return () => {
      widgetScript.configure(webConfig.landingDist)
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('/w/{code}.js serves the built script, the same bytes for every code, gzip when asked', async ({ client, assert }) => {
    const w = await world()
    const other = await world()
    const plain = await client.get(`/w/${w.business.shortUrl}.js`).header('accept-encoding', 'identity')
    plain.assertStatus(200)
    assert.equal(plain.header('content-type'), 'application/javascript; charset=utf-8')
    assert.equal(plain.header('cache-control'), 'public, max-age=300')
    assert.isUndefined(plain.header('content-encoding'))
    assert.equal(plain.text(), SCRIPT)
    const zipped = await client.get(`/w/${other.business.shortUrl}.js`).header('accept-encoding', 'gzip')
    zipped.assertStatus(200)
    assert.equal(zipped.header('content-encoding'), 'gzip')
    assert.isBelow(Number(zipped.header('content-length')), SCRIPT.length / 4)
    assert.equal(zipped.text(), SCRIPT)
    assert.include(String(zipped.header('vary')), 'Accept-Encoding')
  })

  test('/w/{code}.js for an unknown code, or before landing is built, is a 404 JS comment', async ({ client, assert }) => {
    const w = await world()
    const unknown = await client.get('/w/no-such-code.js')
    unknown.assertStatus(404)
    assert.equal(unknown.header('content-type'), 'application/javascript; charset=utf-8')
    assert.match(unknown.text(), /^\/\* ReviewRoute widget: no widget has the code "no-such-code"/)
    const odd = await client.get('/w/%3Cscript%3E.js')
    odd.assertStatus(404)
    assert.notInclude(odd.text(), '<script>')

    rmSync(join(dir, 'widget', 'widget.js'))
    widgetScript.configure(dir)
    const missing = await client.get(`/w/${w.business.shortUrl}.js`)
    missing.assertStatus(404)
    assert.match(missing.text(), /^\/\*.*npm run build --workspace landing.*\*\/\n$/)
    // Built afterwards: served without a restart.
    writeFileSync(join(dir, 'widget', 'widget.js'), SCRIPT)
    assert.equal((await client.get(`/w/${w.business.shortUrl}.js`)).status(), 200)
  })

  test('/w/{code} is the widget alone for an <iframe>, framable by the allowed sites', async ({ client, assert }) => {
    const w = await world({ business: { language: 'bn', name: '<b>Mishti</b> House' } })
    const page = await client.get(`/w/${w.business.shortUrl}`)
    page.assertStatus(200)
    assert.include(String(page.header('content-type')), 'text/html')
    const html = page.text()
    assert.include(html, `<div data-reviewroute="${w.business.shortUrl}" data-layout="carousel"></div>`)
    assert.include(html, `<script async src="/w/${w.business.shortUrl}.js"></script>`)
    assert.include(html, '<html lang="bn">')
    assert.include(html, '&lt;b&gt;Mishti&lt;/b&gt; House')
    assert.notInclude(html, '<b>Mishti')
    assert.isUndefined(page.header('x-frame-options'))
    assert.include(String(page.header('content-security-policy')), 'frame-ancestors *')
    assert.notInclude(String(page.header('content-security-policy')), "frame-ancestors 'none'")

    const list = await client.get(`/w/${w.business.shortUrl}?layout=list`)
    assert.include(list.text(), 'data-layout="list"')
    assert.notInclude(list.text(), 'data-preview')
    // The dashboard's preview: its widget asks for the answer with ?preview=1, which counts no view.
    const preview = await client.get(`/w/${w.business.shortUrl}?layout=badge&preview=1`)
    assert.include(preview.text(), `<div data-reviewroute="${w.business.shortUrl}" data-layout="badge" data-preview></div>`)
    const junk = await client.get(`/w/${w.business.shortUrl}?layout=%22%3E%3Cscript%3E`)
    assert.include(junk.text(), 'data-layout="carousel"')

    ok(
      await as(client.put(`/api/businesses/${w.business.id}/widget`), w.owner, w).json({
        allowedSites: ['https://mishti.example', 'http://localhost:8080'],
      })
    )
    const limited = await client.get(`/w/${w.business.shortUrl}`)
    assert.include(String(limited.header('content-security-policy')), "frame-ancestors 'self' https://mishti.example http://localhost:8080")

    const unknown = await client.get('/w/no-such-code')
    unknown.assertStatus(404)
    assert.equal(unknown.header('x-frame-options'), 'DENY')
  })

  test('the other pages still deny framing', async ({ client, assert }) => {
    const response = await client.get('/api/health')
    assert.equal(response.header('x-frame-options'), 'DENY')
    assert.include(String(response.header('content-security-policy')), "frame-ancestors 'none'")
  })
})
