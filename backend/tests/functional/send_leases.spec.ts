/*
 * Sends survive a dead worker (docs/decisions.md D52). A worker is "killed" mid-send by a transport that takes the
 * message and never answers: its claim stays, as a SIGKILLed worker's would. While its lease is live nothing else
 * sends (the sweep skips it, the job's retry waits for it); once the clock passes the lease, the sweep or the
 * job's retry sends it, and the customer (or owner) gets it exactly once more.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { Queue, QueueEvents, Worker } from 'bullmq'
import { DateTime } from 'luxon'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import TrialExpiryJob from '#jobs/trial_expiry_job'
import WeeklySummaryJob from '#jobs/weekly_summary_job'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import FeedbackDigestJob from '#jobs/feedback_digest_job'
import { FeedbackAlerts } from '#lib/notification_enums'
import queueConfig from '#config/queue'
import { clock } from '#lib/clock'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { ReviewSessionFactory, SubscriptionFactory, UserFactory } from '#database/factories/index'
import { deadWorkerMailer, smtpMailbox, type SentMail } from '#tests/helpers/mailbox'
import type { ReviewRequestDto } from '#types/api'

/** 11:00 IST on a weekday: sending hours. */
const DAYTIME = DateTime.fromISO('2026-11-24T11:00:00', { zone: 'Asia/Kolkata' })
const LEASE_SECONDS = env.get('SEND_LEASE_SECONDS')

const afterTheLease = () => clock.travelTo(clock.now().plus({ seconds: LEASE_SECONDS + 60 }))
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))
/** The one mail the server got; throws when none came or a second one followed. */
async function onlyMail(smtp: { waitFor: (count?: number) => Promise<SentMail[]>; received: SentMail[] }) {
  await smtp.waitFor(1)
  await settle()
  if (smtp.received.length !== 1) throw new Error(`expected exactly one mail, ${smtp.received.length} arrived`)
  return smtp.received[0]
}
const requestRow = (id: number) => db.from('review_requests').where('id', id).firstOrFail()

async function emailRequest(client: ApiClient, token: string, businessId: number, email: string) {
  const response = await client
    .post('/api/review-requests')
    .bearerToken(token)
    .json({ businessId, customer: { name: 'Asha', email, consent: true }, channel: 'email' })
  response.assertStatus(201)
  return response.body() as ReviewRequestDto
}

/**
 * A request whose worker died while the mail server had it (`running`: that worker's send, if it ever ends), and the
 * real mail server the next sends go to.
 */
async function requestLeftSending(client: ApiClient, cleanup: Parameters<typeof smtpMailbox>[0]) {
  const smtp = await smtpMailbox(cleanup)
  const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
  const request = await emailRequest(client, token, business.id, 'asha@example.in')
  const dead = deadWorkerMailer()
  const running = new ReviewRequestSendJob(dead.mailer).handle({ requestId: request.id }).catch((error: Error) => error)
  await dead.tookMessage
  return { smtp, request: { ...request, running, fail: dead.fail } }
}

test.group('Send leases: review requests', (group) => {
  isolated(group)
  group.each.setup(() => {
    clock.travelTo(DAYTIME)
    return () => clock.reset()
  })

  test('a request whose worker died mid-send is `sending`; the sweep sends it once its lease is over, exactly once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { smtp, request } = await requestLeftSending(client, cleanup)
    const left = await requestRow(request.id)
    assert.equal(left.status, 'sending')
    assert.isNotNull(left.send_claimed_at)
    assert.isNull(left.sent_at)

    // The lease is live: neither the sweep nor the job's retry sends it a second time.
    const job = new ReviewRequestSendJob(smtp.mailer)
    assert.deepEqual(await job.handle({}), { sent: 0, reminded: 0 })
    const retry = await job.handle({ requestId: request.id })
    assert.equal(retry.sent, 0)
    assert.property(retry, 'heldUntil')
    await settle()
    assert.lengthOf(smtp.received, 0)

    afterTheLease()
    assert.deepEqual(await job.handle({}), { sent: 1, reminded: 0 })
    assert.deepEqual(await job.handle({}), { sent: 0, reminded: 0 })
    assert.deepEqual(await job.handle({ requestId: request.id }), { sent: 0 })
    const mail = await onlyMail(smtp)
    assert.equal(mail.to, 'asha@example.in')
    assert.include(mail.links, request.link)

    const sent = await requestRow(request.id)
    assert.equal(sent.status, 'sent')
    assert.isNull(sent.send_claimed_at)
    assert.isNotNull(sent.sent_at)
    // The mail's Message-ID is the request's own, the same as the lost send's: a resend is recognisable.
    assert.match(sent.provider_message_id, new RegExp(`^<review-request-${request.id}@`))
  })

  test("the job's retry (BullMQ's stalled-job retry) sends a request left by a dead worker once its lease is over", async ({
    client,
    assert,
    cleanup,
  }) => {
    const { smtp, request } = await requestLeftSending(client, cleanup)
    afterTheLease()
    const job = new ReviewRequestSendJob(smtp.mailer)
    assert.deepEqual(await job.handle({ requestId: request.id }), { sent: 1 })
    assert.deepEqual(await job.handle({ requestId: request.id }), { sent: 0 })
    assert.deepEqual(await job.handle({}), { sent: 0, reminded: 0 })
    await onlyMail(smtp)
    assert.equal((await requestRow(request.id)).status, 'sent')
  })

  test('a queued job that finds a live lease waits in BullMQ until the lease ends instead of finishing with nothing sent', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { smtp, request } = await requestLeftSending(client, cleanup)
    const name = 'send-lease-test'
    const connection = { ...queueConfig.connection, maxRetriesPerRequest: null }
    const queue = new Queue(name, { connection, prefix: queueConfig.prefix })
    const events = new QueueEvents(name, { connection, prefix: queueConfig.prefix })
    const sendJob = new ReviewRequestSendJob(smtp.mailer)
    const worker = new Worker(name, (job) => sendJob.handle(job.data, job), { connection, prefix: queueConfig.prefix })
    cleanup(async () => {
      await worker.close()
      await queue.obliterate({ force: true })
      await Promise.all([queue.close(), events.close()])
    })
    await events.waitUntilReady()
    const delayed = new Promise((resolve) => events.once('delayed', resolve))
    const job = await queue.add(name, { requestId: request.id })

    await delayed
    assert.equal(await job.getState(), 'delayed')
    const waitsMs = Number((await queue.getJob(job.id!))!.delay)
    assert.isAbove(waitsMs, (LEASE_SECONDS - 30) * 1000)
    assert.isAtMost(waitsMs, (LEASE_SECONDS + 2) * 1000)
    await settle()
    assert.lengthOf(smtp.received, 0)

    // The lease ends (the clock moves; the delayed job is promoted rather than waited for): it sends, once.
    afterTheLease()
    const completed = new Promise<{ returnvalue: unknown }>((resolve) => events.once('completed', resolve))
    await job.promote()
    const { returnvalue } = await completed
    assert.deepEqual(typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue, { sent: 1 })
    await onlyMail(smtp)
  })

  test('a slow send that fails after its lease was taken over does not make the sent request due again', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { smtp, request } = await requestLeftSending(client, cleanup)
    afterTheLease()
    assert.deepEqual(await new ReviewRequestSendJob(smtp.mailer).handle({ requestId: request.id }), { sent: 1 })
    // The first worker was only slow: its send fails now, and its release names its own claim, which is gone.
    request.fail(new Error('connection reset'))
    assert.instanceOf(await request.running, Error)
    assert.equal((await requestRow(request.id)).status, 'sent')
    assert.deepEqual(await new ReviewRequestSendJob(smtp.mailer).handle({}), { sent: 0, reminded: 0 })
    await onlyMail(smtp)
  })
})

test.group('Send leases: mails to owners', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('the period reminder whose worker died is mailed by the first run after its lease, once', async ({ assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.create()
    const subscription = await SubscriptionFactory.apply('pro')
      .merge({ userId: owner.id, currentPeriodEnd: clock.now().plus({ days: 2 }).startOf('second') })
      .create()
    const dead = deadWorkerMailer()
    void new TrialExpiryJob(dead.mailer).handle()
    await dead.tookMessage
    const row = () => db.from('subscriptions').where('id', subscription.id).firstOrFail()
    assert.isNull((await row()).reminder_sent_at)

    const job = new TrialExpiryJob(smtp.mailer)
    assert.equal((await job.handle()).remindersSent, 0)
    afterTheLease()
    assert.equal((await job.handle()).remindersSent, 1)
    assert.equal((await job.handle()).remindersSent, 0)
    assert.equal((await onlyMail(smtp)).to, owner.email)
    assert.isNotNull((await row()).reminder_sent_at)
  })

  test('the weekly summary whose worker died is mailed by the first hourly run after its lease, once', async ({ assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const monday = DateTime.now().setZone('Asia/Kolkata').startOf('week').plus({ weeks: 2 })
    clock.travelTo(monday.minus({ weeks: 2 }))
    const { user } = await ownerWithBusiness()
    clock.travelTo(monday.plus({ hours: 10 }))
    const dead = deadWorkerMailer()
    void new WeeklySummaryJob(dead.mailer).handle()
    await dead.tookMessage
    const marker = async () => (await db.from('users').where('id', user.id).firstOrFail()).weekly_summary_sent_for

    const job = new WeeklySummaryJob(smtp.mailer)
    assert.deepEqual(await job.handle(), { summaries: 0 })
    assert.isNull(await marker())
    afterTheLease()
    assert.deepEqual(await job.handle(), { summaries: 1 })
    assert.deepEqual(await job.handle(), { summaries: 0 })
    assert.equal((await onlyMail(smtp)).to, user.email)
    assert.equal(await marker(), monday.toISODate())
  })
})

test.group('Send leases: alerts and digests', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  const lowRating = (businessId: number) =>
    ReviewSessionFactory.merge({ businessId, rating: 2, redirected: false, feedback: 'The tea was cold' }).create()
  const alertedAt = async (id: number) => (await db.from('review_sessions').where('id', id).firstOrFail()).alerted_at

  test('a low rating whose alert mail died with its worker is mailed by the sweep once the lease (and the gate) are over, once', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, business } = await ownerWithBusiness()
    const rating = await lowRating(business.id)
    const dead = deadWorkerMailer()
    void new FeedbackAlertJob(dead.mailer).handle({ businessId: business.id })
    await dead.tookMessage
    assert.isNull(await alertedAt(rating.id))

    const job = new FeedbackAlertJob(smtp.mailer)
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    // The business's 10-minute gate is longer than the lease: the next sweep after it.
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    assert.deepEqual(await job.handle({}), { alerted: 1 })
    assert.deepEqual(await job.handle({}), { alerted: 0 })
    const mail = await onlyMail(smtp)
    assert.equal(mail.to, user.email)
    assert.include(mail.text, 'The tea was cold')
    assert.isNotNull(await alertedAt(rating.id))
  })

  test('the daily digest whose worker died is sent by the run after its lease, once', async ({ assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, business } = await ownerWithBusiness({ owner: { feedbackAlerts: FeedbackAlerts.Daily } })
    const rating = await lowRating(business.id)
    const dead = deadWorkerMailer()
    void new FeedbackDigestJob(dead.mailer).handle()
    await dead.tookMessage

    const job = new FeedbackDigestJob(smtp.mailer)
    assert.deepEqual(await job.handle(), { digests: 0 })
    assert.isNull(await alertedAt(rating.id))
    afterTheLease()
    assert.deepEqual(await job.handle(), { digests: 1 })
    assert.deepEqual(await job.handle(), { digests: 0 })
    const mail = await onlyMail(smtp)
    assert.equal(mail.to, user.email)
    assert.include(mail.text, 'The tea was cold')
    assert.isNotNull(await alertedAt(rating.id))
  })
})
