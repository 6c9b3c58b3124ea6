/*
 * Integrations (docs/decisions.md D72): a business adds Razorpay, Shopify, WooCommerce, Zoho Books or Zenoti; their
 * webhooks, in each provider's documented shape (tests/fixtures/integrations) and signed as each provider signs,
 * schedule one review request through the same rules as a request sent by hand; bad signatures are 401, bodies not
 * in the format 400, pings and other events 200 with nothing stored, repeats 200 with nothing new; the log says
 * what happened in words; "Send a test event" runs the whole path.
 */
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { configuredSms } from '#tests/helpers/sms'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { joined } from '#tests/helpers/workspaces'
import {
  BusinessFactory,
  CustomerFactory,
  IntegrationFactory,
  ReviewRequestFactory,
  ReviewSessionFactory,
  UserFactory,
} from '#database/factories/index'
import User from '#models/user'
import { BUSINESS_PAUSED_MESSAGE } from '#contract/product_rules'
import { clock } from '#lib/clock'
import type { IntegrationDto, IntegrationEventDto, IntegrationTestDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const fixture = (name: string) => readFileSync(new URL(`../fixtures/integrations/${name}.json`, import.meta.url))
const hmac = (secret: string, raw: Buffer) => createHmac('sha256', secret).update(raw)

/** Posts a delivery to the integration's address as the provider would. */
const deliver = (integration: IntegrationDto, raw: Buffer | string, headers: Record<string, string>) =>
  fetch(`${API}${new URL(integration.webhookUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  })

/** The provider's own headers and signature for a body. */
function signed(provider: IntegrationDto['provider'], secret: string, raw: Buffer, topic?: string): Record<string, string> {
  switch (provider) {
    case 'razorpay':
      return { 'x-razorpay-signature': hmac(secret, raw).digest('hex'), 'x-razorpay-event-id': 'evt_Fixture0001' }
    case 'shopify':
      return {
        'x-shopify-hmac-sha256': hmac(secret, raw).digest('base64'),
        'x-shopify-topic': topic ?? 'orders/paid',
        'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
        'x-shopify-shop-domain': 'chai-point.myshopify.com',
      }
    case 'woocommerce':
      return {
        'x-wc-webhook-signature': hmac(secret, raw).digest('base64'),
        'x-wc-webhook-topic': topic ?? 'order.updated',
        'x-wc-webhook-resource': 'order',
        'x-wc-webhook-event': 'updated',
        'x-wc-webhook-delivery-id': '41',
      }
    default:
      return { 'x-reviewroute-secret': secret }
  }
}

async function addIntegration(client: any, token: string, businessId: number, body: Record<string, unknown>) {
  const response = await client
    .post(`/api/businesses/${businessId}/integrations`)
    .bearerToken(token)
    .json({ consent: true, ...body })
  response.assertStatus(201)
  return response.body() as IntegrationDto & { secret: string }
}

/** SMS set up (MSG91's settings; nothing is sent here): phone-only customers have a channel. */
function smsSetUp(group: Group) {
  group.setup(() => {
    app.container.swap(Msg91Sms, configuredSms)
    return () => app.container.restore(Msg91Sms)
  })
}

const requestsOf = (businessId: number) => db.from('review_requests').where('business_id', businessId).orderBy('id')

test.group('Integrations: each provider', (group) => {
  isolated(group)
  smsSetUp(group)
  group.each.teardown(() => clock.reset())

  const cases = [
    {
      provider: 'razorpay',
      trigger: 'payment.captured',
      file: 'razorpay_payment_captured',
      reference: 'pay_DESlfW9H8K9uqM',
      email: 'kavya.rao@example.com',
      phone: '+919845011111',
      name: 'Kavya Rao',
    },
    {
      provider: 'razorpay',
      trigger: 'order.paid',
      file: 'razorpay_order_paid',
      reference: 'order_DESlLckIVRkHWk',
      email: null,
      phone: '+919845022222',
      name: 'Customer',
    },
    {
      provider: 'shopify',
      trigger: 'orders/paid',
      file: 'shopify_orders_paid',
      reference: '#9999',
      email: 'ravi.menon@example.com',
      phone: '+919845033333',
      name: 'Ravi Menon',
    },
    {
      provider: 'woocommerce',
      trigger: 'order.completed',
      file: 'woocommerce_order_completed',
      reference: '727',
      email: 'meera.pillai@example.com',
      phone: '+919845044444',
      name: 'Meera Pillai',
    },
    {
      provider: 'zoho_books',
      trigger: 'invoice.paid',
      file: 'zoho_books_invoice_paid',
      reference: 'INV-00003',
      email: 'arjun.nair@example.com',
      phone: '+919845055555',
      name: 'Arjun Nair',
    },
    {
      provider: 'zenoti',
      trigger: 'Invoice.Closed',
      file: 'zenoti_invoice_closed',
      reference: 'GLW-1042',
      email: 'lakshmi.iyer@example.com',
      phone: '+919845066666',
      name: 'Lakshmi Iyer',
    },
    {
      provider: 'zenoti',
      trigger: 'Appointment.Completed',
      file: 'zenoti_appointment_completed',
      reference: '0d9f1c3e-2a5b-4c6d-8e7f-9a0b1c2d3e4f',
      email: null,
      phone: '+919829055667',
      name: 'Farhan Sheikh',
    },
  ] as const

  test('{provider} {trigger}: a signed event schedules one request after the delay; a repeat adds nothing; a bad signature is 401')
    .with([...cases])
    .run(async ({ client, assert }, row) => {
      const { token, business } = await ownerWithBusiness()
      const integration = await addIntegration(client, token, business.id, { provider: row.provider, trigger: row.trigger })
      assert.match(integration.webhookUrl, new RegExp(`/api/integrations/hooks/${row.provider}/[A-Za-z0-9_-]{43}$`))
      assert.isString(integration.secret)
      assert.equal(integration.delayMinutes, 120)
      const raw = fixture(row.file)
      const topic = row.provider === 'shopify' ? row.trigger : undefined

      // Unsigned, and signed with another key: 401, and only the rejection is logged.
      assert.equal((await deliver(integration, raw, {})).status, 401)
      assert.equal((await deliver(integration, raw, signed(row.provider, 'not-the-secret-key', raw, topic))).status, 401)
      // Signed over another body: 401 (Zoho Books and Zenoti send a shared secret, which signs no body).
      if (row.provider !== 'zoho_books' && row.provider !== 'zenoti') {
        const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(raw.toString()), tampered: true }))
        assert.equal((await deliver(integration, tampered, signed(row.provider, integration.secret, raw, topic))).status, 401)
      }
      assert.lengthOf(await requestsOf(business.id), 0)
      assert.lengthOf(await db.from('customers').where('business_id', business.id), 0)

      const answer = await deliver(integration, raw, signed(row.provider, integration.secret, raw, topic))
      assert.equal(answer.status, 200, await answer.clone().text())
      assert.deepEqual(await answer.json(), { outcome: 'scheduled' })
      const [request] = await requestsOf(business.id)
      // The best channel that works: SMS before email (WhatsApp Business is not connected here).
      assert.containsSubset(request, { source: 'integration', integration_id: integration.id, channel: 'sms', status: 'created' })
      assert.approximately(new Date(request.send_after).getTime() - Date.now(), 120 * 60_000, 5_000)
      const customer = await db.from('customers').where('id', request.customer_id).firstOrFail()
      assert.equal(customer.name, row.name)
      assert.equal(customer.phone, row.phone)
      assert.equal(customer.email, row.email)

      // The provider retries the same delivery: 200, nothing new.
      const again = await deliver(integration, raw, signed(row.provider, integration.secret, raw, topic))
      assert.deepEqual(await again.json(), { outcome: 'repeat' })
      assert.lengthOf(await requestsOf(business.id), 1)

      const events = (await client.get(`/api/integrations/${integration.id}/events`).bearerToken(token)).body() as IntegrationEventDto[]
      assert.deepEqual(
        events.map((event) => [event.outcome, event.reason?.replace(/\d+:\d+ [ap]m|\d+ \w{3}, \d+:\d+ [ap]m/, 'TIME')]),
        [
          ['scheduled', 'request scheduled for TIME'],
          ...Array.from({ length: row.provider === 'zoho_books' || row.provider === 'zenoti' ? 2 : 3 }, () => [
            'rejected',
            'signature did not match',
          ]),
        ]
      )
      assert.equal(events[0].reference, row.reference)
      assert.equal(events[0].requestId, request.id)
      // The request says where it came from, and when it goes.
      const shown = await client.get(`/api/review-requests/${request.id}`).bearerToken(token)
      assert.containsSubset(shown.body(), { source: 'integration', integrationId: integration.id, status: 'created' })
      assert.equal(new Date(shown.body().sendAfter).getTime(), new Date(request.send_after).getTime())
      assert.notInclude(events[0].customer!, row.phone.slice(5, 10), 'the number is masked')
    })

  test("a body that is not the provider's format is 400; another topic and a WooCommerce ping are 200 with nothing stored", async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness()
    const shop = await addIntegration(client, token, business.id, { provider: 'shopify', trigger: 'orders/fulfilled' })
    const woo = await addIntegration(client, token, business.id, { provider: 'woocommerce' })
    const razor = await addIntegration(client, token, business.id, { provider: 'razorpay' })

    const junk = Buffer.from('{"hello": ')
    assert.equal((await deliver(razor, junk, signed('razorpay', razor.secret, junk))).status, 400)
    const noEvent = Buffer.from('{"entity": "event"}')
    assert.equal((await deliver(razor, noEvent, signed('razorpay', razor.secret, noEvent))).status, 400)
    const failed = Buffer.from(JSON.stringify({ event: 'payment.failed', payload: {} }))
    assert.deepEqual(await (await deliver(razor, failed, signed('razorpay', razor.secret, failed))).json(), { outcome: 'ignored' })

    // orders/paid arrives at an integration waiting for orders/fulfilled: not its trigger.
    const order = fixture('shopify_orders_paid')
    assert.deepEqual(await (await deliver(shop, order, signed('shopify', shop.secret, order, 'orders/paid'))).json(), {
      outcome: 'ignored',
    })

    const ping = await fetch(`${API}${new URL(woo.webhookUrl).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=15',
    })
    assert.deepEqual(await ping.json(), { outcome: 'ping' })
    // An order updated but not completed.
    const processing = Buffer.from(fixture('woocommerce_order_completed').toString().replace('"completed"', '"processing"'))
    assert.deepEqual(await (await deliver(woo, processing, signed('woocommerce', woo.secret, processing))).json(), { outcome: 'ignored' })

    assert.lengthOf(await requestsOf(business.id), 0)
    assert.lengthOf(await db.from('integration_events').whereIn('integration_id', [shop.id, woo.id, razor.id]), 0)
    // A token that is no integration's, and a provider that is not one: 404.
    const unknown = await fetch(`${API}/api/integrations/hooks/razorpay/${'x'.repeat(43)}`, { method: 'POST', body: '{}' })
    assert.equal(unknown.status, 404)
    assert.equal((await fetch(`${API}/api/integrations/hooks/paypal/${'x'.repeat(43)}`, { method: 'POST', body: '{}' })).status, 404)
  })
})

test.group('Integrations: the rules of a request sent by hand', (group) => {
  isolated(group)
  smsSetUp(group)
  group.each.teardown(() => clock.reset())

  test('opted out, asked recently, below the minimum, no contact and the integration off are skipped, said in words', async ({
    client,
    assert,
  }) => {
    const { token, business } = await ownerWithBusiness()
    const razor = await addIntegration(client, token, business.id, { provider: 'razorpay', minAmountPaise: 50_000 })
    const send = async (changes: Record<string, unknown>) => {
      const body = JSON.parse(fixture('razorpay_payment_captured').toString())
      Object.assign(body.payload.payment.entity, changes)
      const raw = Buffer.from(JSON.stringify(body))
      return (await deliver(razor, raw, signed('razorpay', razor.secret, raw))).json()
    }
    // An opted-out customer, and one asked ten days ago.
    await CustomerFactory.merge({ businessId: business.id, name: 'Opted', phone: '+919845070001', optedOutAt: clock.now() }).create()
    const asked = await CustomerFactory.merge({ businessId: business.id, name: 'Asked', phone: '+919845070002' }).create()
    await ReviewRequestFactory.apply('sent')
      .merge({ businessId: business.id, customerId: asked.id, createdAt: clock.now().minus({ days: 10 }) })
      .create()

    assert.deepEqual(await send({ id: 'pay_1', contact: '+919845070001', email: '' }), { outcome: 'skipped' })
    assert.deepEqual(await send({ id: 'pay_2', contact: '+919845070002', email: '' }), { outcome: 'skipped' })
    assert.deepEqual(await send({ id: 'pay_3', amount: 19_900 }), { outcome: 'skipped' })
    assert.deepEqual(await send({ id: 'pay_4', contact: '', email: '' }), { outcome: 'skipped' })
    await client.patch(`/api/integrations/${razor.id}`).bearerToken(token).json({ active: false })
    assert.deepEqual(await send({ id: 'pay_5' }), { outcome: 'skipped' })

    const events = (await client.get(`/api/integrations/${razor.id}/events`).bearerToken(token)).body() as IntegrationEventDto[]
    assert.deepEqual(
      events.map((event) => event.reason),
      [
        'the integration is off',
        'no phone or email',
        'below ₹500',
        `already asked on ${clock.now().minus({ days: 10 }).setZone('Asia/Kolkata').toFormat('d LLL')}`,
        'opted out',
      ]
    )
    assert.lengthOf(await requestsOf(business.id), 1, 'only the request made before')
  })

  test('quiet hours move the send to the morning; the request is not sent before its time', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const zenoti = await addIntegration(client, token, business.id, { provider: 'zenoti', delayMinutes: 0 })
    // 22:30 in India: quiet until 09:00.
    clock.travelTo(clock.now().setZone('Asia/Kolkata').set({ hour: 22, minute: 30 }).toUTC())
    const raw = fixture('zenoti_invoice_closed')
    const previous = env.get('REQUEST_QUIET_HOURS')
    env.set('REQUEST_QUIET_HOURS', '21-9')
    try {
      assert.deepEqual(await (await deliver(zenoti, raw, signed('zenoti', zenoti.secret, raw))).json(), { outcome: 'scheduled' })
    } finally {
      env.set('REQUEST_QUIET_HOURS', previous)
    }
    const [event] = (await client.get(`/api/integrations/${zenoti.id}/events`).bearerToken(token)).body() as IntegrationEventDto[]
    assert.match(event.reason!, /^request scheduled for \d+ \w{3}, 9:00 am$/)
    assert.equal(
      new Date(event.sendAt!).toISOString(),
      clock.now().setZone('Asia/Kolkata').plus({ days: 1 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 }).toUTC().toISO()
    )
  })

  test("the free plan's paused business is skipped with the plan's sentence", async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    await BusinessFactory.merge({ userId: owner.id, createdAt: clock.now().minus({ days: 30 }) }).create()
    const newer = await BusinessFactory.merge({ userId: owner.id }).create()
    const token = (await User.accessTokens.create(owner)).value!.release()
    const paused = await addIntegration(client, token, newer.id, { provider: 'woocommerce' })
    const raw = fixture('woocommerce_order_completed')
    assert.deepEqual(await (await deliver(paused, raw, signed('woocommerce', paused.secret, raw))).json(), { outcome: 'skipped' })
    const [event] = (await client.get(`/api/integrations/${paused.id}/events`).bearerToken(token)).body() as IntegrationEventDto[]
    assert.equal(event.reason, BUSINESS_PAUSED_MESSAGE)
    assert.lengthOf(await requestsOf(newer.id), 0)
  })
})

test.group('Integrations: the settings and who may change them', (group) => {
  isolated(group)

  test('consent is required; a trigger of another provider and bad settings are 422 and store nothing', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    for (const body of [
      { provider: 'shopify' },
      { provider: 'shopify', consent: false },
      { provider: 'shopify', consent: 'yes' },
      { provider: 'shopify', consent: true, trigger: 'payment.captured' },
      { provider: 'paypal', consent: true },
      { provider: 'razorpay', consent: true, delayMinutes: -1 },
      { provider: 'razorpay', consent: true, delayMinutes: 1.5 },
      { provider: 'razorpay', consent: true, channel: 'fax' },
      { provider: 'razorpay', consent: true, minAmountPaise: '200' },
      { provider: 'razorpay', consent: true, signingSecret: 'short' },
    ]) {
      const response = await client.post(`/api/businesses/${business.id}/integrations`).bearerToken(token).json(body)
      response.assertStatus(422)
      assert.notProperty(response.body(), 'stack')
    }
    assert.lengthOf(await db.from('integrations').where('business_id', business.id), 0)
  })

  test('Shopify with its own key, fulfilled orders a day later; the consent kept with who and when; the secret shown once', async ({
    client,
    assert,
  }) => {
    const { user, token, business } = await ownerWithBusiness()
    const created = await addIntegration(client, token, business.id, {
      provider: 'shopify',
      trigger: 'orders/fulfilled',
      signingSecret: 'shpss_0123456789abcdef0123456789abcdef',
      channel: 'email',
    })
    assert.equal(created.secret, 'shpss_0123456789abcdef0123456789abcdef')
    assert.equal(created.delayMinutes, 1440)
    const row = await db.from('integrations').where('id', created.id).firstOrFail()
    assert.equal(row.consent_by_user_id, user.id)
    assert.isNotNull(row.consent_confirmed_at)
    assert.notInclude(JSON.stringify(row), 'shpss_', 'the key is stored encrypted')
    const [listed] = (await client.get(`/api/businesses/${business.id}/integrations`).bearerToken(token)).body() as IntegrationDto[]
    assert.notProperty(listed, 'secret')
    assert.deepEqual(listed.recent, { scheduled: 0, skipped: 0, rejected: 0 })

    const changed = await client
      .patch(`/api/integrations/${created.id}`)
      .bearerToken(token)
      .json({ trigger: 'orders/paid', minAmountPaise: 20_000 })
    changed.assertStatus(200)
    assert.containsSubset(changed.body(), { trigger: 'orders/paid', delayMinutes: 120, minAmountPaise: 20_000, channel: 'email' })
    ;(await client.patch(`/api/integrations/${created.id}`).bearerToken(token).json({ trigger: 'order.paid' })).assertStatus(422)

    ;(await client.delete(`/api/integrations/${created.id}`).bearerToken(token)).assertStatus(204)
    assert.lengthOf(await db.from('integrations').where('id', created.id), 0)
  })

  test('a viewer reads the integrations and their log but cannot add, change, test or remove; another workspace gets 404', async ({
    client,
    assert,
  }) => {
    const { token: ownerToken, business } = await ownerWithBusiness()
    const integration = await addIntegration(client, ownerToken, business.id, { provider: 'razorpay' })
    const viewerToken = (await User.accessTokens.create(await joined(business.workspaceId, 'viewer'))).value!.release()
    const as = <R extends { bearerToken(token: string): R; header(name: string, value: string): R }>(request: R) =>
      request.bearerToken(viewerToken).header('x-workspace-id', String(business.workspaceId))
    ;(await as(client.get(`/api/businesses/${business.id}/integrations`))).assertStatus(200)
    ;(await as(client.get(`/api/integrations/${integration.id}/events`))).assertStatus(200)
    ;(await as(client.post(`/api/businesses/${business.id}/integrations`)).json({ provider: 'shopify', consent: true })).assertStatus(403)
    ;(await as(client.patch(`/api/integrations/${integration.id}`)).json({ active: false })).assertStatus(403)
    ;(await as(client.post(`/api/integrations/${integration.id}/test`))).assertStatus(403)
    ;(await as(client.delete(`/api/integrations/${integration.id}`))).assertStatus(403)
    const stranger = await ownerWithBusiness()
    ;(await client.get(`/api/integrations/${integration.id}/events`).bearerToken(stranger.token)).assertStatus(404)
    assert.equal((await db.from('integrations').where('id', integration.id).firstOrFail()).active, 1)
  })

  test('"Send a test event" runs the whole path for the member and says so in plain words', async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness()
    for (const provider of ['razorpay', 'shopify', 'woocommerce', 'zoho_books', 'zenoti']) {
      const integration = await addIntegration(client, token, business.id, { provider, channel: 'email' })
      const response = await client.post(`/api/integrations/${integration.id}/test`).bearerToken(token)
      response.assertStatus(200)
      const body = response.body() as IntegrationTestDto
      assert.equal(body.status, 200, provider)
      assert.match(body.message, /^It works: a test request scheduled for .+, to you\.$/, `${provider}: ${body.message}`)
      assert.isTrue(body.event!.test)
      const request = await db.from('review_requests').where('id', body.event!.requestId!).firstOrFail()
      const customer = await db.from('customers').where('id', request.customer_id).firstOrFail()
      assert.equal(customer.email, user.email)
    }
  })
})

test.group('Integrations: what each source brought', (group) => {
  isolated(group)

  test('the funnel and analytics answer per source, and take one source as a filter', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const integration = await IntegrationFactory.merge({ businessId: business.id, provider: 'shopify', trigger: 'orders/paid' }).create()
    const rated = async (source: 'manual' | 'integration', redirected: boolean) => {
      const customer = await CustomerFactory.merge({ businessId: business.id }).create()
      const request = await ReviewRequestFactory.apply('sent')
        .merge({
          businessId: business.id,
          customerId: customer.id,
          source,
          integrationId: source === 'integration' ? integration.id : null,
        })
        .create()
      await db.from('review_requests').where('id', request.id).update({ status: 'rated', rated_at: new Date() })
      await ReviewSessionFactory.merge({
        businessId: business.id,
        reviewRequestId: request.id,
        rating: redirected ? 5 : 2,
        redirected,
      }).create()
    }
    await rated('integration', true)
    await rated('integration', true)
    await rated('integration', false)
    await rated('manual', true)
    const [staffId] = await db.table('staff').insert({ business_id: business.id, name: 'Ravi', code: 'ravi01', created_at: new Date() })
    await ReviewSessionFactory.merge({ businessId: business.id, staffId, rating: 5, redirected: true }).create()
    await ReviewSessionFactory.merge({ businessId: business.id, rating: 4, redirected: true }).create()

    const funnel = await client.get(`/api/review-requests/funnel?businessId=${business.id}`).bearerToken(token)
    funnel.assertStatus(200)
    assert.deepEqual(
      funnel.body().sources.map((step: any) => [step.source, step.provider, step.requests, step.rated, step.sentToGoogle]),
      [
        ['integration', 'shopify', 3, 3, 2],
        ['manual', null, 1, 1, 1],
        ['staff_link', null, 0, 1, 1],
      ]
    )
    const onlyShopify = await client.get(`/api/review-requests/funnel?businessId=${business.id}&source=integration`).bearerToken(token)
    assert.equal(onlyShopify.body().total.sent, 3)

    const all = await client.get(`/api/analytics/range?businessId=${business.id}`).bearerToken(token)
    all.assertStatus(200)
    assert.equal(all.body().totals.totalSessions, 6)
    assert.deepEqual(
      all.body().sources.map((row: any) => [row.source, row.provider, row.ratings, row.sentToGoogle]),
      [
        ['integration', 'shopify', 3, 2],
        ['manual', null, 1, 1],
        ['staff_link', null, 1, 1],
        ['page', null, 1, 1],
      ]
    )
    const integrationOnly = await client.get(`/api/analytics/range?businessId=${business.id}&source=integration`).bearerToken(token)
    assert.containsSubset(integrationOnly.body(), {
      source: 'integration',
      totals: { totalSessions: 3, redirectedSessions: 2, pageViews: 0 },
    })
    const staffOnly = await client.get(`/api/analytics/range?businessId=${business.id}&source=staff_link`).bearerToken(token)
    assert.equal(staffOnly.body().totals.totalSessions, 1)
    for (const bad of ['page', 'Integration', 'x']) {
      ;(await client.get(`/api/analytics/range?businessId=${business.id}&source=${bad}`).bearerToken(token)).assertStatus(422)
      ;(await client.get(`/api/review-requests/funnel?businessId=${business.id}&source=${bad}`).bearerToken(token)).assertStatus(422)
    }
  })
})
