/*
 * Trial and subscription state, usage and plans as the billing and profile pages read them (docs/architecture.md, docs/product-rules.md#trial, docs/product-rules.md;
 * docs/decisions.md D8, D9). The app's clock is moved to walk through the trial's days.
 */
import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { BusinessFactory, ReviewSessionFactory, SubscriptionFactory, UserFactory, planOf } from '#database/factories/index'
import User from '#models/user'
import Subscription from '#models/subscription'
import SubscriptionPlan from '#models/subscription_plan'
import { clock } from '#lib/clock'

const JUNK_TOKEN = 'oat_bm90LWEtcmVhbC10b2tlbg.aGVsbG8td29ybGQtdGhpcy1pcy1qdW5r'
/** 12:00 IST on 15 March 2026: mid-month in India, so month boundaries are clear of "now". */
const MID_MARCH = DateTime.fromISO('2026-03-15T06:30:00Z', { zone: 'utc' })

let emailSequence = 0

/** Signs up through the API at the current clock time; returns the stored user and its bearer token. */
async function signUp(client: ApiClient) {
  const email = `trial-${Date.now().toString(36)}-${++emailSequence}@example.in`
  const response = await client
    .post('/api/auth/register')
    .json({ email, password: 'masala-dosa-2024', firstName: 'Priya', lastName: 'Sharma' })
  response.assertStatus(201)
  return { user: await User.findByOrFail('email', email), token: response.body().token as string }
}

const trialStatus = (client: ApiClient, token: string) => client.get('/api/billing/trial-status').bearerToken(token)

test.group('GET /api/billing/trial-status (trial)', (group) => {
  isolated(group)

  test('right after sign-up the trial is active with 7 days left', async ({ client, assert }) => {
    const { user, token } = await signUp(client)

    const response = await trialStatus(client, token)

    response.assertStatus(200)
    assert.equal(user.trialEndsAt!.diff(user.trialStartsAt!, 'days').days, 7)
    assert.containsSubset(response.body(), {
      hasActivePaidSubscription: false,
      hasActiveSubscription: false,
      isTrialActive: true,
      trialStatus: 'active',
      trialDaysRemaining: 7,
      subscriptionPlan: 'trial',
      subscriptionStatus: null,
      currentPeriodEnd: null,
      isLimited: false,
    })
  })

  test('one day after sign-up 6 days remain', async ({ client, assert }) => {
    const { user, token } = await signUp(client)
    clock.travelTo(user.trialStartsAt!.plus({ days: 1 }))

    const response = await trialStatus(client, token)

    response.assertStatus(200)
    assert.containsSubset(response.body(), { isTrialActive: true, trialStatus: 'active', trialDaysRemaining: 6 })
  })

  test('on the seventh day, an hour before the end, 1 day remains', async ({ client, assert }) => {
    const { user, token } = await signUp(client)
    clock.travelTo(user.trialStartsAt!.plus({ days: 6, hours: 23 }))

    const response = await trialStatus(client, token)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      isTrialActive: true,
      trialStatus: 'active',
      trialDaysRemaining: 1,
      isLimited: false,
      isLocked: false,
    })
  })

  test('once 7 days have passed the trial is expired and the account limited', async ({ client, assert }) => {
    const { user, token } = await signUp(client)
    clock.travelTo(user.trialStartsAt!.plus({ days: 7 }))

    const response = await trialStatus(client, token)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      hasActivePaidSubscription: false,
      hasActiveSubscription: false,
      isTrialActive: false,
      trialStatus: 'expired',
      trialDaysRemaining: 0,
      subscriptionPlan: 'trial',
      isLimited: true,
      isLocked: true,
    })
  })

  test('on day 8 the trial stays expired with 0 days, never negative', async ({ client, assert }) => {
    const { user, token } = await signUp(client)
    clock.travelTo(user.trialStartsAt!.plus({ days: 8, hours: 5 }))

    const response = await trialStatus(client, token)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      isTrialActive: false,
      trialStatus: 'expired',
      trialDaysRemaining: 0,
      isLimited: true,
    })
  })

  test('an account without a trial end date has 0 days and is limited', async ({ client, assert }) => {
    const user = await UserFactory.apply('withoutTrial').create()

    const response = await client.get('/api/billing/trial-status').loginAs(user)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      hasActiveSubscription: false,
      isTrialActive: false,
      trialStatus: 'expired',
      trialDaysRemaining: 0,
      trialEndsAt: null,
      subscriptionPlan: 'trial',
      isLimited: true,
    })
  })
})

test.group('GET /api/billing/trial-status (a workspace that starts on the free plan)', (group) => {
  isolated(group)

  test("an agency's new client is on the free plan, not locked: its dashboard opens and it takes one business", async ({
    client,
    assert,
  }) => {
    const { token } = await signUp(client)
    const agency = await client.post('/api/workspaces').bearerToken(token).json({ name: 'Spice Agency', kind: 'agency' })
    const created = await client.post(`/api/workspaces/${agency.body().id}/clients`).bearerToken(token).json({ name: 'Sharma Sweets' })
    created.assertStatus(201)
    const inClient = (request: ApiRequest) => request.bearerToken(token).header('x-workspace-id', String(created.body().id))

    const status = await inClient(client.get('/api/billing/trial-status'))
    status.assertStatus(200)
    assert.containsSubset(status.body(), { isTrialActive: false, trialEndsAt: null, isLimited: true, isLocked: false })

    const { places } = (await client.post('/api/search-business').json({ query: 'sweets' })).body()
    ;(await inClient(client.post('/api/select-business')).json({ placeId: places[0].place_id })).assertStatus(201)
    const second = await inClient(client.post('/api/select-business')).json({ placeId: places[1].place_id })
    second.assertStatus(403)
    assert.isTrue(second.body().upgrade)
  })

  test('a team workspace the same; the personal workspace whose trial ended is locked', async ({ client, assert }) => {
    const { user, token } = await signUp(client)
    const team = await client.post('/api/workspaces').bearerToken(token).json({ name: 'Sharma Team' })
    const teamStatus = await client.get('/api/billing/trial-status').bearerToken(token).header('x-workspace-id', String(team.body().id))
    assert.containsSubset(teamStatus.body(), { isLimited: true, isLocked: false })

    clock.travelTo(user.trialEndsAt!.plus({ hours: 1 }))
    assert.containsSubset((await trialStatus(client, token)).body(), { isLimited: true, isLocked: true })
  })
})

test.group('GET /api/billing/trial-status (paid plans)', (group) => {
  isolated(group)

  test('a paid plan ending in 10 days is active Pro with 10 days left', async ({ client, assert }) => {
    const user = await UserFactory.apply('trialExpired').create()
    const subscription = await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 10 }) })
      .create()

    const response = await client.get('/api/billing/trial-status').loginAs(user)

    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      hasActivePaidSubscription: true,
      hasActiveSubscription: true,
      isTrialActive: false,
      trialStatus: 'expired',
      subscriptionPlan: 'pro',
      planType: 'monthly',
      subscriptionStatus: 'active',
      daysRemaining: 10,
      isLimited: false,
    })
    assert.equal(DateTime.fromISO(body.currentPeriodEnd).toMillis(), subscription.currentPeriodEnd.toMillis())
  })

  test('days remaining round up: 2 days and 1 hour left count as 3', async ({ client, assert }) => {
    const user = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, planId: (await planOf('6-month')).id, currentPeriodEnd: clock.now().plus({ days: 2, hours: 1 }) })
      .create()

    const response = await client.get('/api/billing/trial-status').loginAs(user)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      hasActivePaidSubscription: true,
      planType: '6-month',
      daysRemaining: 3,
    })
  })

  test('a period ending later today is still active with 1 day left', async ({ client, assert }) => {
    const user = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ hours: 3 }) })
      .create()

    const response = await client.get('/api/billing/trial-status').loginAs(user)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      hasActivePaidSubscription: true,
      hasActiveSubscription: true,
      subscriptionPlan: 'pro',
      daysRemaining: 1,
      isLimited: false,
    })
  })

  test('a period that ended yesterday gives no subscription (subscription {$self})')
    .with(['pro', 'expired'] as const)
    .run(async ({ client, assert }, state) => {
      // `pro`: still active, as the grant wrote it, before the expiry job ran; `expired`: after it ran.
      const user = await UserFactory.apply('trialExpired').create()
      await SubscriptionFactory.apply(state)
        .merge({ userId: user.id, currentPeriodEnd: clock.now().minus({ days: 1 }) })
        .create()

      const response = await client.get('/api/billing/trial-status').loginAs(user)

      response.assertStatus(200)
      assert.containsSubset(response.body(), {
        hasActivePaidSubscription: false,
        hasActiveSubscription: false,
        isTrialActive: false,
        trialStatus: 'expired',
        subscriptionPlan: 'trial',
        subscriptionStatus: null,
        currentPeriodEnd: null,
        isLimited: true,
      })
    })

  test('a cancelled plan keeps access until its end; the trial is not active meanwhile', async ({ client, assert }) => {
    // Still inside the trial: a subscription takes precedence, so the trial banner must not show.
    const user = await UserFactory.create()
    const subscription = await SubscriptionFactory.apply('cancelled')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 20 }) })
      .create()

    const response = await client.get('/api/billing/trial-status').loginAs(user)

    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      hasActivePaidSubscription: false,
      hasActiveSubscription: true,
      isTrialActive: false,
      subscriptionPlan: 'pro',
      subscriptionStatus: 'cancelled',
      daysRemaining: 20,
      isLimited: false,
    })
    assert.notEqual(body.trialStatus, 'active')
    assert.equal(DateTime.fromISO(body.currentPeriodEnd).toMillis(), subscription.currentPeriodEnd.toMillis())
  })

  test("another owner's subscription does not count", async ({ client, assert }) => {
    const [user, other] = await UserFactory.apply('trialExpired').createMany(2)
    await SubscriptionFactory.apply('pro')
      .merge({ userId: other.id, currentPeriodEnd: clock.now().plus({ days: 10 }) })
      .create()

    const response = await client.get('/api/billing/trial-status').loginAs(user)

    response.assertStatus(200)
    assert.containsSubset(response.body(), { hasActiveSubscription: false, subscriptionPlan: 'trial', isLimited: true })
  })
})

test.group('GET /api/billing/usage', (group) => {
  isolated(group)

  test('a limited owner sees the free limits and only this IST month counted', async ({ client, assert }) => {
    clock.travelTo(MID_MARCH)
    const owner = await UserFactory.apply('trialExpired').create()
    const other = await UserFactory.apply('midTrial').create()
    const [first, second] = await BusinessFactory.merge({ userId: owner.id }).createMany(2)
    const elsewhere = await BusinessFactory.merge({ userId: other.id }).create()
    const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    // 1 March 00:00 IST is 28 February 18:30 UTC.
    for (const createdAt of ['2026-02-28T18:30:00Z', '2026-03-10T09:00:00Z', '2026-03-15T06:00:00Z']) {
      await ReviewSessionFactory.merge({ businessId: first.id, createdAt: at(createdAt) }).create()
    }
    for (const createdAt of ['2026-02-28T18:29:59Z', '2026-02-10T09:00:00Z']) {
      await ReviewSessionFactory.merge({ businessId: first.id, createdAt: at(createdAt) }).create()
    }
    await ReviewSessionFactory.merge({ businessId: second.id, createdAt: at('2026-03-02T04:00:00Z') }).create()
    await ReviewSessionFactory.merge({ businessId: elsewhere.id, createdAt: at('2026-03-12T04:00:00Z') }).createMany(4)

    const response = await client.get('/api/billing/usage').loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      subscriptionPlan: 'trial',
      planType: null,
      isLimited: true,
      usage: {
        businesses: 2,
        reviewsThisMonth: 4,
        reviewsThisMonthByBusiness: { [first.id]: 3, [second.id]: 1 },
      },
      limits: { businesses: 1, reviewsPerBusinessPerMonth: 50 },
    })
  })

  test('an owner in the trial has no limits', async ({ client, assert }) => {
    clock.travelTo(MID_MARCH)
    const owner = await UserFactory.apply('midTrial').create()
    const business = await BusinessFactory.merge({ userId: owner.id }).create()
    await ReviewSessionFactory.merge({ businessId: business.id, createdAt: MID_MARCH.minus({ hours: 1 }) }).createMany(2)

    const response = await client.get('/api/billing/usage').loginAs(owner)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      subscriptionPlan: 'trial',
      isLimited: false,
      usage: { businesses: 1, reviewsThisMonth: 2 },
      limits: { businesses: null, reviewsPerBusinessPerMonth: null },
    })
  })

  test('a Pro owner has no limits', async ({ client, assert }) => {
    const owner = await UserFactory.apply('trialExpired').create()
    await SubscriptionFactory.apply('pro')
      .merge({ userId: owner.id, planId: (await planOf('12-month')).id, currentPeriodEnd: clock.now().plus({ months: 5 }) })
      .create()

    const response = await client.get('/api/billing/usage').loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      subscriptionPlan: 'pro',
      planType: '12-month',
      isLimited: false,
      usage: { businesses: 0, reviewsThisMonth: 0, reviewsThisMonthByBusiness: {} },
      limits: { businesses: null, reviewsPerBusinessPerMonth: null },
    })
  })
})

test.group('GET /api/billing/subscription-plans', (group) => {
  isolated(group)

  test('is public and lists the three paid plans in order with computed savings', async ({ client, assert }) => {
    const ids = Object.fromEntries((await SubscriptionPlan.all()).map((plan) => [plan.planType, plan.id])) as Record<string, number>

    const response = await client.get('/api/billing/subscription-plans')

    response.assertStatus(200)
    const plans = response.body()
    assert.isArray(plans)
    assert.deepEqual(
      plans.map((plan: { planType: string }) => plan.planType),
      ['monthly', '6-month', '12-month']
    )
    const [monthly, sixMonths, twelveMonths] = plans
    assert.containsSubset(monthly, {
      id: ids.monthly,
      name: 'Monthly Pro Plan',
      totalPrice: 49900,
      currency: 'INR',
      durationMonths: 1,
      pricePerMonth: 49900,
      tag: 'Most Popular',
      savings: null,
    })
    assert.containsSubset(sixMonths, {
      id: ids['6-month'],
      totalPrice: 249900,
      durationMonths: 6,
      pricePerMonth: 41650,
      tag: null,
      savings: { amount: 49500, percent: 17, fullPrice: 299400 },
    })
    assert.containsSubset(twelveMonths, {
      id: ids['12-month'],
      totalPrice: 449900,
      durationMonths: 12,
      pricePerMonth: 37492,
      tag: 'Best Value',
      savings: { amount: 148900, percent: 25, fullPrice: 598800 },
    })
    for (const plan of plans) {
      assert.isArray(plan.features)
      assert.isNotEmpty(plan.features)
      for (const feature of plan.features) assert.isString(feature)
    }
  })

  test('never lists the trial, even to a signed-in owner', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const trial = await SubscriptionPlan.findByOrFail('planType', 'trial')

    const response = await client.get('/api/billing/subscription-plans').loginAs(user)

    response.assertStatus(200)
    assert.lengthOf(response.body(), 3)
    const ids = response.body().map((plan: { id: number }) => plan.id)
    assert.notInclude(ids, trial.id)
    for (const plan of response.body()) assert.notEqual(plan.planType, 'trial')
  })

  test('the prices come from the plans table', async ({ client, assert }) => {
    await SubscriptionPlan.query().where('plan_type', 'monthly').update({ total_price: 59900 })

    const response = await client.get('/api/billing/subscription-plans')

    response.assertStatus(200)
    const [monthly, sixMonths] = response.body()
    assert.equal(monthly.totalPrice, 59900)
    // 6 × 599 − 2,499 = 1,095 saved out of 3,594.
    assert.deepEqual(sixMonths.savings, { amount: 109500, percent: 30, fullPrice: 359400 })
  })
})

test.group('POST /api/billing/cancel-subscription', (group) => {
  isolated(group)

  test('cancels an active plan and keeps access until the period ends', async ({ client, assert }) => {
    const user = await UserFactory.apply('trialExpired').create()
    const subscription = await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 12 }) })
      .create()

    const response = await client.post('/api/billing/cancel-subscription').loginAs(user)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      success: true,
      hasActivePaidSubscription: false,
      hasActiveSubscription: true,
      subscriptionPlan: 'pro',
      subscriptionStatus: 'cancelled',
      isLimited: false,
    })
    const periodEnd = DateTime.fromISO(response.body().currentPeriodEnd)
    assert.equal(periodEnd.toMillis(), subscription.currentPeriodEnd.toMillis())
    const row = await Subscription.findOrFail(subscription.id)
    assert.equal(row.status, 'cancelled')
    assert.isNotNull(row.cancelledAt)
    assert.isBelow(Math.abs(row.cancelledAt!.diff(clock.now(), 'seconds').seconds), 5)
    assert.equal(row.currentPeriodEnd.toMillis(), subscription.currentPeriodEnd.toMillis())

    const status = await client.get('/api/billing/trial-status').loginAs(user)
    assert.containsSubset(status.body(), {
      hasActiveSubscription: true,
      subscriptionStatus: 'cancelled',
      daysRemaining: 12,
    })

    clock.travelTo(subscription.currentPeriodEnd.plus({ minutes: 1 }))
    const afterEnd = await client.get('/api/billing/trial-status').loginAs(user)
    assert.containsSubset(afterEnd.body(), { hasActiveSubscription: false, subscriptionPlan: 'trial', isLimited: true })
  })

  test('cancelling twice is fine and keeps the first cancellation', async ({ client, assert }) => {
    const user = await UserFactory.apply('trialExpired').create()
    const subscription = await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 12 }) })
      .create()

    const first = await client.post('/api/billing/cancel-subscription').loginAs(user)
    const cancelledAt = (await Subscription.findOrFail(subscription.id)).cancelledAt!
    clock.travelTo(clock.now().plus({ hours: 2 }))
    const second = await client.post('/api/billing/cancel-subscription').loginAs(user)

    first.assertStatus(200)
    second.assertStatus(200)
    assert.containsSubset(second.body(), {
      success: true,
      subscriptionStatus: 'cancelled',
      hasActiveSubscription: true,
    })
    const row = await Subscription.findOrFail(subscription.id)
    assert.equal(row.status, 'cancelled')
    assert.equal(row.cancelledAt!.toMillis(), cancelledAt.toMillis())
  })

  test('without a subscription is 404', async ({ client, assert }) => {
    const user = await UserFactory.create()

    const response = await client.post('/api/billing/cancel-subscription').loginAs(user)

    response.assertStatus(404)
    assert.isString(response.body().error)
    assert.isNotEmpty(response.body().error)
    assert.equal(response.body().message, response.body().error)
  })

  test('a plan whose period already ended cannot be cancelled (404)', async ({ client, assert }) => {
    const user = await UserFactory.apply('trialExpired').create()
    const ended = await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().minus({ days: 2 }) })
      .create()

    const response = await client.post('/api/billing/cancel-subscription').loginAs(user)

    response.assertStatus(404)
    assert.equal((await Subscription.findOrFail(ended.id)).status, 'active')
  })

  test("cannot cancel another owner's plan", async ({ client, assert }) => {
    const [user, other] = await UserFactory.createMany(2)
    const theirs = await SubscriptionFactory.apply('pro')
      .merge({ userId: other.id, currentPeriodEnd: clock.now().plus({ days: 12 }) })
      .create()

    const response = await client.post('/api/billing/cancel-subscription').loginAs(user)

    response.assertStatus(404)
    const row = await Subscription.findOrFail(theirs.id)
    assert.equal(row.status, 'active')
    assert.isNull(row.cancelledAt)
  })

  test('without a token is 401 and nothing changes', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const subscription = await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 12 }) })
      .create()

    const response = await client.post('/api/billing/cancel-subscription')

    response.assertStatus(401)
    assert.equal((await Subscription.findOrFail(subscription.id)).status, 'active')
  })
})

test.group('Billing owner routes need a valid token', (group) => {
  isolated(group)

  const routes = [
    ['GET', '/api/billing/trial-status'],
    ['GET', '/api/billing/usage'],
    ['POST', '/api/billing/cancel-subscription'],
  ] as const

  test('without a token each answers 401 with an error sentence', async ({ client, assert }) => {
    for (const [method, path] of routes) {
      const response = method === 'GET' ? await client.get(path) : await client.post(path)
      response.assertStatus(401)
      assert.equal(response.body().error, 'You must be signed in to do that.', `${method} ${path}`)
    }
  })

  test('with a junk token each answers 401', async ({ client, assert }) => {
    for (const [method, path] of routes) {
      const request = method === 'GET' ? client.get(path) : client.post(path)
      const response = await request.bearerToken(JUNK_TOKEN)
      response.assertStatus(401)
      assert.equal(response.body().error, 'You must be signed in to do that.', `${method} ${path}`)
    }
  })

  test('a revoked token is 401', async ({ client, assert }) => {
    const { token } = await signUp(client)
    const logout = await client.post('/api/auth/logout').bearerToken(token)
    logout.assertStatus(204)

    const response = await trialStatus(client, token)

    response.assertStatus(401)
    assert.isString(response.body().error)
  })
})
