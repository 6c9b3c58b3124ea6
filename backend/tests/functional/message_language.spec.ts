/*
 * The language a review request goes out in (docs/decisions.md D65): the owner's choice for the customer, else the
 * page language the customer last rated in through a personal link, else the business's pinned language, else the
 * language most of its recent ratings were given in, else English. The mail, the WhatsApp Business template (English
 * when the language has none) and the owner's own WhatsApp message all follow it; the request channels say it.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { fileMailbox, smtpMailbox } from '#tests/helpers/mailbox'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { ReviewSessionFactory } from '#database/factories/index'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import type { ReviewLanguage } from '#contract/review_messages/index'
import type { CustomerDto, RequestChannelsDto, ReviewRequestDto, ReviewSessionDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const DAYTIME = DateTime.fromISO('2026-11-24T11:00:00', { zone: 'Asia/Kolkata' })
const PHONE_NUMBER_ID = '106540352242922'

let stub: StubServer
const cloud = () =>
  new WhatsAppCloud({ baseUrl: stub.url, version: 'v21.0', appSecret: 'app-secret', verifyToken: 'verify', timeoutMs: 2000 })

const page = (path: string, init: RequestInit = {}) => fetch(`${API}${path}`, { redirect: 'manual', ...init })
const form = (path: string, fields: Record<string, string>, cookie: string) =>
  page(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields),
  })

/**
 * A business without a pinned language (the default "Customer's phone language"), its WhatsApp Business number
 * connected with templates in en and hi unless `whatsapp` is false.
 */
async function nullLanguageOwner(client: ApiClient, business: { language?: ReviewLanguage | null } = {}, whatsapp = true) {
  const owner = await ownerWithBusiness({ business: { name: 'Sharma Sweets', language: null, ...business } })
  if (!whatsapp) return owner
  const connected = await client
    .put('/api/whatsapp-account')
    .bearerToken(owner.token)
    .json({ phoneNumberId: PHONE_NUMBER_ID, accessToken: 'EAAG-test-access-token-0123456789', templates: { en: 'rr_en', hi: 'rr_hi' } })
  connected.assertStatus(200)
  return owner
}

async function request(client: ApiClient, token: string, body: Record<string, unknown>) {
  const response = await client.post('/api/review-requests').bearerToken(token).json(body)
  response.assertStatus(201)
  return response.body() as ReviewRequestDto
}

/** Sunita, asked through the owner's WhatsApp, opens her link and rates on the page in `lang` (the form, no script). */
async function sunitaRatedIn(client: ApiClient, token: string, businessId: number, shortUrl: string, lang: string, rating = '5') {
  const first = await request(client, token, {
    businessId,
    customer: { name: 'सुनीता', phone: '98450 67890', email: 'sunita@example.in', consent: true },
    channel: 'whatsapp_link',
  })
  const requestToken = new URL(first.link).pathname.split('/')[2]
  const opened = await page(`/r/${requestToken}`)
  const cookie = opened.headers.getSetCookie()[0].split(';')[0]
  const fields = { rating, lang, request: requestToken }
  const rated =
    Number(rating) >= 4
      ? await form(`/review/${shortUrl}`, fields, cookie)
      : await form(`/review/${shortUrl}/feedback`, { ...fields, feedback: 'मिठाई बासी थी', contactName: '', contactPhone: '' }, cookie)
  assert303(rated.status)
  return first.customerId
}

const assert303 = (status: number) => {
  if (status !== 303) throw new Error(`expected a 303 from the rating form, got ${status}`)
}

const sentTemplate = (index: number) => JSON.parse(stub.requests[index].body).template as { name: string; language: { code: string } }

test.group('The language a review request goes out in', (group) => {
  isolated(group)
  group.setup(async () => {
    stub = await startStubServer((_request, response) =>
      json(response, 200, { messaging_product: 'whatsapp', contacts: [], messages: [{ id: `wamid.T${stub.requests.length}` }] })
    )
    app.container.swap(WhatsAppCloud, () => cloud())
    return async () => {
      app.container.restore(WhatsAppCloud)
      await stub.close()
    }
  })
  group.each.setup(() => {
    clock.travelTo(DAYTIME)
    stub.requests.length = 0
    return () => clock.reset()
  })

  test('a business without a language: a customer who rated in Hindi gets a Hindi mail, the Hindi template and a Hindi wa.me message', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mailbox = await fileMailbox(cleanup)
    const { token, business } = await nullLanguageOwner(client)
    const customerId = await sunitaRatedIn(client, token, business.id, business.shortUrl, 'hi')

    const customer = (await client.get(`/api/customers/${customerId}`).bearerToken(token)).body() as CustomerDto
    assert.equal(customer.ratedLanguage, 'hi')
    assert.isNull(customer.language)

    const byMail = await request(client, token, { businessId: business.id, customerId, channel: 'email' })
    await new ReviewRequestSendJob(mailbox.mailer, cloud()).handle({ requestId: byMail.id })
    const [mail] = await mailbox.read()
    assert.equal(mail.subject, REVIEW_MESSAGES.hi.requestSubject.replace('{{business}}', 'Sharma Sweets'))
    assert.include(mail.html, '<html lang="hi">')

    const byWhatsApp = await request(client, token, { businessId: business.id, customerId, channel: 'whatsapp' })
    await new ReviewRequestSendJob(mailbox.mailer, cloud()).handle({ requestId: byWhatsApp.id })
    assert.deepInclude(sentTemplate(0), { name: 'rr_hi', language: { code: 'hi' } })

    const own = await request(client, token, { businessId: business.id, customerId, channel: 'whatsapp_link' })
    const text = new URL(own.whatsappUrl!).searchParams.get('text')!
    assert.isTrue(text.startsWith(REVIEW_MESSAGES.hi.requestMessage.split('{{customer}}')[0]), text)
    assert.notInclude(text, 'Hello')
  })

  test('the page language is recorded from the script-driven page too (JSON), and the session and its customer carry it', async ({
    client,
    assert,
  }) => {
    const { token, business } = await nullLanguageOwner(client)
    const first = await request(client, token, {
      businessId: business.id,
      customer: { name: 'Anjali', phone: '98450 11111', consent: true },
      channel: 'whatsapp_link',
    })
    const requestToken = new URL(first.link).pathname.split('/')[2]
    await page(`/r/${requestToken}`)
    const rated = await client
      .post(`/api/review/${business.shortUrl}/submit`)
      .json({ rating: 2, feedback: 'ঠান্ডা খাবার', requestToken, language: 'bn' })
    rated.assertStatus(200)
    const customer = (await client.get(`/api/customers/${first.customerId}`).bearerToken(token)).body() as CustomerDto
    assert.equal(customer.ratedLanguage, 'bn')

    const [session] = (
      await client.get('/api/review-sessions').qs({ businessId: business.id }).bearerToken(token)
    ).body() as ReviewSessionDto[]
    assert.equal(session.language, 'bn')
    assert.deepEqual(session.customer, { name: 'Anjali', phone: '+919845011111', language: 'bn' })

    const unknown = await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5, language: 'fr' })
    unknown.assertStatus(422)
  })

  test("the owner's choice for a customer wins; a language without a WhatsApp template goes in English, and the channels say so", async ({
    client,
    assert,
    cleanup,
  }) => {
    const mailbox = await fileMailbox(cleanup)
    const { token, business } = await nullLanguageOwner(client)
    const customerId = await sunitaRatedIn(client, token, business.id, business.shortUrl, 'hi')

    const chosen = await client.patch(`/api/customers/${customerId}`).bearerToken(token).json({ language: 'ta' })
    chosen.assertStatus(200)
    assert.equal((chosen.body() as CustomerDto).language, 'ta')

    const byMail = await request(client, token, { businessId: business.id, customerId, channel: 'email' })
    await new ReviewRequestSendJob(mailbox.mailer, cloud()).handle({ requestId: byMail.id })
    const [mail] = await mailbox.read()
    assert.include(mail.html, '<html lang="ta">')
    assert.equal(mail.subject, REVIEW_MESSAGES.ta.requestSubject.replace('{{business}}', 'Sharma Sweets'))

    const byWhatsApp = await request(client, token, { businessId: business.id, customerId, channel: 'whatsapp' })
    await new ReviewRequestSendJob(mailbox.mailer, cloud()).handle({ requestId: byWhatsApp.id })
    assert.deepInclude(sentTemplate(0), { name: 'rr_en', language: { code: 'en' } })

    const channels = (await client.get(`/api/businesses/${business.id}/request-channels`).bearerToken(token)).body() as RequestChannelsDto
    assert.deepEqual(channels.whatsappLanguages, ['en', 'hi'])

    // Back to automatic: the language she rated in again.
    const automatic = await client.patch(`/api/customers/${customerId}`).bearerToken(token).json({ language: null })
    assert.isNull((automatic.body() as CustomerDto).language)
    const refused = await client.patch(`/api/customers/${customerId}`).bearerToken(token).json({ language: 'fr' })
    refused.assertStatus(422)
    assert.isNull((await db.from('customers').where('id', customerId).first()).language)

    // A customer typed into the send form with a language keeps it.
    const typed = await request(client, token, {
      businessId: business.id,
      customer: { name: 'Kavya', phone: '98450 22222', consent: true, language: 'kn' },
      channel: 'whatsapp_link',
    })
    assert.equal((await db.from('customers').where('id', typed.customerId).first()).language, 'kn')
    assert.isTrue(
      new URL(typed.whatsappUrl!).searchParams.get('text')!.startsWith(REVIEW_MESSAGES.kn.requestMessage.split('{{customer}}')[0])
    )
  })

  test("without the customer's own: the pinned language, else the one most recent ratings were given in, else English", async ({
    client,
    assert,
  }) => {
    const language = async (token: string, businessId: number) =>
      ((await client.get(`/api/businesses/${businessId}/request-channels`).bearerToken(token)).body() as RequestChannelsDto).language

    const pinned = await nullLanguageOwner(client, { language: 'mr' }, false)
    assert.deepEqual(await language(pinned.token, pinned.business.id), { language: 'mr', source: 'business' })

    const { token, business } = await nullLanguageOwner(client, {}, false)
    assert.deepEqual(await language(token, business.id), { language: 'en', source: 'english' })
    for (const spoken of ['hi', 'hi', 'bn', null] as const)
      await ReviewSessionFactory.merge({ businessId: business.id, language: spoken }).create()
    assert.deepEqual(await language(token, business.id), { language: 'hi', source: 'customers' })

    // A customer who never rated gets the business's language: here Hindi, by the owner's WhatsApp.
    const own = await request(client, token, {
      businessId: business.id,
      customer: { name: 'Ravi', phone: '98450 33333', consent: true },
      channel: 'whatsapp_link',
    })
    assert.isTrue(
      new URL(own.whatsappUrl!).searchParams.get('text')!.startsWith(REVIEW_MESSAGES.hi.requestMessage.split('{{customer}}')[0])
    )
  })

  test("the alert mail's call-back WhatsApp message is in the complaint's language, else the page's it was given on", async ({
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { business } = await ownerWithBusiness({ business: { name: 'Sharma Sweets', language: null } })
    const complaint = { businessId: business.id, rating: 2, redirected: false }
    await ReviewSessionFactory.merge({ ...complaint, feedback: 'मिठाई बासी थी', contactName: 'सुनीता', contactPhone: '9876543210' }).create()
    await ReviewSessionFactory.merge({
      ...complaint,
      feedback: '!!',
      language: 'ta',
      contactName: null,
      contactPhone: '9876500000',
    }).create()

    await new FeedbackAlertJob().handle({ businessId: business.id })

    const [sent] = await smtp.waitFor(1)
    const textTo = (phone: string) =>
      new URL(sent.links.find((link) => link.startsWith(`https://wa.me/91${phone}?text=`))!).searchParams.get('text')!
    assert.equal(textTo('9876543210').split(',')[0], 'नमस्ते सुनीता')
    assert.include(textTo('9876543210'), 'Sharma Sweets')
    assert.notInclude(textTo('9876543210'), 'this is')
    assert.isTrue(textTo('9876500000').startsWith('வணக்கம், '), textTo('9876500000'))
  })
})
