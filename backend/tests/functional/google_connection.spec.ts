/*
 * Google Business Profile connection and locations (docs/decisions.md D43), against the loopback stand-in for
 * Google's OAuth endpoints and Business Profile APIs.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { BusinessProfile } from '#services/google/business_profile'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { CLIENT_ID, googleStub } from '#tests/helpers/google_stub'
import { joined } from '#tests/helpers/workspaces'
import { BusinessFactory, GoogleConnectionFactory } from '#database/factories/index'
import { GOOGLE_GRANT_LOST, GOOGLE_NO_QUOTA } from '#services/google/profile_access'
import { STATE_EXPIRED } from '#actions/google/finish_google_connection'

async function owner() {
  const setup = await ownerWithBusiness()
  return { ...setup, workspaceId: (await Workspace.personalIdOf(setup.user.id))! }
}

/** A connection made straight in the database, with a refresh token the stub accepts. */
async function connect(workspaceId: number, refreshToken = 'rt-stored-token') {
  return GoogleConnectionFactory.merge({ workspaceId, refreshTokenEncrypted: GoogleConnection.seal(refreshToken) }).create()
}

const memberOf = (workspaceId: number, role: 'manager' | 'viewer') => joined(workspaceId, role)

async function demoPlaces(client: ApiClient): Promise<string[]> {
  const found = await client.post('/api/search-business').json({ query: 'cafe' })
  return found.body().places.map((place: { place_id: string }) => place.place_id)
}

test.group('Google connection: connecting', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('start sends the browser to Google with PKCE S256, state, the scope, offline access and consent', async ({ client, assert }) => {
    const { token } = await owner()
    const response = await client.get('/api/google/connect/start').bearerToken(token).redirects(0)
    response.assertStatus(302)
    const url = new URL(response.header('location')!)
    assert.equal(`${url.origin}${url.pathname}`, `${google.server.url}/o/oauth2/v2/auth`)
    const params = url.searchParams
    assert.equal(params.get('client_id'), CLIENT_ID)
    assert.equal(params.get('response_type'), 'code')
    assert.include(params.get('scope')!.split(' '), 'https://www.googleapis.com/auth/business.manage')
    assert.equal(params.get('access_type'), 'offline')
    assert.equal(params.get('prompt'), 'consent')
    assert.equal(params.get('code_challenge_method'), 'S256')
    assert.match(params.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/)
    assert.isAtLeast(params.get('state')!.length, 32)
    assert.equal(params.get('redirect_uri'), 'http://127.0.0.1/api/google/connect/callback')
    // The state is kept only as a hash.
    const stored = await db.from('google_connect_states').select('state_hash')
    assert.deepEqual(
      stored.map((row) => row.state_hash),
      [createHash('sha256').update(params.get('state')!).digest('hex')]
    )
  })

  test('with ?format=json start answers the consent address as {url} (the dashboard signs with a header)', async ({ client, assert }) => {
    const { token } = await owner()
    const response = await client.get('/api/google/connect/start?format=json').bearerToken(token).redirects(0)
    response.assertStatus(200)
    const url = new URL(response.body().url)
    assert.equal(`${url.origin}${url.pathname}`, `${google.server.url}/o/oauth2/v2/auth`)
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256')
    // The same one-time state as a redirect records.
    const stored = await db.from('google_connect_states').select('state_hash')
    assert.deepEqual(
      stored.map((row) => row.state_hash),
      [createHash('sha256').update(url.searchParams.get('state')!).digest('hex')]
    )
  })

  test('the callback stores the refresh token encrypted and sends the browser to the dashboard', async ({ client, assert }) => {
    const { token, workspaceId } = await owner()
    const start = await client.get('/api/google/connect/start').bearerToken(token).redirects(0)
    const { code, state } = google.grant(start.header('location')!)

    const callback = await client.get(`/api/google/connect/callback?code=${code}&state=${state}`).redirects(0)
    callback.assertStatus(302)
    assert.equal(callback.header('location')!, '/dashboard/google?connected=1')

    const row = await db.from('google_connections').where('workspace_id', workspaceId).firstOrFail()
    const connection = await GoogleConnection.findByOrFail('workspace_id', workspaceId)
    const refreshToken = connection.refreshToken()!
    assert.match(refreshToken, /^rt-/)
    // Neither token is stored as it is.
    assert.notInclude(JSON.stringify(row), refreshToken)
    assert.notInclude(JSON.stringify(row), connection.accessToken()!)
    assert.equal(connection.email, 'owner@gmail.example')
    // The PKCE verifier went to the token endpoint.
    const exchange = google.server.requests.find((request) => request.url === '/token')!
    assert.equal(new URLSearchParams(exchange.body).get('grant_type'), 'authorization_code')

    const status = await client.get('/api/google/connection').bearerToken(token)
    status.assertStatus(200)
    assert.deepEqual(status.body(), {
      connected: true,
      configured: true,
      demo: false,
      email: 'owner@gmail.example',
      locations: 0,
      lastSyncAt: null,
      error: null,
      // Its first import is queued for the worker (docs/decisions.md D58).
      importStatus: 'queued',
      importError: null,
    })
  })

  test('a state used twice, forged, expired or for a wrong verifier stores nothing', async ({ client, assert }) => {
    const { token, workspaceId } = await owner()
    const expectError = async (path: string, sentence = STATE_EXPIRED) => {
      const response = await client.get(path).redirects(0)
      response.assertStatus(302)
      assert.equal(response.header('location')!, `/dashboard/google?${new URLSearchParams({ error: sentence })}`)
    }

    // Forged.
    await expectError('/api/google/connect/callback?code=abc&state=forged-state')
    // Used once (the user said no), then again.
    const first = google.grant((await client.get('/api/google/connect/start').bearerToken(token).redirects(0)).header('location')!)
    const denied = await client.get(`/api/google/connect/callback?error=access_denied&state=${first.state}`).redirects(0)
    assert.include(denied.header('location')!, 'error=')
    await expectError(`/api/google/connect/callback?code=${first.code}&state=${first.state}`)
    // Expired: eleven minutes later.
    const late = google.grant((await client.get('/api/google/connect/start').bearerToken(token).redirects(0)).header('location')!)
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    await expectError(`/api/google/connect/callback?code=${late.code}&state=${late.state}`)
    clock.reset()
    // A code bound to another challenge: the stub refuses the verifier.
    const other = google.grant((await client.get('/api/google/connect/start').bearerToken(token).redirects(0)).header('location')!)
    const mine = google.grant((await client.get('/api/google/connect/start').bearerToken(token).redirects(0)).header('location')!)
    const swapped = await client.get(`/api/google/connect/callback?code=${other.code}&state=${mine.state}`).redirects(0)
    assert.include(swapped.header('location')!, '/dashboard/google?error=')

    assert.isNull(await db.from('google_connections').where('workspace_id', workspaceId).first())
  })

  test('a viewer may not start; a viewer and a manager read the status; nobody gets a 401', async ({ client }) => {
    const { workspaceId } = await owner()
    const viewer = await memberOf(workspaceId, 'viewer')
    const manager = await memberOf(workspaceId, 'manager')
    const asViewer = (path: string) => client.get(path).loginAs(viewer).header('x-workspace-id', String(workspaceId)).redirects(0)
    ;(await asViewer('/api/google/connect/start')).assertStatus(403)
    ;(await asViewer('/api/google/connection')).assertStatus(200)
    const started = await client
      .get('/api/google/connect/start')
      .loginAs(manager)
      .header('x-workspace-id', String(workspaceId))
      .redirects(0)
    started.assertStatus(302)
    ;(await client.get('/api/google/connect/start').redirects(0)).assertStatus(401)
    // Another workspace named in the header: 404.
    const stranger = await owner()
    const foreign = await client.get('/api/google/connection').bearerToken(stranger.token).header('x-workspace-id', String(workspaceId))
    foreign.assertStatus(404)
  })

  test('a user who lost their role between start and callback is not connected', async ({ client, assert }) => {
    const { workspaceId } = await owner()
    const manager = await memberOf(workspaceId, 'manager')
    const start = await client.get('/api/google/connect/start').loginAs(manager).header('x-workspace-id', String(workspaceId)).redirects(0)
    const { code, state } = google.grant(start.header('location')!)
    await WorkspaceMember.query().where('user_id', manager.id).update({ role: 'viewer' })
    const callback = await client.get(`/api/google/connect/callback?code=${code}&state=${state}`).redirects(0)
    assert.include(callback.header('location')!, '/dashboard/google?error=')
    assert.isNull(await GoogleConnection.findBy('workspace_id', workspaceId))
  })

  test('disconnecting revokes the token at Google and forgets the connection and its locations', async ({ client, assert }) => {
    const { token, workspaceId } = await owner()
    await connect(workspaceId, 'rt-to-revoke')
    google.state.accounts = { 1: [{ id: '11', title: 'Cafe One' }] }
    ;(await client.get('/api/google/locations').bearerToken(token)).assertStatus(200)

    const response = await client.delete('/api/google/connection').bearerToken(token)
    response.assertStatus(204)
    assert.isTrue(google.state.revoked.has('rt-to-revoke'))
    assert.isNull(await GoogleConnection.findBy('workspace_id', workspaceId))
    assert.lengthOf(await GoogleLocation.query().where('workspace_id', workspaceId), 0)
    const status = await client.get('/api/google/connection').bearerToken(token)
    assert.deepEqual(status.body(), {
      connected: false,
      configured: true,
      demo: false,
      email: null,
      locations: 0,
      lastSyncAt: null,
      error: null,
      importStatus: null,
      importError: null,
    })
    // Again: nothing to forget, still fine.
    ;(await client.delete('/api/google/connection').bearerToken(token)).assertStatus(204)
  })

  test('without a client id, start says Google is not configured', async ({ client, assert }) => {
    const { token } = await owner()
    app.container.swap(BusinessProfile, () => new BusinessProfile({ ...google.config(), clientId: '' }))
    try {
      const response = await client.get('/api/google/connect/start').bearerToken(token).redirects(0)
      response.assertStatus(404)
      assert.include(response.body().error, 'not configured')
      const callback = await client.get('/api/google/connect/callback?code=x&state=y').redirects(0)
      callback.assertStatus(404)
    } finally {
      app.container.restore(BusinessProfile)
      app.container.swap(BusinessProfile, () => new BusinessProfile(google.config()))
    }
  })
})

test.group('Google connection: locations', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('locations are read across accounts and pages, and linked by place id', async ({ client, assert }) => {
    const { token, workspaceId, business } = await owner()
    await db.from('businesses').where('id', business.id).update({ place_id: 'ChIJ-linked-place' })
    await connect(workspaceId)
    google.state.pageSize = 2
    google.state.accounts = {
      1: [
        { id: '101', title: 'Cafe A', placeId: 'ChIJ-linked-place', addressLines: ['12 FC Road'], locality: 'Pune' },
        { id: '102', title: 'Cafe B', placeId: 'ChIJ-other' },
        { id: '103', title: 'Cafe C' },
      ],
      2: [{ id: '201', title: 'Cafe D' }],
      3: [],
    }

    const response = await client.get('/api/google/locations').bearerToken(token)
    response.assertStatus(200)
    const body = response.body() as any[]
    assert.sameMembers(
      body.map((location) => location.name),
      ['accounts/1/locations/101', 'accounts/1/locations/102', 'accounts/1/locations/103', 'accounts/2/locations/201']
    )
    const cafeA = body.find((location) => location.name === 'accounts/1/locations/101')
    assert.deepEqual(cafeA, {
      name: 'accounts/1/locations/101',
      title: 'Cafe A',
      address: '12 FC Road, Pune, 411001',
      placeId: 'ChIJ-linked-place',
      businessId: business.id,
    })
    assert.isNull(body.find((location) => location.name === 'accounts/1/locations/102').businessId)
    // Accounts and locations both came in pages.
    const pageRequests = google.server.requests.filter((request) => request.url!.includes('pageToken='))
    assert.isAtLeast(pageRequests.length, 2)
    assert.isTrue(google.server.requests.every((request) => !request.url!.includes('/locations') || request.url!.includes('readMask=')))
    const status = await client.get('/api/google/connection').bearerToken(token)
    assert.equal(status.body().locations, 4)

    // A location that is gone from Google is gone here.
    google.state.accounts = { 1: [{ id: '101', title: 'Cafe A', placeId: 'ChIJ-linked-place' }] }
    const again = await client.get('/api/google/locations').bearerToken(token)
    assert.deepEqual(
      again.body().map((location: { name: string }) => location.name),
      ['accounts/1/locations/101']
    )
  })

  test('the access token is cached until shortly before it expires', async ({ client, assert }) => {
    const { token, workspaceId } = await owner()
    await connect(workspaceId)
    google.state.accounts = { 1: [] }
    await client.get('/api/google/locations').bearerToken(token)
    await client.get('/api/google/locations').bearerToken(token)
    const refreshes = () => google.server.requests.filter((request) => request.url === '/token').length
    assert.equal(refreshes(), 1)
    clock.travelTo(clock.now().plus({ minutes: 59 }))
    await client.get('/api/google/locations').bearerToken(token)
    assert.equal(refreshes(), 2)
  })

  test('linking and unlinking by hand; another workspace’s business is refused', async ({ client, assert }) => {
    const { token, workspaceId, user } = await owner()
    const second = await BusinessFactory.merge({ userId: user.id }).create()
    await connect(workspaceId)
    google.state.accounts = {
      7: [
        { id: '1', title: 'Shop One' },
        { id: '2', title: 'Shop Two' },
      ],
    }
    await client.get('/api/google/locations').bearerToken(token)

    const linked = await client
      .put('/api/google/locations/link')
      .bearerToken(token)
      .json({ name: 'accounts/7/locations/1', businessId: second.id })
    linked.assertStatus(200)
    assert.equal(linked.body().businessId, second.id)
    // Linking the business to the other location moves the link.
    await client.put('/api/google/locations/link').bearerToken(token).json({ name: 'accounts/7/locations/2', businessId: second.id })
    const rows = await GoogleLocation.query().where('workspace_id', workspaceId).orderBy('name')
    assert.deepEqual(
      rows.map((row) => row.businessId),
      [null, second.id]
    )

    const unlinked = await client
      .put('/api/google/locations/link')
      .bearerToken(token)
      .json({ name: 'accounts/7/locations/2', businessId: null })
    unlinked.assertStatus(200)
    assert.isNull(unlinked.body().businessId)

    const stranger = await owner()
    const foreign = await client
      .put('/api/google/locations/link')
      .bearerToken(token)
      .json({ name: 'accounts/7/locations/1', businessId: stranger.business.id })
    foreign.assertStatus(404)
    assert.isNull((await GoogleLocation.findByOrFail('name', 'accounts/7/locations/1')).businessId)
    const unknown = await client
      .put('/api/google/locations/link')
      .bearerToken(token)
      .json({ name: 'accounts/7/locations/9', businessId: null })
    unknown.assertStatus(404)
    const invalid = await client.put('/api/google/locations/link').bearerToken(token).json({ name: 'locations/1', businessId: 'x' })
    invalid.assertStatus(422)

    // The other owner cannot link this workspace's location: it is not theirs to see.
    const theirs = await client
      .put('/api/google/locations/link')
      .bearerToken(stranger.token)
      .json({ name: 'accounts/7/locations/1', businessId: stranger.business.id })
    theirs.assertStatus(404)

    const viewer = await memberOf(workspaceId, 'viewer')
    const asViewer = await client
      .put('/api/google/locations/link')
      .loginAs(viewer)
      .header('x-workspace-id', String(workspaceId))
      .json({ name: 'accounts/7/locations/1', businessId: null })
    asViewer.assertStatus(403)
  })

  test('a location is added as a business of the workspace and linked', async ({ client, assert }) => {
    const { token, workspaceId } = await owner()
    const [placeId] = await demoPlaces(client)
    await connect(workspaceId)
    google.state.accounts = {
      1: [
        { id: '5', title: 'New Cafe', placeId },
        { id: '6', title: 'No Maps Yet' },
      ],
    }
    await client.get('/api/google/locations').bearerToken(token)

    const before = await db.from('businesses').where('workspace_id', workspaceId).count('* as total').first()
    const added = await client.post('/api/google/locations/add').bearerToken(token).json({ name: 'accounts/1/locations/5' })
    added.assertStatus(201)
    const business = await db.from('businesses').where('id', added.body().businessId).firstOrFail()
    assert.equal(business.workspace_id, workspaceId)
    assert.equal(business.place_id, placeId)
    assert.match(business.short_url, /^[A-Za-z0-9]{4,}$/)
    assert.equal((await GoogleLocation.findByOrFail('name', 'accounts/1/locations/5')).businessId, business.id)
    const after = await db.from('businesses').where('workspace_id', workspaceId).count('* as total').first()
    assert.equal(Number(after.total), Number(before.total) + 1)

    const twice = await client.post('/api/google/locations/add').bearerToken(token).json({ name: 'accounts/1/locations/5' })
    twice.assertStatus(409)
    const noPlace = await client.post('/api/google/locations/add').bearerToken(token).json({ name: 'accounts/1/locations/6' })
    noPlace.assertStatus(422)
  })

  test('zero quota (429) is a 503 with the sentence; Google down is a 503', async ({ client, assert }) => {
    const { token, workspaceId } = await owner()
    await connect(workspaceId)
    google.state.mode = 'quota'
    const response = await client.get('/api/google/locations').bearerToken(token)
    response.assertStatus(503)
    assert.equal(response.body().error, GOOGLE_NO_QUOTA)
    assert.match(response.body().error, /^Google has not given this app access to Business Profile yet/)
    google.state.mode = 'down'
    const down = await client.get('/api/google/locations').bearerToken(token)
    down.assertStatus(503)
    assert.notEqual(down.body().error, GOOGLE_NO_QUOTA)
  })

  test('a refresh token Google refuses (invalid_grant) marks the connection broken', async ({ client, assert }) => {
    const { token, workspaceId } = await owner()
    await connect(workspaceId, 'rt-revoked-elsewhere')
    google.state.revoked.add('rt-revoked-elsewhere')
    const response = await client.get('/api/google/locations').bearerToken(token)
    response.assertStatus(409)
    assert.equal(response.body().error, GOOGLE_GRANT_LOST)
    const status = await client.get('/api/google/connection').bearerToken(token)
    assert.equal(status.body().error, GOOGLE_GRANT_LOST)
    assert.isTrue(status.body().connected)
  })

  test('not connected: locations say to connect first', async ({ client }) => {
    const { token } = await owner()
    const response = await client.get('/api/google/locations').bearerToken(token)
    response.assertStatus(409)
    response.assertBodyContains({ error: 'Connect a Google account first.' })
  })
})
