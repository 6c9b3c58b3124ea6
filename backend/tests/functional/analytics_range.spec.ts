/*
 * Analytics over any range (docs/decisions.md D36): GET /api/analytics/range gives one business's
 * or all of an owner's businesses' figures over IST days from..to, the same number of days before as the previous
 * period, the days of the range, and a row per business; the same numbers whether or not the rollup has run.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import { isolated } from '#tests/helpers/setup'
import { seedSessions, type SessionSpec } from '#tests/helpers/owners'
import { BusinessFactory, UserFactory } from '#database/factories/index'
import RollupAnalytics from '#actions/analytics/rollup_analytics'
import { clock } from '#lib/clock'
import type User from '#models/user'
import type { AnalyticsRangeResponse, RangeTotals } from '#types/api'

const IST = 'Asia/Kolkata'

/** Noon of today in India: the tests' "now", so no range straddles a midnight while a test runs. */
const noon = () => DateTime.now().setZone(IST).set({ hour: 12, minute: 0, second: 0, millisecond: 0 })
let now = noon()
const day = (daysAgo: number) => now.minus({ days: daysAgo }).toISODate()!
/** A rating at `time` IST on `isoDay`. */
const at = (isoDay: string, time: string, rating: number, feedback?: string): SessionSpec => ({
  rating,
  feedback,
  createdAt: DateTime.fromISO(`${isoDay}T${time}`, { zone: IST }).toUTC(),
})

const ZERO: RangeTotals = {
  totalSessions: 0,
  positiveSessions: 0,
  negativeSessions: 0,
  redirectedSessions: 0,
  conversionRate: 0,
  averageRating: null,
  filteredFeedback: 0,
  pageViews: 0,
  widgetViews: 0,
}

const range = (client: ApiClient, user: User, query: Record<string, string | number> = {}) =>
  client.get('/api/analytics/range').qs(query).loginAs(user)

/**
 * The café: three ratings in the week ending today (the first at 00:00 IST of its first day), two in the week
 * before (the last at 23:59:59 IST of its last day) and one older; page views on days inside and outside.
 */
async function cafeWithTwoWeeks(owner: User, createdDaysAgo = 30) {
  const cafe = await BusinessFactory.merge({ userId: owner.id, createdAt: now.minus({ days: createdDaysAgo }) }).create()
  await seedSessions(cafe.id, [
    at(day(0), '09:00:00', 5),
    at(day(3), '12:00:00', 1),
    at(day(6), '00:00:00', 2, 'Cold tea'),
    at(day(7), '23:59:59', 4),
    at(day(13), '00:00:00', 3, 'Slow service'),
    at(day(14), '23:59:59', 5),
  ])
  await db.table('page_views_daily').multiInsert([
    { business_id: cafe.id, day: day(0), views: 3 },
    { business_id: cafe.id, day: day(6), views: 2 },
    { business_id: cafe.id, day: day(7), views: 5 },
    { business_id: cafe.id, day: day(14), views: 9 },
  ])
  return cafe
}

const CAFE_WEEK: RangeTotals = {
  totalSessions: 3,
  positiveSessions: 1,
  negativeSessions: 2,
  redirectedSessions: 1,
  conversionRate: 33.3,
  // 5 + 1 + 2 = 8 stars over 3.
  averageRating: 2.7,
  filteredFeedback: 1,
  pageViews: 5,
  widgetViews: 0,
}

const CAFE_WEEK_BEFORE: RangeTotals = {
  totalSessions: 2,
  positiveSessions: 1,
  negativeSessions: 1,
  redirectedSessions: 1,
  conversionRate: 50,
  averageRating: 3.5,
  filteredFeedback: 1,
  pageViews: 5,
  widgetViews: 0,
}

const point = (date: string, sessions = 0, positive = 0, negative = 0, redirected = 0, views = 0) => ({
  date,
  sessions,
  positive,
  negative,
  redirected,
  views,
  widgetViews: 0,
})

test.group('Analytics over a range: GET /api/analytics/range', (group) => {
  isolated(group)
  group.each.setup(async () => {
    now = noon()
    clock.travelTo(now)
    // Inside the test's transaction: every test starts from "never rolled up".
    await db.from('analytics_rollup_state').delete()
    await db.from('analytics_daily').delete()
  })

  test("one business's totals count ratings on their India days, with the previous period before them", async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const cafe = await cafeWithTwoWeeks(owner)

    const response = await range(client, owner, { from: day(6), to: day(0), businessId: cafe.id })

    response.assertStatus(200)
    const body: AnalyticsRangeResponse = response.body()
    assert.deepEqual(body.totals, CAFE_WEEK)
    assert.deepEqual(body.previousTotals, CAFE_WEEK_BEFORE)
    assert.deepInclude(body, { from: day(6), to: day(0), previous: { from: day(13), to: day(7) }, timeZone: IST, businessId: cafe.id })
    assert.deepEqual(body.days, [
      point(day(6), 1, 0, 1, 0, 2),
      point(day(5)),
      point(day(4)),
      point(day(3), 1, 0, 1, 0, 0),
      point(day(2)),
      point(day(1)),
      point(day(0), 1, 1, 0, 1, 3),
    ])
    assert.deepEqual(body.businesses, [{ businessId: cafe.id, name: cafe.name, totals: CAFE_WEEK, previousTotals: CAFE_WEEK_BEFORE }])
  })

  test('gives the same numbers after the nightly rollup, and counts a rating of today live', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const cafe = await cafeWithTwoWeeks(owner)
    const query = { from: day(6), to: day(0), businessId: cafe.id }
    const before = (await range(client, owner, query)).body()

    await new RollupAnalytics().handle()
    const rolled = await db.from('analytics_daily').where('business_id', cafe.id).count('* as total').first()
    assert.isAbove(Number(rolled.total), 0)
    assert.deepEqual((await range(client, owner, query)).body(), before)

    await seedSessions(cafe.id, [at(day(0), '11:00:00', 4)])
    const later: AnalyticsRangeResponse = (await range(client, owner, query)).body()
    assert.equal(later.totals.totalSessions, 4)
    assert.equal(later.totals.positiveSessions, 2)
    assert.deepEqual(later.days.at(-1), point(day(0), 2, 2, 0, 2, 3))
    assert.deepEqual(later.previousTotals, CAFE_WEEK_BEFORE)
  })

  test("without a business: every business of the owner summed, a row each oldest first, never another owner's", async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.create()
    const cafe = await cafeWithTwoWeeks(owner, 30)
    const shop = await BusinessFactory.merge({ userId: owner.id, createdAt: now.minus({ days: 20 }) }).create()
    const quiet = await BusinessFactory.merge({ userId: owner.id, createdAt: now.minus({ days: 10 }) }).create()
    await seedSessions(shop.id, [at(day(1), '10:00:00', 5), at(day(2), '10:00:00', 1, 'Closed at noon'), at(day(8), '10:00:00', 5)])
    const stranger = await BusinessFactory.merge({ userId: (await UserFactory.create()).id }).create()
    await seedSessions(stranger.id, [at(day(1), '10:00:00', 1, 'Not yours'), at(day(9), '10:00:00', 1)])

    const response = await range(client, owner, { from: day(6), to: day(0) })

    response.assertStatus(200)
    const body: AnalyticsRangeResponse = response.body()
    const shopWeek: RangeTotals = {
      totalSessions: 2,
      positiveSessions: 1,
      negativeSessions: 1,
      redirectedSessions: 1,
      conversionRate: 50,
      averageRating: 3,
      filteredFeedback: 1,
      pageViews: 0,
      widgetViews: 0,
    }
    const shopWeekBefore: RangeTotals = {
      ...ZERO,
      totalSessions: 1,
      positiveSessions: 1,
      redirectedSessions: 1,
      conversionRate: 100,
      averageRating: 5,
    }
    assert.deepEqual(body.businesses, [
      { businessId: cafe.id, name: cafe.name, totals: CAFE_WEEK, previousTotals: CAFE_WEEK_BEFORE },
      { businessId: shop.id, name: shop.name, totals: shopWeek, previousTotals: shopWeekBefore },
      { businessId: quiet.id, name: quiet.name, totals: ZERO, previousTotals: ZERO },
    ])
    assert.isNull(body.businessId)
    assert.deepEqual(body.totals, {
      totalSessions: 5,
      positiveSessions: 2,
      negativeSessions: 3,
      redirectedSessions: 2,
      conversionRate: 40,
      // 8 + 6 = 14 stars over 5.
      averageRating: 2.8,
      filteredFeedback: 2,
      pageViews: 5,
      widgetViews: 0,
    })
    assert.deepEqual(body.previousTotals, {
      totalSessions: 3,
      positiveSessions: 2,
      negativeSessions: 1,
      redirectedSessions: 2,
      conversionRate: 66.7,
      averageRating: 4,
      filteredFeedback: 1,
      pageViews: 5,
      widgetViews: 0,
    })
    assert.deepEqual(body.days[4], point(day(2), 1, 0, 1, 0, 0))
    assert.deepEqual(body.days[5], point(day(1), 1, 1, 0, 1, 0))
    assert.notInclude(response.text(), 'Not yours')
  })

  test('an owner without businesses gets zeros for every day', async ({ client, assert }) => {
    const owner = await UserFactory.create()

    const response = await range(client, owner, { from: day(2), to: day(0) })

    response.assertStatus(200)
    const body: AnalyticsRangeResponse = response.body()
    assert.deepEqual(body.totals, ZERO)
    assert.deepEqual(body.previousTotals, ZERO)
    assert.deepEqual(body.days, [point(day(2)), point(day(1)), point(day(0))])
    assert.deepEqual(body.businesses, [])
  })

  test('one day is a range, and its previous period is the day before', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const cafe = await cafeWithTwoWeeks(owner)

    const body: AnalyticsRangeResponse = (await range(client, owner, { from: day(6), to: day(6), businessId: cafe.id })).body()

    assert.deepEqual(body.previous, { from: day(7), to: day(7) })
    assert.equal(body.totals.totalSessions, 1)
    assert.equal(body.previousTotals.totalSessions, 1)
    assert.deepEqual(body.days, [point(day(6), 1, 0, 1, 0, 2)])
  })

  test('defaults to the 30 days ending today; a lone `to` ends 30 days there', async ({ client, assert }) => {
    const owner = await UserFactory.create()

    const plain: AnalyticsRangeResponse = (await range(client, owner)).body()
    assert.deepInclude(plain, { from: day(29), to: day(0), previous: { from: day(59), to: day(30) } })
    assert.lengthOf(plain.days, 30)

    const ending: AnalyticsRangeResponse = (await range(client, owner, { to: day(10) })).body()
    assert.deepInclude(ending, { from: day(39), to: day(10) })

    const starting: AnalyticsRangeResponse = (await range(client, owner, { from: day(3) })).body()
    assert.deepInclude(starting, { from: day(3), to: day(0) })
  })

  test('366 days is the longest range', async ({ client, assert }) => {
    const owner = await UserFactory.create()

    const longest = await range(client, owner, { from: day(365), to: day(0) })
    longest.assertStatus(200)
    assert.lengthOf(longest.body().days, 366)
    assert.deepEqual(longest.body().previous, { from: day(731), to: day(366) })

    const longer = await range(client, owner, { from: day(366), to: day(0) })
    longer.assertStatus(422)
    assert.equal(longer.body().errors[0].field, 'from')
    assert.equal(longer.body().error, 'The range can be at most 366 days')
  })

  test('dates that are not real days, a start after the end, or after today are 422s naming the field', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2026-02-30', to: day(0) }, 'from', 'The from field must be a real date (YYYY-MM-DD)'],
      [{ from: 'yesterday', to: day(0) }, 'from', 'The from field must be a real date (YYYY-MM-DD)'],
      [{ from: day(3), to: '2026-13-01' }, 'to', 'The to field must be a real date (YYYY-MM-DD)'],
      [{ from: day(3), to: `${day(0)}T00:00:00Z` }, 'to', 'The to field must be a real date (YYYY-MM-DD)'],
      [{ from: day(0), to: day(3) }, 'from', 'The start date must not be after the end date'],
      [{ from: day(3), to: day(-1) }, 'to', 'The end date cannot be after today (India time)'],
      [{ from: day(-2), to: day(-1) }, 'to', 'The end date cannot be after today (India time)'],
      [{ from: day(3), businessId: 'abc' }, 'businessId', 'The businessId field must be a number'],
    ]
    for (const [query, field, message] of cases) {
      const response = await range(client, owner, query)
      assert.equal(response.status(), 422, JSON.stringify(query))
      assert.equal(response.body().errors?.[0]?.field, field, JSON.stringify(query))
      assert.equal(response.body().error, message, JSON.stringify(query))
    }
  })

  test("another owner's business, or one that does not exist, is a 404", async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const stranger = await BusinessFactory.merge({ userId: (await UserFactory.create()).id }).create()
    await seedSessions(stranger.id, [at(day(1), '10:00:00', 1, 'Not yours')])

    for (const businessId of [stranger.id, stranger.id + 1000]) {
      const response = await range(client, owner, { from: day(6), to: day(0), businessId })
      response.assertStatus(404)
      assert.equal(response.body().error, 'Business not found')
      assert.notInclude(response.text(), 'Not yours')
    }
  })

  test('needs a valid token', async ({ client }) => {
    const anonymous = await client.get('/api/analytics/range')
    const junk = await client.get('/api/analytics/range').bearerToken('junk')

    anonymous.assertStatus(401)
    junk.assertStatus(401)
  })
})
