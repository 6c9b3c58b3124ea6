/*
 * The owner's inboxes (docs/screens.md "/feedbacks", docs/decisions.md D2, D13, D14 "resolvedAt"): private feedback (sessions rated
 * 3 or below) and all review sessions, as Refine simple-rest lists with filters, paging and `x-total-count`.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness, seedSessions } from '#tests/helpers/owners'
import { BusinessFactory, CustomerFactory, ReviewRequestFactory, ReviewSessionFactory, StaffFactory } from '#database/factories/index'
import type { ApiResponse } from '@japa/api-client'
import type ReviewSession from '#models/review_session'
import type { ReviewSessionDto } from '#types/api'

/**
 * Owner A with two businesses and a mix of ratings, owner B with one business. Times are whole seconds
 * (the ORM stores seconds) and distinct, so "newest first" is unambiguous.
 */
async function twoOwners() {
  const now = DateTime.utc().startOf('second')
  const ago = (minutes: number) => now.minus({ minutes })
  const { user: owner, business: first } = await ownerWithBusiness()
  const second = await BusinessFactory.merge({ userId: owner.id }).create()
  const { user: stranger, business: strangers } = await ownerWithBusiness()

  const [oneStar, twoStar, threeStar, fourStar, fiveStar] = await seedSessions(first.id, [
    { rating: 1, feedback: 'Too slow', createdAt: ago(60) },
    { rating: 2, feedback: 'rude staff', createdAt: ago(120) },
    { rating: 3, feedback: null, createdAt: ago(180) },
    { rating: 4, createdAt: ago(240) },
    { rating: 5, createdAt: ago(300) },
  ])
  const [secondTwoStar, secondThreeStar, secondFiveStar] = await seedSessions(second.id, [
    { rating: 2, feedback: 'cold food', createdAt: ago(30) },
    { rating: 3, feedback: 'Service SLOW at lunch', createdAt: ago(360) },
    { rating: 5, createdAt: ago(10) },
  ])
  const [strangerOne, strangerFive] = await seedSessions(strangers.id, [
    { rating: 1, feedback: 'stranger complaint', createdAt: ago(1) },
    { rating: 5, createdAt: ago(2) },
  ])

  return {
    owner,
    first,
    second,
    stranger,
    strangers,
    s: {
      oneStar,
      twoStar,
      threeStar,
      fourStar,
      fiveStar,
      secondTwoStar,
      secondThreeStar,
      secondFiveStar,
      strangerOne,
      strangerFive,
    },
  }
}

const ids = (body: ReviewSessionDto[]) => body.map((row) => row.id)

/** A serialized session with its times read as instants (the zone suffix is the server's choice). */
function asInstants(row: ReviewSessionDto) {
  const millis = (value: string | null) => (value === null ? null : DateTime.fromISO(value).toMillis())
  return {
    ...row,
    createdAt: millis(row.createdAt),
    timestamp: millis(row.timestamp),
    resolvedAt: millis(row.resolvedAt),
  }
}

const idsOf = (...rows: ReviewSession[]) => rows.map((row) => row.id)
const total = (response: ApiResponse) => response.header('x-total-count')

test.group('Feedback list: GET /api/feedbacks', (group) => {
  isolated(group)

  test("lists only the owner's sessions rated 3 or below, newest first, with the total", async ({ client, assert }) => {
    const { owner, first, s } = await twoOwners()

    const response = await client.get('/api/feedbacks').loginAs(owner)

    response.assertStatus(200)
    assert.isArray(response.body())
    assert.deepEqual(ids(response.body()), idsOf(s.secondTwoStar, s.oneStar, s.twoStar, s.threeStar, s.secondThreeStar))
    assert.equal(total(response), '5')
    assert.deepEqual(asInstants(response.body()[1]), {
      id: s.oneStar.id,
      businessId: first.id,
      rating: 1,
      feedback: 'Too slow',
      redirected: false,
      resolved: false,
      resolvedAt: null,
      createdAt: s.oneStar.createdAt.toMillis(),
      timestamp: s.oneStar.createdAt.toMillis(),
      contactName: null,
      contactPhone: null,
      reviewRequestId: null,
      customer: null,
      language: null,
      staff: null,
      source: 'page',
      voiceNote: null,
    })
  })

  test("filters by business, and another owner's business gives nothing", async ({ client, assert }) => {
    const { owner, first, strangers, s } = await twoOwners()

    const mine = await client.get('/api/feedbacks').qs({ businessId: first.id }).loginAs(owner)
    const theirs = await client.get('/api/feedbacks').qs({ businessId: strangers.id }).loginAs(owner)

    mine.assertStatus(200)
    assert.deepEqual(ids(mine.body()), idsOf(s.oneStar, s.twoStar, s.threeStar))
    assert.equal(total(mine), '3')
    theirs.assertStatus(200)
    assert.deepEqual(theirs.body(), [])
    assert.equal(total(theirs), '0')
  })

  test('filters by rating; positive ratings never show up', async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const twos = await client.get('/api/feedbacks').qs({ rating: 2 }).loginAs(owner)
    const fives = await client.get('/api/feedbacks').qs({ rating: 5 }).loginAs(owner)
    const atLeastThree = await client.get('/api/feedbacks?rating_gte=3').loginAs(owner)

    twos.assertStatus(200)
    assert.deepEqual(ids(twos.body()), idsOf(s.secondTwoStar, s.twoStar))
    assert.equal(total(twos), '2')
    fives.assertStatus(200)
    assert.deepEqual(fives.body(), [])
    assert.equal(total(fives), '0')
    atLeastThree.assertStatus(200)
    assert.deepEqual(ids(atLeastThree.body()), idsOf(s.threeStar, s.secondThreeStar))
  })

  test('filters by the text of the feedback, case-insensitively and literally', async ({ client, assert }) => {
    const { owner, first, s } = await twoOwners()
    const [percent] = await seedSessions(first.id, [
      { rating: 2, feedback: 'paid 50% more', createdAt: DateTime.utc().minus({ days: 2 }).startOf('second') },
    ])

    const slow = await client.get('/api/feedbacks').qs({ feedback_like: 'SLOW' }).loginAs(owner)
    const literal = await client.get('/api/feedbacks?feedback_like=%25').loginAs(owner)
    const underscore = await client.get('/api/feedbacks?feedback_like=_').loginAs(owner)

    slow.assertStatus(200)
    assert.deepEqual(ids(slow.body()), idsOf(s.oneStar, s.secondThreeStar))
    assert.equal(total(slow), '2')
    literal.assertStatus(200)
    assert.deepEqual(ids(literal.body()), [percent.id])
    underscore.assertStatus(200)
    assert.deepEqual(underscore.body(), [])
  })

  test('filters by resolved', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const now = DateTime.utc().startOf('second')
    const [open, handled, alsoOpen, handledToo] = await seedSessions(business.id, [
      { rating: 1, feedback: 'a', createdAt: now.minus({ minutes: 1 }) },
      { rating: 2, feedback: 'b', createdAt: now.minus({ minutes: 2 }), resolvedAt: now },
      { rating: 3, feedback: 'c', createdAt: now.minus({ minutes: 3 }) },
      { rating: 3, feedback: 'd', createdAt: now.minus({ minutes: 4 }), resolvedAt: now },
    ])

    const resolved = await client.get('/api/feedbacks?resolved=true').loginAs(owner)
    const unresolved = await client.get('/api/feedbacks?resolved=false').loginAs(owner)

    resolved.assertStatus(200)
    assert.deepEqual(ids(resolved.body()), idsOf(handled, handledToo))
    assert.isTrue(resolved.body().every((row: ReviewSessionDto) => row.resolved === true && typeof row.resolvedAt === 'string'))
    assert.equal(total(resolved), '2')
    unresolved.assertStatus(200)
    assert.deepEqual(ids(unresolved.body()), idsOf(open, alsoOpen))
    assert.equal(total(unresolved), '2')
  })

  test('a bare date is a whole India day, both ends inclusive', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    const [before, start, middle, end, after] = await seedSessions(business.id, [
      // 2024-03-09 23:59:59 IST
      { rating: 1, feedback: 'before', createdAt: utc('2024-03-09T18:29:59Z') },
      // 2024-03-10 00:00:00 IST
      { rating: 2, feedback: 'start', createdAt: utc('2024-03-09T18:30:00Z') },
      { rating: 3, feedback: 'middle', createdAt: utc('2024-03-10T06:00:00Z') },
      // 2024-03-10 23:59:59 IST
      { rating: 2, feedback: 'end', createdAt: utc('2024-03-10T18:29:59Z') },
      // 2024-03-11 00:00:00 IST
      { rating: 1, feedback: 'after', createdAt: utc('2024-03-10T18:30:00Z') },
    ])

    const from = await client.get('/api/feedbacks').qs({ createdAt_gte: '2024-03-10' }).loginAs(owner)
    const until = await client.get('/api/feedbacks').qs({ createdAt_lte: '2024-03-10' }).loginAs(owner)
    const day = await client.get('/api/feedbacks').qs({ createdAt_gte: '2024-03-10', createdAt_lte: '2024-03-10' }).loginAs(owner)
    const instant = await client
      .get('/api/feedbacks?createdAt_gte=2024-03-10T11%3A30%3A00%2B05%3A30&createdAt_lte=2024-03-10T06%3A00%3A00Z')
      .loginAs(owner)

    from.assertStatus(200)
    assert.deepEqual(ids(from.body()), idsOf(after, end, middle, start))
    until.assertStatus(200)
    assert.deepEqual(ids(until.body()), idsOf(end, middle, start, before))
    day.assertStatus(200)
    assert.deepEqual(ids(day.body()), idsOf(end, middle, start))
    assert.equal(total(day), '3')
    instant.assertStatus(200)
    assert.deepEqual(ids(instant.body()), idsOf(middle))
  })

  test('pages with _start/_end add up to the whole list', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const now = DateTime.utc().startOf('second')
    const sessions = await seedSessions(
      business.id,
      Array.from({ length: 7 }, (_, i) => ({
        rating: (i % 3) + 1,
        feedback: `note ${i}`,
        createdAt: now.minus({ hours: i }),
      }))
    )

    const all = await client.get('/api/feedbacks').loginAs(owner)
    const pages = []
    for (const [start, end] of [
      [0, 3],
      [3, 6],
      [6, 9],
    ]) {
      pages.push(await client.get(`/api/feedbacks?_start=${start}&_end=${end}`).loginAs(owner))
    }

    assert.deepEqual(ids(all.body()), idsOf(...sessions))
    assert.deepEqual(
      pages.map((page) => ids(page.body()).length),
      [3, 3, 1]
    )
    assert.deepEqual(pages.map(total), ['7', '7', '7'])
    assert.deepEqual(
      pages.flatMap((page) => ids(page.body())),
      ids(all.body())
    )
  })

  test('paging stays consistent when sessions share the same time', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const sameTime = DateTime.utc().minus({ hours: 1 }).startOf('second')
    const sessions = await seedSessions(
      business.id,
      Array.from({ length: 6 }, (_, i) => ({ rating: (i % 3) + 1, feedback: `same ${i}`, createdAt: sameTime }))
    )

    const seen: number[] = []
    for (const start of [0, 2, 4]) {
      const page = await client.get(`/api/feedbacks?_start=${start}&_end=${start + 2}`).loginAs(owner)
      page.assertStatus(200)
      assert.equal(total(page), '6')
      seen.push(...ids(page.body()))
    }

    assert.lengthOf(seen, 6)
    assert.sameMembers(seen, idsOf(...sessions))
  })

  test('sorts oldest first when asked', async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const response = await client.get('/api/feedbacks?_sort=createdAt&_order=asc').loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(ids(response.body()), idsOf(s.secondThreeStar, s.threeStar, s.twoStar, s.oneStar, s.secondTwoStar))
  })

  test('bad filter values, unknown filters and unknown sort fields are a 422', async ({ client, assert }) => {
    const { owner } = await twoOwners()
    const queries = [
      ['rating=abc', 'rating'],
      ['resolved=maybe', 'resolved'],
      ['createdAt_gte=notadate', 'createdAt_gte'],
      ['createdAt_lte=2024-13-45', 'createdAt_lte'],
      ['foo=1', 'foo'],
      ['_sort=password', '_sort'],
      ['_sort=createdAt&_order=sideways', '_order'],
      ['businessId=abc', 'businessId'],
      ['_start=-1', '_start'],
      ['_start=5&_end=2', '_end'],
    ]

    for (const [query, field] of queries) {
      const response = await client.get(`/api/feedbacks?${query}`).loginAs(owner)
      assert.equal(response.status(), 422, query)
      assert.equal(response.body().errors?.[0]?.field, field, query)
      assert.isString(response.body().error, query)
    }
  })
})

test.group('One feedback: GET /api/feedbacks/:id', (group) => {
  isolated(group)

  test('the owner reads their feedback', async ({ client, assert }) => {
    const { owner, second, s } = await twoOwners()

    const response = await client.get(`/api/feedbacks/${s.secondThreeStar.id}`).loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(asInstants(response.body()), {
      id: s.secondThreeStar.id,
      businessId: second.id,
      rating: 3,
      feedback: 'Service SLOW at lunch',
      redirected: false,
      resolved: false,
      resolvedAt: null,
      createdAt: s.secondThreeStar.createdAt.toMillis(),
      timestamp: s.secondThreeStar.createdAt.toMillis(),
      contactName: null,
      contactPhone: null,
      reviewRequestId: null,
      customer: null,
      language: null,
      staff: null,
      source: 'page',
      voiceNote: null,
    })
  })

  test("another owner's feedback is a 404", async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const response = await client.get(`/api/feedbacks/${s.strangerOne.id}`).loginAs(owner)

    response.assertStatus(404)
    assert.isString(response.body().error)
    assert.notInclude(JSON.stringify(response.body()), 'stranger complaint')
  })

  test('a positive session is not feedback: 404', async ({ client }) => {
    const { owner, s } = await twoOwners()

    const four = await client.get(`/api/feedbacks/${s.fourStar.id}`).loginAs(owner)
    const five = await client.get(`/api/feedbacks/${s.fiveStar.id}`).loginAs(owner)

    four.assertStatus(404)
    five.assertStatus(404)
  })

  test('a missing id is a 404', async ({ client }) => {
    const { owner } = await twoOwners()

    const response = await client.get('/api/feedbacks/999999999').loginAs(owner)

    response.assertStatus(404)
  })
})

test.group('Resolve feedback: PATCH /api/feedbacks/:id', (group) => {
  isolated(group)

  const resolvedAtOf = async (id: number) =>
    (await db.from('review_sessions').where('id', id).select('resolved_at').firstOrFail()).resolved_at

  test('{resolved: true} marks the feedback resolved now', async ({ client, assert }) => {
    const { owner, s } = await twoOwners()
    const before = DateTime.utc().minus({ seconds: 2 })

    const response = await client.patch(`/api/feedbacks/${s.twoStar.id}`).json({ resolved: true }).loginAs(owner)

    response.assertStatus(200)
    assert.equal(response.body().id, s.twoStar.id)
    assert.strictEqual(response.body().resolved, true)
    const resolvedAt = DateTime.fromISO(response.body().resolvedAt)
    assert.isTrue(resolvedAt.isValid)
    assert.isAtLeast(resolvedAt.toMillis(), before.toMillis())
    assert.isAtMost(resolvedAt.toMillis(), DateTime.utc().plus({ seconds: 2 }).toMillis())
    assert.isNotNull(await resolvedAtOf(s.twoStar.id))
    assert.isNull(await resolvedAtOf(s.oneStar.id))
  })

  test('{resolved: false} reopens it', async ({ client, assert }) => {
    const { owner, s } = await twoOwners()
    await client.patch(`/api/feedbacks/${s.twoStar.id}`).json({ resolved: true }).loginAs(owner)
    assert.isNotNull(await resolvedAtOf(s.twoStar.id))

    const response = await client.patch(`/api/feedbacks/${s.twoStar.id}`).json({ resolved: false }).loginAs(owner)

    response.assertStatus(200)
    assert.strictEqual(response.body().resolved, false)
    assert.isNull(response.body().resolvedAt)
    assert.isNull(await resolvedAtOf(s.twoStar.id))
  })

  test('a resolved flag that is not a JSON boolean is a 422 and changes nothing', async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    for (const body of [{ resolved: 'yes' }, { resolved: 1 }, { resolved: null }, {}]) {
      const response = await client.patch(`/api/feedbacks/${s.twoStar.id}`).json(body).loginAs(owner)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(response.body().errors?.[0]?.field, 'resolved', JSON.stringify(body))
    }
    assert.isNull(await resolvedAtOf(s.twoStar.id))
  })

  test("another owner's feedback is a 404 and stays as it was", async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const response = await client.patch(`/api/feedbacks/${s.strangerOne.id}`).json({ resolved: true }).loginAs(owner)

    response.assertStatus(404)
    assert.isNull(await resolvedAtOf(s.strangerOne.id))
  })

  test('a positive session cannot be resolved: 404', async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const response = await client.patch(`/api/feedbacks/${s.fiveStar.id}`).json({ resolved: true }).loginAs(owner)

    response.assertStatus(404)
    assert.isNull(await resolvedAtOf(s.fiveStar.id))
  })
})

test.group('Review session list: GET /api/review-sessions', (group) => {
  isolated(group)

  test("lists all the owner's sessions, every rating, newest first, with the total", async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const response = await client.get('/api/review-sessions').loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(
      ids(response.body()),
      idsOf(s.secondFiveStar, s.secondTwoStar, s.oneStar, s.twoStar, s.threeStar, s.fourStar, s.fiveStar, s.secondThreeStar)
    )
    assert.equal(total(response), '8')
  })

  test('filters by business, rating and rating range', async ({ client, assert }) => {
    const { owner, second, strangers, s } = await twoOwners()

    const ofSecond = await client.get('/api/review-sessions').qs({ businessId: second.id }).loginAs(owner)
    const ofStranger = await client.get('/api/review-sessions').qs({ businessId: strangers.id }).loginAs(owner)
    const fives = await client.get('/api/review-sessions').qs({ rating: 5 }).loginAs(owner)
    const positive = await client.get('/api/review-sessions?rating_gte=4').loginAs(owner)
    const low = await client.get('/api/review-sessions?rating_lte=2').loginAs(owner)

    assert.deepEqual(ids(ofSecond.body()), idsOf(s.secondFiveStar, s.secondTwoStar, s.secondThreeStar))
    assert.equal(total(ofSecond), '3')
    assert.deepEqual(ofStranger.body(), [])
    assert.equal(total(ofStranger), '0')
    assert.deepEqual(ids(fives.body()), idsOf(s.secondFiveStar, s.fiveStar))
    assert.deepEqual(ids(positive.body()), idsOf(s.secondFiveStar, s.fourStar, s.fiveStar))
    assert.equal(total(positive), '3')
    assert.deepEqual(ids(low.body()), idsOf(s.secondTwoStar, s.oneStar, s.twoStar))
  })

  test('filters by redirected', async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const redirected = await client.get('/api/review-sessions?redirected=true').loginAs(owner)
    const kept = await client.get('/api/review-sessions?redirected=false').loginAs(owner)

    redirected.assertStatus(200)
    assert.deepEqual(ids(redirected.body()), idsOf(s.secondFiveStar, s.fourStar, s.fiveStar))
    assert.isTrue(redirected.body().every((row: ReviewSessionDto) => row.redirected === true))
    kept.assertStatus(200)
    assert.deepEqual(ids(kept.body()), idsOf(s.secondTwoStar, s.oneStar, s.twoStar, s.threeStar, s.secondThreeStar))
    assert.equal(total(kept), '5')
  })

  test('filters by whether the session carries feedback text', async ({ client, assert }) => {
    const { owner, first, s } = await twoOwners()

    const sessions = (qs: Record<string, unknown>) => client.get('/api/review-sessions').qs(qs).loginAs(owner)
    const withText = await sessions({ businessId: first.id, rating_lte: 3, hasFeedback: 'true' })
    const withoutText = await sessions({ businessId: first.id, hasFeedback: 'false' })
    const junk = await client.get('/api/review-sessions?hasFeedback=yes').loginAs(owner)

    withText.assertStatus(200)
    assert.deepEqual(ids(withText.body()), idsOf(s.oneStar, s.twoStar))
    assert.equal(total(withText), '2')
    assert.deepEqual(ids(withoutText.body()), idsOf(s.threeStar, s.fourStar, s.fiveStar))
    junk.assertStatus(422)
  })

  test('filters by a date range in India days', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    const [, first, second] = await seedSessions(business.id, [
      { rating: 5, createdAt: utc('2024-06-30T18:29:59Z') },
      { rating: 4, createdAt: utc('2024-06-30T18:30:00Z') },
      { rating: 2, createdAt: utc('2024-07-02T18:29:59Z') },
      { rating: 1, createdAt: utc('2024-07-02T18:30:00Z') },
    ])

    const response = await client
      .get('/api/review-sessions')
      .qs({ createdAt_gte: '2024-07-01', createdAt_lte: '2024-07-02' })
      .loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(ids(response.body()), idsOf(second, first))
    assert.equal(total(response), '2')
  })

  test('bad filters are a 422', async ({ client, assert }) => {
    const { owner } = await twoOwners()

    for (const query of ['redirected=yes', 'rating_gte=high', 'foo=1', '_sort=clientFingerprint']) {
      const response = await client.get(`/api/review-sessions?${query}`).loginAs(owner)
      assert.equal(response.status(), 422, query)
    }
  })
})

test.group('One review session: GET /api/review-sessions/:id', (group) => {
  isolated(group)

  test('the owner reads any of their sessions', async ({ client, assert }) => {
    const { owner, first, s } = await twoOwners()

    const response = await client.get(`/api/review-sessions/${s.fiveStar.id}`).loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(asInstants(response.body()), {
      id: s.fiveStar.id,
      businessId: first.id,
      rating: 5,
      feedback: null,
      redirected: true,
      resolved: false,
      resolvedAt: null,
      createdAt: s.fiveStar.createdAt.toMillis(),
      timestamp: s.fiveStar.createdAt.toMillis(),
      contactName: null,
      contactPhone: null,
      reviewRequestId: null,
      customer: null,
      language: null,
      staff: null,
      source: 'page',
      voiceNote: null,
    })
  })

  test("another owner's session is a 404", async ({ client, assert }) => {
    const { owner, s } = await twoOwners()

    const response = await client.get(`/api/review-sessions/${s.strangerFive.id}`).loginAs(owner)

    response.assertStatus(404)
    assert.isString(response.body().error)
  })
})

test.group('Ratings through a personal link name their request and customer', (group) => {
  isolated(group)

  /** A complaint through Meera's personal link, next to a walk-in's complaint and a walk-in's 5 stars. */
  async function requestBorne() {
    const { user: owner, business } = await ownerWithBusiness()
    const customer = await CustomerFactory.merge({ businessId: business.id, name: 'Meera Iyer', phone: '+919876543210' }).create()
    const request = await ReviewRequestFactory.apply('sent').merge({ customerId: customer.id }).create()
    const now = DateTime.utc().startOf('second')
    const borne = await ReviewSessionFactory.merge({
      businessId: business.id,
      rating: 2,
      redirected: false,
      feedback: 'Cold dosa',
      reviewRequestId: request.id,
      createdAt: now.minus({ minutes: 1 }),
    }).create()
    const [walkIn] = await seedSessions(business.id, [
      { rating: 1, feedback: 'Too slow', createdAt: now.minus({ minutes: 2 }) },
      { rating: 5, createdAt: now.minus({ minutes: 3 }) },
    ])
    const meera = { name: 'Meera Iyer', phone: '+919876543210', language: null }
    return { owner, business, request, borne, walkIn, meera }
  }

  const requester = ({ id, reviewRequestId, customer }: ReviewSessionDto) => ({ id, reviewRequestId, customer })

  test('the feedback list and one feedback carry the request id and the customer', async ({ client, assert }) => {
    const { owner, request, borne, walkIn, meera } = await requestBorne()

    const list = await client.get('/api/feedbacks').loginAs(owner)
    const one = await client.get(`/api/feedbacks/${borne.id}`).loginAs(owner)

    list.assertStatus(200)
    assert.deepEqual(list.body().map(requester), [
      { id: borne.id, reviewRequestId: request.id, customer: meera },
      { id: walkIn.id, reviewRequestId: null, customer: null },
    ])
    one.assertStatus(200)
    assert.deepEqual(requester(one.body()), { id: borne.id, reviewRequestId: request.id, customer: meera })
  })

  test('marking it resolved answers with the customer too', async ({ client, assert }) => {
    const { owner, request, borne, meera } = await requestBorne()

    const response = await client.patch(`/api/feedbacks/${borne.id}`).json({ resolved: true }).loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(requester(response.body()), { id: borne.id, reviewRequestId: request.id, customer: meera })
  })

  test('the session list, one session and the analytics lists carry them', async ({ client, assert }) => {
    const { owner, business, request, borne, walkIn, meera } = await requestBorne()

    const sessions = await client.get('/api/review-sessions').qs({ businessId: business.id }).loginAs(owner)
    const one = await client.get(`/api/review-sessions/${borne.id}`).loginAs(owner)
    const analytics = await client.get(`/api/analytics/${business.id}`).loginAs(owner)

    const expected = { id: borne.id, reviewRequestId: request.id, customer: meera }
    sessions.assertStatus(200)
    assert.deepEqual(sessions.body().slice(0, 2).map(requester), [expected, { id: walkIn.id, reviewRequestId: null, customer: null }])
    one.assertStatus(200)
    assert.deepEqual(requester(one.body()), expected)
    analytics.assertStatus(200)
    const { sessions: newest, reviews, insights } = analytics.body()
    assert.deepEqual(requester(newest[0]), expected)
    assert.deepEqual(requester(reviews[0]), expected)
    assert.deepEqual(requester(insights.recentLowRated[0]), expected)
  })

  test('another owner sees neither the rating nor the customer', async ({ client, assert }) => {
    const { borne } = await requestBorne()
    const { user: stranger } = await ownerWithBusiness()

    const one = await client.get(`/api/feedbacks/${borne.id}`).loginAs(stranger)
    const list = await client.get('/api/feedbacks').loginAs(stranger)

    one.assertStatus(404)
    list.assertStatus(200)
    for (const response of [one, list]) {
      assert.notInclude(JSON.stringify(response.body()), 'Meera')
      assert.notInclude(JSON.stringify(response.body()), '9876543210')
    }
  })
})

test.group('Ratings through a staff link name the staff member', (group) => {
  isolated(group)

  test('the feedback list, the session list and the analytics lists carry the staff member', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const ravi = await StaffFactory.merge({ businessId: business.id, name: 'Ravi Kumar' }).create()
    const now = DateTime.utc().startOf('second')
    const throughRavi = await ReviewSessionFactory.apply('negative')
      .merge({ businessId: business.id, staffId: ravi.id, createdAt: now.minus({ minutes: 1 }) })
      .create()
    const [walkIn] = await seedSessions(business.id, [{ rating: 1, feedback: 'Too slow', createdAt: now.minus({ minutes: 2 }) }])

    const feedbacks = await client.get('/api/feedbacks').loginAs(owner)
    const sessions = await client.get('/api/review-sessions').qs({ businessId: business.id }).loginAs(owner)
    const analytics = await client.get(`/api/analytics/${business.id}`).loginAs(owner)

    const staffOf = ({ id, staff }: ReviewSessionDto) => ({ id, staff })
    const expected = [
      { id: throughRavi.id, staff: { id: ravi.id, name: 'Ravi Kumar' } },
      { id: walkIn.id, staff: null },
    ]
    assert.deepEqual(feedbacks.body().map(staffOf), expected)
    assert.deepEqual(sessions.body().map(staffOf), expected)
    assert.deepEqual(analytics.body().sessions.map(staffOf), expected)
    assert.deepEqual(analytics.body().insights.recentLowRated.map(staffOf), expected)
  })
})

test.group('Feedback and session endpoints need a valid token', (group) => {
  isolated(group)

  test('every endpoint answers 401 without a token or with a junk one', async ({ client, assert }) => {
    const { s } = await twoOwners()
    const calls = [
      () => client.get('/api/feedbacks'),
      () => client.get(`/api/feedbacks/${s.oneStar.id}`),
      () => client.patch(`/api/feedbacks/${s.oneStar.id}`).json({ resolved: true }),
      () => client.get('/api/review-sessions'),
      () => client.get(`/api/review-sessions/${s.oneStar.id}`),
    ]

    for (const [index, call] of calls.entries()) {
      const anonymous = await call()
      const junk = await call().bearerToken('junk')
      const forged = await call().bearerToken('rr_MTIz.bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtMTIzNDU2Nzg5MA')
      for (const [kind, response] of [
        ['anonymous', anonymous],
        ['junk', junk],
        ['forged', forged],
      ] as const) {
        assert.equal(response.status(), 401, `call ${index} ${kind}`)
        assert.isString(response.body().error, `call ${index} ${kind}`)
      }
    }
    const row = await db.from('review_sessions').where('id', s.oneStar.id).firstOrFail()
    assert.isNull(row.resolved_at)
  })
})
