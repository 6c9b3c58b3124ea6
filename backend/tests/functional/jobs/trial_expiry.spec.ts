/*
 * Trial and paid-period expiry with the reminder 3 days before a paid period ends (docs/decisions.md D9, D11),
 * as the worker builds the job.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import TrialExpiryJob from '#jobs/trial_expiry_job'
import { TEST_FROM, brokenMailer, fileMailbox as openMailbox } from '#tests/helpers/mailbox'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { IST, userRow, subscriptionRow, secondsApart } from '#tests/helpers/job_rows'
import { SubscriptionFactory, UserFactory } from '#database/factories/index'

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
