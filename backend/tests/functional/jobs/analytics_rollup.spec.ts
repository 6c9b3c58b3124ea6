/*
 * The analytics rollup (docs/decisions.md D9, D11) that the analytics endpoints read for past days.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import AnalyticsRollupJob from '#jobs/analytics_rollup_job'
import RollupAnalytics from '#actions/analytics/rollup_analytics'
import type User from '#models/user'
import type Business from '#models/business'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { IST } from '#tests/helpers/job_rows'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { ReviewSessionFactory } from '#database/factories/index'

/*
 * The rollup: a deterministic history over ~40 IST days for a few businesses, with sessions on both sides of
 * IST midnight (18:30 UTC). The expected per-day numbers are computed here in JS from the seeded rows, not
 * with the app's SQL, so the rollup, the live part and the endpoints are all checked against one oracle.
 */
const HISTORY_DAYS = 40
const SERIES_DAYS = 45

interface SeededSession {
  createdAt: DateTime
  rating: number
  redirected: boolean
  /** A low rating with feedback text (`is_complaint`): set when the rows are written. */
  complaint?: boolean
}

interface SeededBusiness {
  owner: User
  business: Business
  sessions: SeededSession[]
  views: Map<string, number>
}

interface DayCounts {
  sessions: number
  positive: number
  negative: number
  redirected: number
  complaints: number
  ratingSum: number
  positiveRatingSum: number
  views: number
}

/** mulberry32: small, seedable, good enough to spread test data. */
function pseudoRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const istDay = (instant: DateTime) => instant.setZone(IST).toISODate()!
const todayIstDate = () => clock.now().setZone(IST).startOf('day')
const yesterdayIst = () => todayIstDate().minus({ days: 1 }).toISODate()!

async function seedHistory(businessCount = 3, seed = 20240611): Promise<SeededBusiness[]> {
  const random = pseudoRandom(seed)
  const now = clock.now()
  const today = todayIstDate()
  const seeded: SeededBusiness[] = []
  for (let b = 0; b < businessCount; b++) {
    const { user, business } = await ownerWithBusiness()
    const sessions: SeededSession[] = []
    const rated = (createdAt: DateTime) => {
      const rating = 1 + Math.floor(random() * 5)
      sessions.push({ createdAt: createdAt.toUTC(), rating, redirected: rating >= 4 && random() < 0.85 })
    }
    for (let d = 0; d <= HISTORY_DAYS; d++) {
      const dayStart = today.minus({ days: d })
      const span = d === 0 ? Math.max(1, now.diff(dayStart).as('milliseconds') - 1000) : 86_400_000
      const count = Math.floor(random() * (b === 0 ? 6 : 4))
      for (let i = 0; i < count; i++) rated(dayStart.plus({ milliseconds: Math.floor(random() * span) }))
    }
    // Around IST midnight (18:30 UTC): 18:29 and 23:59:59.999 IST belong to the day before.
    for (const d of [2, 9, 23]) {
      const midnight = today.minus({ days: d }).toUTC()
      rated(midnight.minus({ minutes: 1 }))
      rated(midnight.minus({ milliseconds: 1 }))
      rated(midnight)
      rated(midnight.plus({ minutes: 1 }))
    }
    await ReviewSessionFactory.merge(
      sessions.map((session) => {
        session.complaint = session.rating <= 3 && random() < 0.5
        return {
          businessId: business.id,
          rating: session.rating,
          redirected: session.redirected,
          feedback: session.complaint ? 'Could be better' : null,
          createdAt: session.createdAt,
        }
      })
    ).createMany(sessions.length)

    const views = new Map<string, number>()
    for (const d of [0, 1, 2, 5, 9, 14, 30]) views.set(today.minus({ days: d }).toISODate()!, 1 + Math.floor(random() * 40))
    await db.table('page_views_daily').multiInsert([...views].map(([day, count]) => ({ business_id: business.id, day, views: count })))
    seeded.push({ owner: user, business, sessions, views })
  }
  return seeded
}

/** Per IST day counts of one seeded business, views included. */
function countsByDay(seeded: SeededBusiness) {
  const days = new Map<string, DayCounts>()
  const at = (day: string) => {
    if (!days.has(day)) {
      days.set(day, { sessions: 0, positive: 0, negative: 0, redirected: 0, complaints: 0, ratingSum: 0, positiveRatingSum: 0, views: 0 })
    }
    return days.get(day)!
  }
  for (const session of seeded.sessions) {
    const counts = at(istDay(session.createdAt))
    counts.sessions++
    if (session.rating >= 4) counts.positive++
    if (session.rating <= 3) counts.negative++
    if (session.redirected) counts.redirected++
    if (session.complaint) counts.complaints++
    counts.ratingSum += session.rating
    if (session.rating >= 4) counts.positiveRatingSum += session.rating
  }
  for (const [day, views] of seeded.views) at(day).views = views
  return days
}

/** The analytics_daily rows the rollup should write through `through`, for days from `from` on. */
function expectedRollupRows(history: SeededBusiness[], from: string, through: string) {
  return history
    .flatMap((seeded) =>
      [...countsByDay(seeded)]
        .filter(([day]) => day >= from && day <= through)
        .map(([day, counts]) => ({
          businessId: seeded.business.id,
          day,
          sessions: counts.sessions,
          positive: counts.positive,
          negative: counts.negative,
          redirected: counts.redirected,
          complaints: counts.complaints,
          ratingSum: counts.ratingSum,
          positiveRatingSum: counts.positiveRatingSum,
          views: counts.views,
        }))
    )
    .sort((a, b) => a.businessId - b.businessId || a.day.localeCompare(b.day))
}

async function storedRollupRows(history: SeededBusiness[]) {
  const rows = await db
    .from('analytics_daily')
    .whereIn(
      'business_id',
      history.map((seeded) => seeded.business.id)
    )
    .orderBy('business_id')
    .orderBy('day')
  return rows.map((row) => ({
    businessId: Number(row.business_id),
    day: String(row.day).slice(0, 10),
    sessions: Number(row.sessions),
    positive: Number(row.positive),
    negative: Number(row.negative),
    redirected: Number(row.redirected),
    complaints: Number(row.complaints),
    ratingSum: Number(row.rating_sum),
    positiveRatingSum: Number(row.positive_rating_sum),
    views: Number(row.views),
  }))
}

const firstSessionDay = (history: SeededBusiness[]) =>
  history.flatMap((seeded) => seeded.sessions.map((session) => istDay(session.createdAt))).sort()[0]

async function readAnalytics(client: ApiClient, seeded: SeededBusiness) {
  const totals = await client.get(`/api/analytics/${seeded.business.id}`).loginAs(seeded.owner)
  totals.assertStatus(200)
  const daily = await client.get(`/api/analytics/${seeded.business.id}/daily`).qs({ days: SERIES_DAYS }).loginAs(seeded.owner)
  daily.assertStatus(200)
  return { totals: totals.body().analytics, days: daily.body().days }
}

/** What the endpoints must show, counted from the seeded rows. */
function expectedAnalytics(seeded: SeededBusiness) {
  const byDay = countsByDay(seeded)
  const sum = (pick: (counts: DayCounts) => number) => [...byDay.values()].reduce((total, counts) => total + pick(counts), 0)
  const today = todayIstDate()
  return {
    totals: {
      totalSessions: sum((counts) => counts.sessions),
      positiveSessions: sum((counts) => counts.positive),
      negativeSessions: sum((counts) => counts.negative),
      redirectedSessions: sum((counts) => counts.redirected),
      pageViews: sum((counts) => counts.views),
    },
    days: Array.from({ length: SERIES_DAYS }, (_, i) => {
      const date = today.minus({ days: SERIES_DAYS - 1 - i }).toISODate()!
      const counts = byDay.get(date)
      return {
        date,
        sessions: counts?.sessions ?? 0,
        positive: counts?.positive ?? 0,
        negative: counts?.negative ?? 0,
        redirected: counts?.redirected ?? 0,
        views: counts?.views ?? 0,
        // No website widget on these businesses (docs/decisions.md D49).
        widgetViews: 0,
      }
    }),
  }
}

test.group('Analytics rollup job', (group) => {
  isolated(group)
  group.each.setup(async () => {
    // Inside the test's transaction: every test starts from "never rolled up".
    await db.from('analytics_rollup_state').delete()
    await db.from('analytics_daily').delete()
  })
  group.each.teardown(() => clock.reset())

  test('rolls every finished IST day up to yesterday, matching the raw rows', async ({ assert }) => {
    const history = await seedHistory()
    const from = firstSessionDay(history)

    const result = await new RollupAnalytics().handle()

    const yesterday = yesterdayIst()
    const expectedDays = Math.round(DateTime.fromISO(yesterday).diff(DateTime.fromISO(from), 'days').days) + 1
    assert.deepEqual(result, { days: expectedDays, rolledThrough: yesterday })
    const state = await db.from('analytics_rollup_state').where('id', 1).firstOrFail()
    assert.equal(String(state.rolled_through).slice(0, 10), yesterday)
    assert.deepEqual(await storedRollupRows(history), expectedRollupRows(history, from, yesterday))
    // Today is never rolled up: it is read live.
    assert.equal(Number((await db.from('analytics_daily').where('day', todayIstDate().toISODate()!).count('* as total').first()).total), 0)
  })

  test('the analytics endpoints give the same numbers before and after the rollup', async ({ client, assert }) => {
    const history = await seedHistory()

    const before = []
    for (const seeded of history) before.push(await readAnalytics(client, seeded))
    for (const [index, seeded] of history.entries()) {
      const expected = expectedAnalytics(seeded)
      assert.containsSubset(before[index].totals, expected.totals)
      assert.deepEqual(before[index].days, expected.days)
    }

    await new RollupAnalytics().handle()
    assert.isAbove((await storedRollupRows(history)).length, 0)

    for (const [index, seeded] of history.entries()) {
      assert.deepEqual(await readAnalytics(client, seeded), before[index], `business ${index + 1} after the rollup`)
    }
  })

  test('a session arriving today after the rollup is counted live', async ({ client, assert }) => {
    const history = await seedHistory(2)
    await new RollupAnalytics().handle()
    const [seeded] = history
    const before = await readAnalytics(client, seeded)

    await ReviewSessionFactory.merge({
      businessId: seeded.business.id,
      rating: 2,
      redirected: false,
      feedback: 'Arrived after the rollup',
      createdAt: clock.now(),
    }).create()
    const after = await readAnalytics(client, seeded)

    assert.equal(after.totals.totalSessions, before.totals.totalSessions + 1)
    assert.equal(after.totals.negativeSessions, before.totals.negativeSessions + 1)
    assert.equal(after.totals.positiveSessions, before.totals.positiveSessions)
    assert.equal(after.totals.redirectedSessions, before.totals.redirectedSessions)
    const today = todayIstDate().toISODate()!
    const todayBefore = before.days.find((day: { date: string }) => day.date === today)
    const todayAfter = after.days.find((day: { date: string }) => day.date === today)
    assert.deepEqual(todayAfter, { ...todayBefore, sessions: todayBefore.sessions + 1, negative: todayBefore.negative + 1 })
    // The other business is untouched.
    const other = await readAnalytics(client, history[1])
    assert.containsSubset(other.totals, expectedAnalytics(history[1]).totals)
    assert.deepEqual(other.days, expectedAnalytics(history[1]).days)
  })

  test('rerunning a range changes nothing, and recomputes a day that changed', async ({ client, assert }) => {
    const history = await seedHistory(2)
    const rolled = await new RollupAnalytics().handle()
    const rows = await storedRollupRows(history)
    const from = todayIstDate().minus({ days: 20 }).toISODate()!
    const to = todayIstDate().minus({ days: 5 }).toISODate()!

    const rerun = await new AnalyticsRollupJob().handle({ from, to })

    assert.deepEqual(rerun, { days: 16, rolledThrough: rolled.rolledThrough })
    assert.deepEqual(await storedRollupRows(history), rows)
    const state = await db.from('analytics_rollup_state').where('id', 1).firstOrFail()
    assert.equal(String(state.rolled_through).slice(0, 10), yesterdayIst())

    // A row that reached the database late (e.g. restored from a backup) is picked up by rerunning its day.
    const [seeded] = history
    const lateDay = todayIstDate().minus({ days: 10 })
    const lateAt = lateDay.plus({ hours: 12 }).toUTC()
    await ReviewSessionFactory.merge({ businessId: seeded.business.id, rating: 5, redirected: true, createdAt: lateAt }).create()
    seeded.sessions.push({ createdAt: lateAt, rating: 5, redirected: true })

    await new RollupAnalytics().handle({ from: lateDay.toISODate()!, to: lateDay.toISODate()! })

    assert.deepEqual(await storedRollupRows(history), expectedRollupRows(history, firstSessionDay(history), yesterdayIst()))
    const expected = expectedAnalytics(seeded)
    const after = await readAnalytics(client, seeded)
    assert.containsSubset(after.totals, expected.totals)
    assert.deepEqual(after.days, expected.days)
  })

  test('a second nightly run has nothing to do; after missed nights it catches up', async ({ client, assert }) => {
    const history = await seedHistory(2)
    const first = await new RollupAnalytics().handle()

    assert.deepEqual(await new RollupAnalytics().handle(), { days: 0, rolledThrough: first.rolledThrough })

    // The worker was down for three nights.
    clock.travelTo(clock.now().plus({ days: 3 }))
    const caughtUp = await new AnalyticsRollupJob().handle({})

    assert.deepEqual(caughtUp, { days: 3, rolledThrough: yesterdayIst() })
    assert.deepEqual(await storedRollupRows(history), expectedRollupRows(history, firstSessionDay(history), yesterdayIst()))
    for (const seeded of history) {
      const expected = expectedAnalytics(seeded)
      const now = await readAnalytics(client, seeded)
      assert.containsSubset(now.totals, expected.totals)
      assert.deepEqual(now.days, expected.days)
    }
  })

  test('with no sessions at all the rollup does nothing', async ({ assert }) => {
    await db.from('review_sessions').delete()
    const { business } = await ownerWithBusiness()
    await db.table('page_views_daily').insert({ business_id: business.id, day: yesterdayIst(), views: 4 })

    const result = await new RollupAnalytics().handle()

    assert.deepEqual(result, { days: 0, rolledThrough: null })
    assert.equal(Number((await db.from('analytics_daily').count('* as total').first()).total), 0)
    assert.isNull(await db.from('analytics_rollup_state').first())
  })
})
