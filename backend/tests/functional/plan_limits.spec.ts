/*
 * The free state's limits (docs/decisions.md D8, docs/product-rules.md#free-plan-limits, docs/product-rules.md#errors): 1 business,
 * and only the owner's oldest keeps collecting ratings, 50 per calendar month in India time; trial and Pro owners
 * are unlimited. "Now" is pinned with the app's clock.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { BusinessFactory, ReviewSessionFactory, SubscriptionFactory, UserFactory } from '#database/factories/index'
import type User from '#models/user'
import type Business from '#models/business'
import { demoCatalogue } from '#services/places/demo_places_provider'
import { clock } from '#lib/clock'
import { BUSINESS_PAUSED_MESSAGE, REVIEW_LIMIT_MESSAGE } from '#contract/product_rules'

/** 12:00 IST on 15 April 2026. */
const MID_APRIL = DateTime.fromISO('2026-04-15T06:30:00Z', { zone: 'utc' })
const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })

async function businessCount(userId: number) {
  const row = await db.from('businesses').where('user_id', userId).count('* as total').first()
  return Number(row.total)
}

async function sessionCount(businessId: number) {
  const row = await db.from('review_sessions').where('business_id', businessId).count('* as total').first()
  return Number(row.total)
}

const select = (client: ApiClient, user: User, index: number) =>
  client.post('/api/select-business').json({ placeId: demoCatalogue()[index].place_id }).loginAs(user)

const lookUp = (client: ApiClient, business: Business) => client.get(`/api/business/by-url/${business.shortUrl}`)
const submit = (client: ApiClient, business: Business, rating = 5, feedback?: string) =>
  client.post(`/api/review/${business.shortUrl}/submit`).json(feedback ? { rating, feedback } : { rating })

/** `count` review sessions for `business`, all at `createdAt`. */
const sessionsAt = (business: Business, count: number, createdAt: DateTime) =>
  ReviewSessionFactory.merge({ businessId: business.id, createdAt }).createMany(count)

test.group('Business limit: POST /api/select-business', (group) => {
  isolated(group)

  test('an owner in the trial can add many businesses', async ({ client, assert }) => {
    const owner = await UserFactory.create()

    for (const index of [10, 11, 12]) {
      const response = await select(client, owner, index)
      response.assertStatus(201)
      assert.isTrue(response.body().created)
    }
    assert.equal(await businessCount(owner.id), 3)
  })

  test('an owner whose trial ended can add 1 business; the 2nd is 403 and not stored', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()

    const first = await select(client, owner, 13)
    const second = await select(client, owner, 14)

    first.assertStatus(201)
    second.assertStatus(403)
    const body = second.body()
    assert.isTrue(body.upgrade)
    assert.isString(body.error)
    assert.include(body.error, 'business limit')
    assert.equal(body.message, body.error)
    assert.equal(await businessCount(owner.id), 1)
    const stored = await db.from('businesses').where('user_id', owner.id).select('place_id')
    assert.deepEqual(
      stored.map((row) => row.place_id),
      [demoCatalogue()[13].place_id]
    )
  })

  test('at the limit, selecting the business already owned returns it', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    const first = await select(client, owner, 15)

    const again = await select(client, owner, 15)

    again.assertStatus(200)
    assert.isFalse(again.body().created)
    assert.equal(again.body().business.id, first.body().business.id)
    assert.equal(await businessCount(owner.id), 1)
  })

  test('businesses added during the trial stay readable; a new one is refused', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    await BusinessFactory.merge({ userId: owner.id }).createMany(2)

    const mine = await client.get('/api/my-businesses').loginAs(owner)
    const added = await select(client, owner, 16)

    mine.assertStatus(200)
    assert.lengthOf(mine.body(), 2)
    added.assertStatus(403)
    assert.isTrue(added.body().upgrade)
    assert.include(added.body().error, 'business limit')
    assert.equal(await businessCount(owner.id), 2)
  })

  test('a Pro owner can add many businesses', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: owner.id, currentPeriodEnd: clock.now().plus({ days: 20 }) })
      .create()

    for (const index of [17, 18, 19]) {
      const response = await select(client, owner, index)
      response.assertStatus(201)
    }
    assert.equal(await businessCount(owner.id), 3)
  })

  test('a cancelled plan still running keeps businesses unlimited', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('cancelled')
      .merge({ userId: owner.id, currentPeriodEnd: clock.now().plus({ days: 5 }) })
      .create()

    const first = await select(client, owner, 20)
    const second = await select(client, owner, 21)

    first.assertStatus(201)
    second.assertStatus(201)
    assert.equal(await businessCount(owner.id), 2)
  })

  test('once the paid period has ended the owner is limited again', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: owner.id, currentPeriodEnd: clock.now().minus({ hours: 1 }) })
      .create()
    await BusinessFactory.merge({ userId: owner.id }).create()

    const response = await select(client, owner, 22)

    response.assertStatus(403)
    assert.isTrue(response.body().upgrade)
    assert.equal(await businessCount(owner.id), 1)
  })
})

test.group('Review limit: by-url and submit', (group) => {
  isolated(group)

  group.each.setup(() => clock.travelTo(MID_APRIL))

  async function limitedBusiness() {
    const owner = await UserFactory.apply('trialExpired').create()
    return BusinessFactory.merge({ userId: owner.id }).create()
  }

  test('50 reviews this month block the 51st for a limited owner', async ({ client, assert }) => {
    const business = await limitedBusiness()
    await sessionsAt(business, 25, utc('2026-04-02T05:00:00Z'))
    await sessionsAt(business, 25, utc('2026-04-15T06:00:00Z'))

    const lookup = await lookUp(client, business)
    const positive = await submit(client, business, 5)
    const negative = await submit(client, business, 2, 'Cold coffee')

    lookup.assertStatus(200)
    assert.isFalse(lookup.body().canSubmitReview)
    assert.isString(lookup.body().message)
    assert.include(lookup.body().message, 'Usage limit exceeded')
    assert.containsSubset(lookup.body().business, {
      name: business.name,
      address: business.address,
      shortUrl: business.shortUrl,
    })
    assert.notProperty(lookup.body().business, 'userId')
    // A complaint is refused with the upgrade answer; a happy customer still goes on to Google, uncounted.
    negative.assertStatus(403)
    assert.isTrue(negative.body().upgrade)
    assert.include(negative.body().error, 'Usage limit exceeded')
    assert.notProperty(negative.body(), 'redirect')
    positive.assertStatus(200)
    assert.deepEqual(positive.body(), { redirect: true, url: business.googleReviewUrl, counted: false })
    assert.equal(await sessionCount(business.id), 50)
  })

  test('49 reviews this month still allow one more, which reaches the limit', async ({ client, assert }) => {
    const business = await limitedBusiness()
    await sessionsAt(business, 49, utc('2026-04-10T05:00:00Z'))

    const lookup = await lookUp(client, business)
    const fiftieth = await submit(client, business, 5)
    const afterwards = await lookUp(client, business)
    const fiftyFirst = await submit(client, business, 3)

    lookup.assertStatus(200)
    assert.isTrue(lookup.body().canSubmitReview)
    assert.notProperty(lookup.body(), 'message')
    fiftieth.assertStatus(200)
    assert.deepEqual(fiftieth.body(), { redirect: true, url: business.googleReviewUrl, counted: true })
    assert.isFalse(afterwards.body().canSubmitReview)
    fiftyFirst.assertStatus(403)
    assert.isTrue(fiftyFirst.body().upgrade)
    assert.equal(await sessionCount(business.id), 50)
  })

  test("last month's reviews do not count", async ({ client, assert }) => {
    const business = await limitedBusiness()
    await sessionsAt(business, 60, utc('2026-03-20T05:00:00Z'))
    await sessionsAt(business, 3, utc('2026-04-03T05:00:00Z'))

    const lookup = await lookUp(client, business)
    const response = await submit(client, business, 5)

    assert.isTrue(lookup.body().canSubmitReview)
    response.assertStatus(200)
    assert.isTrue(response.body().redirect)
    assert.equal(await sessionCount(business.id), 64)
  })

  test("the cap counts the business's own ratings: others' do not use it up", async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    const oldest = await BusinessFactory.merge({ userId: owner.id, createdAt: utc('2026-03-01T05:00:00Z') }).create()
    const newer = await BusinessFactory.merge({ userId: owner.id, createdAt: utc('2026-03-20T05:00:00Z') }).create()
    await sessionsAt(oldest, 10, utc('2026-04-05T05:00:00Z'))
    await sessionsAt(newer, 50, utc('2026-04-05T05:00:00Z'))

    const oldestLookup = await lookUp(client, oldest)
    const oldestSubmit = await submit(client, oldest, 5)

    assert.isTrue(oldestLookup.body().canSubmitReview)
    oldestSubmit.assertStatus(200)
    assert.equal(await sessionCount(oldest.id), 11)
  })

  test('an owner in the trial is not limited at 50 and more', async ({ client, assert }) => {
    const owner = await UserFactory.apply('midTrial').create()
    const business = await BusinessFactory.merge({ userId: owner.id }).create()
    await sessionsAt(business, 55, utc('2026-04-12T05:00:00Z'))

    const lookup = await lookUp(client, business)
    const response = await submit(client, business, 5)

    assert.isTrue(lookup.body().canSubmitReview)
    assert.notProperty(lookup.body(), 'message')
    response.assertStatus(200)
    assert.equal(await sessionCount(business.id), 56)
  })

  test('a Pro owner is not limited at 50 and more', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: owner.id, currentPeriodEnd: MID_APRIL.plus({ days: 20 }) })
      .create()
    const business = await BusinessFactory.merge({ userId: owner.id }).create()
    await sessionsAt(business, 55, utc('2026-04-12T05:00:00Z'))

    const lookup = await lookUp(client, business)
    const response = await submit(client, business, 1, 'Too noisy')

    assert.isTrue(lookup.body().canSubmitReview)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: false, counted: true })
    assert.equal(await sessionCount(business.id), 56)
  })

  test('a review at 20:00 UTC on 31 March belongs to April in India', async ({ client, assert }) => {
    const business = await limitedBusiness()
    await sessionsAt(business, 49, utc('2026-04-10T05:00:00Z'))
    // 2026-03-31T20:00Z is 1 April 01:30 IST.
    await sessionsAt(business, 1, utc('2026-03-31T20:00:00Z'))

    const lookup = await lookUp(client, business)
    const response = await submit(client, business, 2)

    assert.isFalse(lookup.body().canSubmitReview)
    response.assertStatus(403)
    assert.equal(await sessionCount(business.id), 50)
  })

  test('a review one second before IST midnight on 31 March belongs to March', async ({ client, assert }) => {
    const business = await limitedBusiness()
    await sessionsAt(business, 49, utc('2026-04-10T05:00:00Z'))
    // 2026-03-31T18:29:59Z is 31 March 23:59:59 IST; 18:30:00Z is the first instant of April in India.
    await sessionsAt(business, 1, utc('2026-03-31T18:29:59Z'))

    const lookup = await lookUp(client, business)

    assert.isTrue(lookup.body().canSubmitReview)
  })

  test('the review at IST midnight exactly counts for the new month', async ({ client, assert }) => {
    const business = await limitedBusiness()
    await sessionsAt(business, 49, utc('2026-04-10T05:00:00Z'))
    await sessionsAt(business, 1, utc('2026-03-31T18:30:00Z'))

    const lookup = await lookUp(client, business)

    assert.isFalse(lookup.body().canSubmitReview)
  })

  test('just after IST midnight on 1 April (still 31 March in UTC) the count restarts', async ({ client, assert }) => {
    const now = utc('2026-03-31T19:00:00Z') // 1 April 00:30 IST
    clock.travelTo(now)
    const owner = await UserFactory.apply('trialExpired').create()
    const business = await BusinessFactory.merge({ userId: owner.id }).create()
    // Earlier the same UTC day, but 31 March in India.
    await sessionsAt(business, 50, utc('2026-03-31T10:00:00Z'))

    const lookup = await lookUp(client, business)
    const response = await submit(client, business, 5)

    assert.isTrue(lookup.body().canSubmitReview)
    response.assertStatus(200)
    assert.equal(await sessionCount(business.id), 51)
  })

  test('just before IST midnight on 31 March the March reviews still count', async ({ client, assert }) => {
    const now = utc('2026-03-31T18:00:00Z') // 31 March 23:30 IST
    clock.travelTo(now)
    const owner = await UserFactory.apply('trialExpired').create()
    const business = await BusinessFactory.merge({ userId: owner.id }).create()
    await sessionsAt(business, 50, utc('2026-03-05T10:00:00Z'))

    const lookup = await lookUp(client, business)
    const response = await submit(client, business, 2)

    assert.isFalse(lookup.body().canSubmitReview)
    response.assertStatus(403)
    assert.equal(await sessionCount(business.id), 50)
  })
})

test.group('After the trial: the oldest business keeps working', (group) => {
  isolated(group)

  group.each.setup(() => clock.travelTo(MID_APRIL))

  /** An owner with businesses created at these instants, in this order of ids. */
  async function ownerWith(state: 'trialExpired' | 'midTrial', ...createdAt: string[]) {
    const owner = await UserFactory.apply(state).create()
    const businesses: Business[] = []
    for (const instant of createdAt) businesses.push(await BusinessFactory.merge({ userId: owner.id, createdAt: utc(instant) }).create())
    return { owner, businesses }
  }

  test('an owner with 2 businesses after the trial: the oldest takes a rating, the newer answers 403 upgrade', async ({
    client,
    assert,
  }) => {
    const {
      businesses: [oldest, newer],
    } = await ownerWith('trialExpired', '2026-03-01T05:00:00Z', '2026-03-20T05:00:00Z')

    const oldestLookup = await lookUp(client, oldest)
    const newerLookup = await lookUp(client, newer)
    const oldestRating = await submit(client, oldest, 2, 'Slow service')
    const newerRating = await submit(client, newer, 2, 'Slow service')
    const newerHappy = await submit(client, newer, 5)

    oldestLookup.assertStatus(200)
    assert.isTrue(oldestLookup.body().canSubmitReview)
    assert.notProperty(oldestLookup.body(), 'message')
    newerLookup.assertStatus(200)
    assert.isFalse(newerLookup.body().canSubmitReview)
    assert.equal(newerLookup.body().message, BUSINESS_PAUSED_MESSAGE)
    assert.include(newerLookup.body().message, 'Usage limit exceeded')
    oldestRating.assertStatus(200)
    assert.deepEqual(oldestRating.body(), { redirect: false, counted: true })
    newerRating.assertStatus(403)
    assert.isTrue(newerRating.body().upgrade)
    assert.equal(newerRating.body().error, BUSINESS_PAUSED_MESSAGE)
    // A happy customer of the paused business still goes on to Google, uncounted.
    assert.deepEqual(newerHappy.body(), { redirect: true, url: newer.googleReviewUrl, counted: false })
    assert.equal(await sessionCount(oldest.id), 1)
    assert.equal(await sessionCount(newer.id), 0)
  })

  test('after the trial a paused business sends no review requests; the oldest still does', async ({ client, assert }) => {
    const {
      owner,
      businesses: [oldest, newer],
    } = await ownerWith('trialExpired', '2026-03-01T05:00:00Z', '2026-03-20T05:00:00Z')
    const ask = (business: Business) =>
      client
        .post('/api/review-requests')
        .json({ businessId: business.id, channel: 'whatsapp_link', customer: { name: 'Asha', phone: '9876543210', consent: true } })
        .loginAs(owner)

    const paused = await ask(newer)
    const working = await ask(oldest)

    paused.assertStatus(403)
    assert.isTrue(paused.body().upgrade)
    assert.equal(paused.body().error, BUSINESS_PAUSED_MESSAGE)
    working.assertStatus(201)
    const stored = await db.from('review_requests').select('business_id')
    assert.deepEqual(
      stored.map((row) => row.business_id),
      [oldest.id]
    )
  })

  test('oldest means created first, whatever the ids say; equal times go to the lower id', async ({ client, assert }) => {
    const {
      businesses: [addedLater, addedFirst],
    } = await ownerWith('trialExpired', '2026-03-20T05:00:00Z', '2026-03-01T05:00:00Z')
    const {
      businesses: [lowerId, higherId],
    } = await ownerWith('trialExpired', '2026-03-05T05:00:00Z', '2026-03-05T05:00:00Z')

    assert.isFalse((await lookUp(client, addedLater)).body().canSubmitReview)
    assert.isTrue((await lookUp(client, addedFirst)).body().canSubmitReview)
    assert.isTrue((await lookUp(client, lowerId)).body().canSubmitReview)
    assert.isFalse((await lookUp(client, higherId)).body().canSubmitReview)
  })

  test('the oldest still stops at 50 ratings this month', async ({ client, assert }) => {
    const {
      businesses: [oldest],
    } = await ownerWith('trialExpired', '2026-03-01T05:00:00Z', '2026-03-20T05:00:00Z')
    await sessionsAt(oldest, 50, utc('2026-04-02T05:00:00Z'))

    const lookup = await lookUp(client, oldest)
    const rating = await submit(client, oldest, 1)

    assert.isFalse(lookup.body().canSubmitReview)
    assert.equal(lookup.body().message, REVIEW_LIMIT_MESSAGE)
    rating.assertStatus(403)
    assert.equal(await sessionCount(oldest.id), 50)
  })

  test('once the oldest is removed, the next oldest keeps working', async ({ client, assert }) => {
    const {
      owner,
      businesses: [oldest, middle, newest],
    } = await ownerWith('trialExpired', '2026-03-01T05:00:00Z', '2026-03-10T05:00:00Z', '2026-03-20T05:00:00Z')
    assert.isFalse((await lookUp(client, middle)).body().canSubmitReview)

    const removed = await client.delete(`/api/business/${oldest.id}`).loginAs(owner)

    removed.assertStatus(200)
    assert.isTrue((await lookUp(client, middle)).body().canSubmitReview)
    ;(await submit(client, middle, 3)).assertStatus(200)
    ;(await submit(client, newest, 3)).assertStatus(403)
  })

  test('during the trial and with Pro every business collects', async ({ client, assert }) => {
    const trial = await ownerWith('midTrial', '2026-03-01T05:00:00Z', '2026-03-20T05:00:00Z')
    const pro = await ownerWith('trialExpired', '2026-03-01T05:00:00Z', '2026-03-20T05:00:00Z')
    await SubscriptionFactory.apply('pro')
      .merge({ userId: pro.owner.id, currentPeriodEnd: MID_APRIL.plus({ days: 20 }) })
      .create()

    for (const business of [...trial.businesses, ...pro.businesses]) {
      assert.isTrue((await lookUp(client, business)).body().canSubmitReview)
      ;(await submit(client, business, 2)).assertStatus(200)
    }
  })

  test('the trial status names the business that keeps working and the paused ones, oldest first', async ({ client, assert }) => {
    const { owner, businesses } = await ownerWith('trialExpired', '2026-03-20T05:00:00Z', '2026-03-01T05:00:00Z', '2026-03-10T05:00:00Z')
    const [third, first, second] = businesses
    const empty = await UserFactory.apply('midTrial').create()

    const status = await client.get('/api/billing/trial-status').loginAs(owner)
    const none = await client.get('/api/billing/trial-status').loginAs(empty)

    status.assertStatus(200)
    assert.deepEqual(status.body().freePlan, {
      keepsWorking: { id: first.id, name: first.name },
      paused: [
        { id: second.id, name: second.name },
        { id: third.id, name: third.name },
      ],
    })
    assert.deepEqual(none.body().freePlan, { keepsWorking: null, paused: [] })
  })
})
