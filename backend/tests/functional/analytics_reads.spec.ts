/*
 * Concurrent reads of one business's analytics share one computation (analytics_reads.ts), and a write that
 * changes the figures makes later reads compute afresh.
 */
import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { BusinessFactory, UserFactory } from '#database/factories/index'
import ReviewSession from '#models/review_session'
import ResolveFeedback from '#actions/reviews/resolve_feedback'
import DeleteBusiness from '#actions/businesses/delete_business'
import { AnalyticsReads, analyticsReads } from '#hot_path/analytics_reads'
import { reviewSessionWriter } from '#hot_path/review_session_writer'

/** A computation that stays open until `finish` is called; `runs` counts how often it was started. */
function gated<T>(value: T) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const computation = {
    runs: 0,
    compute: async () => {
      computation.runs += 1
      await gate
      return value
    },
    finish: () => release(),
  }
  return computation
}

test.group('Analytics reads: one computation for concurrent reads', () => {
  test('reads of the same business and key while one computes get its answer; the next read computes again', async ({ assert }) => {
    const reads = new AnalyticsReads()
    const first = gated({ total: 1 })
    const answers = [1, 2, 3].map(() => reads.share(7, 'show', first.compute))
    assert.equal(reads.inFlight, 1)
    first.finish()
    const settled = await Promise.all(answers)

    assert.equal(first.runs, 1)
    assert.deepEqual(settled, [{ total: 1 }, { total: 1 }, { total: 1 }])
    assert.equal(reads.inFlight, 0, 'nothing is kept once answered')

    const second = gated({ total: 2 })
    second.finish()
    assert.deepEqual(await reads.share(7, 'show', second.compute), { total: 2 })
    assert.equal(second.runs, 1)
  })

  test('another business or another key computes on its own', async ({ assert }) => {
    const reads = new AnalyticsReads()
    const computations = [gated('a'), gated('b'), gated('c')]
    const answers = [
      reads.share(1, 'show', computations[0].compute),
      reads.share(2, 'show', computations[1].compute),
      reads.share(1, 'daily:30', computations[2].compute),
    ]
    computations.forEach((computation) => computation.finish())

    assert.deepEqual(await Promise.all(answers), ['a', 'b', 'c'])
    assert.deepEqual(
      computations.map((computation) => computation.runs),
      [1, 1, 1]
    )
  })

  test('a failed computation fails the reads that joined it and is not kept', async ({ assert }) => {
    const reads = new AnalyticsReads()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const failing = async () => {
      await gate
      throw new Error('database unreachable')
    }
    const answers = [reads.share(3, 'show', failing), reads.share(3, 'show', failing)].map((answer) =>
      answer.catch((error: Error) => error.message)
    )
    release()
    assert.deepEqual(await Promise.all(answers), ['database unreachable', 'database unreachable'])
    assert.equal(reads.inFlight, 0)
    assert.equal(await reads.share(3, 'show', async () => 'recovered'), 'recovered')
  })

  test('after forget, reads compute afresh while those that joined before keep their answer', async ({ assert }) => {
    const reads = new AnalyticsReads()
    const before = gated('before the write')
    const joinedBefore = reads.share(5, 'show', before.compute)
    reads.forget(5)
    const after = gated('after the write')
    const joinedAfter = reads.share(5, 'show', after.compute)
    before.finish()
    after.finish()

    assert.equal(await joinedBefore, 'before the write')
    assert.equal(await joinedAfter, 'after the write')
    assert.equal(before.runs + after.runs, 2)
  })
})

test.group('Analytics reads: writes that change the figures', (group) => {
  isolated(group)

  /** Starts a held computation for the business; answers whether a read after `write` computed afresh. */
  async function readsAfresh(businessId: number, write: () => Promise<unknown>) {
    const held = gated('held')
    const heldAnswer = analyticsReads.share(businessId, 'show', held.compute)
    await write()
    const next = gated('next')
    next.finish()
    const nextAnswer = analyticsReads.share(businessId, 'show', next.compute)
    held.finish()
    await heldAnswer
    return next.runs === 1 && (await nextAnswer) === 'next'
  }

  test('a rating stored by the writer makes the next read of its business compute afresh', async ({ assert }) => {
    const user = await UserFactory.create()
    const business = await BusinessFactory.merge({ userId: user.id }).create()
    const other = await BusinessFactory.merge({ userId: user.id }).create()
    const rating = () =>
      reviewSessionWriter.insert({
        business_id: business.id,
        rating: 2,
        feedback: 'Cold food',
        redirected: false,
        client_fingerprint: 'c'.repeat(64),
        created_at: new Date(),
        contact_name: null,
        contact_phone: null,
        review_request_id: null,
        staff_id: null,
        language: null,
      })

    assert.isTrue(await readsAfresh(business.id, rating))
    assert.isFalse(await readsAfresh(other.id, rating), "another business's reads may still share")
  })

  test('a feedback resolved by the action makes the next read of its business compute afresh', async ({ assert }) => {
    const user = await UserFactory.create()
    const business = await BusinessFactory.merge({ userId: user.id }).create()
    const session = await ReviewSession.create({ businessId: business.id, rating: 1, feedback: 'Rude staff', redirected: false })

    assert.isTrue(await readsAfresh(business.id, () => new ResolveFeedback().handle(session, true)))
    // A save that no action announces does not forget: the reads of that business may still share.
    assert.isFalse(
      await readsAfresh(business.id, async () => {
        session.resolvedAt = null
        await session.save()
      })
    )
  })

  test('a business deleted by the action makes the next read of its figures compute afresh', async ({ assert }) => {
    const user = await UserFactory.create()
    const business = await BusinessFactory.merge({ userId: user.id }).create()
    assert.isTrue(await readsAfresh(business.id, () => new DeleteBusiness().handle(business, user)))
  })

  test('concurrent owner requests of one business all get the full analytics answer', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const business = await BusinessFactory.merge({ userId: user.id }).create()
    await ReviewSession.createMany([
      { businessId: business.id, rating: 5, redirected: true },
      { businessId: business.id, rating: 2, feedback: 'Slow service', redirected: false },
    ])

    const responses = await Promise.all(Array.from({ length: 6 }, () => client.get(`/api/analytics/${business.id}`).loginAs(user)))

    for (const response of responses) {
      response.assertStatus(200)
      assert.equal(response.body().business.id, business.id)
      assert.equal(response.body().analytics.totalSessions, 2)
      assert.lengthOf(response.body().sessions, 2)
      assert.lengthOf(response.body().reviews, 1)
    }
    assert.equal(analyticsReads.inFlight, 0)
  })
})
