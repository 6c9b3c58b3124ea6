/*
 * The dashboard overview (GET /api/overview): each business's numbers and the owner's totals in one answer,
 * equal to counting the raw rows whether or not the nightly rollup has run, and never another owner's.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { BusinessFactory, UserFactory } from '#database/factories/index'
import { seedSessions, type SessionSpec } from '#tests/helpers/owners'
import RollupAnalytics from '#actions/analytics/rollup_analytics'
import type User from '#models/user'
import type { OverviewCounts, OverviewResponse, RecentGoogleRatings } from '#types/api'
import { PROJECTION_RECENT_DAYS } from '#contract/product_rules'

const JUNK_TOKEN = 'oat_bm90LWEtcmVhbC10b2tlbg.aGVsbG8td29ybGQtdGhpcy1pcy1qdW5r'

const NO_SESSIONS: OverviewCounts = {
  totalSessions: 0,
  positiveSessions: 0,
  negativeSessions: 0,
  redirectedSessions: 0,
  averageRating: null,
  filteredFeedback: 0,
}

/** A rating `daysAgo` days before now (0: today), for the shared seeding helper. */
const rated = (rating: number, daysAgo: number, feedback?: string): SessionSpec => ({
  rating,
  feedback,
  createdAt: DateTime.utc().minus({ days: daysAgo, seconds: 1 }),
})

/** The oracle: the overview's numbers counted row by row from review_sessions. */
async function countRows(businessIds: number[]): Promise<OverviewCounts> {
  const row = await db
    .from('review_sessions')
    .whereIn('business_id', businessIds.length ? businessIds : [0])
    .select(
      db.raw('COUNT(*) AS total'),
      db.raw('COALESCE(SUM(rating >= 4), 0) AS positive'),
      db.raw('COALESCE(SUM(rating <= 3), 0) AS negative'),
      db.raw('COALESCE(SUM(redirected), 0) AS redirected'),
      db.raw('ROUND(AVG(rating), 1) AS average'),
      db.raw('COALESCE(SUM(rating <= 3 AND feedback IS NOT NULL), 0) AS feedback')
    )
    .first()
  return {
    totalSessions: Number(row.total),
    positiveSessions: Number(row.positive),
    negativeSessions: Number(row.negative),
    redirectedSessions: Number(row.redirected),
    averageRating: row.average === null ? null : Number(row.average),
    filteredFeedback: Number(row.feedback),
  }
}

/** The oracle of the projections' figures: one business's 4-5 star ratings of the last 90 days, row by row. */
async function recentGoogleRows(businessId: number): Promise<RecentGoogleRatings> {
  const row = await db
    .from('review_sessions')
    .where('business_id', businessId)
    .where('rating', '>=', 4)
    .where('created_at', '>=', DateTime.utc().minus({ days: PROJECTION_RECENT_DAYS }).toJSDate())
    .select(db.raw('COUNT(*) AS total'), db.raw('ROUND(AVG(rating), 2) AS average'))
    .first()
  return { recentGoogleRatings: Number(row.total), recentGoogleAverage: row.average === null ? null : Number(row.average) }
}

const NO_RECENT: RecentGoogleRatings = { recentGoogleRatings: 0, recentGoogleAverage: null }

async function expectedOverview(user: User): Promise<OverviewResponse> {
  const ids = (await db.from('businesses').where('user_id', user.id).orderBy('created_at').orderBy('id').select('id')).map(
    (row) => row.id as number
  )
  const businesses = []
  for (const id of ids) businesses.push({ businessId: id, ...(await countRows([id])), ...(await recentGoogleRows(id)) })
  return { totals: { businesses: ids.length, ...(await countRows(ids)) }, businesses }
}

/** An owner with a café (7 sessions over ten days), a shop (2 today) and a business without sessions. */
async function ownerWithHistory() {
  const owner = await UserFactory.create()
  const now = DateTime.utc()
  const [cafe, shop, quiet] = await Promise.all(
    [3, 2, 1].map((days) => BusinessFactory.merge({ userId: owner.id, createdAt: now.minus({ days: 20 + days }) }).create())
  )
  await seedSessions(cafe.id, [
    rated(5, 0),
    rated(4, 1),
    rated(2, 2, 'Waited 20 minutes for tea'),
    rated(5, 3),
    rated(3, 5),
    rated(1, 8, 'Rude staff'),
    rated(5, 10),
  ])
  await seedSessions(shop.id, [rated(1, 0, 'Closed at noon'), rated(4, 0)])
  return { owner, cafe, shop, quiet }
}

const getOverview = (client: ApiClient, user: User) => client.get('/api/overview').loginAs(user)

test.group('GET /api/overview', (group) => {
  isolated(group)
  group.each.setup(async () => {
    // Inside the test's transaction: every test starts from "never rolled up".
    await db.from('analytics_rollup_state').delete()
    await db.from('analytics_daily').delete()
  })

  test("each business's numbers and the totals equal counting the rows", async ({ client, assert }) => {
    const { owner, cafe, shop, quiet } = await ownerWithHistory()

    const response = await getOverview(client, owner)

    response.assertStatus(200)
    const body: OverviewResponse = response.body()
    assert.deepEqual(body, await expectedOverview(owner))
    // The same numbers written out: 25 stars over 7 sessions is 3.6; two low ratings carry text.
    assert.deepEqual(body.businesses[0], {
      businessId: cafe.id,
      totalSessions: 7,
      positiveSessions: 4,
      negativeSessions: 3,
      redirectedSessions: 4,
      averageRating: 3.6,
      filteredFeedback: 2,
      // 5, 4, 5 and 5 stars went on to Google: 19 / 4.
      recentGoogleRatings: 4,
      recentGoogleAverage: 4.75,
    })
    assert.deepEqual(
      body.businesses.map((business) => business.businessId),
      [cafe.id, shop.id, quiet.id]
    )
    assert.deepEqual(body.businesses[2], { businessId: quiet.id, ...NO_SESSIONS, ...NO_RECENT })
    assert.deepEqual(body.totals, {
      businesses: 3,
      totalSessions: 9,
      positiveSessions: 5,
      negativeSessions: 4,
      redirectedSessions: 5,
      averageRating: 3.3,
      filteredFeedback: 3,
    })
  })

  test('gives the same numbers after the nightly rollup, and counts a session of today live', async ({ client, assert }) => {
    const { owner, cafe } = await ownerWithHistory()
    const before = (await getOverview(client, owner)).body()

    await new RollupAnalytics().handle()
    const rolledDays = await db.from('analytics_daily').where('business_id', cafe.id).count('* as total').first()
    assert.isAbove(Number(rolledDays.total), 0)

    const after = await getOverview(client, owner)
    after.assertStatus(200)
    assert.deepEqual(after.body(), before)

    await seedSessions(cafe.id, [rated(2, 0, 'Cold samosa')])
    const later = await getOverview(client, owner)
    assert.deepEqual(later.body(), await expectedOverview(owner))
    assert.equal(later.body().businesses[0].totalSessions, 8)
    assert.equal(later.body().businesses[0].filteredFeedback, 3)
  })

  test('gives each business the count and mean of its 4-5 star ratings of the last 90 days, for the projections', async ({
    client,
    assert,
  }) => {
    const { owner, cafe, shop, quiet } = await ownerWithHistory()
    await seedSessions(cafe.id, [
      rated(4, 60),
      rated(5, PROJECTION_RECENT_DAYS - 1),
      // On the window's first day, a minute inside it (after the rollup, its day is part rollup, part raw rows).
      { rating: 5, createdAt: DateTime.utc().minus({ days: PROJECTION_RECENT_DAYS }).plus({ minutes: 1 }) },
      // Older than the window, and low ratings (private feedback, never sent to Google), are left out.
      { rating: 4, createdAt: DateTime.utc().minus({ days: PROJECTION_RECENT_DAYS, minutes: 1 }) },
      rated(4, PROJECTION_RECENT_DAYS + 1),
      rated(4, 400),
      rated(1, 30, 'Cold'),
    ])
    const other = await UserFactory.create()
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()
    await seedSessions(theirs.id, [rated(4, 1)])

    const response = await getOverview(client, owner)

    response.assertStatus(200)
    const body: OverviewResponse = response.body()
    assert.deepEqual(body, await expectedOverview(owner))
    const recent = (id: number) => {
      const entry = body.businesses.find((business) => business.businessId === id)!
      return { recentGoogleRatings: entry.recentGoogleRatings, recentGoogleAverage: entry.recentGoogleAverage }
    }
    // 5, 4, 5, 5 of ten days plus 4, 5 and 5 within 90 days: 33 / 7 = 4.714…
    assert.deepEqual(recent(cafe.id), { recentGoogleRatings: 7, recentGoogleAverage: 4.71 })
    assert.deepEqual(recent(shop.id), { recentGoogleRatings: 1, recentGoogleAverage: 4 })
    assert.deepEqual(recent(quiet.id), NO_RECENT)
    // The totals are the owner's counts; the projections read each business's own ratings.
    assert.notProperty(body.totals, 'recentGoogleRatings')

    // The nightly rollup does not change them.
    await new RollupAnalytics().handle()
    assert.deepEqual((await getOverview(client, owner)).body(), body)
  })

  test("never counts another owner's businesses or sessions", async ({ client, assert }) => {
    const { owner, cafe, shop, quiet } = await ownerWithHistory()
    const other = await UserFactory.create()
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()
    await seedSessions(theirs.id, [rated(1, 0, 'Not yours'), rated(5, 4)])
    await new RollupAnalytics().handle()

    const mine: OverviewResponse = (await getOverview(client, owner)).body()
    const their: OverviewResponse = (await getOverview(client, other)).body()

    assert.deepEqual(
      mine.businesses.map((business) => business.businessId),
      [cafe.id, shop.id, quiet.id]
    )
    assert.equal(mine.totals.totalSessions, 9)
    assert.deepEqual(their, await expectedOverview(other))
    assert.deepEqual(
      their.businesses.map((business) => business.businessId),
      [theirs.id]
    )
    assert.equal(their.totals.totalSessions, 2)
    assert.equal(their.totals.filteredFeedback, 1)
  })

  test('is all zeros for an owner with no businesses', async ({ client, assert }) => {
    await ownerWithHistory()
    const newcomer = await UserFactory.create()

    const response = await getOverview(client, newcomer)

    response.assertStatus(200)
    assert.deepEqual(response.body(), { totals: { businesses: 0, ...NO_SESSIONS }, businesses: [] })
  })

  test('without a token or with a junk token is 401', async ({ client, assert }) => {
    const anonymous = await client.get('/api/overview')
    const junk = await client.get('/api/overview').bearerToken(JUNK_TOKEN)

    anonymous.assertStatus(401)
    assert.isString(anonymous.body().error)
    junk.assertStatus(401)
    assert.isString(junk.body().error)
  })
})
