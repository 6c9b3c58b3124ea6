/*
 * Review requests sent for the owner by email (docs/decisions.md D32): through a real SMTP server on loopback,
 * once per request whatever runs twice, never 21:00-09:00 IST, one reminder after 3 days when not opened, a failed
 * send released for the retry, and the stop link in the List-Unsubscribe headers.
 */
import { test } from '@japa/runner'
import Workspace from '#models/workspace'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import { clock } from '#lib/clock'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { CustomerFactory, ReviewRequestFactory, SubscriptionFactory, WhatsAppTemplateFactory } from '#database/factories/index'
import { RequestChannel } from '#models/review_request'
import WhatsAppAccount from '#models/whatsapp_account'
import { providerCapMessage } from '#actions/requests/request_channels'
import { brokenMailer, fileMailbox, smtpMailbox } from '#tests/helpers/mailbox'
import type { ReviewRequestDto } from '#types/api'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { escapeHtml } from '#lib/html'

/** 11:00 IST on a weekday: sending hours. */
const DAYTIME = DateTime.fromISO('2026-11-24T11:00:00', { zone: 'Asia/Kolkata' })

async function emailRequest(client: ApiClient, token: string, businessId: number, email = 'asha@example.in', phone = '9876543210') {
  const response = await client
    .post('/api/review-requests')
    .bearerToken(token)
    .json({ businessId, customer: { name: 'Asha', phone, email, consent: true }, channel: 'email' })
  response.assertStatus(201)
  return response.body() as ReviewRequestDto
}

const statusOf = async (id: number) => (await db.from('review_requests').where('id', id).first()).status

test.group('Review requests by email', (group) => {
  isolated(group)
  group.each.setup(() => {
    clock.travelTo(DAYTIME)
    return () => clock.reset()
  })

  test('one mail per request however many times the job runs, with the personal link and a one-click stop link', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const request = await emailRequest(client, token, business.id)
    assert.equal(request.status, 'created')
    assert.notProperty(request, 'whatsappUrl')

    const job = new ReviewRequestSendJob()
    const runs = await Promise.all([job.handle({ requestId: request.id }), job.handle({ requestId: request.id }), job.handle({})])

    assert.equal(
      runs.reduce((sum, run) => sum + ('sent' in run ? run.sent : 0), 0),
      1
    )
    const [sent] = await smtp.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.lengthOf(smtp.received, 1)
    assert.equal(sent.to, 'asha@example.in')
    assert.equal(sent.kind, 'review-request')
    assert.equal(sent.subject, 'How was your visit to Chai Point?')
    assert.include(sent.links, request.link)
    assert.include(sent.text, `${request.link}/stop`)
    assert.equal(await statusOf(request.id), 'sent')
  })

  test('the stop link is in List-Unsubscribe, one-click', async ({ client, assert, cleanup }) => {
    const mailbox = await fileMailbox(cleanup)
    const { token, business } = await ownerWithBusiness()
    const request = await emailRequest(client, token, business.id)
    await new ReviewRequestSendJob(mailbox.mailer).handle({ requestId: request.id })
    const [raw] = await mailbox.raw()
    assert.include(raw, `List-Unsubscribe: <${request.link}/stop>`)
    assert.include(raw, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click')
  })

  test("the mail is in the business's language: subject, <html lang>, the line under the button, why it came", async ({
    client,
    assert,
    cleanup,
  }) => {
    const mailbox = await fileMailbox(cleanup)
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point', language: 'hi' } })
    const request = await emailRequest(client, token, business.id)
    const job = new ReviewRequestSendJob(mailbox.mailer)
    await job.handle({ requestId: request.id })
    clock.travelTo(DAYTIME.plus({ days: 3, minutes: 5 }))
    await job.handle({})

    const [sent, reminder] = await mailbox.read()
    const hi = REVIEW_MESSAGES.hi
    const named = (text: string) => text.replace('{{business}}', 'Chai Point')
    assert.equal(sent.subject, named(hi.requestSubject))
    assert.equal(reminder.subject, named(hi.requestReminderSubject))
    assert.include(sent.html, '<html lang="hi">')
    assert.include(sent.html, escapeHtml(hi.requestOpenLink))
    assert.include(sent.html, escapeHtml(named(hi.requestReason)))
    assert.include(sent.text, named(hi.requestReason))
    for (const english of ['Or open this link', 'sent you this because', 'How was your visit']) {
      assert.notInclude(sent.html, english)
      assert.notInclude(sent.text, english)
    }
  })

  test('the HTML leaves the stop line to the footer\'s "Stop requests" link, with no stray "/stop"; the text keeps it', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mailbox = await fileMailbox(cleanup)
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const request = await emailRequest(client, token, business.id)
    await new ReviewRequestSendJob(mailbox.mailer).handle({ requestId: request.id })

    const [sent] = await mailbox.read()
    const stop = `${request.link}/stop`
    assert.include(sent.html, '<html lang="en">')
    assert.include(sent.html, `<a href="${stop}" style="color:#6b7280;">Stop requests</a>`)
    // Only the links themselves name /stop: no paragraph shows the bare path or a stop line without its link.
    assert.notMatch(sent.html.replaceAll(stop, ''), /\/stop/)
    assert.notInclude(sent.html, 'To stop these messages')
    assert.include(sent.text, `To stop these messages: ${stop}`)
  })

  test('nothing goes 21:00-09:00 IST; the morning sweep sends what waited', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token, business } = await ownerWithBusiness()
    clock.travelTo(DateTime.fromISO('2026-11-24T22:30:00', { zone: 'Asia/Kolkata' }))
    const request = await emailRequest(client, token, business.id)

    assert.deepEqual(await new ReviewRequestSendJob().handle({ requestId: request.id }), { sent: 0, quiet: true })
    assert.deepEqual(await new ReviewRequestSendJob().handle({}), { sent: 0, quiet: true })
    clock.travelTo(DateTime.fromISO('2026-11-25T08:59:00', { zone: 'Asia/Kolkata' }))
    assert.deepEqual(await new ReviewRequestSendJob().handle({}), { sent: 0, quiet: true })
    assert.equal(await statusOf(request.id), 'created')

    clock.travelTo(DateTime.fromISO('2026-11-25T09:05:00', { zone: 'Asia/Kolkata' }))
    assert.deepEqual(await new ReviewRequestSendJob().handle({}), { sent: 1, reminded: 0 })
    await smtp.waitFor(1)
    assert.equal(await statusOf(request.id), 'sent')
  })

  test('one reminder after 3 days when the link was not opened; none when opened or opted out', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token, business } = await ownerWithBusiness()
    await emailRequest(client, token, business.id, 'one@example.in', '9876500001')
    const opened = await emailRequest(client, token, business.id, 'two@example.in', '9876500002')
    const optedOut = await emailRequest(client, token, business.id, 'three@example.in', '9876500003')
    const job = new ReviewRequestSendJob()
    await job.handle({})
    await smtp.waitFor(3)
    await db.from('review_requests').where('id', opened.id).update({ opened_at: new Date(), status: 'opened' })
    await db.from('customers').where('id', optedOut.customerId).update({ opted_out_at: new Date() })

    clock.travelTo(DAYTIME.plus({ days: 2, hours: 23 }))
    assert.deepEqual(await job.handle({}), { sent: 0, reminded: 0 })
    clock.travelTo(DAYTIME.plus({ days: 3, minutes: 5 }))
    assert.deepEqual(await job.handle({}), { sent: 0, reminded: 1 })
    assert.deepEqual(await job.handle({}), { sent: 0, reminded: 0 })
    const mails = await smtp.waitFor(4)
    const reminders = mails.filter((mail) => mail.kind === 'review-request-reminder')
    assert.deepEqual(
      reminders.map((mail) => mail.to),
      ['one@example.in']
    )
    const [reminder] = reminders
    assert.match(reminder.subject, /^A reminder: /)
  })

  test('a mail that fails is released for the retry and sent once later', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token, business } = await ownerWithBusiness()
    const request = await emailRequest(client, token, business.id)
    await assert.rejects(() => new ReviewRequestSendJob(brokenMailer()).handle({ requestId: request.id }))
    assert.equal(await statusOf(request.id), 'created')
    assert.isNull((await db.from('review_requests').where('id', request.id).first()).sent_at)

    assert.deepEqual(await new ReviewRequestSendJob().handle({ requestId: request.id }), { sent: 1 })
    await smtp.waitFor(1)
  })

  test("an address the mail server refuses (550) fails the request with the server's words, and is not retried", async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup, { refuse: ['gone@example.in'] })
    const { token, business } = await ownerWithBusiness()
    const request = await emailRequest(client, token, business.id, 'gone@example.in')
    assert.deepEqual(await new ReviewRequestSendJob().handle({ requestId: request.id }), { sent: 0 })
    const shown = (await client.get(`/api/review-requests/${request.id}`).bearerToken(token)).body() as ReviewRequestDto
    assert.equal(shown.status, 'failed')
    assert.match(shown.failureReason ?? '', /^550 .*mailbox unavailable \(gone@example\.in\)/)
    await new ReviewRequestSendJob().handle({})
    assert.lengthOf(smtp.received, 0)
  })

  test('"send a test message to me" by email: the customer\'s mail, marked [Test], to the owner\'s address', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token, business, user } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const sent = await client.post(`/api/businesses/${business.id}/test-message`).bearerToken(token).json({ channel: 'email' })
    sent.assertStatus(200)
    assert.deepEqual(sent.body(), { channel: 'email', to: user.email })
    const [mail] = await smtp.waitFor(1)
    assert.equal(mail.to, user.email)
    assert.equal(mail.subject, '[Test] How was your visit to Chai Point?')
    assert.equal(mail.kind, 'review-request-test')
    assert.include(mail.links, `${env.get('APP_URL').replace(/\/+$/, '')}/review/${business.shortUrl}`)
    const [{ n }] = await db.from('review_requests').where('business_id', business.id).count('* as n')
    assert.equal(Number(n), 0)
    ;(await client.post(`/api/businesses/${business.id}/test-message`).bearerToken(token).json({ channel: 'fax' })).assertStatus(422)
  })

  test('an account sends at most REQUEST_SEND_PER_MINUTE a minute; the rest wait for the sweep', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token, business } = await ownerWithBusiness()
    const perMinute = env.get('REQUEST_SEND_PER_MINUTE')
    for (let i = 0; i <= perMinute; i++)
      await emailRequest(client, token, business.id, `c${i}@example.in`, `98765${String(10000 + i).slice(-5)}`)

    const result = await new ReviewRequestSendJob().handle({})

    assert.deepEqual(result, { sent: perMinute, reminded: 0 })
    await smtp.waitFor(perMinute)
    const waiting = await db.from('review_requests').where('business_id', business.id).where('status', 'created')
    assert.lengthOf(waiting, 1)
    assert.isNull(waiting[0].sent_at)
  }).timeout(60_000)
})

test.group('Provider-sent requests: the monthly cap', (group) => {
  isolated(group)

  test('past REQUEST_PROVIDER_MONTHLY_CAP WhatsApp Business and SMS requests this month, the account is told to use its own WhatsApp or email', async ({
    client,
    assert,
  }) => {
    const { token, business, user } = await ownerWithBusiness()
    const cap = env.get('REQUEST_PROVIDER_MONTHLY_CAP')
    const now = new Date()
    const customer = await CustomerFactory.merge({ businessId: business.id }).create()
    const [accountId] = await db.table('whatsapp_accounts').insert({
      workspace_id: await Workspace.personalIdOf(user.id),
      user_id: user.id,
      phone_number_id: '1065403522',
      access_token_encrypted: WhatsAppAccount.sealToken('EAAG-test-access-token-0123456789'),
      created_at: now,
      updated_at: now,
    })
    await WhatsAppTemplateFactory.merge({ whatsappAccountId: Number(accountId), name: 't', managed: false }).create()
    await ReviewRequestFactory.apply('sent')
      .merge(
        Array.from({ length: cap }, (_, i) => ({
          businessId: business.id,
          customerId: customer.id,
          channel: i % 2 ? RequestChannel.Sms : RequestChannel.Whatsapp,
        }))
      )
      .createMany(cap)
    // A paying owner: the cap is not the free plan's limit.
    await SubscriptionFactory.merge({
      userId: user.id,
      currentPeriodStart: DateTime.now().minus({ days: 1 }),
      currentPeriodEnd: DateTime.now().plus({ days: 29 }),
    }).create()

    const capped = await client
      .post('/api/review-requests')
      .bearerToken(token)
      .json({ businessId: business.id, customerId: customer.id, channel: 'whatsapp' })
    capped.assertStatus(422)
    assert.equal(capped.body().errors[0].field, 'channel')
    // The cap's own sentence: a connection that cannot send would be refused for another reason.
    assert.equal(capped.body().errors[0].message, providerCapMessage(cap))
    ;(
      await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({ businessId: business.id, customerId: customer.id, channel: 'whatsapp_link' })
    ).assertStatus(201)
  })
})
