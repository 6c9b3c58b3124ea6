/*
 * Google reviews in the dashboard overview and the weekly summary (docs/decisions.md D47): for a workspace with a
 * Google connection, the unanswered reviews and the response rate; without one, the overview answers as before and
 * the summary says nothing of Google.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Workspace from '#models/workspace'
import WeeklySummaryJob from '#jobs/weekly_summary_job'
import { clock } from '#lib/clock'
import { fileMailbox } from '#tests/helpers/mailbox'
import { isolated } from '#tests/helpers/setup'
import { connectGoogle } from '#tests/helpers/google_stub'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory, GoogleReviewFactory } from '#database/factories/index'
import env from '#start/env'

const IST = 'Asia/Kolkata'
const MONDAY_IST = DateTime.now().setZone(IST).startOf('week').plus({ weeks: 2 })
const MONDAY = MONDAY_IST.toUTC()
const WEEK_START = MONDAY.minus({ weeks: 1 })
const appLink = (path: string) => `${env.get('APP_URL').replace(/\/+$/, '')}${path}`

let serial = 0

async function connect(workspaceId: number) {
  await connectGoogle(workspaceId)
}

/** One stored Google review of the business. */
async function review(businessId: number, stars: number, { replied = false, at = WEEK_START.minus({ weeks: 3 }), deleted = false } = {}) {
  serial++
  await (deleted ? GoogleReviewFactory.apply('deleted') : GoogleReviewFactory)
    .merge({
      businessId,
      reviewName: `accounts/1/locations/${businessId}/reviews/ov${serial}-${Date.now()}`,
      reviewerName: `Reviewer ${serial}`,
      stars,
      comment: `Review ${serial}`,
      createTime: at,
      replyComment: replied ? 'Thank you' : null,
      replyUpdateTime: replied ? at.plus({ hours: 5 }) : null,
    })
    .create()
}

/** 5 reviews: 2 replied, 3 unanswered (2 of them 1-3 stars); a deleted one that counts nowhere. */
async function seedReviews(businessId: number) {
  await review(businessId, 5, { replied: true })
  await review(businessId, 2, { replied: true })
  await review(businessId, 4)
  await review(businessId, 1, { at: WEEK_START.plus({ days: 2 }) })
  await review(businessId, 3, { at: WEEK_START.plus({ days: 3 }) })
  await review(businessId, 1, { deleted: true })
}

test.group('GET /api/overview: Google reviews', (group) => {
  isolated(group)

  test('a workspace with a Google connection gets its unanswered reviews and response rate', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    const second = await BusinessFactory.merge({ userId: user.id }).create()
    await connect((await Workspace.personalIdOf(user.id))!)
    await seedReviews(business.id)
    await review(second.id, 5)
    const stranger = await ownerWithBusiness()
    await seedReviews(stranger.business.id)

    const response = await client.get('/api/overview').loginAs(user)

    response.assertStatus(200)
    assert.deepEqual(response.body().googleReviews, { total: 6, unanswered: 4, unansweredNegative: 2, responseRate: 0.3333 })
    assert.lengthOf(response.body().businesses, 2)
  })

  test('a connected workspace without reviews yet has zeros and no rate', async ({ client, assert }) => {
    const { user } = await ownerWithBusiness()
    await connect((await Workspace.personalIdOf(user.id))!)

    const response = await client.get('/api/overview').loginAs(user)

    assert.deepEqual(response.body().googleReviews, { total: 0, unanswered: 0, unansweredNegative: 0, responseRate: null })
  })

  test('without a Google connection the answer has no Google field and its other fields are as before', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()
    await seedReviews(business.id)

    const response = await client.get('/api/overview').loginAs(user)

    response.assertStatus(200)
    assert.notProperty(response.body(), 'googleReviews')
    assert.sameMembers(Object.keys(response.body()), ['totals', 'businesses'])
  })
})

test.group('Weekly summary: Google reviews', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('a connected owner reads the new, unanswered reviews and the response rate, with a link to reply', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    await connect((await Workspace.personalIdOf(user.id))!)
    await seedReviews(business.id)
    clock.travelTo(MONDAY.plus({ hours: 9 }))

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 1 })

    const [sent] = await mail.read()
    for (const body of [sent.text, sent.html]) {
      assert.include(body, 'Google reviews')
      assert.include(body, '2 new Google reviews in the week')
      assert.include(body, '3 unanswered, 2 of them with 1-3 stars')
      assert.include(body, 'Response rate 40% (replied / all reviews)')
    }
    assert.include(sent.text, 'Google reviews\n- 2 new Google reviews in the week')
    assert.include(sent.links, appLink('/feedbacks?source=google&replied=false'))
  })

  test('an owner without a Google connection gets no Google lines', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    await seedReviews(business.id)
    clock.travelTo(MONDAY.plus({ hours: 9 }))

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 1 })

    const [sent] = await mail.read()
    assert.notInclude(sent.text, 'Google reviews')
    assert.notInclude(sent.text, 'Response rate')
    assert.notInclude(sent.links, appLink('/feedbacks?source=google&replied=false'))
  })
})
