/*
 * WhatsApp the way Indian businesses use it (docs/decisions.md D67), end to end against the loopback stub of Meta's
 * Graph API: Embedded Signup finished on the server (new number and coexistence), the templates made for the owner
 * and their states from webhooks, a request carrying the rating quick-replies, ratings inside the chat with the
 * routing choice, feedback text and voice notes, call-backs, redeliveries, opt-outs, and Meta's refusals and
 * outages.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { REVIEW_TEMPLATE_NAME } from '#services/messaging/whatsapp_review_template'
import { googleReviewLinkOf } from '#lib/app_url'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { joined } from '#tests/helpers/workspaces'
import Workspace from '#models/workspace'
import User from '#models/user'
import {
  accountUpdate,
  phoneQualityUpdate,
  signWebhook,
  startWhatsAppStub,
  stubbedCloud,
  type WhatsAppStub,
} from '#tests/helpers/whatsapp_stub'
import type { RequestFunnelDto, ReviewRequestDto, ReviewSessionDto, WhatsAppAccountDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const WABA_ID = '102290129340398'
const PHONE_NUMBER_ID = '106540352242922'
const KAVYA = '919845067890'

let stub: WhatsAppStub
const cloud = () => stubbedCloud(stub)

async function signUp(client: ApiClient, token: string, { coexistence = false, phoneNumberId = PHONE_NUMBER_ID } = {}) {
  const code = stub.issueCode({
    wabaId: WABA_ID,
    phoneNumberId,
    coexistence,
    displayPhoneNumber: '+91 98450 00000',
    verifiedName: 'Chai Point',
  })
  return client
    .post('/api/whatsapp-account/embedded-signup')
    .bearerToken(token)
    .json({ code, wabaId: WABA_ID, phoneNumberId, ...(coexistence ? { coexistence: true } : {}) })
}

/** An owner connected through Embedded Signup, its templates approved by Meta's webhooks. */
async function connected(client: ApiClient, business: Record<string, unknown> = {}) {
  const owner = await ownerWithBusiness({ business: { name: 'Chai Point', ...business } })
  ;(await signUp(client, owner.token)).assertStatus(200)
  for (const answer of await stub.approveAll(API)) if (answer.status !== 200) throw new Error(`approval webhook: ${answer.status}`)
  return owner
}

/** A WhatsApp Business request to Kavya, sent by the job; its message as the stub recorded it. */
async function requestSent(client: ApiClient, token: string, businessId: number, customer: Record<string, unknown> = {}) {
  const created = await client
    .post('/api/review-requests')
    .bearerToken(token)
    .json({ businessId, customer: { name: 'Kavya', phone: '98450 67890', consent: true, ...customer }, channel: 'whatsapp' })
  created.assertStatus(201)
  const request = created.body() as ReviewRequestDto
  const result = await new ReviewRequestSendJob(undefined, cloud()).handle({ requestId: request.id })
  if (result.sent !== 1) throw new Error(`the request was not sent: ${JSON.stringify(result)}`)
  const message = stub.sentTo(KAVYA).at(-1)!
  return { request, message }
}

const send = (payload: unknown) => stub.webhook(API, payload)
/** What the webhook's messages came to. */
const outcomesOf = async (answer: Promise<Response> | Response) => ((await (await answer).json()) as { outcomes: string[] }).outcomes
const says = (text: string, messageId?: string) =>
  stub.inbound(PHONE_NUMBER_ID, { waId: KAVYA, name: 'Kavya' }, { type: 'text', body: text, messageId })
const lastToKavya = () => stub.sentTo(KAVYA).at(-1)!
const sessionsOf = (businessId: number) => db.from('review_sessions').where('business_id', businessId).orderBy('id')

async function mailsTo(email: string) {
  const dir = app.makePath(env.get('MAIL_DIR'))
  const names = await readdir(dir).catch(() => [] as string[])
  const raws = await Promise.all(names.filter((name) => name.endsWith('.eml')).map((name) => readFile(join(dir, name), 'utf8')))
  return raws.filter((raw) => raw.includes(email))
}

test.group('WhatsApp: Embedded Signup, templates, ratings inside the chat', (group) => {
  isolated(group)
  group.setup(async () => {
    stub = await startWhatsAppStub()
    app.container.swap(WhatsAppCloud, () => cloud())
    // Requests go at any hour here: the chat is what is tested, not the quiet hours (review_request_sending.spec.ts).
    const quietHours = env.get('REQUEST_QUIET_HOURS')
    env.set('REQUEST_QUIET_HOURS', 'off')
    return async () => {
      env.set('REQUEST_QUIET_HOURS', quietHours)
      app.container.restore(WhatsAppCloud)
      await stub.close()
    }
  })
  group.each.setup(() => stub.reset())

  test('Embedded Signup: code exchanged, app subscribed, number registered with a pin, nine templates made', async ({ client, assert }) => {
    const { token, user } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const answer = await signUp(client, token)
    answer.assertStatus(200)
    const account = answer.body() as WhatsAppAccountDto
    assert.containsSubset(account, {
      connected: true,
      wabaId: WABA_ID,
      phoneNumberId: PHONE_NUMBER_ID,
      displayPhoneNumber: '+91 98450 00000',
      verifiedName: 'Chai Point',
      coexistence: false,
      accessTokenSet: true,
      notice: null,
    })
    assert.deepEqual(
      account.templates.map(({ language, status, name }) => `${name}:${language}:${status}`),
      ['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml'].map((code) => `${REVIEW_TEMPLATE_NAME}:${code}:PENDING`)
    )
    assert.deepEqual(stub.subscriptions, [WABA_ID])
    assert.match(stub.numbers.get(PHONE_NUMBER_ID)!.registeredPin ?? '', /^\d{6}$/)
    const made = stub.templates.filter((template) => template.wabaId === WABA_ID)
    assert.lengthOf(made, 9)
    for (const template of made) {
      assert.equal(template.category, 'UTILITY')
      const buttons = template.components.find((component) => component.type === 'BUTTONS')!.buttons!
      assert.lengthOf(buttons, 6)
      assert.isTrue(buttons.every((button) => button.type === 'QUICK_REPLY'))
    }
    // The token and the pin are sealed with the app key.
    const row = await db
      .from('whatsapp_accounts')
      .where('workspace_id', (await Workspace.personalIdOf(user.id))!)
      .first()
    assert.notInclude(row.access_token_encrypted, 'EAA')
    assert.notMatch(String(row.pin_encrypted), /^\d{6}$/)
    assert.notInclude(JSON.stringify(account), stub.numbers.get(PHONE_NUMBER_ID)!.registeredPin!)

    // Connecting again creates no template twice: the WABA has them.
    const again = await signUp(client, token)
    assert.equal(again.status(), 200, JSON.stringify(again.body()))
    assert.lengthOf(
      stub.templates.filter((template) => template.wabaId === WABA_ID),
      9
    )
  })

  test('coexistence: the number stays in the WhatsApp Business app and is not registered', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    const answer = await signUp(client, token, { coexistence: true })
    answer.assertStatus(200)
    assert.isTrue((answer.body() as WhatsAppAccountDto).coexistence)
    assert.isFalse(stub.requests.some((request) => request.path.endsWith('/register')))
  })

  test("Meta's refusal is a 422 in Meta's words, Meta down a 503; either way nothing is stored", async ({ client, assert }) => {
    const { token, user } = await ownerWithBusiness()
    const workspaceId = (await Workspace.personalIdOf(user.id))!
    stub.failNext('/subscribed_apps', { status: 400, error: { error_user_msg: 'This business portfolio is not verified.' } })
    const refused = await signUp(client, token)
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), 'This business portfolio is not verified.')
    assert.isNull(await db.from('whatsapp_accounts').where('workspace_id', workspaceId).first())

    stub.failNext('/message_templates', { status: 500, times: 20 })
    ;(await signUp(client, token)).assertStatus(503)
    await stub.down()
    try {
      ;(await signUp(client, token)).assertStatus(503)
    } finally {
      await stub.up()
    }
    assert.isNull(await db.from('whatsapp_accounts').where('workspace_id', workspaceId).first())

    // A code Meta did not issue.
    const forged = await client
      .post('/api/whatsapp-account/embedded-signup')
      .bearerToken(token)
      .json({ code: 'not-a-code', wabaId: WABA_ID, phoneNumberId: PHONE_NUMBER_ID })
    forged.assertStatus(422)
    // Bad input never reaches Meta.
    const before = stub.requests.length
    for (const body of [
      {},
      { code: 'x', wabaId: 'abc', phoneNumberId: PHONE_NUMBER_ID },
      { code: 'x', wabaId: WABA_ID, phoneNumberId: 1 },
    ]) {
      ;(await client.post('/api/whatsapp-account/embedded-signup').bearerToken(token).json(body)).assertStatus(422)
    }
    assert.equal(stub.requests.length, before)
  })

  test('a manager cannot connect the workspace', async ({ client }) => {
    const { user } = await ownerWithBusiness()
    const manager = await joined((await Workspace.personalIdOf(user.id))!, 'manager')
    const token = (await User.accessTokens.create(manager)).value!.release()
    const code = stub.issueCode({ wabaId: WABA_ID, phoneNumberId: PHONE_NUMBER_ID })
    const answer = await client
      .post('/api/whatsapp-account/embedded-signup')
      .bearerToken(token)
      .header('x-workspace-id', String(await Workspace.personalIdOf(user.id)))
      .json({ code, wabaId: WABA_ID, phoneNumberId: PHONE_NUMBER_ID })
    answer.assertStatus(403)
  })

  test("template states follow Meta's webhooks; a language without an approved template goes in English", async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point', language: 'ta' } })
    ;(await signUp(client, token)).assertStatus(200)
    const [english, tamil] = ['en', 'ta'].map((code) => stub.templates.find((template) => template.language === code)!)
    await send(stub.setTemplateStatus(english.id, 'APPROVED'))
    await send(stub.setTemplateStatus(tamil.id, 'REJECTED', 'INVALID_FORMAT'))
    const account = (await client.get('/api/whatsapp-account').bearerToken(token)).body() as WhatsAppAccountDto
    assert.deepInclude(account.templates, { name: REVIEW_TEMPLATE_NAME, language: 'ta', status: 'REJECTED', reason: 'INVALID_FORMAT' })
    assert.deepInclude(account.templates, { name: REVIEW_TEMPLATE_NAME, language: 'en', status: 'APPROVED', reason: null })

    const { message } = await requestSent(client, token, business.id)
    assert.equal(message.template!.language, 'en')
    // The quick-replies carry payloads bound to the request.
    const payloads = message.buttons.filter((button) => button.kind === 'quick_reply').map((button) => button.payload)
    assert.lengthOf(payloads, 6)
    assert.isTrue(payloads.every((payload) => /^rr:[\w-]{22}:(1|2|3|4|5|stop)$/.test(payload ?? '')))

    await send(stub.setTemplateStatus(english.id, 'PAUSED', 'Paused for low quality'))
    const channels = (await client.get(`/api/businesses/${business.id}/request-channels`).bearerToken(token)).body()
    assert.isFalse(channels.whatsapp.available)
  })

  test('a 5 in the chat is a rating like one on the page, answered with the Google button; the first stands', async ({
    client,
    assert,
  }) => {
    const { token, business } = await connected(client)
    const { request, message } = await requestSent(client, token, business.id)

    const tap = stub.tap(message.id, '★★★★★ Excellent')
    const answer = await send(tap)
    assert.equal(answer.status, 200)
    assert.deepEqual(await outcomesOf(answer), ['rated'])
    const [session] = await sessionsOf(business.id)
    assert.containsSubset(session, { rating: 5, source: 'whatsapp', review_request_id: request.id, language: 'en' })
    assert.equal(Boolean(session.redirected), true)
    const stored = await db.from('review_requests').where('id', request.id).first()
    assert.equal(stored.status, 'rated')
    const reply = lastToKavya()
    assert.equal(reply.interactiveType, 'cta_url')
    assert.equal(reply.buttons[0].url, googleReviewLinkOf(business))
    assert.include(reply.body!, 'Chai Point')

    // Meta delivers the same webhook again: nothing changes, 200.
    const again = await send(tap)
    assert.equal(again.status, 200)
    assert.deepEqual(await outcomesOf(again), ['seen'])
    const sent = stub.sentTo(KAVYA).length
    // A second tap (a new message id): thanked, the first rating stands.
    await send(stub.tap(message.id, '★ Very poor'))
    assert.lengthOf(await sessionsOf(business.id), 1)
    assert.equal((await sessionsOf(business.id))[0].rating, 5)
    assert.equal(stub.sentTo(KAVYA).length, sent + 1)
    assert.include(lastToKavya().body!, 'already')

    // The funnel and the sessions' answers say where it was given.
    const funnel = (
      await client.get('/api/review-requests/funnel').bearerToken(token).qs({ businessId: business.id })
    ).body() as RequestFunnelDto
    assert.containsSubset(
      funnel.channels.find((step) => step.channel === 'whatsapp'),
      { rated: 1, ratedInWhatsApp: 1, sentToGoogle: 1 }
    )
    const listed = (
      await client.get('/api/review-sessions').bearerToken(token).qs({ businessId: business.id })
    ).body() as ReviewSessionDto[]
    assert.equal(listed[0].source, 'whatsapp')
  })

  test('a 2: asked what went wrong, a Hindi text and a voice note become its feedback, and a call-back', async ({ client, assert }) => {
    const { token, business } = await connected(client)
    const { message } = await requestSent(client, token, business.id, { language: 'hi' })
    assert.equal(message.template!.language, 'hi')
    await send(stub.tap(message.id, '★★ खराब'))
    const ask = lastToKavya()
    assert.equal(ask.interactiveType, 'button')
    assert.lengthOf(ask.buttons, 2)
    assert.match(ask.body!, /[\u0900-\u097F]/)

    await send(says('खाना ठंडा था और बिल गलत था'))
    assert.include(lastToKavya().body!, 'Chai Point')
    await send(says('वेटर ने ध्यान नहीं दिया'))
    const voice = stub.addMedia()
    const spoken = await send(stub.inbound(PHONE_NUMBER_ID, { waId: KAVYA }, { type: 'audio', mediaId: voice }))
    assert.deepEqual(await outcomesOf(spoken), ['voice-note'])
    await send(stub.tap(ask.id, ask.buttons[0].text))

    const [session] = await sessionsOf(business.id)
    assert.equal(session.feedback, 'खाना ठंडा था और बिल गलत था\nवेटर ने ध्यान नहीं दिया')
    assert.equal(session.contact_phone, '9845067890')
    assert.equal(session.contact_name, 'Kavya')
    assert.equal(session.source, 'whatsapp')

    const feedback = (await client.get(`/api/feedbacks/${session.id}`).bearerToken(token)).body() as ReviewSessionDto
    assert.equal(feedback.source, 'whatsapp')
    assert.equal(feedback.voiceNote!.mimeType, stub.media.get(voice)!.mimeType)
    const audio = await client.get(`/api/feedbacks/${session.id}/voice-note`).bearerToken(token)
    audio.assertStatus(200)
    assert.equal(audio.header('content-type')?.split(';')[0], stub.media.get(voice)!.mimeType.split(';')[0])
    assert.equal(Number(audio.header('content-length')), stub.media.get(voice)!.bytes.length)

    // Another owner cannot hear it.
    const other = await ownerWithBusiness()
    ;(await client.get(`/api/feedbacks/${session.id}/voice-note`).bearerToken(other.token)).assertStatus(404)
  })

  test('everyone may post on Google: a 2 gets the Google link and the private way', async ({ client, assert }) => {
    const { token, business } = await connected(client, { complianceMode: true })
    const { message } = await requestSent(client, token, business.id)
    await send(stub.tap(message.id, '★★ Poor'))
    const [google, privately] = stub.sentTo(KAVYA).slice(-2)
    assert.equal(google.interactiveType, 'cta_url')
    assert.equal(privately.interactiveType, 'button')
    assert.equal((await sessionsOf(business.id))[0].rating, 2)
  })

  test('ignored: a payload from another number, a made-up payload, a text with no rating before it', async ({ client, assert }) => {
    const { token, business } = await connected(client)
    const { message } = await requestSent(client, token, business.id)
    const payload = message.buttons[0].payload!
    const stranger = stub.inbound(PHONE_NUMBER_ID, { waId: '919900011122' }, { type: 'button', text: '★★★★★ Excellent', payload })
    assert.deepEqual(await outcomesOf(send(stranger)), ['ignored'])
    const madeUp = stub.inbound(PHONE_NUMBER_ID, { waId: KAVYA }, { type: 'button', text: 'x', payload: 'rr:AAAAAAAAAAAAAAAAAAAAAA:5' })
    assert.deepEqual(await outcomesOf(send(madeUp)), ['ignored'])
    assert.deepEqual(await outcomesOf(send(says('hello'))), ['ignored'])
    assert.lengthOf(await sessionsOf(business.id), 0)
  })

  test('STOP, the opt-out button or a word in any of the nine languages opts the number out', async ({ client, assert }) => {
    const { token, business } = await connected(client)
    const { request } = await requestSent(client, token, business.id)
    assert.deepEqual(await outcomesOf(send(says('நிறுத்து'))), ['opted-out'])
    const customer = await db.from('customers').where('id', request.customerId).first()
    assert.isNotNull(customer.opted_out_at)

    const second = await ownerWithBusiness({ business: { name: 'Dosa Corner' } })
    ;(await signUp(client, second.token, { phoneNumberId: '106540352242923' })).assertStatus(200)
    await stub.approveAll(API)
    const { message } = await requestSent(client, second.token, second.business.id)
    await send(stub.tap(message.id, 'Stop messages'))
    const row = await db.from('customers').where('business_id', second.business.id).first()
    assert.isNotNull(row.opted_out_at)
    assert.isNotNull(await db.from('opt_outs').where('business_id', second.business.id).first())
  })

  test('webhooks: unsigned or mis-signed 401, malformed 400, and neither changes anything', async ({ client, assert }) => {
    const { token, business } = await connected(client)
    const { message } = await requestSent(client, token, business.id)
    const tap = stub.tap(message.id, '★★★★★ Excellent')
    assert.equal((await stub.webhook(API, tap, { signature: null })).status, 401)
    assert.equal((await stub.webhook(API, tap, { appSecret: 'not-the-secret' })).status, 401)
    assert.equal((await stub.webhook(API, { entry: 'nope' })).status, 400)
    assert.equal((await stub.webhook(API, [1, 2])).status, 400)
    const raw = await fetch(`${API}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook('{', stub.appSecret) },
      body: '{',
    })
    assert.equal(raw.status, 400)
    assert.lengthOf(await sessionsOf(business.id), 0)
    // The same tap, signed, still counts: nothing above recorded its message id.
    assert.deepEqual(await outcomesOf(send(tap)), ['rated'])
  })

  test("the number's quality and a removed connection reach the owner as a banner and a mail", async ({ client, assert }) => {
    const owner = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    ;(await signUp(client, owner.token)).assertStatus(200)
    await send(phoneQualityUpdate(WABA_ID, { displayPhoneNumber: '+91 98450 00000', event: 'DOWNGRADE', currentLimit: 'TIER_250' }))
    let account = (await client.get('/api/whatsapp-account').bearerToken(owner.token)).body() as WhatsAppAccountDto
    assert.equal(account.notice?.kind, 'quality')
    assert.equal(account.messagingLimit, 'TIER_250')

    await send(accountUpdate(WABA_ID, { event: 'PARTNER_REMOVED' }))
    account = (await client.get('/api/whatsapp-account').bearerToken(owner.token)).body() as WhatsAppAccountDto
    assert.isFalse(account.connected)
    assert.equal(account.notice?.kind, 'disconnected')
    const mails = await mailsTo(owner.user.email)
    assert.isTrue(mails.some((raw) => raw.includes('WhatsApp Business was disconnected')))
    const channels = (await client.get(`/api/businesses/${owner.business.id}/request-channels`).bearerToken(owner.token)).body()
    assert.isFalse(channels.whatsapp.available)
  })
})
