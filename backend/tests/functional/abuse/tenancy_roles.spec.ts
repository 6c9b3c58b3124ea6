/*
 * Roles and business scope (docs/decisions.md D42) across every owner route, read from the router: each route and
 * method is sent, against the rows of one workspace, by its owner, a manager, a viewer, a manager limited to
 * another business, a removed member, another workspace's owner (both naming the workspace in X-Workspace-Id or the
 * path) and nobody. What each must get is a function of the route and a short, explicit table of the routes only
 * owners may use; a route nobody classified fails here, so a new one cannot slip through.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import WorkspaceInvitation from '#models/workspace_invitation'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { checkoutSignature, razorpayStub } from '#tests/helpers/razorpay'
import { googleStub, heldReview, type GoogleStub } from '#tests/helpers/google_stub'
import { aiStub } from '#tests/helpers/ai_stub'
import GoogleConnection from '#models/google_connection'
import { apiRoutes, assertClassified, pathFor, type ApiRoute } from '#tests/helpers/api_routes'
import {
  BusinessFactory,
  CustomerFactory,
  DEFAULT_PASSWORD,
  GoogleConnectionFactory,
  IntegrationFactory,
  GoogleLocationFactory,
  InvoiceFactory,
  PaymentFactory,
  ReviewRequestFactory,
  ReviewSessionFactory,
  StaffFactory,
  SubscriptionFactory,
  UserFactory,
  WorkspaceFactory,
  WorkspaceMemberFactory,
  planOf,
} from '#database/factories/index'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { pushDeviceOf, voiceNoteFor } from '#tests/helpers/owners'

/* ----------------------------------------------------------------------------------------------------------
 * What each route needs of the member's role: the explicit tables
 * -------------------------------------------------------------------------------------------------------- */

/** Owners only: the plan's money, the WhatsApp Business account's changes, auto-reply rules, members, the workspace itself. */
const OWNER_ONLY = new Set([
  'billing.create_payment',
  'billing.verify_payment',
  'billing.cancel',
  'billing.payments',
  'billing.profile.show',
  'billing.profile.update',
  'invoices.index',
  'invoices.show',
  'invoices.pdf',
  'whatsapp_account.update',
  'whatsapp_account.destroy',
  'whatsapp_account.embedded_signup',
  // Auto-reply rules post in the business's name unread (docs/decisions.md D48).
  'google.auto_reply.update',
  // Deleting a business deletes what it collected: the owners' decision (docs/decisions.md D57).
  'businesses.remove',
  'businesses.destroy',
  'workspaces.update',
  'workspaces.destroy',
  'workspaces.members.update',
  'workspaces.members.destroy',
  'workspaces.invitations.store',
  'workspaces.invitations.destroy',
  'workspaces.activity',
  'workspaces.clients.store',
  'workspaces.agency.destroy',
  'workspaces.brand.update',
])

/**
 * Reads a viewer may not make: they show what only managers handle (a secret, the WhatsApp number's state, the
 * channels a request could be sent on).
 */
const MANAGER_READS = new Set(['whatsapp_account.show', 'visit_hook.show', 'review_requests.channels', 'google.connect.start'])

/** Writes about the signed-in person, not the workspace: any role makes them (the workspace is still resolved). */
const PERSONAL_WRITES = new Set(['user.update_phone', 'notification_settings.update'])

/**
 * Adding a business: a manager limited to some businesses would not see it, so only owners and unlimited managers.
 * Connecting and disconnecting Google reach every business of the workspace: the same (docs/decisions.md D58).
 */
const UNLIMITED_ONLY = new Set(['places.select', 'google.locations.add', 'google.connect.start', 'google.connection.destroy'])

/** What the owner gets when it is not a success, and why (the world is one workspace, not every kind at once). */
const OWNER_REFUSED: Record<string, number> = {
  // The workspace is an agency that no agency manages: there is no management to end.
  'workspaces.agency.destroy': 404,
}

/** Routes about the account rather than a workspace (`auth({ workspace: false })` without a workspace in the path). */
const ACCOUNT_ROUTE = (route: ApiRoute) =>
  route.name.startsWith('auth.') ||
  route.name.startsWith('account.') ||
  ['workspaces.mine', 'workspaces.store', 'invitations.accept'].includes(route.name)

type Actor = 'nobody' | 'removed' | 'stranger' | 'scoped' | 'viewer' | 'manager' | 'owner'
const ACTORS: Actor[] = ['nobody', 'removed', 'stranger', 'scoped', 'viewer', 'manager', 'owner']

type Expected = { status: number } | { class: '2xx' } | { class: 'allowed' } | { class: 'account' }

/** Whether the request names one of the workspace's businesses or a row of one (path, query or body). */
const namesBusinessRow = (route: ApiRoute, request: Built) =>
  route.params.some(
    (param) => param === 'businessId' || (param === 'id' && !/^\/api\/(invoices|workspaces|reply-templates)\//.test(route.pattern))
  ) ||
  'businessId' in request.body ||
  request.query.includes('businessId=')

/** Exactly what `actor` must get for the route and method. */
function expectation(route: ApiRoute, method: string, actor: Actor, request: Built): Expected {
  if (actor === 'nobody') return { status: 401 }
  if (ACCOUNT_ROUTE(route)) return { class: 'account' }
  if (actor === 'removed' || actor === 'stranger') return { status: 404 }
  const write = method !== 'GET'
  const ownerOnly = OWNER_ONLY.has(route.name)
  const personal = PERSONAL_WRITES.has(route.name) || route.name === 'notification_settings.show'
  if (actor === 'owner') return route.name in OWNER_REFUSED ? { status: OWNER_REFUSED[route.name] } : { class: 'allowed' }
  if (actor === 'scoped' && namesBusinessRow(route, request)) return { status: 404 }
  if (ownerOnly) return { status: 403 }
  if (actor === 'scoped' && UNLIMITED_ONLY.has(route.name)) return { status: 403 }
  if (actor === 'viewer' && !personal && (write || MANAGER_READS.has(route.name))) return { status: 403 }
  return write ? { class: 'allowed' } : { class: '2xx' }
}

/* ----------------------------------------------------------------------------------------------------------
 * The world: one agency workspace with two businesses, their rows, and its people
 * -------------------------------------------------------------------------------------------------------- */

/** Two real places: the workspace's business is the first; adding the second is what select-business tries. */
let places: string[] | undefined
/** Google Business Profile's stand-in (docs/decisions.md D43): the world's connection reads its one location there. */
let google: GoogleStub
const GOOGLE_LOCATION = 'accounts/1/locations/1'

async function makeWorld(client: ApiClient) {
  const tag = randomBytes(4).toString('hex')
  places ??= (await client.post('/api/search-business').json({ query: 'cafe' }))
    .body()
    .places.map((place: { place_id: string }) => place.place_id)
  const owner = await UserFactory.create()
  const workspace = await WorkspaceFactory.apply('agency')
    .merge({ name: `Roles ${tag}`, createdByUserId: owner.id })
    .create()
  const member = (user: User, role: WorkspaceRole, businessIds: number[] | null = null) =>
    WorkspaceMemberFactory.apply(role).merge({ workspaceId: workspace.id, userId: user.id, businessIds }).create()

  const business = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id, placeId: places![0] }).create()
  const other = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id }).create()
  const feedback = await ReviewSessionFactory.apply('negative').merge({ businessId: business.id, source: 'whatsapp' }).create()
  await voiceNoteFor(feedback.id, business.id)
  const customer = await CustomerFactory.merge({ businessId: business.id, phone: '+919812300001' }).create()
  const request = await ReviewRequestFactory.apply('sent').merge({ businessId: business.id, customerId: customer.id }).create()
  const staff = await StaffFactory.merge({ businessId: business.id }).create()
  // On the paid plan (no business limit, a subscription to cancel) with its paid order and invoice, and an order
  // opened since, still to be verified.
  const monthly = await planOf('monthly')
  const subscription = await SubscriptionFactory.merge({ userId: owner.id, workspaceId: workspace.id }).apply('pro').create()
  const invoice = await InvoiceFactory.merge({ paymentId: subscription.paymentId! }).create()
  const payment = await PaymentFactory.merge({
    userId: owner.id,
    workspaceId: workspace.id,
    paidByWorkspaceId: workspace.id,
    planId: monthly.id,
    razorpayOrderId: `order_Roles${tag}`,
  }).create()
  await db.table('billing_profiles').insert({
    workspace_id: workspace.id,
    user_id: owner.id,
    legal_name: 'Roles Traders LLP',
    address: 'Pune',
    state_code: '27',
    created_at: new Date(),
    updated_at: new Date(),
  })
  const invitation = await WorkspaceInvitation.create({
    workspaceId: workspace.id,
    email: `invited-${tag}@example.in`,
    role: 'viewer',
    businessIds: null,
    tokenHash: randomBytes(32).toString('hex'),
    invitedByUserId: owner.id,
    expiresAt: clock.now().plus({ days: 7 }),
  })

  const manager = await UserFactory.create()
  const viewer = await UserFactory.create()
  const scoped = await UserFactory.create()
  const removed = await UserFactory.create()
  const target = await UserFactory.create()
  await member(manager, 'manager')
  await member(viewer, 'viewer')
  await member(scoped, 'manager', [other.id])
  await member(target, 'viewer')
  // A member until a moment ago.
  await (await member(removed, 'manager')).delete()
  // The owner of a workspace of their own, with a business in it.
  const stranger = await UserFactory.create()
  await BusinessFactory.merge({ userId: stranger.id }).create()
  const ownerToken = await User.accessTokens.create(owner)
  // Connected to Google Business Profile, with one location not linked yet.
  await GoogleConnectionFactory.merge({
    workspaceId: workspace.id,
    email: `roles-${tag}@gmail.example`,
    refreshTokenEncrypted: GoogleConnection.seal(`rt-roles-${tag}`),
    connectedByUserId: owner.id,
  }).create()
  await GoogleLocationFactory.merge({ workspaceId: workspace.id, name: GOOGLE_LOCATION, title: 'Roles Cafe', placeId: places![2] }).create()
  google.state.accounts = { 1: [{ id: '1', title: 'Roles Cafe', placeId: places![2] }] }
  // A Google review of the business, and a reply template of the workspace (docs/decisions.md D45, D46).
  // Google holds it too, so a reply posted to it is accepted (a real success, not Google's 404).
  const review = { stars: 2, comment: 'Slow service' }
  const googleReview = await heldReview(
    google,
    GOOGLE_LOCATION,
    `roles-${tag}`,
    { businessId: business.id, ...review },
    { starRating: 'TWO', comment: review.comment }
  )
  const [template] = await db.table('reply_templates').insert({
    workspace_id: workspace.id,
    name: 'Sorry',
    body: 'Sorry, {reviewer}.',
    stars_mask: 0b00111,
    language: 'en',
    created_at: new Date(),
    updated_at: new Date(),
  })

  return {
    tag,
    workspaceId: workspace.id,
    users: { owner, manager, viewer, scoped, removed, stranger } as Record<Exclude<Actor, 'nobody'>, User>,
    ids: {
      business: business.id,
      feedback: feedback.id,
      session: feedback.id,
      customer: customer.id,
      request: request.id,
      staff: staff.id,
      invoice: invoice.id,
      invitation: invitation.id,
      target: target.id,
      token: Number(ownerToken.identifier),
      googleReview: googleReview.id,
      template: Number(template),
      push: await pushDeviceOf(owner.id, `owner-${tag}`),
      integration: (await IntegrationFactory.merge({ businessId: business.id }).create()).id,
    },
    orderId: payment.razorpayOrderId,
    monthlyPlanId: monthly.id,
  }
}

type World = Awaited<ReturnType<typeof makeWorld>>

/** Which of the workspace's rows a path parameter names; a parameter not here fails, to be added. */
function rowFor(route: ApiRoute, param: string, world: World) {
  const { ids } = world
  if (param === 'businessId') return ids.business
  if (param === 'userId') return ids.target
  if (param === 'inviteId') return ids.invitation
  if (param === 'id') {
    if (route.pattern.startsWith('/api/workspaces/')) return world.workspaceId
    if (/^\/api\/businesses\/:businessId\/staff\//.test(route.pattern)) return ids.staff
    if (/^\/api\/business(es)?\//.test(route.pattern)) return ids.business
    if (route.pattern.startsWith('/api/feedbacks/')) return ids.feedback
    if (route.pattern.startsWith('/api/review-sessions/')) return ids.session
    if (route.pattern.startsWith('/api/customers/')) return ids.customer
    if (route.pattern.startsWith('/api/review-requests/')) return ids.request
    if (route.pattern.startsWith('/api/invoices/')) return ids.invoice
    if (route.pattern.startsWith('/api/auth/sessions/')) return ids.token
    if (route.pattern.startsWith('/api/google-reviews/')) return ids.googleReview
    if (route.pattern.startsWith('/api/reply-templates/')) return ids.template
    if (route.pattern.startsWith('/api/push-subscriptions/')) return ids.push
    if (route.pattern.startsWith('/api/integrations/')) return ids.integration
  }
  throw new Error(`${route.pattern}: which row does :${param} name? Add it to rowFor`)
}

/** A body that passes validation, so the answer is the role's and not the validator's. */
function bodyFor(route: ApiRoute, world: World): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'places.select': { placeId: places![1] },
    'businesses.short_url': { shortUrl: `roles-${world.tag}` },
    'businesses.update': { language: 'hi' },
    'feedbacks.update': { resolved: true },
    'billing.create_payment': { planId: world.monthlyPlanId },
    'billing.verify_payment': {
      razorpay_order_id: world.orderId,
      razorpay_payment_id: 'pay_Roles00000001',
      razorpay_signature: checkoutSignature(world.orderId, 'pay_Roles00000001'),
    },
    'billing.profile.update': { legalName: 'Roles Traders LLP', address: '1 MG Road, Pune', stateCode: '27', gstin: null },
    'customers.store': { businessId: world.ids.business, name: 'Asha Rao', phone: '9876543210', consent: true },
    'customers.update': { name: 'Asha R' },
    'review_requests.store': { businessId: world.ids.business, customerId: world.ids.customer, channel: 'sms' },
    'staff.store': { name: 'Ravi' },
    'test_message.store': { channel: 'email' },
    'user.update_phone': { phone: '9876543211' },
    'workspaces.update': { name: 'Renamed Workspace' },
    'workspaces.destroy': { password: DEFAULT_PASSWORD },
    'workspaces.members.update': { role: 'manager' },
    'workspaces.invitations.store': { email: `new-${world.tag}@example.in`, role: 'viewer' },
    'workspaces.clients.store': { name: 'A Client' },
    'workspaces.store': { name: 'Somebody Else' },
    'invitations.accept': { token: 'not-a-real-token' },
    'auth.profile': { firstName: 'Mallory' },
    'google.locations.link': { name: GOOGLE_LOCATION, businessId: world.ids.business },
    'google.locations.add': { name: GOOGLE_LOCATION },
    'reply_templates.store': { name: 'Thanks', body: 'Thank you, {reviewer}!', stars: [4, 5], language: 'en' },
    'reply_templates.update': { name: 'Sorry again' },
    'google_reviews.draft': { tone: 'brief' },
    'google_reviews.reply': { comment: 'Thank you, Ravi. We are sorry about the wait.' },
    'google_reviews.update': { pinned: true },
    'businesses.widget.update': { layout: 'list', allowedSites: ['https://roles.example'] },
    'integrations.store': { provider: 'shopify', consent: true },
    'integrations.update': { delayMinutes: 60 },
  }
  return bodies[route.name] ?? {}
}

/** Query strings the route reads its business from. */
const QUERIES: Record<string, (world: World) => string> = {
  'customers.import': (world) => `businessId=${world.ids.business}&dryRun=true`,
  'review_requests.funnel': (world) => `businessId=${world.ids.business}`,
}

interface Built {
  path: string
  query: string
  body: Record<string, unknown>
}

function build(route: ApiRoute, world: World): Built {
  const path = pathFor(route, Object.fromEntries(route.params.map((param) => [param, rowFor(route, param, world)])))
  return { path, query: QUERIES[route.name]?.(world) ?? '', body: bodyFor(route, world) }
}

function send(client: ApiClient, method: string, built: Built, world: World, actor: Actor) {
  const request = client.request(built.query ? `${built.path}?${built.query}` : built.path, method)
  if (actor !== 'nobody') request.loginAs(world.users[actor]).header('x-workspace-id', String(world.workspaceId))
  return method === 'GET' ? request : request.json(built.body)
}

function check(expected: Expected, status: number, body: any, label: string) {
  const fail = (what: string) => {
    throw new Error(`${label}: expected ${what}, got ${status} ${JSON.stringify(body).slice(0, 300)}`)
  }
  if (status >= 500) fail('no 5xx')
  if ('status' in expected) {
    if (status !== expected.status) fail(String(expected.status))
    if (status >= 400 && typeof body?.error !== 'string') fail('an {error} sentence')
    if (status === 404 && expected.status === 404 && label.includes('removed') && body.error !== 'Workspace not found') {
      fail("404 'Workspace not found'")
    }
    return
  }
  if (expected.class === '2xx' && (status < 200 || status >= 300)) fail('2xx')
  if (expected.class === 'allowed' && (status === 401 || status === 403 || status === 404)) fail('2xx or a 4xx other than 401/403/404')
  if (expected.class === 'account' && (status === 403 || body?.error === 'Workspace not found')) fail('no role or workspace refusal')
}

const ownerRoutes = () => apiRoutes().filter((route) => route.access === 'owner' || route.unclassified)
const perMethod = () => ownerRoutes().flatMap((route) => route.methods.map((method) => ({ ...route, method })))

/* ----------------------------------------------------------------------------------------------------------
 * The matrix
 * -------------------------------------------------------------------------------------------------------- */

test.group('Tenancy by role: the tables name real routes', () => {
  test('every owner-only, manager-read and personal route name is a route', ({ assert }) => {
    const names = new Set(apiRoutes().map((route) => route.name))
    for (const name of [...OWNER_ONLY, ...MANAGER_READS, ...PERSONAL_WRITES, ...UNLIMITED_ONLY, ...Object.keys(OWNER_REFUSED)]) {
      assert.isTrue(names.has(name), `${name} is not a route any more: update the table`)
    }
  })
})

test.group('Tenancy by role: every owner route × every kind of member', (group) => {
  isolated(group)
  razorpayStub(group)
  google = googleStub(group)
  aiStub(group)

  test('{method} {pattern}')
    .with(perMethod)
    .run(async ({ client }, route) => {
      assertClassified(route)
      let world = await makeWorld(client)
      let fresh = true
      for (const actor of ACTORS) {
        // A write that succeeded may have changed or removed the rows: the next member starts from a new world.
        if (!fresh) world = await makeWorld(client)
        const built = build(route, world)
        const expected = expectation(route, route.method, actor, built)
        const response = await send(client, route.method, built, world, actor)
        const status = response.status()
        fresh = status >= 400 || route.method === 'GET'
        const text = response.text()
        const body = text && String(response.header('content-type')).includes('json') ? JSON.parse(text) : null
        check(expected, status, body, `${route.method} ${built.path} as ${actor}`)
      }
    })
    .timeout(30_000)
})
