/*
 * The workspace's activity log (docs/decisions.md D42) for businesses and the plan: a business added or removed, a
 * plan bought or cancelled, each with who did it, as the owner reads them at GET /api/workspaces/{id}/activity; a
 * manager may not read the log.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import GrantPlan from '#actions/billing/grant_plan'
import WorkspaceMember from '#models/workspace_member'
import SubscriptionPlan from '#models/subscription_plan'
import { clock } from '#lib/clock'
import { demoCatalogue } from '#services/places/demo_places_provider'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory, PaymentFactory, SubscriptionFactory, UserFactory } from '#database/factories/index'
import type { WorkspaceActivityDto } from '#types/api'

/** The log as the owner reads it, newest first, only the lines of `action`. */
async function logOf(client: ApiClient, token: string, workspaceId: number, action: string) {
  const response = await client.get(`/api/workspaces/${workspaceId}/activity`).qs({ action }).bearerToken(token)
  response.assertStatus(200)
  return (response.body() as WorkspaceActivityDto[]).filter((line) => line.action === action)
}

/** The details stored with the workspace's lines of `action`. */
const detailsOf = async (workspaceId: number, action: string) =>
  (await db.from('workspace_activity').where('workspace_id', workspaceId).where('action', action).orderBy('id')).map((row) =>
    typeof row.details === 'string' ? JSON.parse(row.details) : row.details
  )

test.group('Workspace activity: businesses', (group) => {
  isolated(group)

  test('adding a business from search is noted with who added it', async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness({ owner: { firstName: 'Asha', lastName: 'Rao' } })
    const workspaceId = business.workspaceId
    // The owner's first business came from the factory; the second is added through the API (a paid plan allows it).
    await SubscriptionFactory.apply('pro').merge({ userId: user.id }).create()
    const place = demoCatalogue()[3]

    const added = await client.post('/api/select-business').bearerToken(token).json({ placeId: place.place_id })
    added.assertStatus(201)
    const businessId = added.body().business.id

    const lines = await logOf(client, token, workspaceId, 'business.added')
    assert.lengthOf(lines, 1)
    assert.containsSubset(lines[0], {
      action: 'business.added',
      actor: { userId: user.id, name: 'Asha Rao', email: user.email },
      summary: `added the business ${place.name}`,
    })
    assert.deepEqual(await detailsOf(workspaceId, 'business.added'), [{ businessId, name: place.name }])

    // Selecting the same place again returns the business it already has: nothing new is noted.
    ;(await client.post('/api/select-business').bearerToken(token).json({ placeId: place.place_id })).assertStatus(200)
    assert.lengthOf(await logOf(client, token, workspaceId, 'business.added'), 1)
  })

  test('removing a business is noted with who removed it, the name kept after the business is gone', async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const workspaceId = business.workspaceId

    ;(await client.delete(`/api/business/${business.id}`).bearerToken(token)).assertStatus(200)

    const lines = await logOf(client, token, workspaceId, 'business.removed')
    assert.lengthOf(lines, 1)
    assert.containsSubset(lines[0], { actor: { userId: user.id, email: user.email }, summary: 'removed the business Chai Point' })
    assert.deepEqual(await detailsOf(workspaceId, 'business.removed'), [{ businessId: business.id, name: 'Chai Point' }])
  })

  test("another workspace's business is 404, not removed, and nothing is noted", async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const other = await ownerWithBusiness()

    const response = await client.delete(`/api/business/${other.business.id}`).bearerToken(token)

    response.assertStatus(404)
    assert.isNotNull(await db.from('businesses').where('id', other.business.id).first())
    assert.deepEqual(await detailsOf(other.business.workspaceId, 'business.removed'), [])
    assert.deepEqual(await detailsOf(business.workspaceId, 'business.removed'), [])
  })
})

test.group('Workspace activity: the plan', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('a paid order is noted as the plan bought by the payer, once however often it is confirmed', async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness()
    const workspaceId = business.workspaceId
    const payment = await PaymentFactory.merge({ userId: user.id }).create()
    const plan = await SubscriptionPlan.findOrFail(payment.planId)
    const grant = await app.container.make(GrantPlan)

    await grant.handle({ orderId: payment.razorpayOrderId, paymentId: 'pay_Activity1' })
    await grant.handle({ orderId: payment.razorpayOrderId, paymentId: 'pay_Activity1' })

    const lines = await logOf(client, token, workspaceId, 'plan.bought')
    assert.lengthOf(lines, 1)
    assert.containsSubset(lines[0], { actor: { userId: user.id, email: user.email }, summary: `bought the ${plan.name} plan` })
    assert.deepEqual(await detailsOf(workspaceId, 'plan.bought'), [{ planName: plan.name, paymentId: payment.id }])
  })

  test('cancelling the plan is noted with who cancelled it, once when repeated', async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness()
    const workspaceId = business.workspaceId
    await SubscriptionFactory.apply('pro')
      .merge({ userId: user.id, currentPeriodEnd: clock.now().plus({ days: 12 }) })
      .create()

    ;(await client.post('/api/billing/cancel-subscription').bearerToken(token)).assertStatus(200)
    ;(await client.post('/api/billing/cancel-subscription').bearerToken(token)).assertStatus(200)

    const lines = await logOf(client, token, workspaceId, 'plan.cancelled')
    assert.lengthOf(lines, 1)
    assert.containsSubset(lines[0], { actor: { userId: user.id, email: user.email }, summary: 'cancelled the plan' })
  })
})

test.group('Workspace activity: who may read it', (group) => {
  isolated(group)

  test('a manager of the workspace is refused the log (403); the owner reads it', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness()
    const workspaceId = business.workspaceId
    const manager = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId, userId: manager.id, role: 'manager', businessIds: null })
    await BusinessFactory.merge({ workspaceId, userId: manager.id }).create()

    const refused = await client.get(`/api/workspaces/${workspaceId}/activity`).loginAs(manager)
    refused.assertStatus(403)
    assert.property(refused.body(), 'error')
    ;(await client.get(`/api/workspaces/${workspaceId}/activity`).bearerToken(token)).assertStatus(200)
  })
})
