/*
 * Alerts on 1-3 star Google reviews (docs/decisions.md D47): a review arriving through the sync (incremental or push)
 * reaches the people who run the business like private feedback, by their googleReviewAlerts setting, through the
 * feedback alert job and the daily digest; a connection's first import tells nobody about old reviews.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import GoogleLocation from '#models/google_location'
import type User from '#models/user'
import SyncGoogleReviews from '#actions/google/sync_google_reviews'
import GoogleReviewSyncJob from '#jobs/google_review_sync_job'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import FeedbackDigestJob from '#jobs/feedback_digest_job'
import { BusinessProfile } from '#services/google/business_profile'
import { ProfileAccess } from '#services/google/profile_access'
import { unpaced } from '#services/google/request_pacer'
import { QueueName } from '#queue/queues'
import { FeedbackAlerts } from '#lib/notification_enums'
import { clock } from '#lib/clock'
import { GoogleLocationFactory, ReviewSessionFactory } from '#database/factories/index'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { fileMailbox, type Cleanup } from '#tests/helpers/mailbox'
import { connectGoogle, googleStub, stubReview, type GoogleStub, type StubReview } from '#tests/helpers/google_stub'

const LOCATION = 'accounts/101/locations/202'
const HINDI = 'खाना ठंडा था और किसी ने ध्यान नहीं दिया। 😞'
const OLD = [
  stubReview(LOCATION, 'old1', { starRating: 'ONE', comment: 'Old complaint', updateTime: '2025-01-01T10:00:00Z' }),
  stubReview(LOCATION, 'old2', { starRating: 'FOUR', comment: 'Fine', updateTime: '2025-02-01T10:00:00Z' }),
]

/** A business linked to a location of a working connection, its reviews read once (the first import). */
async function world(google: GoogleStub, cleanup: Cleanup, owner: Partial<User> = {}) {
  const mail = await fileMailbox(cleanup)
  const setup = await ownerWithBusiness({ owner: owner as any, business: { name: 'Chai Point Indiranagar' } })
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  await connectGoogle(workspaceId)
  const location = await GoogleLocationFactory.merge({ name: LOCATION, title: 'Chai Point', businessId: setup.business.id }).create()
  google.state.reviews[LOCATION] = [...OLD]
  const enqueued: { queue: string; payload: unknown }[] = []
  const sync = new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced, mail.mailer))
  const syncJob = new GoogleReviewSyncJob(sync, {
    enqueue: async (queue: string, payload: unknown) => {
      enqueued.push({ queue, payload })
      return true
    },
  } as any)
  const first = await syncJob.handle({ locationId: location.id, full: true })
  return { ...setup, mail, location, sync, syncJob, enqueued, first }
}

/** A review arriving on Google (newest change). */
const arrive = (google: GoogleStub, review: StubReview) => {
  google.state.reviews[LOCATION] = [...google.state.reviews[LOCATION].filter((one) => one.name !== review.name), review]
}

const twoStars = (id = 'new1', fields: Partial<StubReview> = {}) =>
  stubReview(LOCATION, id, {
    reviewer: { displayName: 'प्रिया शर्मा', profilePhotoUrl: 'https://lh3.googleusercontent.com/a/p', isAnonymous: false },
    starRating: 'TWO',
    comment: HINDI,
    createTime: '2026-11-20T10:00:00Z',
    updateTime: '2026-11-20T10:00:00Z',
    ...fields,
  })

const reviewRow = (id: string) => db.from('google_reviews').where('review_name', `${LOCATION}/reviews/${id}`).firstOrFail()

test.group('Google review alerts', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())
  const google = googleStub(group)

  test('the first import of a connection tells nobody about the reviews already on Google', async ({ assert, cleanup }) => {
    const { mail, business, location, first, enqueued } = await world(google, cleanup)

    assert.lengthOf(first.changes, 2)
    assert.deepEqual(enqueued, [])
    assert.isNull((await reviewRow('old1')).alert_due_at)
    assert.isNotNull((await GoogleLocation.findOrFail(location.id)).reviewsBaselineAt)
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({}), { alerted: 0 })
    assert.deepEqual(await new FeedbackDigestJob(mail.mailer).handle(), { digests: 0 })
    assert.deepEqual(await mail.read(), [])
  })

  test('a 2-star review read by the incremental sync mails the owner one alert with the business, stars, reviewer, text and reply link', async ({
    assert,
    cleanup,
  }) => {
    const { mail, user, business, location, syncJob, enqueued } = await world(google, cleanup)
    arrive(google, twoStars('new1'))
    arrive(google, stubReview(LOCATION, 'new2', { starRating: 'ONE', comment: 'Rude staff', updateTime: '2026-11-20T11:00:00Z' }))

    await syncJob.handle({ locationId: location.id })

    assert.deepEqual(enqueued, [{ queue: QueueName.FeedbackAlert, payload: { businessId: business.id } }])
    const job = new FeedbackAlertJob(mail.mailer)
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 2 })
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.containsSubset(mails[0], {
      kind: 'feedback-alert',
      to: user.email,
      subject: '2 Google reviews of 1-3 stars for Chai Point Indiranagar',
    })
    const row = await reviewRow('new1')
    for (const body of [mails[0].text, mails[0].html]) {
      assert.include(body, 'प्रिया शर्मा gave Chai Point Indiranagar 2 out of 5 on Google and wrote:')
      assert.include(body, HINDI)
      assert.include(body, 'gave Chai Point Indiranagar 1 out of 5 on Google')
      assert.include(body, 'Rude staff')
    }
    assert.include(mails[0].links, `http://localhost:3333/feedbacks?source=google&businessId=${business.id}&review=${row.id}`)
    assert.include(mails[0].links, `http://localhost:3333/feedbacks?source=google&businessId=${business.id}`)
    assert.isNotNull(row.alerted_at)

    // Once: a second run, and the sweep, send nothing more; nor does the same review read again.
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    await syncJob.handle({ locationId: location.id })
    clock.travelTo(clock.now().plus({ minutes: 15 }))
    assert.deepEqual(await job.handle({}), { alerted: 0 })
    assert.lengthOf(await mail.read(), 1)
  })

  test('reviews within the 10-minute window wait for the sweep and go out together in one mail', async ({ assert, cleanup }) => {
    const { mail, business, location, sync } = await world(google, cleanup)
    const job = new FeedbackAlertJob(mail.mailer)
    arrive(google, twoStars('new1'))
    await sync.handle({ location })
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 1 })

    arrive(google, twoStars('new2', { starRating: 'THREE', comment: 'Slow', updateTime: '2026-11-20T12:00:00Z' }))
    arrive(google, twoStars('new3', { starRating: 'ONE', comment: 'Dirty', updateTime: '2026-11-20T13:00:00Z' }))
    await sync.handle({ location })
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    assert.lengthOf(await mail.read(), 1)

    clock.travelTo(clock.now().plus({ minutes: 11 }))
    assert.deepEqual(await job.handle({}), { alerted: 2 })
    const mails = await mail.read()
    assert.lengthOf(mails, 2)
    assert.include(mails[1].text, 'Slow')
    assert.include(mails[1].text, 'Dirty')
  })

  test('a private rating and a Google review of the same window share one mail', async ({ assert, cleanup }) => {
    const { mail, business, location, sync } = await world(google, cleanup)
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, feedback: 'Cold biryani' }).create()
    arrive(google, twoStars('new1'))
    await sync.handle({ location })

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 2 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, '1 new private rating and 1 Google review of 1-3 stars for Chai Point Indiranagar')
    assert.include(mails[0].text, 'Cold biryani')
    assert.include(mails[0].text, HINDI)
  })

  test('a review pushed by Pub/Sub alerts the same way', async ({ assert, cleanup }) => {
    const { mail, business, syncJob, enqueued } = await world(google, cleanup)
    arrive(google, twoStars('pushed'))

    await syncJob.handle({ reviewName: `${LOCATION}/reviews/pushed` })

    assert.deepEqual(enqueued, [{ queue: QueueName.FeedbackAlert, payload: { businessId: business.id } }])
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 1 })
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, 'New 2-star Google review for Chai Point Indiranagar')
  })

  test('a review changed from 4 stars to 2 alerts; a 5-star review and a reply do not', async ({ assert, cleanup }) => {
    const { mail, business, location, syncJob, enqueued } = await world(google, cleanup)
    arrive(google, stubReview(LOCATION, 'five', { starRating: 'FIVE', comment: 'Lovely', updateTime: '2026-11-20T10:00:00Z' }))
    arrive(google, { ...OLD[0], reviewReply: { comment: 'Sorry!', updateTime: '2026-11-20T10:30:00Z' } })
    await syncJob.handle({ locationId: location.id })
    assert.deepEqual(enqueued, [])
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })
    assert.deepEqual(await mail.read(), [])

    arrive(google, { ...OLD[1], starRating: 'TWO', comment: 'Went downhill', updateTime: '2026-11-21T10:00:00Z' })
    await syncJob.handle({ locationId: location.id })

    assert.lengthOf(enqueued, 1)
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 1 })
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, 'New 2-star Google review for Chai Point Indiranagar')
    assert.include(mails[0].text, 'Went downhill')
  })

  test('`all` Google reviews: a 5-star review alerts the member who chose it; back on 1-3 stars it does not', async ({
    assert,
    cleanup,
  }) => {
    const { mail, user, business, location, syncJob, enqueued } = await world(google, cleanup, { googleReviewAlertStars: 'all' })
    arrive(google, stubReview(LOCATION, 'five', { starRating: 'FIVE', comment: 'Lovely chai', updateTime: '2026-11-20T10:00:00Z' }))
    await syncJob.handle({ locationId: location.id })

    assert.deepEqual(enqueued, [{ queue: QueueName.FeedbackAlert, payload: { businessId: business.id } }])
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 1 })
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, 'New 5-star Google review for Chai Point Indiranagar')
    assert.include(mails[0].text, 'Lovely chai')

    await db.from('users').where('id', user.id).update({ google_review_alert_stars: 'low' })
    clock.travelTo(clock.now().plus({ minutes: 15 }))
    arrive(google, stubReview(LOCATION, 'four', { starRating: 'FOUR', comment: 'Good', updateTime: '2026-11-21T10:00:00Z' }))
    await syncJob.handle({ locationId: location.id })
    assert.lengthOf(enqueued, 1)
    assert.isNull((await reviewRow('four')).alert_due_at)
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })
    assert.lengthOf(await mail.read(), 1, 'only the 5-star mail')
  })

  test('`daily` puts the review in the 09:00 digest, not an instant mail', async ({ assert, cleanup }) => {
    const { mail, user, business, location, sync } = await world(google, cleanup, { googleReviewAlerts: FeedbackAlerts.Daily })
    arrive(google, twoStars('new1'))
    arrive(google, twoStars('new2', { starRating: 'THREE', comment: 'Too sweet', updateTime: '2026-11-20T12:00:00Z' }))
    await sync.handle({ location })

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({}), { alerted: 0 })
    assert.deepEqual(await mail.read(), [])
    assert.isNull((await reviewRow('new1')).alerted_at)

    const digest = new FeedbackDigestJob(mail.mailer)
    assert.deepEqual(await digest.handle(), { digests: 1 })
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.containsSubset(mails[0], {
      kind: 'feedback-digest',
      to: user.email,
      subject: 'Your daily feedback digest: 2 Google reviews of 1-3 stars',
    })
    assert.include(mails[0].text, HINDI)
    assert.include(mails[0].text, 'Too sweet')
    assert.include(
      mails[0].links,
      `http://localhost:3333/feedbacks?source=google&businessId=${business.id}&review=${(await reviewRow('new1')).id}`
    )
    assert.deepEqual(await digest.handle(), { digests: 0 })
  })

  test('`off` sends nothing, and turning alerts on later does not replay the review', async ({ assert, cleanup }) => {
    const { mail, user, business, location, sync } = await world(google, cleanup, { googleReviewAlerts: FeedbackAlerts.Off })
    arrive(google, twoStars('new1'))
    await sync.handle({ location })

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })
    assert.isNotNull((await reviewRow('new1')).alerted_at)
    await db.from('users').where('id', user.id).update({ google_review_alerts: FeedbackAlerts.Instant })
    clock.travelTo(clock.now().plus({ minutes: 15 }))
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({}), { alerted: 0 })
    assert.deepEqual(await new FeedbackDigestJob(mail.mailer).handle(), { digests: 0 })
    assert.deepEqual(await mail.read(), [])
  })

  test('private feedback alerts off leave Google review alerts on', async ({ assert, cleanup }) => {
    const { mail, business, location, sync } = await world(google, cleanup, { feedbackAlerts: FeedbackAlerts.Off })
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 1, redirected: false, feedback: 'Cold biryani' }).create()
    arrive(google, twoStars('new1'))
    await sync.handle({ location })

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 1 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, 'New 2-star Google review for Chai Point Indiranagar')
    assert.notInclude(mails[0].text, 'Cold biryani')
  })

  test('a mail that could not be sent leaves the review due for the retry', async ({ assert, cleanup }) => {
    const { business, location, sync, mail } = await world(google, cleanup)
    arrive(google, twoStars('new1'))
    await sync.handle({ location })
    const broken = { send: async () => Promise.reject(new Error('mail transport down')) } as any

    await assert.rejects(() => new FeedbackAlertJob(broken).handle({ businessId: business.id }), /mail transport down/)

    assert.isNull((await reviewRow('new1')).alerted_at)
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 1 })
    assert.lengthOf(await mail.read(), 1)
  })

  test('a location whose first import failed half-way is imported in full, without alerts, before it is synced', async ({
    assert,
    cleanup,
  }) => {
    const { mail, business, location, sync } = await world(google, cleanup)
    await db.from('google_locations').where('id', location.id).update({ reviews_baseline_at: null })
    arrive(google, twoStars('new1'))

    await sync.handle({ location })

    assert.isNotNull((await GoogleLocation.findOrFail(location.id)).reviewsBaselineAt)
    assert.isNull((await reviewRow('new1')).alert_due_at)
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })
    assert.deepEqual(await mail.read(), [])
  })
})
