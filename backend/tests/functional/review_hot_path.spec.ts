/*
 * The customer's hot path (README "The customer's hot path"): the in-memory review-link cache and what keeps
 * it honest, page views counted in memory, and the group-commit writer of ratings.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { SubscriptionFactory } from '#database/factories/index'
import { ownerWithBusiness } from '#tests/helpers/owners'
import type Business from '#models/business'
import { clock } from '#lib/clock'
import { todayIst } from '#lib/time'
import { SubscriptionStatus } from '#lib/billing_enums'
import { REVIEW_LIMIT_MESSAGE } from '#contract/product_rules'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import TrialExpiryJob from '#jobs/trial_expiry_job'
import { pageViewCounter } from '#hot_path/page_view_counter'
import { ReviewSessionWriter, consecutiveIdStep, reviewSessionWriter, type SessionRow } from '#hot_path/review_session_writer'

/** 12:00 IST on 15 April 2026. */
const MID_APRIL = DateTime.fromISO('2026-04-15T06:30:00Z', { zone: 'utc' })

const lookUp = (client: ApiClient, code: string) => client.get(`/api/business/by-url/${code}`)

/** `count` ratings of the business, stored at `at` (by default an hour before the moved clock's now). */
async function ratingsThisMonth(business: Business, count: number, at = clock.now().minus({ hours: 1 })) {
  await db
    .table('review_sessions')
    .multiInsert(
      Array.from({ length: count }, () => ({ business_id: business.id, rating: 5, redirected: true, created_at: at.toJSDate() }))
    )
}

/** An owner whose trial ended weeks before `at`, on a paid monthly plan from 3 days before `at` to 27 days after. */
async function paidOwner(at: DateTime) {
  const { user, business } = await ownerWithBusiness({
    owner: { trialStartsAt: at.minus({ days: 20 }), trialEndsAt: at.minus({ days: 13 }) },
  })
  const subscription = await SubscriptionFactory.apply('pro')
    .merge({ userId: user.id, currentPeriodEnd: at.plus({ days: 27 }) })
    .create()
  return { user, business, subscription }
}

async function storedViews(businessId: number) {
  const row = await db.from('page_views_daily').where('business_id', businessId).sum('views as views').first()
  return Number(row?.views ?? 0)
}

const row = (businessId: number, rating: number, feedback: string | null = null): SessionRow => ({
  business_id: businessId,
  rating,
  feedback,
  redirected: rating >= 4,
  client_fingerprint: 'f'.repeat(64),
  created_at: new Date(),
  contact_name: null,
  contact_phone: null,
  review_request_id: null,
  staff_id: null,
  language: null,
})

test.group('Review link cache', (group) => {
  isolated(group)
  group.each.teardown(() => reviewLinkCache.configure(env.get('REVIEW_LINK_CACHE_MS')))

  test('a looked-up business is served from memory until the TTL runs out', async ({ client, assert, cleanup }) => {
    const { business } = await ownerWithBusiness()
    ;(await lookUp(client, business.shortUrl)).assertStatus(200)

    // Behind the models' backs (as another replica's change would look): not seen within the TTL.
    await db.from('businesses').where('id', business.id).update({ name: 'Renamed Elsewhere' })
    assert.equal((await lookUp(client, business.shortUrl)).body().business.name, business.name)

    // The cache's clock (lru-cache reads performance.now()) stands still until the test moves it past the TTL, so a
    // slow request on a busy machine cannot outlive the TTL by itself.
    const realNow = performance.now
    let now = realNow.call(performance)
    performance.now = () => now
    cleanup(() => {
      performance.now = realNow
    })
    reviewLinkCache.configure(50)
    assert.equal((await lookUp(client, business.shortUrl)).body().business.name, 'Renamed Elsewhere')
    await db.from('businesses').where('id', business.id).update({ name: 'Renamed Again' })
    assert.equal((await lookUp(client, business.shortUrl)).body().business.name, 'Renamed Elsewhere')
    now += 80
    // lru-cache keeps its last clock reading for 1 ms of real time (ttlResolution, a timer): let that timer run, or
    // on a busy machine the lookup reads the old reading and the entry still looks fresh.
    await new Promise((resolve) => setTimeout(resolve, 5))
    assert.equal((await lookUp(client, business.shortUrl)).body().business.name, 'Renamed Again')
  })

  test("an owner's new short URL works at once and the old one finds the business under its new code", async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    ;(await lookUp(client, business.shortUrl)).assertStatus(200)

    const changed = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl: 'chai-corner-new' }).loginAs(user)

    changed.assertStatus(200)
    const old = await lookUp(client, business.shortUrl)
    old.assertStatus(200)
    assert.equal(old.body().business.shortUrl, 'chai-corner-new')
    const renamed = await lookUp(client, 'chai-corner-new')
    renamed.assertStatus(200)
    assert.equal(renamed.body().business.shortUrl, 'chai-corner-new')
  })

  test('a removed business answers 404 at once, to the page and to a rating', async ({ client }) => {
    const { user, business } = await ownerWithBusiness()
    ;(await lookUp(client, business.shortUrl)).assertStatus(200)

    ;(await client.delete(`/api/business/${business.id}`).loginAs(user)).assertStatus(200)

    ;(await lookUp(client, business.shortUrl)).assertStatus(404)
    ;(await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5 })).assertStatus(404)
  })

  test('a lookup that read the row before a change was forgotten does not store it', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let loads = 0
    const load = async () => {
      loads += 1
      await gate
      return business
    }

    const racing = reviewLinkCache.business('racing-code', load) // reads the old row...
    reviewLinkCache.forgetBusiness(business.id) // ...while a save forgets it
    release()
    await racing
    await reviewLinkCache.business('racing-code', load)

    assert.equal(loads, 2, 'the value read across the forget was not kept')
  })

  test("an owner's access read across a forget is not remembered", async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let loads = 0
    const load = async () => {
      loads += 1
      if (loads === 1) await gate
      return clock.now().plus({ days: 3 })
    }

    const racing = reviewLinkCache.unlimitedAccess(business.workspaceId, load) // reads the running plan...
    reviewLinkCache.forgetWorkspace(business.workspaceId) // ...while a change forgets it
    release()
    assert.isTrue(await racing, 'the reader still gets its own answer')
    assert.isTrue(await reviewLinkCache.unlimitedAccess(business.workspaceId, load))
    assert.equal(loads, 2, 'the answer read across the forget was not kept')
    assert.isTrue(await reviewLinkCache.unlimitedAccess(business.workspaceId, load))
    assert.equal(loads, 2, 'an answer read after it is kept')
  })

  test('a change made inside a transaction is forgotten again when it commits', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    let loads = 0
    const load = async () => {
      loads += 1
      return clock.now().plus({ days: 3 })
    }

    await db.transaction(async (trx) => {
      reviewLinkCache.forgetWorkspace(business.workspaceId, trx)
      // A reader outside the transaction still sees the running plan, and remembers it.
      assert.isTrue(await reviewLinkCache.unlimitedAccess(business.workspaceId, load))
      assert.isTrue(await reviewLinkCache.unlimitedAccess(business.workspaceId, load))
      assert.equal(loads, 1)
    })

    await reviewLinkCache.unlimitedAccess(business.workspaceId, load)
    assert.equal(loads, 2, 'forgotten once the change was committed')
  })

  test('a limited owner is never remembered, so a purchase applies at once', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    let loads = 0
    const limited = async () => {
      loads += 1
      return null
    }
    assert.isFalse(await reviewLinkCache.unlimitedAccess(business.workspaceId, limited))
    assert.isFalse(await reviewLinkCache.unlimitedAccess(business.workspaceId, limited))
    assert.equal(loads, 2)
  })

  test("settings changed through PATCH /api/businesses/:id show on the customer's page at once", async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const first = await lookUp(client, business.shortUrl)
    assert.isFalse(first.body().business.complianceMode)
    assert.isNull(first.body().business.language)

    const changed = await client
      .patch(`/api/businesses/${business.id}`)
      .json({ shortUrl: 'masala-dosa-corner', complianceMode: true, language: 'hi' })
      .loginAs(user)
    changed.assertStatus(200)

    assert.equal((await lookUp(client, business.shortUrl)).body().business.shortUrl, 'masala-dosa-corner')
    const after = await lookUp(client, 'masala-dosa-corner')
    after.assertStatus(200)
    assert.isTrue(after.body().business.complianceMode)
    assert.equal(after.body().business.language, 'hi')
  })

  test('a remembered trial ends when the trial does', async ({ client, assert, cleanup }) => {
    clock.travelTo(MID_APRIL)
    cleanup(() => clock.reset())
    const { business } = await ownerWithBusiness({
      owner: { trialStartsAt: MID_APRIL.minus({ days: 7 }), trialEndsAt: MID_APRIL.plus({ hours: 1 }) },
    })
    await ratingsThisMonth(business, 50)

    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview) // remembered: unlimited
    clock.travelTo(MID_APRIL.plus({ hours: 2 }))

    const after = await lookUp(client, business.shortUrl)
    assert.isFalse(after.body().canSubmitReview)
    assert.equal(after.body().message, REVIEW_LIMIT_MESSAGE)
    ;(await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 2 })).assertStatus(403)
  })

  test('a change made behind the actions (a raw query, another process) shows after the TTL or an explicit forget', async ({
    client,
    assert,
    cleanup,
  }) => {
    clock.travelTo(MID_APRIL)
    cleanup(() => clock.reset())
    const { business, subscription } = await paidOwner(MID_APRIL)
    await ratingsThisMonth(business, 50)
    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview) // remembered until day 27

    // Nothing forgets on a save: a change no action announced is still remembered within the TTL.
    await db.from('subscriptions').where('id', subscription.id).update({ status: SubscriptionStatus.Expired })
    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview)

    reviewLinkCache.forgetWorkspace(business.workspaceId)
    assert.isFalse((await lookUp(client, business.shortUrl)).body().canSubmitReview)
    ;(await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 3 })).assertStatus(403)
  })

  test('a paid period cut short behind the actions limits the owner once the expiry job has run', async ({ client, assert, cleanup }) => {
    clock.travelTo(MID_APRIL)
    cleanup(() => clock.reset())
    const { business, subscription } = await paidOwner(MID_APRIL)
    await ratingsThisMonth(business, 60)
    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview)

    await db
      .from('subscriptions')
      .where('id', subscription.id)
      .update({ current_period_end: MID_APRIL.minus({ minutes: 5 }).toJSDate() })
    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview, 'remembered: nothing said it changed')

    const result = await new TrialExpiryJob().handle()
    assert.equal(result.periodsExpired, 1)
    assert.isFalse((await lookUp(client, business.shortUrl)).body().canSubmitReview, 'the job forgets the owners it expired')
  })

  test('a trial ended early behind the actions limits the owner once the expiry job has run', async ({ client, assert, cleanup }) => {
    clock.travelTo(MID_APRIL)
    cleanup(() => clock.reset())
    const { user, business } = await ownerWithBusiness({
      owner: { trialStartsAt: MID_APRIL.minus({ days: 2 }), trialEndsAt: MID_APRIL.plus({ days: 5 }) },
    })
    await ratingsThisMonth(business, 50)
    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview)

    await db
      .from('users')
      .where('id', user.id)
      .update({ trial_ends_at: MID_APRIL.minus({ minutes: 1 }).toJSDate() })
    const result = await new TrialExpiryJob().handle()
    assert.equal(result.trialsExpired, 1)

    const after = await lookUp(client, business.shortUrl)
    assert.isFalse(after.body().canSubmitReview)
    assert.equal(after.body().message, REVIEW_LIMIT_MESSAGE)
  })

  test('a business deleted behind the actions: the first rating finds out, answers 404 and forgets it', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    ;(await lookUp(client, business.shortUrl)).assertStatus(200)
    await db.from('businesses').where('id', business.id).delete()
    ;(await lookUp(client, business.shortUrl)).assertStatus(200) // still remembered within the TTL

    const rating = await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 2, feedback: 'gone?' })
    rating.assertStatus(404)
    ;(await lookUp(client, business.shortUrl)).assertStatus(404)
    assert.equal(Number((await db.from('review_sessions').where('business_id', business.id).count('* as n').first()).n), 0)
  })

  test('past the trial, a free owner with 49 ratings this month may take one more, then is limited', async ({
    client,
    assert,
    cleanup,
  }) => {
    clock.travelTo(MID_APRIL)
    cleanup(() => clock.reset())
    const trialEndsAt = MID_APRIL.plus({ hours: 1 })
    const { business } = await ownerWithBusiness({ owner: { trialStartsAt: MID_APRIL.minus({ days: 6 }), trialEndsAt } })
    await ratingsThisMonth(business, 49)
    await ratingsThisMonth(business, 5, MID_APRIL.minus({ months: 1 })) // last month's do not count
    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview)

    clock.travelTo(trialEndsAt.plus({ minutes: 1 }))

    assert.isTrue((await lookUp(client, business.shortUrl)).body().canSubmitReview, '49 of 50')
    ;(await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5 })).assertStatus(200)
    const full = await lookUp(client, business.shortUrl)
    assert.isFalse(full.body().canSubmitReview, 'the 50th rating used the allowance up')
    assert.equal(full.body().message, REVIEW_LIMIT_MESSAGE)
  })
})

test.group('Page views counted in memory', (group) => {
  isolated(group)

  test('views wait in memory until a flush writes them in one go', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    await pageViewCounter.flush()

    for (let i = 0; i < 3; i++) (await lookUp(client, business.shortUrl)).assertStatus(200)

    assert.isAtLeast(pageViewCounter.pendingViews, 3)
    assert.equal(await storedViews(business.id), 0)
    await pageViewCounter.flush()
    assert.equal(pageViewCounter.pendingViews, 0)
    const rows = await db.from('page_views_daily').where('business_id', business.id)
    assert.deepEqual(
      rows.map((stored) => ({ day: stored.day, views: Number(stored.views) })),
      [{ day: todayIst(), views: 3 }]
    )
  })

  test("the owner's analytics include views counted a moment ago", async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    for (let i = 0; i < 4; i++) (await lookUp(client, business.shortUrl)).assertStatus(200)

    const analytics = await client.get(`/api/analytics/${business.id}`).loginAs(user)
    const daily = await client.get(`/api/analytics/${business.id}/daily?days=1`).loginAs(user)

    analytics.assertStatus(200)
    assert.equal(analytics.body().analytics.pageViews, 4)
    assert.equal(daily.body().days[0].views, 4)
  })

  test("a removed business's counted views are dropped; the others in the same flush are stored", async ({ assert }) => {
    const kept = (await ownerWithBusiness()).business
    const removed = (await ownerWithBusiness()).business
    await pageViewCounter.record(kept.id)
    await pageViewCounter.record(removed.id)
    await pageViewCounter.record(kept.id)
    await removed.delete()

    await pageViewCounter.flush()

    assert.equal(await storedViews(kept.id), 2)
    assert.equal(await storedViews(removed.id), 0)
    assert.equal(pageViewCounter.pendingViews, 0)
  })
})

test.group('Group-commit writer of ratings', (group) => {
  isolated(group)

  test('this database numbers the rows of one INSERT consecutively, so a batch is one statement', async ({ assert }) => {
    assert.equal(await consecutiveIdStep(), 1)
  })

  test('ratings written at once are all stored; those with feedback get their own ids ({path})')
    .with([
      { writer: reviewSessionWriter, path: 'one INSERT, ids counted from the first' },
      { writer: new ReviewSessionWriter(async () => null), path: 'ids may interleave: feedback rows alone in a transaction' },
    ])
    .run(async ({ assert }, { writer }) => {
      const { business } = await ownerWithBusiness()
      const rows = Array.from({ length: 20 }, (_, i) => row(business.id, (i % 5) + 1, (i % 5) + 1 <= 3 ? `Feedback ${i}` : null))

      const ids = await Promise.all(rows.map((sessionRow) => writer.insert(sessionRow)))

      const stored = await db.from('review_sessions').where('business_id', business.id).orderBy('id')
      assert.lengthOf(stored, 20)
      assert.sameMembers(
        stored.map((session) => session.rating),
        rows.map((sessionRow) => sessionRow.rating)
      )
      rows.forEach((sessionRow, i) => {
        if (!sessionRow.feedback) return assert.isNull(ids[i])
        const session = stored.find((candidate) => candidate.id === ids[i])
        assert.equal(session?.feedback, sessionRow.feedback, `row ${i} has its own id`)
      })
    })

  test('a row for a missing business fails alone; the rows written with it are stored', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const missing = row(2_000_000_000, 5)

    const results = await Promise.allSettled([
      reviewSessionWriter.insert(row(business.id, 5)),
      reviewSessionWriter.insert(missing),
      reviewSessionWriter.insert(row(business.id, 2, 'Cold tea')),
      reviewSessionWriter.insert(row(business.id, 4)),
    ])

    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'rejected', 'fulfilled', 'fulfilled']
    )
    assert.equal((results[1] as PromiseRejectedResult).reason.code, 'ER_NO_REFERENCED_ROW_2')
    const stored = await db.from('review_sessions').where('business_id', business.id)
    assert.sameMembers(
      stored.map((session) => session.rating),
      [5, 2, 4]
    )
  })

  test('concurrent submissions through the API are each answered after their row is stored', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const ratings = [5, 4, 3, 2, 1]

    const responses = await Promise.all(
      ratings.map((rating) =>
        client.post(`/api/review/${business.shortUrl}/submit`).json(rating <= 3 ? { rating, feedback: `Rated ${rating}` } : { rating })
      )
    )

    responses.forEach((response, i) => {
      response.assertStatus(200)
      assert.deepEqual(
        response.body(),
        ratings[i] >= 4 ? { redirect: true, url: business.googleReviewUrl, counted: true } : { redirect: false, counted: true }
      )
    })
    const stored = await db.from('review_sessions').where('business_id', business.id)
    assert.sameMembers(
      stored.map((session) => `${session.rating}:${session.feedback ?? ''}`),
      ['5:', '4:', '3:Rated 3', '2:Rated 2', '1:Rated 1']
    )
  })
})

test.group('Group-commit writer: ids while another process writes', () => {
  // No global transaction here: the two writers must write on two connections at the same time, as two API
  // replicas would. The rows are removed at the end.
  test("two writers inserting into the same table at once each get their own rows' ids", async ({ assert, cleanup }) => {
    const { user, business } = await ownerWithBusiness()
    cleanup(async () => {
      await db.from('review_sessions').where('business_id', business.id).delete()
      await business.delete()
      await user.delete()
    })
    const writers = [new ReviewSessionWriter(), new ReviewSessionWriter()]
    const written: { feedback: string; id: number | null }[] = []

    for (let round = 0; round < 5; round++) {
      await Promise.all(
        writers.flatMap((writer, w) =>
          Array.from({ length: 40 }, async (_, i) => {
            const feedback = `round ${round} writer ${w} row ${i}`
            written.push({ feedback, id: await writer.insert(row(business.id, 1 + (i % 3), feedback)) })
          })
        )
      )
    }

    const stored = new Map(
      (await db.from('review_sessions').where('business_id', business.id)).map((session) => [session.id, session.feedback])
    )
    assert.equal(stored.size, 400)
    for (const { feedback, id } of written) assert.equal(stored.get(id!), feedback)
  })
})
