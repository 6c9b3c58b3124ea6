/*
 * The daily feedback digest at 09:00 IST (docs/decisions.md D9, D11): one mail per daily owner with the low
 * ratings of all their businesses.
 */
import { test } from '@japa/runner'
import FeedbackDigestJob from '#jobs/feedback_digest_job'
import { brokenMailer, fileMailbox as openMailbox } from '#tests/helpers/mailbox'
import { QueueName, SCHEDULES } from '#queue/queues'
import type Business from '#models/business'
import { FeedbackAlerts } from '#lib/notification_enums'
import { isolated } from '#tests/helpers/setup'
import { IST, sessionRow } from '#tests/helpers/job_rows'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory, ReviewSessionFactory } from '#database/factories/index'

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
