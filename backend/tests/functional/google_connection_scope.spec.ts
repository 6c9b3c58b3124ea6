/*
 * Who connects and disconnects the workspace's Google Business Profile (docs/decisions.md D58): its owners, and its
 * managers of the whole workspace. A manager limited to some businesses gets a 403 with a sentence and changes
 * nothing: not the connection, not its Google account (re-pointing it through the consent screen), not its locations.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { connectGoogle, googleStub } from '#tests/helpers/google_stub'
import { joined } from '#tests/helpers/workspaces'
import { BusinessFactory, GoogleLocationFactory } from '#database/factories/index'
import { GOOGLE_CONNECTION_DENIED } from '#contract/google_connection'

async function world() {
  const setup = await ownerWithBusiness()
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  const second = await BusinessFactory.merge({ userId: setup.user.id }).create()
  const member = (role: 'manager' | 'viewer', businessIds: number[] | null) => joined(workspaceId, role, businessIds)
  return { ...setup, second, workspaceId, member }
}

const as = (client: ApiClient, method: 'get' | 'delete', path: string, user: User, workspaceId: number) =>
  client[method](path).loginAs(user).header('x-workspace-id', String(workspaceId)).redirects(0)

/** What a connection is made of: its row (account, token) and its locations with their links. */
async function snapshot(workspaceId: number) {
  const connection = await db
    .from('google_connections')
    .where('workspace_id', workspaceId)
    .select('id', 'email', 'refresh_token_encrypted', 'connected_by_user_id')
    .first()
  const locations = await db.from('google_locations').where('workspace_id', workspaceId).orderBy('name').select('name', 'business_id')
  return { connection, locations }
}

test.group('Google connection: who connects and disconnects', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('a manager limited to some businesses may not connect, re-point or disconnect Google: 403, nothing changed', async ({
    client,
    assert,
  }) => {
    const { workspaceId, business, member } = await world()
    await connectGoogle(workspaceId)
    await GoogleLocationFactory.merge({ name: 'accounts/1/locations/1', title: 'Shop', businessId: business.id }).create()
    const limited = await member('manager', [business.id])
    const before = await snapshot(workspaceId)

    for (const path of ['/api/google/connect/start', '/api/google/connect/start?format=json']) {
      const refused = await as(client, 'get', path, limited, workspaceId)
      refused.assertStatus(403)
      assert.equal(refused.body().error, GOOGLE_CONNECTION_DENIED)
    }
    const disconnect = await as(client, 'delete', '/api/google/connection', limited, workspaceId)
    disconnect.assertStatus(403)
    assert.equal(disconnect.body().error, GOOGLE_CONNECTION_DENIED)

    assert.deepEqual(await snapshot(workspaceId), before)
    assert.equal(google.state.revoked.size, 0)
    assert.deepEqual(await db.from('google_connect_states').where('workspace_id', workspaceId), [])
  })

  test('a manager limited after starting cannot finish: the callback stores nothing and keeps the old account', async ({
    client,
    assert,
  }) => {
    const { workspaceId, business, member } = await world()
    await connectGoogle(workspaceId)
    const manager = await member('manager', null)
    const start = await as(client, 'get', '/api/google/connect/start', manager, workspaceId)
    start.assertStatus(302)
    google.state.email = 'someone.else@gmail.example'
    const { code, state } = google.grant(start.header('location')!)
    const before = await snapshot(workspaceId)
    await WorkspaceMember.query()
      .where('workspace_id', workspaceId)
      .where('user_id', manager.id)
      .update({ business_ids: JSON.stringify([business.id]) })

    const callback = await client.get(`/api/google/connect/callback?code=${code}&state=${state}`).redirects(0)
    callback.assertStatus(302)
    assert.equal(callback.header('location'), `/dashboard/google?${new URLSearchParams({ error: GOOGLE_CONNECTION_DENIED })}`)
    assert.deepEqual(await snapshot(workspaceId), before)
    assert.equal((await GoogleConnection.findByOrFail('workspace_id', workspaceId)).email, 'owner@gmail.example')
  })

  test('owners and managers of the whole workspace connect and disconnect; viewers do not', async ({ client, assert }) => {
    const { workspaceId, user, member } = await world()
    const manager = await member('manager', null)
    const viewer = await member('viewer', null)

    ;(await as(client, 'get', '/api/google/connect/start', viewer, workspaceId)).assertStatus(403)
    ;(await as(client, 'get', '/api/google/connect/start', user, workspaceId)).assertStatus(302)

    const start = await as(client, 'get', '/api/google/connect/start', manager, workspaceId)
    start.assertStatus(302)
    const { code, state } = google.grant(start.header('location')!)
    const callback = await client.get(`/api/google/connect/callback?code=${code}&state=${state}`).redirects(0)
    assert.equal(callback.header('location'), '/dashboard/google?connected=1')
    assert.equal((await GoogleConnection.findByOrFail('workspace_id', workspaceId)).connectedByUserId, manager.id)

    ;(await as(client, 'delete', '/api/google/connection', viewer, workspaceId)).assertStatus(403)
    ;(await as(client, 'delete', '/api/google/connection', manager, workspaceId)).assertStatus(204)
    assert.isNull(await GoogleConnection.findBy('workspace_id', workspaceId))
  })

  test('a limited manager still links and unlinks the locations of their own businesses', async ({ client, assert }) => {
    const { workspaceId, business, second, member } = await world()
    await connectGoogle(workspaceId)
    google.state.accounts = { 3: [{ id: '31', title: 'Front shop' }] }
    const limited = await member('manager', [business.id])
    const link = (businessId: number | null) =>
      client
        .put('/api/google/locations/link')
        .loginAs(limited)
        .header('x-workspace-id', String(workspaceId))
        .json({ name: 'accounts/3/locations/31', businessId })
    ;(await as(client, 'get', '/api/google/locations', limited, workspaceId)).assertStatus(200)

    ;(await link(business.id)).assertStatus(200)
    ;(await link(null)).assertStatus(200)
    assert.isNull((await GoogleLocation.findByOrFail('name', 'accounts/3/locations/31')).businessId)
    // A business outside their scope is not theirs to link.
    ;(await link(second.id)).assertStatus(404)
  })
})
