/*
 * Negative-feedback alerts (docs/decisions.md D9, D11): the job, its sweep, the 10-minute gate, and workers
 * claiming at once, in a test transaction and on separate connections.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import { TEST_FROM, brokenMailer, fileMailbox as openMailbox } from '#tests/helpers/mailbox'
import { QueueService } from '#queue/queue_service'
import { QueueName, feedbackAlertJobId } from '#queue/queues'
import type Business from '#models/business'
import { FeedbackAlerts } from '#lib/notification_enums'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { sessionRow, secondsApart } from '#tests/helpers/job_rows'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { ReviewSessionFactory } from '#database/factories/index'

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
    const job = await queues.queue(QueueName.FeedbackAlert).getJob(feedbackAlertJobId(business.id, `rating-${stored.id}`))
    assert.exists(job, 'the alert job was enqueued with its stable id: this business, this rating')
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
    assert.isUndefined(await queues.queue(QueueName.FeedbackAlert).getJob(feedbackAlertJobId(business.id, `rating-${stored.id}`)))
  })

  test('each low rating has its own job, two in the same minute too: a phone alert does not wait for the sweep', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { business } = await ownerWithBusiness()
    const queues = await app.container.make(QueueService)
    for (const feedback of ['Cold dosa', 'Rude waiter']) {
      ;(await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 2, feedback })).assertStatus(200)
    }
    const stored = await db.from('review_sessions').where('business_id', business.id).orderBy('id')
    assert.lengthOf(stored, 2)
    for (const row of stored) {
      const job = await queues.queue(QueueName.FeedbackAlert).getJob(feedbackAlertJobId(business.id, `rating-${row.id}`))
      assert.exists(job, `the job of rating ${row.id}`)
      cleanup(() => job!.remove())
    }
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
