/*
 * Background jobs (docs/decisions.md D9, D11): trial and paid-period expiry with the pre-expiry reminder, sync-user against
 * the identity provider's Backend API, negative-feedback alerts and their sweep, and the analytics rollup that
 * the analytics endpoints read for past days. Jobs are built directly, as the worker builds them.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import TrialExpiryJob from '#jobs/trial_expiry_job'
import SyncUserJob from '#jobs/sync_user_job'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import FeedbackDigestJob from '#jobs/feedback_digest_job'
import AnalyticsRollupJob from '#jobs/analytics_rollup_job'
import DataRetentionJob from '#jobs/data_retention_job'
import RollupAnalytics from '#actions/analytics/rollup_analytics'
import { TEST_FROM, brokenMailer, fileMailbox as openMailbox } from '#tests/helpers/mailbox'
import { IdentityProvider } from '#services/identity/identity_provider'
import { QueueService } from '#queue/queue_service'
import { QueueName, SCHEDULES, feedbackAlertJobId } from '#queue/queues'
import type User from '#models/user'
import type Business from '#models/business'
import { SubscriptionStatus } from '#lib/billing_enums'
import { FeedbackAlerts } from '#lib/notification_enums'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { BusinessFactory, ReviewSessionFactory, SubscriptionFactory, UserFactory } from '#database/factories/index'

const IST = 'Asia/Kolkata'

const userRow = (id: number) => db.from('users').where('id', id).firstOrFail()
const sessionRow = (id: number) => db.from('review_sessions').where('id', id).firstOrFail()
const subscriptionRow = (id: number) => db.from('subscriptions').where('id', id).firstOrFail()

/** Seconds between a stored DATETIME and an expected instant. */
const secondsApart = (stored: Date, expected: DateTime) => Math.abs(DateTime.fromJSDate(stored).diff(expected, 'seconds').seconds)

test.group('Trial expiry job: ended trials and paid periods', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('marks ended trials once; a second run changes nothing and returns zeros', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const ended = await UserFactory.apply('trialExpired').create()
    const running = await UserFactory.create()
    const noTrial = await UserFactory.apply('withoutTrial').create()
    const job = new TrialExpiryJob(mail.mailer)

    const first = await job.handle()

    assert.deepEqual(first, { trialsExpired: 1, periodsExpired: 0, remindersSent: 0 })
    const markedAt = (await userRow(ended.id)).trial_expired_at
    assert.instanceOf(markedAt, Date)
    assert.isBelow(secondsApart(markedAt, clock.now()), 5)
    assert.isNull((await userRow(running.id)).trial_expired_at)
    assert.isNull((await userRow(noTrial.id)).trial_expired_at)

    clock.travelTo(clock.now().plus({ hours: 1 }))
    const second = await job.handle()

    assert.deepEqual(second, { trialsExpired: 0, periodsExpired: 0, remindersSent: 0 })
    assert.equal((await userRow(ended.id)).trial_expired_at.getTime(), markedAt.getTime())
    assert.isNull((await userRow(running.id)).trial_expired_at)
    assert.deepEqual(await mail.read(), [])
  })

  test('a running trial is marked once the clock passes its end', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const owner = await UserFactory.create()
    const job = new TrialExpiryJob(mail.mailer)

    assert.equal((await job.handle()).trialsExpired, 0)
    assert.isNull((await userRow(owner.id)).trial_expired_at)

    const afterEnd = owner.trialEndsAt!.plus({ minutes: 1 })
    clock.travelTo(afterEnd)
    assert.equal((await job.handle()).trialsExpired, 1)

    const markedAt = (await userRow(owner.id)).trial_expired_at
    assert.instanceOf(markedAt, Date)
    assert.isBelow(secondsApart(markedAt, afterEnd), 5)
  })

  test('ended paid periods expire, active and cancelled alike; running ones are left alone', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const owner = await UserFactory.create()
    const now = clock.now()
    const plan = (state: 'pro' | 'cancelled', currentPeriodEnd: DateTime) =>
      SubscriptionFactory.apply(state).merge({ userId: owner.id, currentPeriodEnd }).create()
    const activeEnded = await plan('pro', now.minus({ hours: 1 }))
    const cancelledEnded = await plan('cancelled', now.minus({ days: 2 }))
    const activeRunning = await plan('pro', now.plus({ days: 20 }))
    const cancelledRunning = await plan('cancelled', now.plus({ days: 20 }))
    const job = new TrialExpiryJob(mail.mailer)

    const first = await job.handle()

    assert.equal(first.periodsExpired, 2)
    assert.equal((await subscriptionRow(activeEnded.id)).status, SubscriptionStatus.Expired)
    assert.equal((await subscriptionRow(cancelledEnded.id)).status, SubscriptionStatus.Expired)
    assert.equal((await subscriptionRow(activeRunning.id)).status, SubscriptionStatus.Active)
    assert.equal((await subscriptionRow(cancelledRunning.id)).status, SubscriptionStatus.Cancelled)

    const second = await job.handle()
    assert.deepEqual(second, { trialsExpired: 0, periodsExpired: 0, remindersSent: 0 })
    assert.equal((await subscriptionRow(activeEnded.id)).status, SubscriptionStatus.Expired)
  })

  test('a period expires when the clock passes its end', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const owner = await UserFactory.create()
    const periodEnd = clock.now().plus({ days: 20 })
    const subscription = await SubscriptionFactory.apply('pro').merge({ userId: owner.id, currentPeriodEnd: periodEnd }).create()
    const job = new TrialExpiryJob(mail.mailer)

    clock.travelTo(periodEnd.minus({ minutes: 5 }))
    await job.handle()
    assert.equal((await subscriptionRow(subscription.id)).status, SubscriptionStatus.Active)

    clock.travelTo(periodEnd.plus({ minutes: 5 }))
    await job.handle()
    assert.equal((await subscriptionRow(subscription.id)).status, SubscriptionStatus.Expired)
  })
})

test.group('Trial expiry job: the reminder 3 days before a paid period ends', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('an active plan ending in 2 days gets one reminder mail to its owner, never a second', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const owner = await UserFactory.merge({ firstName: 'Farida' }).create()
    const periodEnd = clock.now().plus({ days: 10 }).startOf('second')
    const subscription = await SubscriptionFactory.apply('pro').merge({ userId: owner.id, currentPeriodEnd: periodEnd }).create()
    const job = new TrialExpiryJob(mail.mailer)

    // 10 days before the end: too early.
    assert.equal((await job.handle()).remindersSent, 0)
    assert.deepEqual(await mail.read(), [])
    assert.isNull((await subscriptionRow(subscription.id)).reminder_sent_at)

    // 2 days before the end.
    const eightDaysLater = clock.now().plus({ days: 8 })
    clock.travelTo(eightDaysLater)
    assert.equal((await job.handle()).remindersSent, 1)

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    const ends = periodEnd.setZone(IST).toFormat('d LLLL yyyy')
    assert.containsSubset(mails[0], {
      kind: 'period-reminder',
      to: owner.email,
      from: TEST_FROM,
      subject: `Your ReviewRoute Pro plan ends on ${ends}`,
    })
    assert.include(mails[0].text, 'Hi Farida')
    assert.include(mails[0].text, `Monthly Pro Plan ends on ${ends}`)
    assert.notInclude(mails[0].text.toLowerCase(), 'auto-renew')
    assert.include(mails[0].html, 'Monthly Pro Plan ends on')
    assert.include(mails[0].links, 'http://localhost:3333/billing')
    const sentAt = (await subscriptionRow(subscription.id)).reminder_sent_at
    assert.instanceOf(sentAt, Date)
    assert.isBelow(secondsApart(sentAt, eightDaysLater), 5)

    clock.travelTo(eightDaysLater.plus({ hours: 12 }))
    assert.equal((await job.handle()).remindersSent, 0)
    assert.lengthOf(await mail.read(), 1)
    assert.equal((await subscriptionRow(subscription.id)).reminder_sent_at.getTime(), sentAt.getTime())
  })

  test('a cancelled plan ending in 2 days gets no reminder', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const owner = await UserFactory.create()
    const subscription = await SubscriptionFactory.apply('cancelled')
      .merge({ userId: owner.id, currentPeriodEnd: clock.now().plus({ days: 2 }) })
      .create()

    const result = await new TrialExpiryJob(mail.mailer).handle()

    assert.equal(result.remindersSent, 0)
    assert.deepEqual(await mail.read(), [])
    assert.isNull((await subscriptionRow(subscription.id)).reminder_sent_at)
    assert.equal((await subscriptionRow(subscription.id)).status, SubscriptionStatus.Cancelled)
  })

  test('a plan ending in 10 days gets no reminder yet', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const owner = await UserFactory.create()
    const subscription = await SubscriptionFactory.apply('pro')
      .merge({ userId: owner.id, currentPeriodEnd: clock.now().plus({ days: 10 }) })
      .create()

    const result = await new TrialExpiryJob(mail.mailer).handle()

    assert.equal(result.remindersSent, 0)
    assert.deepEqual(await mail.read(), [])
    assert.isNull((await subscriptionRow(subscription.id)).reminder_sent_at)
  })

  test('only the owner whose plan is ending is mailed', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const ending = await UserFactory.create()
    const cancelled = await UserFactory.create()
    const later = await UserFactory.create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: ending.id, currentPeriodEnd: clock.now().plus({ days: 2 }) })
      .create()
    await SubscriptionFactory.apply('cancelled')
      .merge({ userId: cancelled.id, currentPeriodEnd: clock.now().plus({ days: 2 }) })
      .create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: later.id, currentPeriodEnd: clock.now().plus({ days: 10 }) })
      .create()

    assert.equal((await new TrialExpiryJob(mail.mailer).handle()).remindersSent, 1)

    assert.deepEqual(
      (await mail.read()).map((sent) => [sent.kind, sent.to]),
      [['period-reminder', ending.email]]
    )
  })

  test('a reminder that could not be mailed is sent by the next run', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const owner = await UserFactory.create()
    const subscription = await SubscriptionFactory.apply('pro')
      .merge({ userId: owner.id, currentPeriodEnd: clock.now().plus({ days: 2 }) })
      .create()

    await assert.rejects(() => new TrialExpiryJob(brokenMailer()).handle())
    assert.isNull((await subscriptionRow(subscription.id)).reminder_sent_at)

    assert.equal((await new TrialExpiryJob(mail.mailer).handle()).remindersSent, 1)
    assert.lengthOf(await mail.read(), 1)
    assert.instanceOf((await subscriptionRow(subscription.id)).reminder_sent_at, Date)
  })
})

test.group('Sync-user job: last seen and the profile from the identity provider', (group) => {
  isolated(group)

  let stub: StubServer
  group.setup(async () => {
    stub = await startStubServer()
    return () => stub.close()
  })

  /** Profiles are fetched only when the provider's API address and secret are both set. */
  const provider = (overrides: { apiSecret?: string } = {}) =>
    new IdentityProvider({
      issuer: '',
      jwksUrl: '',
      authorizedParties: [],
      apiUrl: stub.url,
      apiSecret: 'sk_test',
      ...overrides,
    })

  /** A user object in Clerk's Backend API format. */
  const clerkUser = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    object: 'user',
    first_name: 'Meera',
    last_name: 'Pillai',
    image_url: 'https://img.clerk.test/meera.png',
    primary_email_address_id: 'idn_primary',
    email_addresses: [
      { id: 'idn_other', email_address: 'meera.old@example.in' },
      { id: 'idn_primary', email_address: 'Meera.Pillai@Example.in' },
    ],
    ...overrides,
  })

  const externalOwner = (externalId: string) =>
    UserFactory.merge({
      externalId,
      email: `${externalId.toLowerCase()}@users.idp.invalid`,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
    }).create()

  test("refreshes an external owner's names, image and primary email, and records last seen", async ({ assert }) => {
    const owner = await externalOwner('user_2xYzSync01')
    stub.answer((request, response) =>
      request.url === '/users/user_2xYzSync01'
        ? json(response, 200, clerkUser('user_2xYzSync01'))
        : json(response, 404, { errors: [{ code: 'resource_not_found' }] })
    )

    const result = await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.deepEqual(result, { synced: true })
    const row = await userRow(owner.id)
    assert.equal(row.first_name, 'Meera')
    assert.equal(row.last_name, 'Pillai')
    assert.equal(row.profile_image_url, 'https://img.clerk.test/meera.png')
    assert.equal(row.email, 'meera.pillai@example.in')
    assert.instanceOf(row.last_seen_at, Date)
    assert.isBelow(secondsApart(row.last_seen_at, clock.now()), 60)
  })

  test('asks GET /users/{externalId} with the secret as a bearer token', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzSync02')
    stub.answer((_, response) => json(response, 200, clerkUser('user_2xYzSync02')))

    await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.lengthOf(stub.requests, 1)
    assert.equal(stub.requests[0].method, 'GET')
    assert.equal(stub.requests[0].url, '/users/user_2xYzSync02')
    assert.equal(stub.requests[0].headers.authorization, 'Bearer sk_test')
  })

  test('keeps the profile when the provider answers 404, and still records last seen', async ({ assert }) => {
    const owner = await UserFactory.merge({
      externalId: 'user_2xYzGone',
      email: 'kept@example.in',
      firstName: 'Kept',
      lastName: 'Name',
      profileImageUrl: 'https://img.example.in/kept.png',
    }).create()
    stub.answer((_, response) => json(response, 404, { errors: [{ code: 'resource_not_found', message: 'not found' }] }))

    const result = await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.deepEqual(result, { synced: true })
    assert.lengthOf(stub.requests, 1)
    const row = await userRow(owner.id)
    assert.equal(row.first_name, 'Kept')
    assert.equal(row.last_name, 'Name')
    assert.equal(row.email, 'kept@example.in')
    assert.equal(row.profile_image_url, 'https://img.example.in/kept.png')
    assert.instanceOf(row.last_seen_at, Date)
  })

  test('an owner without an external id is not looked up; last seen is recorded', async ({ assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Local', lastName: 'Owner' }).create()
    stub.answer((_, response) => json(response, 200, clerkUser('anyone')))

    const result = await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.deepEqual(result, { synced: true })
    assert.lengthOf(stub.requests, 0)
    const row = await userRow(owner.id)
    assert.equal(row.first_name, 'Local')
    assert.equal(row.email, owner.email)
    assert.instanceOf(row.last_seen_at, Date)
    assert.isBelow(secondsApart(row.last_seen_at, clock.now()), 60)
  })

  test('without the API secret no profile is fetched', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzNoSecret')
    stub.answer((_, response) => json(response, 200, clerkUser('user_2xYzNoSecret')))

    await new SyncUserJob(provider({ apiSecret: '' })).handle({ userId: owner.id })

    assert.lengthOf(stub.requests, 0)
    const row = await userRow(owner.id)
    assert.isNull(row.first_name)
    assert.instanceOf(row.last_seen_at, Date)
  })

  test("the provider's email is not taken when another account already has it, however it is spelled", async ({ assert }) => {
    await UserFactory.merge({ email: 'taken@example.in' }).create()
    const owner = await externalOwner('user_2xYzTaken')
    stub.answer((_, response) =>
      json(
        response,
        200,
        clerkUser('user_2xYzTaken', {
          primary_email_address_id: 'idn_1',
          email_addresses: [{ id: 'idn_1', email_address: ' Taken@EXAMPLE.in' }],
        })
      )
    )

    await new SyncUserJob(provider()).handle({ userId: owner.id })

    const row = await userRow(owner.id)
    assert.equal(row.email, owner.email)
    assert.equal(row.first_name, 'Meera')
  })

  test('a provider error fails the job (so the queue retries it) and changes nothing', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzDown')
    stub.answer((_, response) => json(response, 503, { errors: [{ code: 'unavailable' }] }))

    await assert.rejects(() => new SyncUserJob(provider()).handle({ userId: owner.id }))

    const row = await userRow(owner.id)
    assert.isNull(row.first_name)
    assert.isNull(row.last_seen_at)
  })

  test('a user deleted since the job was queued is skipped', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzDeleted')
    await owner.delete()
    stub.answer((_, response) => json(response, 200, clerkUser('user_2xYzDeleted')))

    assert.deepEqual(await new SyncUserJob(provider()).handle({ userId: owner.id }), { skipped: 'user gone' })
    assert.lengthOf(stub.requests, 0)
  })
})

test.group('Negative-feedback alert job', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  const lowRating = (business: Business, overrides: Record<string, unknown> = {}) =>
    ReviewSessionFactory.merge({
      businessId: business.id,
      rating: 2,
      redirected: false,
      feedback: 'The biryani was cold and nobody came to the table',
      ...overrides,
    }).create()

  test('a 2-star review with text mails its owner once and is marked alerted', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { user, business } = await ownerWithBusiness()
    const session = await lowRating(business)
    const job = new FeedbackAlertJob(mail.mailer)

    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 1 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.containsSubset(mails[0], {
      kind: 'feedback-alert',
      to: user.email,
      from: TEST_FROM,
      subject: `New 2-star private rating for ${business.name}`,
    })
    assert.include(mails[0].text, 'The biryani was cold and nobody came to the table')
    assert.include(mails[0].html, 'The biryani was cold and nobody came to the table')
    assert.include(mails[0].links, `http://localhost:3333/feedbacks?businessId=${business.id}`)
    assert.include(mails[0].text, 'http://localhost:3333/profile')
    const alertedAt = (await sessionRow(session.id)).alerted_at
    assert.instanceOf(alertedAt, Date)
    assert.isBelow(secondsApart(alertedAt, clock.now()), 60)

    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    assert.lengthOf(await mail.read(), 1)
    assert.equal((await sessionRow(session.id)).alerted_at.getTime(), alertedAt.getTime())
  })

  test('the same alert delivered twice at once still sends one mail', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await ownerWithBusiness()
    await lowRating(business, { rating: 1 })
    const job = new FeedbackAlertJob(mail.mailer)

    const results = await Promise.all([job.handle({ businessId: business.id }), job.handle({ businessId: business.id })])

    assert.sameDeepMembers(results, [{ alerted: 1 }, { alerted: 0 }])
    assert.lengthOf(await mail.read(), 1)
  })

  test('an owner who has not confirmed their address gets no alert, and the review is not retried', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await ownerWithBusiness({ owner: { emailVerifiedAt: null } })
    const session = await lowRating(business)

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })

    assert.deepEqual(await mail.read(), [])
    assert.instanceOf((await sessionRow(session.id)).alerted_at, Date)
  })

  test('an owner with alerts off gets no mail, and the rating is marked so turning them on does not replay it', async ({
    assert,
    cleanup,
  }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await ownerWithBusiness({ owner: { feedbackAlerts: FeedbackAlerts.Off } })
    const session = await lowRating(business, { createdAt: clock.now().minus({ minutes: 10 }) })
    const job = new FeedbackAlertJob(mail.mailer)

    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    assert.instanceOf((await sessionRow(session.id)).alerted_at, Date)

    await db.from('users').where('id', business.userId!).update({ feedback_alerts: FeedbackAlerts.Instant })
    assert.deepEqual(await job.handle({}), { alerted: 0 })
    assert.deepEqual(await mail.read(), [])
  })

  test('an owner on the daily digest gets no instant mail, from the job or the sweep; the rating stays for the digest', async ({
    assert,
    cleanup,
  }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await ownerWithBusiness({ owner: { feedbackAlerts: FeedbackAlerts.Daily } })
    const session = await lowRating(business, { createdAt: clock.now().minus({ minutes: 10 }) })
    const job = new FeedbackAlertJob(mail.mailer)

    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    assert.deepEqual(await job.handle({}), { alerted: 0 })

    assert.deepEqual(await mail.read(), [])
    assert.isNull((await sessionRow(session.id)).alerted_at)
  })

  test('the sweep still mails an instant owner beside a daily one', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const instant = await ownerWithBusiness()
    const daily = await ownerWithBusiness({ owner: { feedbackAlerts: FeedbackAlerts.Daily } })
    const tenMinutesAgo = clock.now().minus({ minutes: 10 })
    await lowRating(instant.business, { createdAt: tenMinutesAgo })
    await lowRating(daily.business, { createdAt: tenMinutesAgo })

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({}), { alerted: 1 })

    assert.deepEqual(
      (await mail.read()).map((sent) => sent.to),
      [instant.user.email]
    )
  })

  test('no mail for {label}')
    .with([
      { label: 'a 5-star review, even with text', rating: 5, feedback: 'Lovely place' },
      { label: 'a 4-star review with text', rating: 4, feedback: 'Good but loud' },
      { label: 'a 2-star review without text', rating: 2, feedback: null },
      { label: 'a 3-star review with empty text', rating: 3, feedback: '' },
    ])
    .run(async ({ assert, cleanup }, row) => {
      const mail = await openMailbox(cleanup)
      const { business } = await ownerWithBusiness()
      const session = await lowRating(business, { rating: row.rating, feedback: row.feedback, redirected: row.rating >= 4 })

      assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 0 })

      assert.deepEqual(await mail.read(), [])
      assert.isNull((await sessionRow(session.id)).alerted_at)
    })

  test('a mail that could not be sent leaves the review unalerted for the retry', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { user, business } = await ownerWithBusiness()
    const session = await lowRating(business)

    await assert.rejects(() => new FeedbackAlertJob(brokenMailer()).handle({ businessId: business.id }))
    assert.isNull((await sessionRow(session.id)).alerted_at)

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }), { alerted: 1 })
    assert.deepEqual(
      (await mail.read()).map((sent) => [sent.kind, sent.to]),
      [['feedback-alert', user.email]]
    )
  })

  test('the sweep mails a business with a low rating missed in the last 48 hours, with every pending one, not older ones', async ({
    assert,
    cleanup,
  }) => {
    const mail = await openMailbox(cleanup)
    const { user, business } = await ownerWithBusiness()
    const now = clock.now()
    const missed = await lowRating(business, { feedback: 'Missed while Redis was down', createdAt: now.minus({ minutes: 10 }) })
    const tooOld = await lowRating(business, { feedback: 'From three days ago', createdAt: now.minus({ hours: 49 }) })
    const fresh = await lowRating(business, { feedback: 'Just now, in the same mail', createdAt: now.minus({ seconds: 30 }) })
    const alreadyAlerted = await lowRating(business, { feedback: 'Told already', createdAt: now.minus({ minutes: 20 }) })
    await db
      .from('review_sessions')
      .where('id', alreadyAlerted.id)
      .update({ alerted_at: now.minus({ minutes: 19 }).toJSDate() })
    const positive = await lowRating(business, { rating: 5, redirected: true, feedback: 'Great', createdAt: now.minus({ minutes: 10 }) })
    const job = new FeedbackAlertJob(mail.mailer)

    assert.deepEqual(await job.handle({}), { alerted: 2 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.containsSubset(mails[0], { kind: 'feedback-alert', to: user.email, subject: `2 new private ratings for ${business.name}` })
    assert.include(mails[0].text, 'Missed while Redis was down')
    assert.include(mails[0].text, 'Just now, in the same mail')
    assert.notInclude(mails[0].text, 'Told already')
    assert.instanceOf((await sessionRow(missed.id)).alerted_at, Date)
    assert.instanceOf((await sessionRow(fresh.id)).alerted_at, Date)
    assert.isNull((await sessionRow(tooOld.id)).alerted_at)
    assert.isNull((await sessionRow(positive.id)).alerted_at)

    assert.deepEqual(await job.handle({}), { alerted: 0 })
    assert.lengthOf(await mail.read(), 1)
  })

  test('instant: one mail per business per 10 minutes; what arrives in between goes out together once the 10 minutes pass', async ({
    assert,
    cleanup,
  }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await ownerWithBusiness()
    const other = await ownerWithBusiness()
    const job = new FeedbackAlertJob(mail.mailer)
    const start = clock.now()

    await lowRating(business, { feedback: 'First', createdAt: start.minus({ seconds: 5 }) })
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 1 })

    clock.travelTo(start.plus({ minutes: 3 }))
    await lowRating(business, { feedback: 'Second', createdAt: clock.now().minus({ seconds: 5 }) })
    clock.travelTo(start.plus({ minutes: 6 }))
    await lowRating(business, { feedback: 'Third', createdAt: clock.now().minus({ seconds: 5 }) })
    await lowRating(other.business, { feedback: 'Another business is not held back' })
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    assert.deepEqual(await job.handle({ businessId: other.business.id }), { alerted: 1 })
    assert.deepEqual(await job.handle({}), { alerted: 0 }, 'the sweep respects the gate too')

    clock.travelTo(start.plus({ minutes: 10, seconds: 1 }))
    assert.deepEqual(await job.handle({}), { alerted: 2 })

    const texts = (await mail.read()).filter((sent) => sent.to !== other.user.email).map((sent) => sent.text)
    assert.lengthOf(texts, 2)
    assert.include(texts[1], 'Second')
    assert.include(texts[1], 'Third')
    assert.notInclude(texts[1], 'First')
  })

  test('two workers at once on the same business send one mail with every rating', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await ownerWithBusiness()
    await lowRating(business, { feedback: 'One' })
    await lowRating(business, { feedback: 'Two' })

    const results = await Promise.all([
      new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }),
      new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }),
      new FeedbackAlertJob(mail.mailer).handle({}),
    ])

    assert.equal(
      results.reduce((sum, { alerted }) => sum + alerted, 0),
      2
    )
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.include(mails[0].text, 'One')
    assert.include(mails[0].text, 'Two')
  })

  test('a submitted low rating with text enqueues its alert, and that job mails the owner', async ({ client, assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { user, business } = await ownerWithBusiness()
    const queues = await app.container.make(QueueService)

    const response = await client
      .post(`/api/review/${business.shortUrl}/submit`)
      .json({ rating: 2, feedback: '  Waited forty minutes for a table  ' })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: false, counted: true })
    const stored = await db.from('review_sessions').where('business_id', business.id).firstOrFail()
    assert.equal(stored.feedback, 'Waited forty minutes for a table')
    const job = await queues.queue(QueueName.FeedbackAlert).getJob(feedbackAlertJobId(business.id, clock.nowMs()))
    assert.exists(job, 'the alert job was enqueued with its stable id: this business, this 10-minute slot')
    cleanup(() => job!.remove())
    assert.deepEqual(job!.data, { businessId: business.id })

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle(job!.data), { alerted: 1 })
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].to, user.email)
    assert.include(mails[0].text, 'Waited forty minutes for a table')
  })

  test('a 5-star submission enqueues no alert', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const queues = await app.container.make(QueueService)

    const response = await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5, feedback: 'Superb' })

    response.assertStatus(200)
    assert.strictEqual(response.body().redirect, true)
    const stored = await db.from('review_sessions').where('business_id', business.id).firstOrFail()
    assert.isNull(stored.feedback)
    assert.isUndefined(await queues.queue(QueueName.FeedbackAlert).getJob(feedbackAlertJobId(business.id, clock.nowMs())))
  })
})

test.group('Daily feedback digest job (09:00 IST)', (group) => {
  isolated(group)

  const daily = () => ownerWithBusiness({ owner: { feedbackAlerts: FeedbackAlerts.Daily } })
  const lowRating = (business: Business, feedback: string) =>
    ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, feedback }).create()

  test('one mail per daily owner with every low rating of all their businesses; a second run sends nothing', async ({
    assert,
    cleanup,
  }) => {
    const mail = await openMailbox(cleanup)
    const { user, business } = await daily()
    const second = await BusinessFactory.merge({ userId: user.id }).create()
    const ratings = [await lowRating(business, 'Cold tea'), await lowRating(second, 'Rude waiter')]
    const instant = await ownerWithBusiness()
    const instantRating = await lowRating(instant.business, 'Not for the digest')
    const job = new FeedbackDigestJob(mail.mailer)

    assert.deepEqual(await job.handle(), { digests: 1 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.containsSubset(mails[0], {
      kind: 'feedback-digest',
      to: user.email,
      subject: 'Your daily feedback digest: 2 new private ratings',
    })
    assert.include(mails[0].text, `A customer rated ${business.name} 2 out of 5 and wrote:`)
    assert.include(mails[0].text, 'Cold tea')
    assert.include(mails[0].text, `A customer rated ${second.name} 2 out of 5`)
    assert.include(mails[0].text, 'Rude waiter')
    for (const rating of ratings) assert.instanceOf((await sessionRow(rating.id)).alerted_at, Date)
    assert.isNull((await sessionRow(instantRating.id)).alerted_at)

    assert.deepEqual(await job.handle(), { digests: 0 })
    assert.lengthOf(await mail.read(), 1)
  })

  test('an unverified daily owner gets no digest and the ratings stay marked', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await ownerWithBusiness({ owner: { feedbackAlerts: FeedbackAlerts.Daily, emailVerifiedAt: null } })
    const rating = await lowRating(business, 'Nobody to tell')

    assert.deepEqual(await new FeedbackDigestJob(mail.mailer).handle(), { digests: 0 })

    assert.deepEqual(await mail.read(), [])
    assert.instanceOf((await sessionRow(rating.id)).alerted_at, Date)
  })

  test('a digest that could not be sent leaves its ratings for the retry', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { business } = await daily()
    const rating = await lowRating(business, 'Try again')

    await assert.rejects(() => new FeedbackDigestJob(brokenMailer()).handle())
    assert.isNull((await sessionRow(rating.id)).alerted_at)

    assert.deepEqual(await new FeedbackDigestJob(mail.mailer).handle(), { digests: 1 })
    assert.lengthOf(await mail.read(), 1)
  })

  test('is scheduled daily at 09:00 IST', ({ assert }) => {
    assert.deepInclude(SCHEDULES, {
      queue: QueueName.FeedbackDigest,
      id: 'feedback-digest-daily',
      repeat: { pattern: '0 9 * * *', tz: IST },
    })
  })
})

/*
 * Outside a test transaction, so each job has its own connection and the claim's row locks are real. The
 * owner is deleted afterwards (businesses and ratings go with it).
 */
test.group('Negative-feedback alert job: workers on separate connections', () => {
  test('five workers at once on one business send one mail with every rating', async ({ assert, cleanup }) => {
    const mail = await openMailbox(cleanup)
    const { user, business } = await ownerWithBusiness()
    cleanup(() => user.delete())
    await ReviewSessionFactory.merge(
      ['One', 'Two', 'Three'].map((feedback) => ({ businessId: business.id, rating: 2, redirected: false, feedback }))
    ).createMany(3)

    const results = await Promise.all(
      Array.from({ length: 5 }, () => new FeedbackAlertJob(mail.mailer).handle({ businessId: business.id }))
    )

    assert.sameMembers(
      results.map(({ alerted }) => alerted),
      [3, 0, 0, 0, 0]
    )
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    for (const text of ['One', 'Two', 'Three']) assert.include(mails[0].text, text)
  })
})

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

test.group('Data retention job: contact messages older than 12 months', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  const message = (createdAt: DateTime) =>
    db.table('contact_messages').insert({
      name: 'Ravi',
      email: 'ravi@example.in',
      subject: 'Question',
      message: 'Hello',
      created_at: createdAt.toJSDate(),
    })

  test('deletes messages older than 12 months and keeps newer ones; a second run deletes nothing', async ({ assert }) => {
    const now = clock.now()
    await message(now.minus({ months: 12, days: 1 }))
    await message(now.minus({ months: 11, days: 27 }))
    await message(now.minus({ days: 1 }))
    const job = new DataRetentionJob()

    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 1 })
    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 0 })
    const left = await db.from('contact_messages').count('* as total')
    assert.equal(Number(left[0].total), 2)
  })

  test('a message passes the limit when the clock moves on', async ({ assert }) => {
    await message(clock.now().minus({ months: 11 }))
    const job = new DataRetentionJob()
    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 0 })

    clock.travelTo(clock.now().plus({ months: 1, days: 1 }))
    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 1 })
  })
})
