/*
 * Tenancy (docs/decisions.md D2): every owner route, read from the router, against every kind of wrong token. No token,
 * a junk token and an expired one are 401 and change nothing; another owner's token pointed at the first
 * owner's rows is a 404, on lists it sees only its own rows, and no answer carries anything of the first owner.
 */
import { test } from '@japa/runner'
import Workspace from '#models/workspace'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import router from '@adonisjs/core/services/router'
import { isolated } from '#tests/helpers/setup'
import { checkoutSignature, razorpayStub } from '#tests/helpers/razorpay'
import { googleStub } from '#tests/helpers/google_stub'
import { aiStub } from '#tests/helpers/ai_stub'
import GoogleConnection from '#models/google_connection'
import { ownerWithBusiness, pushDeviceOf, voiceNoteFor } from '#tests/helpers/owners'
import { apiRoutes, assertClassified, pathFor, type ApiRoute } from '#tests/helpers/api_routes'
import { databaseFingerprinter, fingerprintChanges, type Fingerprint } from '#tests/helpers/db_fingerprint'
import {
  CustomerFactory,
  GoogleConnectionFactory,
  GoogleLocationFactory,
  GoogleReviewFactory,
  MemberAlertFactory,
  IntegrationFactory,
  InvoiceFactory,
  PaymentFactory,
  ReviewRequestFactory,
  ReviewSessionFactory,
  UserFactory,
  planOf,
} from '#database/factories/index'
import User from '#models/user'

const SIGNED_OUT = 'You must be signed in to do that.'

/* ----------------------------------------------------------------------------------------------------------
 * Two owners: the victim, whose rows carry unmistakable strings, and the other owner
 * -------------------------------------------------------------------------------------------------------- */

async function makeOwners(client: ApiClient) {
  const tag = randomBytes(5).toString('hex')
  const victim = await UserFactory.merge({
    email: `victim-${tag}@example.in`,
    firstName: `Vasudha${tag}`,
    lastName: `Victimova${tag}`,
    phone: '+919812345678',
  }).create()
  const victimToken = (await User.accessTokens.create(victim)).value!.release()

  // The victim's business comes from a real place, so the other owner can pick the same place later.
  const search = await client.post('/api/search-business').json({ query: 'cafe' })
  const placeId: string = search.body().places[0].place_id
  const selected = await client.post('/api/select-business').json({ placeId }).bearerToken(victimToken)
  selected.assertStatus(201)
  const businessId: number = selected.body().business.id
  const secrets = {
    name: `Victim Secret Cafe ${tag}`,
    address: `${tag} Hidden Lane, Pune`,
    shortUrl: `victim-${tag}`,
    feedback: `victim secret feedback ${tag}`,
    orderId: `order_Victim${tag}`,
    customer: `Victim Customer ${tag}`,
    legalName: `Victim Traders ${tag} LLP`,
    googleEmail: `victim-google-${tag}@gmail.example`,
    googleLocation: `accounts/9${tag.replace(/\D/g, '')}/locations/${tag}`,
    googleTitle: `Victim Google Listing ${tag}`,
    googleReview: `victim secret google review ${tag}`,
    template: `Victim Secret Template ${tag}`,
    alert: `Victim secret alert ${tag}`,
  }
  await db.from('businesses').where('id', businessId).update({ name: secrets.name, address: secrets.address, short_url: secrets.shortUrl })
  // The private feedback came through the customer's personal link: its answers name the customer.
  const customer = await customerWithRequest(businessId, secrets.customer, '+919812300001')
  const feedback = await ReviewSessionFactory.merge({
    businessId,
    rating: 2,
    redirected: false,
    feedback: secrets.feedback,
    reviewRequestId: customer.requestId,
    source: 'whatsapp',
  }).create()
  // Its voice note, sent in WhatsApp (docs/decisions.md D67).
  await voiceNoteFor(feedback.id, businessId, `victim secret voice ${tag}`)
  const session = await ReviewSessionFactory.merge({ businessId }).create()
  const monthly = await planOf('monthly')
  const payment = await PaymentFactory.merge({ userId: victim.id, planId: monthly.id, razorpayOrderId: secrets.orderId }).create()
  await db.table('billing_profiles').insert({
    workspace_id: await Workspace.personalIdOf(victim.id),
    user_id: victim.id,
    legal_name: secrets.legalName,
    address: secrets.address,
    state_code: '27',
    created_at: new Date(),
    updated_at: new Date(),
  })
  // A tax invoice made out to the victim (docs/decisions.md D33), from another state.
  const invoice = await InvoiceFactory.merge({
    paymentId: payment.id,
    buyer: { legalName: secrets.legalName, address: 'Pune', stateCode: '27', stateName: 'Maharashtra', gstin: null },
  }).create()

  // The victim's workspace, with a pending invitation (docs/decisions.md D42).
  const workspaceId = (await Workspace.personalIdOf(victim.id))!
  const [inviteId] = await db.table('workspace_invitations').insert({
    workspace_id: workspaceId,
    email: `invitee-${tag}@example.in`,
    role: 'manager',
    token_hash: randomBytes(32).toString('hex'),
    expires_at: DateTime.utc().plus({ days: 7 }).toJSDate(),
    created_at: new Date(),
  })

  // The victim's Google Business Profile connection and a location of it (docs/decisions.md D43).
  await GoogleConnectionFactory.merge({
    workspaceId,
    email: secrets.googleEmail,
    refreshTokenEncrypted: GoogleConnection.seal(`rt-victim-${tag}`),
    connectedByUserId: victim.id,
  }).create()
  await GoogleLocationFactory.merge({ workspaceId, name: secrets.googleLocation, title: secrets.googleTitle, placeId, businessId }).create()

  // A Google review of the victim's business and a reply template of the workspace (docs/decisions.md D45, D46).
  const googleReviewId = await googleReviewOf(businessId, secrets.googleLocation, secrets.googleReview)
  const [templateId] = await db.table('reply_templates').insert(templateRow(workspaceId, secrets.template))

  // A phone the victim gets alerts on (docs/decisions.md D68).
  const pushId = await pushDeviceOf(victim.id, `victim-${tag}`)
  // An alert the victim got, and how it went (docs/decisions.md D70).
  await MemberAlertFactory.merge({ userId: victim.id, businessId, title: secrets.alert }).with('deliveries').create()
  // An integration of the victim's business, with an event it logged (docs/decisions.md D72).
  const integration = await IntegrationFactory.merge({ businessId }).create()
  await db.table('integration_events').insert({
    integration_id: integration.id,
    received_at: new Date(),
    reference: secrets.orderId,
    customer_masked: 'Victim C., +91 98•••••678',
    outcome: 'skipped',
    reason: 'opted out',
  })

  const expired = await User.accessTokens.create(victim)
  await db
    .from('auth_access_tokens')
    .where('id', String(expired.identifier))
    .update({ expires_at: DateTime.utc().minus({ minutes: 1 }).toJSDate() })

  const { user: other, token: otherToken, business: otherBusiness } = await ownerWithBusiness()
  const otherFeedback = await ReviewSessionFactory.apply('negative').merge({ businessId: otherBusiness.id }).create()
  const otherSession = await ReviewSessionFactory.merge({ businessId: otherBusiness.id }).create()
  await customerWithRequest(otherBusiness.id, 'Other Customer', '+919812300002')
  const otherPayment = await PaymentFactory.merge({ userId: other.id, planId: monthly.id, razorpayOrderId: `order_Other${tag}` }).create()
  await InvoiceFactory.merge({ paymentId: otherPayment.id }).create()
  const otherWorkspaceId = (await Workspace.personalIdOf(other.id))!
  await googleReviewOf(otherBusiness.id, `accounts/8${tag.replace(/\D/g, '')}/locations/other-${tag}`, 'The other review')
  const [otherTemplateId] = await db.table('reply_templates').insert(templateRow(otherWorkspaceId, 'The other template'))
  const otherPushId = await pushDeviceOf(other.id, `other-${tag}`)
  const otherAlert = await MemberAlertFactory.merge({ userId: other.id, businessId: otherBusiness.id }).with('deliveries').create()

  return {
    victim: {
      user: victim,
      token: victimToken,
      expiredToken: expired.value!.release(),
      placeId,
      orderId: secrets.orderId,
      googleLocation: secrets.googleLocation,
      businessIds: [businessId],
      sessionIds: [feedback.id, session.id],
      ids: {
        business: businessId,
        feedback: feedback.id,
        session: session.id,
        token: Number(expired.identifier),
        customer: customer.customerId,
        request: customer.requestId,
        invoice: invoice.id,
        workspace: workspaceId,
        invite: Number(inviteId),
        user: victim.id,
        googleReview: googleReviewId,
        template: Number(templateId),
        push: pushId,
        integration: integration.id,
      },
      /** Strings that only the victim's rows contain. */
      strings: [victim.email, victim.firstName!, victim.lastName!, '9812345678', ...Object.values(secrets)],
    },
    monthlyPlanId: monthly.id,
    other: {
      user: other,
      token: otherToken,
      businessIds: [otherBusiness.id],
      sessionIds: [otherFeedback.id, otherSession.id],
      tokenIds: (await db.from('auth_access_tokens').where('tokenable_id', other.id).select('id')).map((row) => Number(row.id)),
      paymentIds: [otherPayment.id],
      workspaceIds: [otherWorkspaceId],
      templateIds: [Number(otherTemplateId)],
      pushIds: [otherPushId],
      alertIds: [Number(otherAlert.id)],
    },
  }
}

type Owners = Awaited<ReturnType<typeof makeOwners>>

/** A Google review of the business at the location, as the review sync stores it. */
async function googleReviewOf(businessId: number, location: string, comment: string) {
  const review = await GoogleReviewFactory.merge({
    businessId,
    reviewName: `${location}/reviews/${randomBytes(4).toString('hex')}`,
    stars: 2,
    comment,
  }).create()
  return review.id
}

const templateRow = (workspaceId: number, name: string) => ({
  workspace_id: workspaceId,
  name,
  body: `${name}: thank you, {reviewer}`,
  stars_mask: 0b11111,
  language: 'en',
  created_at: new Date(),
  updated_at: new Date(),
})

/** A customer of the business with one review request sent to them (docs/decisions.md D32). */
async function customerWithRequest(businessId: number, name: string, phone: string) {
  const customer = await CustomerFactory.merge({ businessId, name, phone }).create()
  const request = await ReviewRequestFactory.apply('sent').merge({ businessId, customerId: customer.id }).create()
  return { customerId: customer.id, requestId: request.id }
}

/** Which of the victim's rows a path parameter names; a route whose parameter is not here fails, to be added. */
function victimRowFor(route: ApiRoute, param: string, owners: Owners) {
  const { ids } = owners.victim
  if (param === 'businessId') return ids.business
  if (param === 'inviteId') return ids.invite
  if (param === 'userId') return ids.user
  if (param === 'id') {
    if (route.pattern.startsWith('/api/workspaces/')) return ids.workspace
    if (/^\/api\/business(es)?\//.test(route.pattern)) return ids.business
    if (route.pattern.startsWith('/api/feedbacks/')) return ids.feedback
    if (route.pattern.startsWith('/api/review-sessions/')) return ids.session
    if (route.pattern.startsWith('/api/auth/sessions/')) return ids.token
    if (route.pattern.startsWith('/api/customers/')) return ids.customer
    if (route.pattern.startsWith('/api/review-requests/')) return ids.request
    if (route.pattern.startsWith('/api/invoices/')) return ids.invoice
    if (route.pattern.startsWith('/api/google-reviews/')) return ids.googleReview
    if (route.pattern.startsWith('/api/reply-templates/')) return ids.template
    if (route.pattern.startsWith('/api/push-subscriptions/')) return ids.push
    if (route.pattern.startsWith('/api/integrations/')) return ids.integration
  }
  throw new Error(`${route.pattern}: which of the victim's rows does :${param} name? Add it to victimRowFor`)
}

/** Bodies that would change or reveal the victim's rows if the route ignored whose they are. */
function attackBody(route: ApiRoute, owners: Owners): Record<string, unknown> {
  const { victim } = owners
  const hijack = `hijack-${randomBytes(3).toString('hex')}`
  const bodies: Record<string, Record<string, unknown>> = {
    'businesses.update': { shortUrl: hijack, complianceMode: true, language: 'hi' },
    'businesses.short_url': { shortUrl: hijack },
    'feedbacks.update': { resolved: true },
    'places.select': { placeId: victim.placeId },
    // A correctly signed checkout answer for the victim's order: only the order's owner may use it.
    'billing.verify_payment': {
      razorpay_order_id: victim.orderId,
      razorpay_payment_id: 'pay_Hijack0000001',
      razorpay_signature: checkoutSignature(victim.orderId, 'pay_Hijack0000001'),
    },
    'billing.create_payment': { planId: owners.monthlyPlanId },
    'auth.profile': { firstName: 'Mallory', email: victim.user.email },
    'user.update_phone': { phone: '9000000001' },
    'google.locations.link': { name: victim.googleLocation, businessId: victim.ids.business },
    'google.locations.add': { name: victim.googleLocation },
    'reply_templates.update': { name: hijack, body: hijack, stars: [1], language: 'hi' },
    'google_reviews.draft': { tone: 'warm' },
    'google_reviews.reply': { comment: 'Hijacked reply' },
    'google_reviews.update': { pinned: true },
    'businesses.widget.update': { layout: 'badge', allowedSites: ['https://hijack.example'] },
    'integrations.update': { active: false, channel: 'email', signingSecret: 'hijacked-signing-key' },
    'integrations.store': { provider: 'razorpay', consent: true },
  }
  return bodies[route.name] ?? {}
}

/** The victim's rows as stored, minus the token stamps reads leave. */
async function victimRows(owners: Owners) {
  const userId = owners.victim.user.id
  const businessIds = (await db.from('businesses').where('user_id', userId).select('id')).map((row) => row.id)
  return JSON.stringify({
    user: await db.from('users').where('id', userId),
    tokens: await db.from('auth_access_tokens').where('tokenable_id', userId).select('id', 'hash', 'expires_at'),
    businesses: await db.from('businesses').where('user_id', userId).orderBy('id'),
    sessions: await db.from('review_sessions').whereIn('business_id', businessIds).orderBy('id'),
    pushDevices: await db.from('push_subscriptions').where('user_id', userId).orderBy('id'),
    alerts: await db.from('member_alerts').where('user_id', userId).orderBy('id'),
    integrations: await db.from('integrations').whereIn('business_id', businessIds).orderBy('id'),
    integrationEvents: await db
      .from('integration_events')
      .whereIn('integration_id', db.from('integrations').whereIn('business_id', businessIds).select('id'))
      .orderBy('id'),
    voiceNotes: await db.from('whatsapp_voice_notes').whereIn('business_id', businessIds).orderBy('review_session_id'),
    payments: await db.from('payments').where('user_id', userId).orderBy('id'),
    customers: await db.from('customers').whereIn('business_id', businessIds).orderBy('id'),
    requests: await db.from('review_requests').whereIn('business_id', businessIds).orderBy('id'),
    googleRatings: await db.from('google_rating_snapshots').whereIn('business_id', businessIds).orderBy('id'),
    subscriptions: await db.from('subscriptions').where('user_id', userId).orderBy('id'),
    workspaces: await db.from('workspaces').where('id', owners.victim.ids.workspace),
    members: await db.from('workspace_members').where('workspace_id', owners.victim.ids.workspace).orderBy('id'),
    invitations: await db.from('workspace_invitations').where('workspace_id', owners.victim.ids.workspace).orderBy('id'),
    googleConnections: await db.from('google_connections').where('workspace_id', owners.victim.ids.workspace),
    googleLocations: await db.from('google_locations').where('workspace_id', owners.victim.ids.workspace).orderBy('id'),
    googleReviews: await db.from('google_reviews').whereIn('business_id', businessIds).orderBy('id'),
    replyTemplates: await db.from('reply_templates').where('workspace_id', owners.victim.ids.workspace).orderBy('id'),
  })
}

function assertNoVictimData(assert: Assert, response: ApiResponse, owners: Owners, label: string) {
  const text = response.text() ?? ''
  for (const secret of owners.victim.strings) assert.notInclude(text, secret, `${label} leaked "${secret}"`)
  walk(JSON.parse(text || 'null'), (item) => {
    if (typeof item.businessId === 'number') {
      assert.notInclude(owners.victim.businessIds, item.businessId, `${label} returned a row of the victim's business`)
    }
    if ('shortUrl' in item && typeof item.id === 'number') {
      assert.notInclude(owners.victim.businessIds, item.id, `${label} returned the victim's business`)
    }
    if ('rating' in item && 'businessId' in item) {
      assert.notInclude(owners.victim.sessionIds, item.id, `${label} returned the victim's session`)
    }
  })
}

function walk(value: unknown, visit: (item: Record<string, any>) => void) {
  if (Array.isArray(value)) return value.forEach((item) => walk(item, visit))
  if (value && typeof value === 'object') {
    visit(value as Record<string, any>)
    Object.values(value).forEach((item) => walk(item, visit))
  }
}

function send(client: ApiClient, method: string, path: string, body: Record<string, unknown>, authorization?: string) {
  const request = client.request(path, method)
  if (authorization !== undefined) request.header('authorization', authorization)
  return method === 'GET' ? request : request.json(body)
}

/** Owner routes, and any route that cannot be classified (its test fails on that, rather than it going missing). */
const ownerRoutes = () => apiRoutes().filter((route) => route.access === 'owner' || route.unclassified)
const perMethod = () => ownerRoutes().flatMap((route) => route.methods.map((method) => ({ ...route, method })))

/* ----------------------------------------------------------------------------------------------------------
 * The matrix
 * -------------------------------------------------------------------------------------------------------- */

test.group('Tenancy: the route list', () => {
  test('every /api route is classified, and the owner routes are the ones behind auth', ({ assert }) => {
    const routes = apiRoutes()
    for (const route of routes) assertClassified(route)
    const owner = routes.filter((route) => route.access === 'owner').map((route) => route.name)
    const open = routes.filter((route) => route.access !== 'owner').map((route) => route.name)

    // Spot checks that the classification reads the middleware, not a list kept here.
    assert.includeMembers(owner, ['auth.user', 'businesses.index', 'feedbacks.update', 'analytics.show', 'billing.create_payment'])
    assert.includeMembers(open, ['auth.login', 'review_links.show', 'review_links.submit', 'webhooks.razorpay', 'places.search'])
    assert.isAtLeast(owner.length, 20)
    // Under /api, only the test clock is left out.
    const covered = new Set(routes.map((route) => route.pattern))
    const left = (Object.values(router.toJSON()).flat() as { name?: string; pattern: string }[])
      .filter((route) => route.pattern.startsWith('/api/') && !covered.has(route.pattern))
      .map((route) => route.name)
    assert.sameMembers(left, ['test_clock.show', 'test_clock.update', 'test_clock.destroy'])
  })
})

test.group('Tenancy: no, junk and expired tokens', (group) => {
  isolated(group)
  razorpayStub(group)
  let fingerprint: () => Promise<Fingerprint>
  group.setup(async () => {
    fingerprint = await databaseFingerprinter()
  })

  test('{method} {pattern} is 401 and changes nothing')
    .with(perMethod)
    .run(async ({ client, assert }, route) => {
      assertClassified(route)
      const owners = await makeOwners(client)
      const params = Object.fromEntries(route.params.map((param) => [param, victimRowFor(route, param, owners)]))
      const path = pathFor(route, params)
      const body = attackBody(route, owners)
      const victimToken = owners.victim.token
      const tampered = victimToken.slice(0, -4) + (victimToken.endsWith('aaaa') ? 'bbbb' : 'aaaa')
      const attempts: [string, string | undefined][] = [
        ['no token', undefined],
        ['an empty bearer', 'Bearer '],
        ['a junk token', 'Bearer rr_bm90LXJlYWw.aGVsbG8td29ybGQtdGhpcy1pcy1qdW5r'],
        ["the victim's token with a wrong secret", `Bearer ${tampered}`],
        ['a Basic header', 'Basic dXNlcjpwYXNz'],
        ["the victim's expired token", `Bearer ${owners.victim.expiredToken}`],
      ]

      const before = await fingerprint()
      for (const [label, authorization] of attempts) {
        const response = await send(client, route.method, path, body, authorization)
        assert.equal(response.status(), 401, `${label}: ${response.text()}`)
        assert.equal(response.body().error, SIGNED_OUT, label)
        assertNoVictimData(assert, response, owners, label)
      }
      assert.deepEqual(fingerprintChanges(before, await fingerprint()), [])
    })
})

test.group("Tenancy: another owner's token", (group) => {
  isolated(group)
  razorpayStub(group)
  googleStub(group)
  aiStub(group)

  test("{method} {pattern} never reaches or shows the victim's rows")
    .with(perMethod)
    .run(async ({ client, assert }, route) => {
      assertClassified(route)
      const owners = await makeOwners(client)
      const params = Object.fromEntries(route.params.map((param) => [param, victimRowFor(route, param, owners)]))
      const path = pathFor(route, params)
      const before = await victimRows(owners)

      const response = await send(client, route.method, path, attackBody(route, owners), `Bearer ${owners.other.token}`)

      const label = `${route.method} ${path} as the other owner`
      assert.isBelow(response.status(), 500, `${label}: ${response.text()}`)
      if (route.params.length > 0) {
        // The victim's row is "not found": not 403, which would say it exists.
        assert.equal(response.status(), 404, `${label}: ${response.text()}`)
        assert.isString(response.body().error)
      }
      assertNoVictimData(assert, response, owners, label)
      assert.equal(await victimRows(owners), before, `${label} changed the victim's rows`)

      // A list answers with the caller's own rows, so an empty list cannot pass for a filtered one.
      const body = response.text() ? JSON.parse(response.text()) : null
      if (route.method === 'GET' && Array.isArray(body)) {
        assert.isAbove(body.length, 0, `${label}: the other owner's own rows are missing`)
        for (const item of body) {
          if ('userAgent' in item) {
            // A signed-in device: one of the other owner's own tokens.
            assert.include(owners.other.tokenIds, item.id, `${label}: ${JSON.stringify(item)}`)
            continue
          }
          if ('service' in item && 'lastSentAt' in item) {
            // A device the other owner gets alerts on.
            assert.include(owners.other.pushIds, item.id, `${label}: ${JSON.stringify(item)}`)
            continue
          }
          if ('channels' in item && 'action' in item) {
            // An alert the other owner got.
            assert.include(owners.other.alertIds, item.id, `${label}: ${JSON.stringify(item)}`)
            continue
          }
          if ('kind' in item && 'role' in item) {
            // A workspace: one the other owner is a member of.
            assert.include(owners.other.workspaceIds, item.id, `${label}: ${JSON.stringify(item)}`)
            continue
          }
          if (Array.isArray(item.stars) && 'language' in item) {
            // A reply template: one of the other owner's workspace.
            assert.include(owners.other.templateIds, item.id, `${label}: ${JSON.stringify(item)}`)
            continue
          }
          if ('invoiceId' in item || 'paymentId' in item) {
            // A payment of the other owner's, or an invoice of one.
            assert.include(owners.other.paymentIds, item.paymentId ?? item.id, `${label}: ${JSON.stringify(item)}`)
            continue
          }
          const businessId = 'shortUrl' in item ? item.id : item.businessId
          assert.include(owners.other.businessIds, businessId, `${label}: ${JSON.stringify(item)}`)
        }
      }
    })
})
