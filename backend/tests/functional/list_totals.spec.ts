/*
 * `x-total-count` of a business's unfiltered session and feedback lists comes from the analytics counts
 * (rollups for rolled days plus the live rows after them), so the dashboard's first page of a business with a
 * million sessions is not a COUNT over a million rows (scripts/bench/analytics-scale.mjs). Any other filter
 * counts the matching rows as before. Either way the total equals the raw count.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import RollupAnalytics from '#actions/analytics/rollup_analytics'
import { UserFactory } from '#database/factories/index'
import { ownerWithBusiness } from '#tests/helpers/owners'

/** Ratings on days long rolled up and today (live): 9 sessions, 5 of them rated 3 or below. */
async function businessWithHistory() {
  const now = DateTime.utc()
  const specs = [
    { rating: 5, days: 40 },
    { rating: 1, days: 40 },
    { rating: 3, days: 10 },
    { rating: 4, days: 10 },
    { rating: 2, days: 3 },
    { rating: 5, days: 3 },
    { rating: 1, days: 0 },
    { rating: 3, days: 0 },
    { rating: 5, days: 0 },
  ]
  const owner = await ownerWithBusiness({
    sessions: specs.map(({ rating, days }, index) => ({
      rating,
      feedback: rating <= 3 ? `complaint ${index}` : null,
      createdAt: days === 0 ? now.minus({ seconds: index + 1 }) : now.minus({ days }),
    })),
  })
  await new RollupAnalytics().handle()
  return owner
}

test.group('List totals of one business', (group) => {
  isolated(group)

  test('the unfiltered lists of a business count every session and every feedback, rolled and live', async ({ client, assert }) => {
    const { user, business } = await businessWithHistory()
    const [{ watermark }] = await db.from('analytics_rollup_state').select('rolled_through as watermark')
    assert.isNotNull(watermark, 'the rollup ran')

    const sessions = await client.get(`/api/review-sessions?businessId=${business.id}&_start=0&_end=2`).loginAs(user)
    sessions.assertStatus(200)
    assert.equal(sessions.header('x-total-count'), '9')
    assert.lengthOf(sessions.body(), 2)

    const feedbacks = await client.get(`/api/feedbacks?businessId=${business.id}&_start=0&_end=2`).loginAs(user)
    feedbacks.assertStatus(200)
    assert.equal(feedbacks.header('x-total-count'), '5')
  })

  test('the total of an unfiltered business list is read from the rollups, not counted', async ({ client, assert }) => {
    const { user, business } = await businessWithHistory()
    // Make the rolled counts differ from the rows, to see which one the total comes from.
    await db.from('analytics_daily').where('business_id', business.id).increment({ sessions: 100, negative: 10 })

    const sessions = await client.get(`/api/review-sessions?businessId=${business.id}`).loginAs(user)
    assert.equal(sessions.header('x-total-count'), String(9 + 100 * 3))
    const feedbacks = await client.get(`/api/feedbacks?businessId=${business.id}`).loginAs(user)
    assert.equal(feedbacks.header('x-total-count'), String(5 + 10 * 3))

    // Any other filter counts the matching rows.
    const filtered = await client.get(`/api/review-sessions?businessId=${business.id}&rating_gte=1`).loginAs(user)
    assert.equal(filtered.header('x-total-count'), '9')
    const unfiltered = await client.get('/api/review-sessions').loginAs(user)
    assert.equal(unfiltered.header('x-total-count'), '9')
  })

  test("another owner's business id gives an empty list and a zero total", async ({ client, assert }) => {
    const { business } = await businessWithHistory()
    const stranger = await UserFactory.create()

    for (const path of ['review-sessions', 'feedbacks']) {
      const response = await client.get(`/api/${path}?businessId=${business.id}`).loginAs(stranger)
      response.assertStatus(200)
      assert.deepEqual(response.body(), [])
      assert.equal(response.header('x-total-count'), '0')
    }
  })

  test('an invalid business id is still a 422', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/api/review-sessions?businessId=abc').loginAs(user)
    response.assertStatus(422)
  })
})
