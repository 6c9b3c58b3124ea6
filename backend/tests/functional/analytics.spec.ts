/*
 * Business analytics (docs/screens.md "/business/:businessId", 9 "Analytics"; docs/decisions.md D2, D5, D11): totals, conversion,
 * newest sessions, funnel insights, page views, and the per-day series in India Standard Time.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness, seedSessions } from '#tests/helpers/owners'
import { clock } from '#lib/clock'
import { FUNNEL_TOPIC_WINDOW } from '#lib/constants'
import { BusinessFactory } from '#database/factories/index'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import type { DailyPointDto, ReviewSessionDto } from '#types/api'

const IST = 'Asia/Kolkata'
const todayIst = () => DateTime.now().setZone(IST).startOf('day')
const isoDay = (day: DateTime) => day.toISODate()!

const getAnalytics = (client: ApiClient, user: User, businessId: number | string) =>
  client.get(`/api/analytics/${businessId}`).loginAs(user)

test.group('Business analytics: GET /api/analytics/:businessId', (group) => {
  isolated(group)

  test('totals count sessions, positive (4-5), negative (1-3) and redirected ones', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    await seedSessions(business.id, [
      { rating: 5, redirected: true },
      { rating: 5, redirected: true },
      { rating: 4, redirected: true },
      { rating: 3 },
      { rating: 2 },
      { rating: 1 },
      { rating: 5, redirected: false },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    const totals = response.body().analytics
    assert.strictEqual(totals.totalSessions, 7)
    assert.strictEqual(totals.positiveSessions, 4)
    assert.strictEqual(totals.negativeSessions, 3)
    assert.strictEqual(totals.redirectedSessions, 3)
    // 3 / 7 = 42.857… %
    assert.strictEqual(totals.conversionRate, 42.9)
    assert.strictEqual(totals.positiveLast7Days, 4)
    assert.equal(response.body().business.id, business.id)
    assert.equal(response.body().business.name, business.name)
  })

  test('conversion rate is redirected / total in percent with one decimal', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    await seedSessions(business.id, [
      { rating: 5, redirected: true },
      { rating: 4, redirected: true },
      { rating: 2, redirected: false },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    assert.strictEqual(response.body().analytics.conversionRate, 66.7)
    assert.strictEqual(response.body().analytics.redirectedSessions, 2)
  })

  test('a business without sessions has zeros and empty lists', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    const body = response.body()
    assert.deepInclude(body.analytics, {
      totalSessions: 0,
      positiveSessions: 0,
      negativeSessions: 0,
      redirectedSessions: 0,
      conversionRate: 0,
      positiveLast7Days: 0,
      pageViews: 0,
      widgetViews: 0,
    })
    assert.deepEqual(body.sessions, [])
    assert.deepEqual(body.reviews, [])
    assert.deepEqual(body.insights.recentLowRated, [])
    assert.deepEqual(body.insights.topTopics, [])
    assert.strictEqual(body.insights.pageViews, 0)
  })

  test('the week count holds only positive sessions of the last 7 days', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const now = DateTime.utc()
    await seedSessions(business.id, [
      { rating: 5, createdAt: now.minus({ hours: 1 }) },
      { rating: 4, createdAt: now.minus({ days: 6 }) },
      { rating: 2, createdAt: now.minus({ hours: 2 }) },
      { rating: 5, createdAt: now.minus({ days: 8 }) },
      { rating: 5, createdAt: now.minus({ days: 10 }) },
      { rating: 4, createdAt: now.minus({ days: 10 }) },
      { rating: 5, createdAt: now.minus({ days: 10 }) },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    assert.strictEqual(response.body().analytics.positiveLast7Days, 2)
    assert.strictEqual(response.body().analytics.positiveSessions, 6)
    assert.strictEqual(response.body().analytics.totalSessions, 7)
  })

  test('sessions come newest first and only from this business', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const sibling = await BusinessFactory.merge({ userId: user.id }).create()
    const { business: stranger } = await ownerWithBusiness()
    const now = DateTime.utc().startOf('second')
    const [middle, oldest, newest] = await seedSessions(business.id, [
      { rating: 3, feedback: 'ok-ish', createdAt: now.minus({ hours: 2 }) },
      { rating: 5, createdAt: now.minus({ days: 3 }) },
      { rating: 1, feedback: 'bad', createdAt: now.minus({ minutes: 5 }) },
    ])
    await seedSessions(sibling.id, [{ rating: 4 }])
    await seedSessions(stranger.id, [{ rating: 2, feedback: 'not yours' }])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    const sessions = response.body().sessions
    assert.deepEqual(
      sessions.map((session: ReviewSessionDto) => session.id),
      [newest.id, middle.id, oldest.id]
    )
    assert.deepEqual(sessions[0], {
      id: newest.id,
      businessId: business.id,
      rating: 1,
      feedback: 'bad',
      redirected: false,
      resolved: false,
      resolvedAt: null,
      createdAt: sessions[0].createdAt,
      timestamp: sessions[0].createdAt,
      contactName: null,
      contactPhone: null,
      reviewRequestId: null,
      customer: null,
      staff: null,
      language: null,
      source: 'page',
      voiceNote: null,
    })
    assert.equal(DateTime.fromISO(sessions[0].createdAt).toMillis(), newest.createdAt.toMillis())
    assert.notInclude(JSON.stringify(response.body()), 'not yours')
    assert.notMatch(JSON.stringify(response.body()), /fingerprint/i)
  })

  test('reviews are the sessions with feedback text, newest first', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const now = DateTime.utc()
    const [older, , , newer] = await seedSessions(business.id, [
      { rating: 2, feedback: 'cold food', createdAt: now.minus({ days: 2 }) },
      { rating: 1, feedback: null, createdAt: now.minus({ days: 1 }) },
      { rating: 3, feedback: '', createdAt: now.minus({ hours: 3 }) },
      { rating: 3, feedback: 'noisy', createdAt: now.minus({ hours: 1 }) },
      { rating: 5, createdAt: now.minus({ minutes: 1 }) },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    assert.deepEqual(
      response.body().reviews.map((review: ReviewSessionDto) => [review.id, review.feedback]),
      [
        [newer.id, 'noisy'],
        [older.id, 'cold food'],
      ]
    )
  })

  test('insights list the 3 latest low-rated sessions that have text', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const now = DateTime.utc()
    const [a, b, , c, d] = await seedSessions(business.id, [
      { rating: 1, feedback: 'first', createdAt: now.minus({ hours: 10 }) },
      { rating: 2, feedback: 'second', createdAt: now.minus({ hours: 8 }) },
      { rating: 5, feedback: 'glowing words', createdAt: now.minus({ hours: 1 }) },
      { rating: 3, feedback: 'third', createdAt: now.minus({ hours: 6 }) },
      { rating: 2, feedback: 'fourth', createdAt: now.minus({ hours: 4 }) },
      { rating: 1, feedback: null, createdAt: now.minus({ minutes: 30 }) },
      { rating: 2, feedback: '', createdAt: now.minus({ minutes: 20 }) },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    const recent = response.body().insights.recentLowRated
    assert.deepEqual(
      recent.map((session: ReviewSessionDto) => [session.id, session.feedback]),
      [
        [d.id, 'fourth'],
        [c.id, 'third'],
        [b.id, 'second'],
      ]
    )
    assert.notInclude(
      recent.map((session: ReviewSessionDto) => session.id),
      a.id
    )
  })

  test('top topics count keyword mentions case-insensitively, biggest first, at most 3', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    await seedSessions(business.id, [
      { rating: 2, feedback: 'Service was SLOW' },
      { rating: 1, feedback: 'Had to wait forever' },
      { rating: 3, feedback: 'slow kitchen and Rude cashier' },
      { rating: 2, feedback: 'Long WAIT for the bill' },
      { rating: 1, feedback: 'STAFF ignored us' },
      { rating: 3, feedback: 'The staff were lovely but the PRICE was high' },
      { rating: 2, feedback: 'Too Expensive' },
      { rating: 3, feedback: 'Food was cold' },
      { rating: 5 },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    assert.deepEqual(response.body().insights.topTopics, [
      { topic: 'service', count: 4 },
      { topic: 'staff', count: 3 },
      { topic: 'pricing', count: 2 },
    ])
  })

  test('topics nobody mentions are left out', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    await seedSessions(business.id, [
      { rating: 1, feedback: 'Dirty tables' },
      { rating: 2, feedback: 'not clean at all' },
      { rating: 3, feedback: 'Nothing special' },
      { rating: 2, feedback: null },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    assert.deepEqual(response.body().insights.topTopics, [{ topic: 'cleanliness', count: 2 }])
  })

  test('top topics count only the newest FUNNEL_TOPIC_WINDOW low-rated feedbacks', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const now = Date.now()
    // The oldest complaint (dirty) falls outside the window; the newer ones (slow) fill it.
    const rows = Array.from({ length: FUNNEL_TOPIC_WINDOW + 1 }, (_, index) => ({
      business_id: business.id,
      rating: 2,
      feedback: index === FUNNEL_TOPIC_WINDOW ? 'Dirty tables' : 'Slow service',
      redirected: false,
      created_at: new Date(now - (index + 1) * 1000),
    }))
    await db.table('review_sessions').multiInsert(rows)

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    assert.deepEqual(response.body().insights.topTopics, [{ topic: 'service', count: FUNNEL_TOPIC_WINDOW }])
  })

  test('page views add up every day of the business', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const { business: stranger } = await ownerWithBusiness()
    await client.get(`/api/business/by-url/${business.shortUrl}`).then((r) => r.assertStatus(200))
    await client.get(`/api/business/by-url/${business.shortUrl}`).then((r) => r.assertStatus(200))
    await db.table('page_views_daily').multiInsert([
      { business_id: business.id, day: isoDay(todayIst().minus({ days: 10 })), views: 5 },
      { business_id: stranger.id, day: isoDay(todayIst()), views: 100 },
    ])

    const response = await getAnalytics(client, user, business.id)

    response.assertStatus(200)
    assert.strictEqual(response.body().analytics.pageViews, 7)
    assert.strictEqual(response.body().insights.pageViews, 7)
  })

  test('needs a valid token', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const anonymous = await client.get(`/api/analytics/${business.id}`)
    const junk = await client.get(`/api/analytics/${business.id}`).bearerToken('rr_not-a-real-token-1234567890abcdef')

    anonymous.assertStatus(401)
    junk.assertStatus(401)
    assert.isString(anonymous.body().error)
    assert.isString(junk.body().error)
  })

  test("another owner's business is a 404", async ({ client, assert }) => {
    const { user } = await ownerWithBusiness()
    const { business: stranger } = await ownerWithBusiness()
    await seedSessions(stranger.id, [{ rating: 2, feedback: 'secret' }])

    const response = await getAnalytics(client, user, stranger.id)

    response.assertStatus(404)
    assert.equal(response.body().error, 'Business not found')
    assert.notInclude(JSON.stringify(response.body()), 'secret')
  })

  test('a missing or non-numeric id is a 404', async ({ client }) => {
    const { user } = await ownerWithBusiness()

    const missing = await getAnalytics(client, user, 999999999)
    const word = await getAnalytics(client, user, 'abc')

    missing.assertStatus(404)
    word.assertStatus(404)
  })
})

test.group('Daily analytics: GET /api/analytics/:businessId/daily', (group) => {
  isolated(group)

  const daily = (client: ApiClient, user: User, businessId: number, query = '') =>
    client.get(`/api/analytics/${businessId}/daily${query}`).loginAs(user)

  const lastDays = (count: number) => Array.from({ length: count }, (_, i) => isoDay(todayIst().minus({ days: count - 1 - i })))

  const zero = (date: string) => ({ date, sessions: 0, positive: 0, negative: 0, redirected: 0, views: 0, widgetViews: 0 })

  test('gives exactly N consecutive India days ending today, zero-filled', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()

    const response = await daily(client, user, business.id, '?days=7')

    response.assertStatus(200)
    assert.deepEqual(response.body().days, lastDays(7).map(zero))
  })

  test('defaults to 30 days', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()

    const response = await daily(client, user, business.id)

    response.assertStatus(200)
    const dates = response.body().days.map((day: DailyPointDto) => day.date)
    assert.deepEqual(dates, lastDays(30))
  })

  test('one day is just today', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()

    const response = await daily(client, user, business.id, '?days=1')

    response.assertStatus(200)
    assert.deepEqual(response.body().days, [zero(isoDay(todayIst()))])
  })

  test('counts sessions on their India day: 20:00 UTC is already the next day', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const day = isoDay(todayIst().minus({ days: 2 }))
    const nextDay = isoDay(todayIst().minus({ days: 1 }))
    const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    await seedSessions(business.id, [
      // 23:59:59.999 IST on `day`
      { rating: 5, redirected: true, createdAt: utc(`${day}T18:29:59.999Z`) },
      // 00:00 IST on `nextDay`
      { rating: 4, redirected: true, createdAt: utc(`${day}T18:30:00.000Z`) },
      // 01:30 IST on `nextDay`
      { rating: 1, createdAt: utc(`${day}T20:00:00.000Z`) },
      { rating: 2, createdAt: DateTime.utc().minus({ seconds: 5 }) },
    ])

    const response = await daily(client, user, business.id, '?days=7')

    response.assertStatus(200)
    const byDate = Object.fromEntries(response.body().days.map((point: DailyPointDto) => [point.date, point]))
    assert.deepEqual(byDate[day], { date: day, sessions: 1, positive: 1, negative: 0, redirected: 1, views: 0, widgetViews: 0 })
    assert.deepEqual(byDate[nextDay], {
      date: nextDay,
      sessions: 2,
      positive: 1,
      negative: 1,
      redirected: 1,
      views: 0,
      widgetViews: 0,
    })
    const today = isoDay(todayIst())
    assert.deepEqual(byDate[today], { date: today, sessions: 1, positive: 0, negative: 1, redirected: 0, views: 0, widgetViews: 0 })
    const total = response.body().days.reduce((sum: number, point: DailyPointDto) => sum + point.sessions, 0)
    assert.equal(total, 4)
  })

  test('"today" is the India date even when the UTC date is still yesterday', async ({ client, assert, cleanup }) => {
    const { user, business } = await ownerWithBusiness()
    // 20:00 UTC on `utcDay` is 01:30 IST on the next day.
    const evening = DateTime.utc().minus({ days: 1 }).set({ hour: 20, minute: 0, second: 0, millisecond: 0 })
    const utcDay = evening.toISODate()!
    const istToday = evening.plus({ days: 1 }).toISODate()!
    clock.travelTo(evening)
    cleanup(() => clock.reset())
    await seedSessions(business.id, [
      // 00:30 IST on the India "today"
      { rating: 5, redirected: true, createdAt: evening.set({ hour: 19 }) },
      // 23:30 IST on `utcDay`
      { rating: 2, createdAt: evening.set({ hour: 18 }) },
    ])

    const response = await daily(client, user, business.id, '?days=3')

    response.assertStatus(200)
    assert.deepEqual(response.body().days, [
      zero(evening.minus({ days: 1 }).toISODate()!),
      { date: utcDay, sessions: 1, positive: 0, negative: 1, redirected: 0, views: 0, widgetViews: 0 },
      { date: istToday, sessions: 1, positive: 1, negative: 0, redirected: 1, views: 0, widgetViews: 0 },
    ])
  })

  test('sessions before the first day are left out', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const first = todayIst().minus({ days: 2 })
    const firstStartUtc = first.toUTC()
    await seedSessions(business.id, [
      { rating: 3, createdAt: firstStartUtc },
      { rating: 5, createdAt: firstStartUtc.minus({ milliseconds: 1 }) },
      { rating: 5, createdAt: DateTime.utc().minus({ days: 20 }) },
    ])

    const response = await daily(client, user, business.id, '?days=3')

    response.assertStatus(200)
    assert.deepEqual(response.body().days, [
      { date: isoDay(first), sessions: 1, positive: 0, negative: 1, redirected: 0, views: 0, widgetViews: 0 },
      zero(isoDay(todayIst().minus({ days: 1 }))),
      zero(isoDay(todayIst())),
    ])
  })

  test('views per day come from the page view counts', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    await client.get(`/api/business/by-url/${business.shortUrl}`).then((r) => r.assertStatus(200))
    await client.get(`/api/business/by-url/${business.shortUrl}`).then((r) => r.assertStatus(200))
    const twoDaysAgo = isoDay(todayIst().minus({ days: 2 }))
    await db.table('page_views_daily').multiInsert([
      { business_id: business.id, day: twoDaysAgo, views: 4 },
      { business_id: business.id, day: isoDay(todayIst().minus({ days: 10 })), views: 9 },
    ])

    const response = await daily(client, user, business.id, '?days=3')

    response.assertStatus(200)
    assert.deepEqual(
      response.body().days.map((point: DailyPointDto) => [point.date, point.views]),
      [
        [twoDaysAgo, 4],
        [isoDay(todayIst().minus({ days: 1 })), 0],
        [isoDay(todayIst()), 2],
      ]
    )
  })

  test('days outside 1-366 or not a whole number is a 422', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()

    for (const days of ['0', '400', 'abc', '-1', '2.5']) {
      const response = await daily(client, user, business.id, `?days=${days}`)
      assert.equal(response.status(), 422, `days=${days}`)
      assert.equal(response.body().errors?.[0]?.field, 'days', `days=${days}`)
    }
  })

  test("another owner's business is a 404", async ({ client, assert }) => {
    const { user } = await ownerWithBusiness()
    const { business: stranger } = await ownerWithBusiness()

    const response = await daily(client, user, stranger.id, '?days=7')

    response.assertStatus(404)
    assert.equal(response.body().error, 'Business not found')
  })

  test('needs a valid token', async ({ client }) => {
    const { business } = await ownerWithBusiness()

    const anonymous = await client.get(`/api/analytics/${business.id}/daily`)
    const junk = await client.get(`/api/analytics/${business.id}/daily`).bearerToken('junk')

    anonymous.assertStatus(401)
    junk.assertStatus(401)
  })
})
