/*
 * Owners' alerts on WhatsApp and acting from them (docs/decisions.md D70), against the Graph API stub (the alert
 * templates made on ReviewRoute's number, the member's taps played back as signed webhooks) and the Google stub:
 * a 2-star alert with "Call back" and "Mark resolved"; a 1-star Google review with "Draft a reply" and "Post reply",
 * posted once; taps that are not honoured (another number, a removed member, a viewer, a forged payload) say why;
 * push first with WhatsApp as its fallback; quiet hours; a refused message falls back to email; the record.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import appMail from '@adonisjs/mail/services/main'
import FeedbackAlertMail from '#mails/feedback_alert_mail'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import MemberAlertJob from '#jobs/member_alert_job'
import WeeklySummaryJob from '#jobs/weekly_summary_job'
import FeedbackDigestJob from '#jobs/feedback_digest_job'
import { FeedbackAlerts } from '#lib/notification_enums'
import SendMemberAlerts from '#actions/alerts/send_member_alerts'
import PushToMembers from '#actions/push/push_to_members'
import EnsurePlatformTemplates from '#actions/platform/ensure_platform_templates'
import { ALERT_TEXTS, alertText } from '#contract/alert_texts'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { FEEDBACK_ALERT_TEMPLATE, GOOGLE_REVIEW_ALERT_TEMPLATE, SUMMARY_TEMPLATE } from '#services/messaging/whatsapp_alert_templates'
import { alertPayload, openedToken } from '#lib/alert_payloads'
import { clock } from '#lib/clock'
import User from '#models/user'
import GoogleConnection from '#models/google_connection'
import { BusinessFactory, GoogleConnectionFactory, ReviewSessionFactory, UserFactory } from '#database/factories/index'
import { isolated } from '#tests/helpers/setup'
import { fileMailbox, type Cleanup } from '#tests/helpers/mailbox'
import { ownedWorkspace, joined } from '#tests/helpers/workspaces'
import { googleStub, heldReview } from '#tests/helpers/google_stub'
import { aiStub } from '#tests/helpers/ai_stub'
import { PLATFORM_NUMBER, whatsappPlatform, type WhatsAppStub } from '#tests/helpers/whatsapp_stub'
import type { MemberAlertDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const LOCATION = 'accounts/7/locations/70'
/** Each test's owner has a number of their own: the stub keeps every message of the group. */
let OWNER_PHONE = '919845067890'
let phones = 0

let stub: WhatsAppStub

/** A workspace with a business, its owner on WhatsApp alerts, a manager and a viewer. */
async function team(channels: Record<string, string[]> = { feedback: ['whatsapp'], googleReviews: ['whatsapp'] }) {
  const { owner, workspace } = await ownedWorkspace()
  const business = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id, name: 'Chai Point' }).create()
  OWNER_PHONE = `9198450${String(++phones).padStart(5, '0')}`
  await onWhatsApp(owner, OWNER_PHONE, channels)
  return { owner, workspace, business }
}

async function onWhatsApp(user: User, phone: string, channels: Record<string, string[]>) {
  user.whatsappAlertPhone = `+${phone}`
  user.whatsappAlertVerifiedAt = clock.now()
  user.alertChannelsChosen = channels as User['alertChannelsChosen']
  await user.save()
}

async function alertJob(cleanup: Cleanup) {
  const mail = await fileMailbox(cleanup)
  const cloud = await app.container.make(WhatsAppCloud)
  const alerts = new SendMemberAlerts(new PushToMembers(), cloud, mail.mailer)
  return { mail, alerts, job: new FeedbackAlertJob(mail.mailer, alerts), later: new MemberAlertJob(alerts) }
}

const send = async (payload: unknown) => {
  const answer = await stub.webhook(API, payload)
  if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${await answer.text()}`)
  return (await answer.json()) as { taps: string[] }
}

/** Kavya's private 2-star rating, written in Hindi, with her mobile number. */
const kavyasRating = (businessId: number) =>
  ReviewSessionFactory.merge({
    businessId,
    rating: 2,
    redirected: false,
    feedback: 'खाना ठंडा था',
    contactName: 'Kavya Rao',
    contactPhone: '9845011111',
    language: 'hi',
  }).create()

/** The last message ReviewRoute's number sent to `waId`, as their phone shows it. */
const lastTo = (waId: string) => stub.sentTo(waId).at(-1)!

test.group('Owner alerts on WhatsApp: a private low rating', (group) => {
  isolated(group)
  const platform = whatsappPlatform(group)
  group.each.setup(async () => {
    stub = platform.stub
    // The alert templates, made (and approved) on ReviewRoute's number as `node ace whatsapp:platform-templates` does.
    await (await app.container.make(EnsurePlatformTemplates)).handle()
    await stub.approveAll(API)
  })
  group.each.teardown(() => clock.reset())

  test("a member who chose Tamil: the alert, its record and the chat answers in Tamil; the apology in the customer's Hindi", async ({
    assert,
    cleanup,
  }) => {
    const { owner, business } = await team()
    owner.alertLanguage = 'ta'
    await owner.save()
    const session = await kavyasRating(business.id)
    const { job } = await alertJob(cleanup)
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 1 })

    const ta = ALERT_TEXTS.ta
    const alert = lastTo(OWNER_PHONE)
    assert.containsSubset(alert.template, { name: FEEDBACK_ALERT_TEMPLATE, language: 'ta', known: true })
    // The stub fills the Tamil template Meta holds, as the phone shows it.
    assert.equal(
      alert.text.split('\n')[0],
      ta.feedbackTemplate.replace(/\{\{(\d)\}\}/g, (_, n: string) => ['2', 'Chai Point', 'Kavya Rao', 'खाना ठंडा था'][Number(n) - 1])
    )
    assert.match(alert.text, /[\u0B80-\u0BFF]/)
    assert.deepEqual(
      alert.buttons.map((button) => button.text),
      [ta.callBackButton, ta.markResolvedButton, ta.openButton]
    )
    const row = await db.from('member_alerts').where('user_id', owner.id).firstOrFail()
    assert.equal(row.title, alertText('ta', 'feedbackTitle', { stars: 2, business: 'Chai Point' }))

    assert.deepEqual((await send(stub.tap(alert.id, ta.callBackButton))).taps, ['called_back'])
    const callBack = lastTo(OWNER_PHONE).text
    assert.match(callBack, /[\u0B80-\u0BFF]/)
    assert.include(callBack, 'tel:+919845011111')
    const waLink = /https:\/\/wa\.me\/919845011111\?text=(\S+)/.exec(callBack)!
    assert.include(decodeURIComponent(waLink[1]), 'नमस्ते Kavya जी')

    assert.deepEqual((await send(stub.tap(alert.id, ta.markResolvedButton))).taps, ['resolved'])
    assert.equal(
      lastTo(OWNER_PHONE).text,
      alertText('ta', 'resolved', { link: `${env.get('APP_URL')}/feedbacks?businessId=${business.id}&feedback=${session.id}` })
    )
    assert.deepEqual((await send(stub.tap(alert.id, ta.markResolvedButton))).taps, ['already'])
    assert.equal(lastTo(OWNER_PHONE).text, ta.alreadyResolved)
  })

  test('a 2-star rating: the alert names it; "Call back" answers with tel: and wa.me in the customer\'s language; "Mark resolved" once', async ({
    assert,
    cleanup,
  }) => {
    const { owner, business } = await team()
    const session = await kavyasRating(business.id)
    const { job } = await alertJob(cleanup)
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 1 })

    const alert = lastTo(OWNER_PHONE)
    assert.equal(alert.phoneNumberId, PLATFORM_NUMBER)
    assert.equal(alert.template?.name, FEEDBACK_ALERT_TEMPLATE)
    assert.include(alert.text, 'New 2-star private rating for Chai Point from Kavya Rao: "खाना ठंडा था"')
    assert.deepEqual(
      alert.buttons.map((button) => button.text),
      ['Call back', 'Mark resolved', 'Open']
    )
    const row = await db.from('member_alerts').where('user_id', owner.id).firstOrFail()
    assert.equal(alert.buttons[2].url, `${env.get('APP_URL')}/feedbacks?businessId=${business.id}&feedback=${session.id}`)

    assert.deepEqual((await send(stub.tap(alert.id, 'Call back'))).taps, ['called_back'])
    const callBack = lastTo(OWNER_PHONE).text
    assert.include(callBack, 'Call Kavya Rao on +91 98450 11111: tel:+919845011111')
    const waLink = /https:\/\/wa\.me\/919845011111\?text=(\S+)/.exec(callBack)!
    assert.include(decodeURIComponent(waLink[1]), 'नमस्ते Kavya जी')
    assert.include(decodeURIComponent(waLink[1]), 'Chai Point')

    const resolve = stub.tap(alert.id, 'Mark resolved')
    assert.deepEqual((await send(resolve)).taps, ['resolved'])
    assert.isNotNull((await db.from('review_sessions').where('id', session.id).first()).resolved_at)
    assert.include(lastTo(OWNER_PHONE).text, 'Marked resolved')
    // Meta delivers the same webhook again: nothing more, not even an answer.
    const answers = stub.sentTo(OWNER_PHONE).length
    assert.deepEqual((await send(resolve)).taps, ['seen'])
    assert.lengthOf(stub.sentTo(OWNER_PHONE), answers)
    // A second tap (a new message): done already, and said so.
    assert.deepEqual((await send(stub.tap(alert.id, 'Mark resolved'))).taps, ['already'])

    const record = (await db.from('member_alerts').where('id', row.id).first())!
    assert.equal(record.action, 'resolved')

    // A message that is not a tap is answered with where to go; STOP turns WhatsApp alerts off for the number.
    assert.deepEqual((await send(stub.inbound(PLATFORM_NUMBER, { waId: OWNER_PHONE }, { type: 'text', body: 'hello?' }))).taps, ['help'])
    assert.deepEqual((await send(stub.inbound(PLATFORM_NUMBER, { waId: OWNER_PHONE }, { type: 'text', body: 'stop' }))).taps, ['stopped'])
    assert.equal(lastTo(OWNER_PHONE).text, alertText('en', 'stopped'))
    assert.isNull((await db.from('users').where('id', owner.id).first()).whatsapp_alert_phone)
  })

  test('the code that proves a number reads as Meta writes an authentication template', async ({ assert, client }) => {
    const { owner } = await team()
    ;(await client.post('/api/profile/whatsapp-alerts').loginAs(owner).json({ phone: '9845099999' })).assertStatus(202)
    const code = lastTo('919845099999')
    assert.match(code.text, /^\d{6} is your verification code\. For your security, do not share this code\./)
    assert.include(code.text, 'This code expires in 10 minutes.')
  })

  test('taps that are not honoured do nothing and say why: another number, a forged payload, a removed member, a viewer', async ({
    assert,
    cleanup,
  }) => {
    const { owner, workspace, business } = await team()
    const viewer = await joined(workspace.id, 'viewer')
    await onWhatsApp(viewer, '919845022222', { feedback: ['whatsapp'] })
    const session = await ReviewSessionFactory.merge({
      businessId: business.id,
      rating: 1,
      redirected: false,
      feedback: 'Rude staff',
    }).create()
    const { job } = await alertJob(cleanup)
    await job.handle({ businessId: business.id })
    // Viewers are not told about ratings at all; the owner is.
    assert.lengthOf(stub.sentTo('919845022222'), 0)
    const alert = lastTo(OWNER_PHONE)
    const resolvePayload = alert.buttons[1].payload!

    // The owner's button, tapped from another number.
    const stranger = stub.inbound(
      PLATFORM_NUMBER,
      { waId: '919800000001' },
      { type: 'button', text: 'Mark resolved', payload: resolvePayload }
    )
    assert.deepEqual((await send(stranger)).taps, ['refused'])
    assert.equal(lastTo('919800000001').text, alertText('en', 'otherNumber'))

    // A payload made up, or moved to another alert, or turned into another action.
    const [, alertId, , signature] = resolvePayload.split(':')
    for (const forged of [
      `ra:${Number(alertId) + 1}:resolve:${signature}`,
      `ra:${alertId}:post:${signature}`,
      'rr:abc:5',
      'ra:1:resolve:short',
    ]) {
      const tap = stub.inbound(PLATFORM_NUMBER, { waId: OWNER_PHONE }, { type: 'button', text: 'Mark resolved', payload: forged })
      assert.deepEqual((await send(tap)).taps, ['refused'], forged)
      assert.equal(lastTo(OWNER_PHONE).text, alertText('en', 'notOurs'))
    }

    // A viewer's genuine payload for the same alert's action: their role may not resolve.
    const viewerAlert = await db.table('member_alerts').insert({
      user_id: viewer.id,
      business_id: business.id,
      kind: 'feedback',
      review_session_id: session.id,
      title: 'x',
      created_at: new Date(),
    })
    const asViewer = stub.inbound(
      PLATFORM_NUMBER,
      { waId: '919845022222' },
      { type: 'button', text: 'Mark resolved', payload: alertPayload(viewerAlert[0], viewer.id, 'resolve') }
    )
    assert.deepEqual((await send(asViewer)).taps, ['refused'])
    assert.include(lastTo('919845022222').text, 'Nothing was done')

    // The owner leaves the workspace's membership (removed): their old alert does nothing.
    await db.from('workspace_members').where('workspace_id', workspace.id).where('user_id', owner.id).delete()
    const removed = stub.tap(alert.id, 'Mark resolved')
    assert.deepEqual((await send(removed)).taps, ['refused'])
    assert.include(lastTo(OWNER_PHONE).text, `You are no longer a member of ${workspace.name}`)

    assert.isNull((await db.from('review_sessions').where('id', session.id).first()).resolved_at)
  })

  test('push first: WhatsApp waits PUSH_FALLBACK_MINUTES and goes only if the push was not opened; 1 star at once', async ({
    assert,
    cleanup,
    client,
  }) => {
    const { owner, business } = await team({ feedback: ['push', 'whatsapp'] })
    const pushed: string[] = []
    const pushes = new PushToMembers()
    Object.defineProperty(pushes, 'withDevices', { value: async (ids: number[]) => new Set(ids) })
    Object.defineProperty(pushes, 'handle', {
      value: async (_userId: number, notification: { opened: string }) => (pushed.push(notification.opened), true),
    })
    const { mail } = await alertJob(cleanup)
    const alerts = new SendMemberAlerts(pushes, await app.container.make(WhatsAppCloud), mail.mailer)
    const job = new FeedbackAlertJob(mail.mailer, alerts)
    const later = new MemberAlertJob(alerts)

    await ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, feedback: 'Slow' }).create()
    await job.handle({ businessId: business.id })
    assert.lengthOf(pushed, 1)
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 0)
    const first = await db.from('member_alerts').where('user_id', owner.id).orderBy('id', 'desc').firstOrFail()
    assert.isNotNull(first.whatsapp_due_at)

    // Not yet due: nothing. Unopened after 10 minutes: WhatsApp goes, once.
    assert.deepEqual(await later.handle({}), { sent: 0 })
    clock.travelTo(clock.now().plus({ minutes: env.get('PUSH_FALLBACK_MINUTES'), seconds: 1 }))
    assert.deepEqual(await later.handle({}), { sent: 1 })
    assert.deepEqual(await later.handle({ alertId: first.id }), { sent: 0 })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 1)

    // The next one is opened on the phone within the time: no WhatsApp.
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 3, redirected: false, feedback: 'Okay' }).create()
    await job.handle({ businessId: business.id })
    const second = await db.from('member_alerts').where('user_id', owner.id).orderBy('id', 'desc').firstOrFail()
    assert.equal(pushed.at(-1), openedToken(second.id, owner.id))
    ;(await client.post('/api/alerts/opened').json({ token: pushed.at(-1) })).assertStatus(204)
    ;(await client.post('/api/alerts/opened').json({ token: `${second.id}.${'A'.repeat(22)}` })).assertStatus(404)
    ;(await client.post('/api/alerts/opened').json({ token: 'nope' })).assertStatus(404)
    ;(await client.post('/api/alerts/opened').json({})).assertStatus(422)
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    assert.deepEqual(await later.handle({}), { sent: 0 })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 1)

    // A 1-star rating: push and WhatsApp at once.
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 1, redirected: false, feedback: 'Awful' }).create()
    await job.handle({ businessId: business.id })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 2)

    const listed = (await client.get('/api/profile/alerts').loginAs(owner)).body() as MemberAlertDto[]
    assert.deepEqual(
      listed.map((alert) => [alert.kind, alert.action, alert.channels.map((one) => `${one.channel}:${one.status}`).join(',')]),
      [
        ['feedback', null, 'push:sent,whatsapp:sent'],
        ['feedback', 'opened', 'push:read'],
        ['feedback', null, 'push:sent,whatsapp:sent'],
      ]
    )
    assert.containsSubset(listed[0], { title: '1★ private rating at Chai Point', businessName: 'Chai Point' })
  })

  test('quiet hours hold a 2-star alert until they end, never a 1-star one; a refused WhatsApp message goes by mail', async ({
    assert,
    cleanup,
  }) => {
    const { owner, business } = await team()
    owner.alertQuietHours = { from: 22, until: 7 }
    await owner.save()
    // 23:30 IST.
    clock.travelTo(clock.now().setZone('Asia/Kolkata').set({ hour: 23, minute: 30 }).toUTC())
    const { job, later, mail } = await alertJob(cleanup)
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, feedback: 'Late and cold' }).create()
    await job.handle({ businessId: business.id })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 0)
    clock.travelTo(clock.now().plus({ hours: 7, minutes: 31 }))
    assert.deepEqual(await later.handle({}), { sent: 1 })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 1)

    // 1 star at 23:30: at once.
    clock.travelTo(clock.now().setZone('Asia/Kolkata').set({ hour: 23, minute: 30 }).toUTC())
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 1, redirected: false, feedback: 'Never again' }).create()
    await job.handle({ businessId: business.id })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 2)

    // Meta refuses the next one: it goes by mail instead, and the record says so.
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    stub.failNext('/messages', { status: 400, error: { code: 131026, message: 'Message undeliverable' } })
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 1, redirected: false, feedback: 'Dirty tables' }).create()
    await job.handle({ businessId: business.id })
    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.include(mails[0].text, 'Dirty tables')
    const last = await db.from('member_alerts').where('user_id', owner.id).orderBy('id', 'desc').firstOrFail()
    assert.sameMembers(
      (await db.from('member_alert_deliveries').where('member_alert_id', last.id)).map((row) => `${row.channel}:${row.status}`),
      ['whatsapp:failed', 'email:sent']
    )
  })

  test("delivery statuses move the record on, never back; a failed one sends the mail; the month's messages on Billing", async ({
    assert,
    cleanup,
    client,
  }) => {
    const { owner, business, workspace } = await team()
    const { job, mail } = await alertJob(cleanup)
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, feedback: 'Meh' }).create()
    await job.handle({ businessId: business.id })
    const message = lastTo(OWNER_PHONE)
    await send(stub.statusFor(message.id, 'read'))
    await send(stub.statusFor(message.id, 'delivered'))
    const delivery = await db.from('member_alert_deliveries').where('provider_message_id', message.id).firstOrFail()
    assert.equal(delivery.status, 'read')
    assert.lengthOf(await mail.read(), 0)

    const billing = (await client.get('/api/billing/alert-messages').loginAs(owner).header('x-workspace-id', String(workspace.id))).body()
    assert.deepEqual(
      billing,
      { month: billing.month, messages: 1, costInr: 0.12, pricePerMessageInr: env.get('WHATSAPP_PRICE_INR') },
      JSON.stringify(billing)
    )

    clock.travelTo(clock.now().plus({ minutes: 11 }))
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 3, redirected: false, feedback: 'Noisy' }).create()
    await job.handle({ businessId: business.id })
    const second = lastTo(OWNER_PHONE)
    // The webhook mails with the app's mailer.
    const fake = appMail.fake()
    cleanup(() => appMail.restore())
    await send(stub.statusFor(second.id, 'failed'))
    fake.mails.assertSent(FeedbackAlertMail)
    fake.mails.assertSentCount(1)
    const record = await db.from('member_alert_deliveries').where('provider_message_id', second.id).firstOrFail()
    assert.equal(record.status, 'failed')
  })
  test("a business's next low rating within the mail's 10 minutes still reaches the phone at once, and the mail joins it later", async ({
    assert,
    cleanup,
  }) => {
    const { owner, business } = await team({ feedback: ['email', 'whatsapp'] })
    const { job, mail } = await alertJob(cleanup)
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, feedback: 'First' }).create()
    await job.handle({ businessId: business.id })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 1)
    assert.lengthOf(await mail.read(), 1)

    // Two minutes later: the mail waits for its gate, the phone does not; a second run sends nothing twice.
    clock.travelTo(clock.now().plus({ minutes: 2 }))
    const second = await ReviewSessionFactory.merge({ businessId: business.id, rating: 3, redirected: false, feedback: 'Second' }).create()
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 0 })
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 2)
    assert.include(lastTo(OWNER_PHONE).text, '"Second"')
    assert.lengthOf(await mail.read(), 1)

    // The gate opens: the mail carries it, joined to the same alert; no second WhatsApp message.
    clock.travelTo(clock.now().plus({ minutes: 10 }))
    assert.deepEqual(await job.handle({}), { alerted: 1 })
    assert.lengthOf(await mail.read(), 2)
    assert.lengthOf(stub.sentTo(OWNER_PHONE), 2)
    const alerts = await db.from('member_alerts').where('review_session_id', second.id)
    assert.lengthOf(alerts, 1)
    assert.sameMembers(
      (await db.from('member_alert_deliveries').where('member_alert_id', alerts[0].id)).map((row) => `${row.channel}:${row.status}`),
      ['whatsapp:sent', 'email:sent']
    )
    assert.equal(alerts[0].user_id, owner.id)
  })

  test('summaries on WhatsApp: the weekly and the daily one per business for members who chose it; the mail only with email', async ({
    assert,
    cleanup,
  }) => {
    const { owner, business } = await team({ summaries: ['whatsapp'] })
    owner.feedbackAlerts = FeedbackAlerts.Daily
    await owner.save()
    const monday = clock.now().setZone('Asia/Kolkata').startOf('week').plus({ weeks: 1 })
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 5, createdAt: monday.minus({ days: 2 }).toUTC() }).create()
    await ReviewSessionFactory.merge({
      businessId: business.id,
      rating: 2,
      redirected: false,
      feedback: 'Cold',
      createdAt: monday.minus({ days: 2 }).toUTC(),
    }).create()
    const { alerts, mail } = await alertJob(cleanup)

    clock.travelTo(monday.set({ hour: 9, minute: 5 }).toUTC())
    assert.deepEqual(await new WeeklySummaryJob(mail.mailer, alerts).handle(), { summaries: 1 })
    const weekly = lastTo(OWNER_PHONE)
    assert.equal(weekly.template?.name, SUMMARY_TEMPLATE)
    assert.include(weekly.text, 'Your weekly summary for Chai Point: 2 ratings, 3.5 average, 1 private feedback to read.')

    assert.deepEqual(await new FeedbackDigestJob(mail.mailer, alerts).handle(), { digests: 0 })
    assert.include(lastTo(OWNER_PHONE).text, 'Your daily summary for Chai Point: 1 ratings, 2.0 average, 1 private feedback to read.')
    assert.lengthOf(await mail.read(), 0)
  })
})

test.group('Owner alerts on WhatsApp: a Google review, drafted and posted from the chat', (group) => {
  isolated(group)
  const platform = whatsappPlatform(group)
  const google = googleStub(group)
  const ai = aiStub(group)
  group.each.setup(async () => {
    stub = platform.stub
    await (await app.container.make(EnsurePlatformTemplates)).handle()
    await stub.approveAll(API)
  })
  group.each.teardown(() => clock.reset())

  async function googleWorld() {
    const world = await team()
    await GoogleConnectionFactory.merge({
      workspaceId: world.workspace.id,
      refreshTokenEncrypted: GoogleConnection.seal('rt-alerts'),
      connectedByUserId: world.owner.id,
    }).create()
    google.state.reviews[LOCATION] = []
    const review = await heldReview(
      google,
      LOCATION,
      'r1',
      { businessId: world.business.id, stars: 1, comment: 'Waited 40 minutes', reviewerName: 'Ravi', alertDueAt: clock.now() },
      { starRating: 'ONE', comment: 'Waited 40 minutes' }
    )
    return { ...world, review }
  }

  test('"Draft a reply" sends the AI draft with "Post reply"; "Post reply" posts it to Google once, by WhatsApp', async ({
    assert,
    cleanup,
  }) => {
    const { workspace, business, review } = await googleWorld()
    ai.state.content = 'We are sorry for the wait, Ravi. Please give us another chance.'
    const { job } = await alertJob(cleanup)
    await job.handle({ businessId: business.id })
    const alert = lastTo(OWNER_PHONE)
    assert.equal(alert.template?.name, GOOGLE_REVIEW_ALERT_TEMPLATE)
    assert.include(alert.text, 'New 1-star Google review of Chai Point by Ravi: "Waited 40 minutes"')

    assert.deepEqual((await send(stub.tap(alert.id, 'Draft a reply'))).taps, ['reply_drafted'])
    const [draft, edit] = stub.sentTo(OWNER_PHONE).slice(-2)
    assert.include(draft.text, ai.state.content)
    assert.equal(draft.buttons[0].text, 'Post reply')
    assert.equal(edit.buttons[0].kind, 'cta_url')
    assert.equal(edit.buttons[0].text, 'Edit in app')

    const post = stub.tap(draft.id, 'Post reply')
    assert.deepEqual((await send(post)).taps, ['reply_posted'])
    assert.deepEqual((await send(post)).taps, ['seen'])
    assert.deepEqual((await send(stub.tap(draft.id, 'Post reply'))).taps, ['already'])
    assert.lengthOf(google.state.replyCalls, 1)
    assert.equal(google.state.replyCalls[0].comment, ai.state.content)
    const stored = await db.from('google_reviews').where('id', review.id).first()
    assert.equal(stored.reply_comment, ai.state.content)
    const activity = await db
      .from('workspace_activity')
      .where('workspace_id', workspace.id)
      .where('action', 'google_review.replied')
      .firstOrFail()
    assert.equal((typeof activity.details === 'string' ? JSON.parse(activity.details) : activity.details).via, 'whatsapp')
  })

  test("a viewer's \"Post reply\" and a manager outside the business's scope do nothing; Google's refusal is said, and may be tried again", async ({
    assert,
    cleanup,
  }) => {
    const { workspace, business } = await googleWorld()
    const other = await BusinessFactory.merge({ workspaceId: workspace.id }).create()
    const scoped = await joined(workspace.id, 'manager', [other.id])
    const viewer = await joined(workspace.id, 'viewer')
    const { job } = await alertJob(cleanup)
    await job.handle({ businessId: business.id })
    const alertId = Number(lastTo(OWNER_PHONE).buttons[0].payload!.split(':')[1])
    await db.from('member_alerts').where('id', alertId).update({ draft: 'Sorry, Ravi.' })

    for (const [user, phone] of [
      [viewer, '919845033333'],
      [scoped, '919845044444'],
    ] as const) {
      await onWhatsApp(user, phone, { googleReviews: ['whatsapp'] })
      const own = await db.table('member_alerts').insert({
        user_id: user.id,
        business_id: business.id,
        kind: 'googleReviews',
        google_review_id: (await db.from('member_alerts').where('id', alertId).first()).google_review_id,
        title: 'x',
        draft: 'Sorry, Ravi.',
        created_at: new Date(),
      })
      const tap = stub.inbound(
        PLATFORM_NUMBER,
        { waId: phone },
        { type: 'button_reply', id: alertPayload(own[0], user.id, 'post'), title: 'Post reply' }
      )
      assert.deepEqual((await send(tap)).taps, ['refused'])
    }
    assert.include(lastTo('919845033333').text, 'Nothing was done')
    assert.equal(lastTo('919845044444').text, alertText('en', 'gone'))
    assert.lengthOf(google.state.replyCalls, 0)

    // Google refuses: said in the chat, nothing stored, and the owner may try again.
    google.state.reviewFailures.push(400)
    const owner = await User.query()
      .where('id', (await db.from('member_alerts').where('id', alertId).first()).user_id)
      .firstOrFail()
    const post = stub.inbound(
      PLATFORM_NUMBER,
      { waId: OWNER_PHONE },
      { type: 'button_reply', id: alertPayload(alertId, owner.id, 'post'), title: 'Post reply' }
    )
    const refused = await send(post)
    assert.deepEqual(refused.taps, ['failed'])
    assert.include(lastTo(OWNER_PHONE).text, 'Nothing was done')
    const again = stub.inbound(
      PLATFORM_NUMBER,
      { waId: OWNER_PHONE },
      { type: 'button_reply', id: alertPayload(alertId, owner.id, 'post'), title: 'Post reply' }
    )
    assert.deepEqual((await send(again)).taps, ['reply_posted'])
  })
})

test.group('Owner alerts: settings', (group) => {
  isolated(group)

  test('quiet hours are whole hours, null for none; equal hours and other values are 422 and change nothing', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const set = await client
      .patch('/api/notification-settings')
      .loginAs(user)
      .json({ quietHours: { from: 22, until: 7 } })
    set.assertStatus(200)
    assert.deepEqual(set.body().quietHours, { from: 22, until: 7 })
    for (const bad of [{ from: 7, until: 7 }, { from: 24, until: 7 }, { from: 1.5, until: 7 }, { from: '22', until: 7 }, 'night']) {
      ;(await client.patch('/api/notification-settings').loginAs(user).json({ quietHours: bad })).assertStatus(422)
    }
    assert.deepEqual((await client.get('/api/notification-settings').loginAs(user)).body().quietHours, { from: 22, until: 7 })
    const off = await client.patch('/api/notification-settings').loginAs(user).json({ quietHours: null })
    assert.isNull(off.body().quietHours)
  })
})
