/*
 * Workspaces (docs/decisions.md D42): creating, renaming and deleting them, members and their roles and business
 * scope, invitations by mail (single use, 7 days, the invited and confirmed address only), leaving, the last owner,
 * the activity log, agencies and their clients, and the X-Workspace-Id header. Refusals change nothing.
 */
import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { smtpMailbox, type SentMail } from '#tests/helpers/mailbox'
import { razorpayStub, checkoutSignature, razorpayId } from '#tests/helpers/razorpay'
import { BusinessFactory, DEFAULT_PASSWORD, PaymentFactory, UserFactory, planOf } from '#database/factories/index'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { INVITATION_INVALID, LAST_OWNER } from '#actions/workspaces/membership'

const APP_URL = 'http://localhost:3333'
const NOT_FOUND = 'Workspace not found'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The request as `user`, acting in `workspaceId` when given. */
function as(request: ApiRequest, user: User, workspaceId?: number) {
  request.loginAs(user)
  if (workspaceId !== undefined) request.header('x-workspace-id', String(workspaceId))
  return request
}

async function addMember(workspaceId: number, user: User, role: WorkspaceRole, businessIds: number[] | null = null) {
  return WorkspaceMember.create({ workspaceId, userId: user.id, role, businessIds })
}

/** An owner with their personal workspace and two businesses in it. */
async function ownerWorld() {
  const owner = await UserFactory.create()
  const workspaceId = (await Workspace.personalIdOf(owner.id))!
  const first = await BusinessFactory.merge({ userId: owner.id, name: 'First Cafe' }).create()
  const second = await BusinessFactory.merge({ userId: owner.id, name: 'Second Cafe' }).create()
  return { owner, workspaceId, first, second }
}

/** A workspace's members and pending invitations, as stored. */
async function stored(workspaceId: number) {
  return JSON.stringify({
    members: await db.from('workspace_members').where('workspace_id', workspaceId).orderBy('id'),
    invitations: await db.from('workspace_invitations').where('workspace_id', workspaceId).orderBy('id'),
    workspace: await db.from('workspaces').where('id', workspaceId),
  })
}

function tokenFrom(sent: SentMail) {
  const link = sent.links.find((href) => href.startsWith(`${APP_URL}/invite?token=`))
  if (!link) throw new Error(`no invitation link in ${JSON.stringify(sent.links)}`)
  return new URL(link).searchParams.get('token')!
}

const accept = (client: ApiClient, user: User, token: string) => as(client.post('/api/invitations/accept'), user).json({ token })

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: list, create, rename, delete', (group) => {
  isolated(group)

  test('the personal workspace is listed with its trial; a new one starts on the free plan', async ({ client, assert }) => {
    const { owner, workspaceId } = await ownerWorld()

    const list = await as(client.get('/api/workspaces'), owner)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 1)
    assert.containsSubset(list.body()[0], { id: workspaceId, kind: 'personal', role: 'owner', businessIds: null, managedBy: null })
    assert.isFalse(list.body()[0].isLimited, 'the sign-up trial')
    assert.sameMembers(Object.keys(list.body()[0]), ['id', 'name', 'kind', 'role', 'businessIds', 'managedBy', 'isLimited', 'brand'])

    const created = await as(client.post('/api/workspaces'), owner).json({ name: 'Second Branch' })
    created.assertStatus(201)
    assert.containsSubset(created.body(), { name: 'Second Branch', kind: 'team', role: 'owner', isLimited: true })
    const agency = await as(client.post('/api/workspaces'), owner).json({ name: 'Asha Agency', kind: 'agency' })
    agency.assertStatus(201)
    assert.containsSubset(agency.body(), { kind: 'agency', isLimited: true })

    const after = await as(client.get('/api/workspaces'), owner)
    assert.deepEqual(
      after.body().map((workspace: { name: string; role: string }) => [workspace.name, workspace.role]),
      [
        [list.body()[0].name, 'owner'],
        ['Second Branch', 'owner'],
        ['Asha Agency', 'owner'],
      ]
    )
    // The default (no header) is still the first workspace.
    const businesses = await as(client.get('/api/businesses'), owner)
    assert.lengthOf(businesses.body(), 2)
    const empty = await as(client.get('/api/businesses'), owner, created.body().id)
    empty.assertStatus(200)
    assert.lengthOf(empty.body(), 0)
  })

  test('bad input is a 422 and creates nothing', async ({ client, assert }) => {
    const { owner } = await ownerWorld()
    const before = await db.from('workspaces').count('* as n').first()
    for (const body of [
      {},
      { name: 'x' },
      { name: 'Fine name', kind: 'personal' },
      { name: 'Fine name', kind: 'client' },
      { name: 'y'.repeat(121) },
    ]) {
      const response = await as(client.post('/api/workspaces'), owner).json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.isArray(response.body().errors)
    }
    assert.deepEqual(await db.from('workspaces').count('* as n').first(), before)
    const signedOut = await client.post('/api/workspaces').json({ name: 'Nobody' })
    signedOut.assertStatus(401)
  })

  test('renaming: owners only (403), members only (404), a valid name (422)', async ({ client, assert }) => {
    const { owner, workspaceId } = await ownerWorld()
    const manager = await UserFactory.create()
    await addMember(workspaceId, manager, 'manager')
    const stranger = await UserFactory.create()
    const before = await stored(workspaceId)

    const denied = await as(client.patch(`/api/workspaces/${workspaceId}`), manager).json({ name: 'Taken Over' })
    denied.assertStatus(403)
    assert.equal(denied.body().error, "Only the workspace's owners can do that.")
    const hidden = await as(client.patch(`/api/workspaces/${workspaceId}`), stranger).json({ name: 'Taken Over' })
    hidden.assertStatus(404)
    assert.equal(hidden.body().error, NOT_FOUND)
    const invalid = await as(client.patch(`/api/workspaces/${workspaceId}`), owner).json({ name: '' })
    invalid.assertStatus(422)
    assert.equal(await stored(workspaceId), before)

    const renamed = await as(client.patch(`/api/workspaces/${workspaceId}`), owner).json({ name: 'Rao Family Cafes' })
    renamed.assertStatus(200)
    assert.equal(renamed.body().name, 'Rao Family Cafes')
    assert.equal((await Workspace.findOrFail(workspaceId)).name, 'Rao Family Cafes')
  })

  test('deleting: the password, owners only; its businesses go, payments stay', async ({ client, assert }) => {
    const { owner } = await ownerWorld()
    const created = await as(client.post('/api/workspaces'), owner).json({ name: 'Short Lived' })
    const id: number = created.body().id
    const business = await BusinessFactory.merge({ userId: owner.id, workspaceId: id }).create()
    const monthly = await planOf('monthly')
    const payment = await PaymentFactory.merge({ userId: owner.id, workspaceId: id, paidByWorkspaceId: id, planId: monthly.id }).create()
    const viewer = await UserFactory.create()
    await addMember(id, viewer, 'viewer')

    const denied = await as(client.delete(`/api/workspaces/${id}`), viewer).json({ password: DEFAULT_PASSWORD })
    denied.assertStatus(403)
    const wrong = await as(client.delete(`/api/workspaces/${id}`), owner).json({ password: 'not-the-password' })
    wrong.assertStatus(400)
    const missing = await as(client.delete(`/api/workspaces/${id}`), owner).json({})
    missing.assertStatus(422)
    assert.isNotNull(await Workspace.find(id))

    const deleted = await as(client.delete(`/api/workspaces/${id}`), owner).json({ password: DEFAULT_PASSWORD })
    deleted.assertStatus(204)
    assert.isNull(await Workspace.find(id))
    assert.lengthOf(await db.from('businesses').where('id', business.id), 0)
    assert.lengthOf(await db.from('payments').where('id', payment.id), 1, 'payments are kept')
    const gone = await as(client.get('/api/businesses'), viewer, id)
    gone.assertStatus(404)
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: invitations', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('an owner invites by mail; the link works once, for the invited address', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { owner, workspaceId, first } = await ownerWorld()
    const invitee = await UserFactory.merge({ email: 'meera.invited@example.in' }).create()

    const invited = await as(client.post(`/api/workspaces/${workspaceId}/invitations`), owner).json({
      email: ' Meera.Invited@Example.in ',
      role: 'manager',
      businessIds: [first.id],
    })
    invited.assertStatus(201)
    assert.containsSubset(invited.body(), { email: 'meera.invited@example.in', role: 'manager', businessIds: [first.id] })
    const [sent] = await smtp.waitFor(1)
    assert.equal(sent.kind, 'workspace-invitation')
    assert.equal(sent.to, 'meera.invited@example.in')
    const token = tokenFrom(sent)
    const row = await db.from('workspace_invitations').where('id', invited.body().id).first()
    assert.equal(row.token_hash, sha256(token), 'stored hashed')
    assert.notInclude(JSON.stringify(row), token)

    const listed = await as(client.get(`/api/workspaces/${workspaceId}/members`), owner)
    listed.assertStatus(200)
    assert.lengthOf(listed.body().invitations, 1)
    assert.sameMembers(Object.keys(listed.body().invitations[0]), ['id', 'email', 'role', 'businessIds', 'expiresAt'])

    const accepted = await accept(client, invitee, token)
    accepted.assertStatus(200)
    assert.containsSubset(accepted.body().workspace, { id: workspaceId, role: 'manager', businessIds: [first.id] })

    const again = await accept(client, invitee, token)
    again.assertStatus(400)
    assert.equal(again.body().error, INVITATION_INVALID)

    const members = await as(client.get(`/api/workspaces/${workspaceId}/members`), invitee)
    members.assertStatus(200)
    assert.lengthOf(members.body().invitations, 0)
    const joined = members.body().members.find((member: { userId: number }) => member.userId === invitee.id)
    assert.containsSubset(joined, { email: invitee.email, role: 'manager', businessIds: [first.id] })
    assert.sameMembers(Object.keys(joined), ['userId', 'email', 'name', 'role', 'businessIds', 'joinedAt', 'canChange'])
  })

  test('bad invitations are refused and change nothing', async ({ client, assert }) => {
    const { owner, workspaceId } = await ownerWorld()
    const other = await ownerWorld()
    const manager = await UserFactory.create()
    await addMember(workspaceId, manager, 'manager')
    const before = await stored(workspaceId)
    const url = `/api/workspaces/${workspaceId}/invitations`

    const cases: [string, User, Record<string, unknown>, number][] = [
      ['an unknown role', owner, { email: 'new@example.in', role: 'admin' }, 422],
      ['not an email', owner, { email: 'not-an-email', role: 'viewer' }, 422],
      ["another workspace's business", owner, { email: 'new@example.in', role: 'viewer', businessIds: [other.first.id] }, 422],
      ['a business that does not exist', owner, { email: 'new@example.in', role: 'viewer', businessIds: [999999999] }, 422],
      ['an existing member', owner, { email: manager.email, role: 'viewer' }, 409],
      ['the owner themself', owner, { email: owner.email, role: 'viewer' }, 409],
      ['a manager inviting', manager, { email: 'new@example.in', role: 'viewer' }, 403],
    ]
    for (const [label, user, body, status] of cases) {
      const response = await as(client.post(url), user).json(body)
      assert.equal(response.status(), status, `${label}: ${response.text()}`)
    }
    const outsider = await as(client.post(url), other.owner).json({ email: 'new@example.in', role: 'viewer' })
    outsider.assertStatus(404)
    assert.equal(await stored(workspaceId), before)
  })

  test('accepting: junk, another address, an unconfirmed address, expiry after 7 days', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { owner, workspaceId } = await ownerWorld()
    const invited = await UserFactory.apply('unverified').merge({ email: 'ravi.invited@example.in' }).create()
    const someoneElse = await UserFactory.create()
    const invitation = await as(client.post(`/api/workspaces/${workspaceId}/invitations`), owner).json({
      email: invited.email,
      role: 'viewer',
    })
    invitation.assertStatus(201)
    const token = tokenFrom((await smtp.waitFor(1))[0])
    const before = await stored(workspaceId)

    for (const junk of ['junk', 'A'.repeat(43), sha256(token)]) {
      const response = await accept(client, someoneElse, junk)
      assert.equal(response.status(), 400, junk)
      assert.equal(response.body().error, INVITATION_INVALID)
    }
    for (const junk of ['', 'has spaces!', 'x'.repeat(201)]) (await accept(client, someoneElse, junk)).assertStatus(422)
    ;(await client.post('/api/invitations/accept').json({ token })).assertStatus(401)

    const other = await accept(client, someoneElse, token)
    other.assertStatus(403)
    const unconfirmed = await accept(client, invited, token)
    unconfirmed.assertStatus(403)
    assert.equal(await stored(workspaceId), before)

    await db.from('users').where('id', invited.id).update({ email_verified_at: new Date() })
    clock.travelTo(clock.now().plus({ days: 7, minutes: 1 }))
    const expired = await accept(client, invited, token)
    expired.assertStatus(400)
    assert.equal(await stored(workspaceId), before)

    clock.reset()
    const inTime = await accept(client, invited, token)
    inTime.assertStatus(200)
    assert.equal(inTime.body().workspace.role, 'viewer')
  })

  test('a withdrawn invitation no longer works', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { owner, workspaceId } = await ownerWorld()
    const invited = await UserFactory.create()
    const created = await as(client.post(`/api/workspaces/${workspaceId}/invitations`), owner).json({
      email: invited.email,
      role: 'viewer',
    })
    const token = tokenFrom((await smtp.waitFor(1))[0])

    ;(await as(client.delete(`/api/workspaces/${workspaceId}/invitations/999999999`), owner)).assertStatus(404)
    const revoked = await as(client.delete(`/api/workspaces/${workspaceId}/invitations/${created.body().id}`), owner)
    revoked.assertStatus(204)
    ;(await as(client.delete(`/api/workspaces/${workspaceId}/invitations/${created.body().id}`), owner)).assertStatus(404)
    const response = await accept(client, invited, token)
    response.assertStatus(400)
    assert.lengthOf(await db.from('workspace_members').where('workspace_id', workspaceId).where('user_id', invited.id), 0)
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: members, roles and scope', (group) => {
  isolated(group)

  test('changing a role and scope; bad roles and foreign businesses are 422 and change nothing', async ({ client, assert }) => {
    const { owner, workspaceId, first } = await ownerWorld()
    const other = await ownerWorld()
    const viewer = await UserFactory.create()
    await addMember(workspaceId, viewer, 'viewer')
    const url = `/api/workspaces/${workspaceId}/members/${viewer.id}`
    const before = await stored(workspaceId)

    ;(await as(client.patch(url), owner).json({ role: 'superuser' })).assertStatus(422)
    ;(await as(client.patch(url), owner).json({ role: 'manager', businessIds: [other.first.id] })).assertStatus(422)
    ;(await as(client.patch(url), owner).json({ businessIds: ['1; DROP TABLE users'] })).assertStatus(422)
    ;(await as(client.patch(url), viewer).json({ role: 'owner' })).assertStatus(403)
    ;(await as(client.patch(`/api/workspaces/${workspaceId}/members/999999999`), owner).json({ role: 'viewer' })).assertStatus(404)
    assert.equal(await stored(workspaceId), before)

    const changed = await as(client.patch(url), owner).json({ role: 'manager', businessIds: [first.id] })
    changed.assertStatus(200)
    assert.deepEqual(changed.body(), { userId: viewer.id, role: 'manager', businessIds: [first.id] })
    const row = await WorkspaceMember.query().where('workspace_id', workspaceId).where('user_id', viewer.id).firstOrFail()
    assert.equal(row.role, 'manager')
    assert.deepEqual(row.businessIds, [first.id])
  })

  test('the last owner can be neither removed nor demoted (409); a second owner makes it possible', async ({ client, assert }) => {
    const { owner, workspaceId } = await ownerWorld()
    const before = await stored(workspaceId)
    const demote = await as(client.patch(`/api/workspaces/${workspaceId}/members/${owner.id}`), owner).json({ role: 'manager' })
    demote.assertStatus(409)
    assert.equal(demote.body().error, LAST_OWNER)
    ;(await as(client.patch(`/api/workspaces/${workspaceId}/members/me`), owner).json({ role: 'viewer' })).assertStatus(409)
    ;(await as(client.delete(`/api/workspaces/${workspaceId}/members/${owner.id}`), owner)).assertStatus(409)
    ;(await as(client.delete(`/api/workspaces/${workspaceId}/members/me`), owner)).assertStatus(409)
    assert.equal(await stored(workspaceId), before)

    const second = await UserFactory.create()
    await addMember(workspaceId, second, 'owner')
    ;(await as(client.patch(`/api/workspaces/${workspaceId}/members/${owner.id}`), second).json({ role: 'manager' })).assertStatus(200)
    ;(await as(client.delete(`/api/workspaces/${workspaceId}/members/me`), second)).assertStatus(409)
  })

  test("a removed member's very next request is a 404; leaving with `me`", async ({ client, assert }) => {
    const { owner, workspaceId } = await ownerWorld()
    const manager = await UserFactory.create()
    const viewer = await UserFactory.create()
    await addMember(workspaceId, manager, 'manager')
    await addMember(workspaceId, viewer, 'viewer')
    ;(await as(client.get('/api/businesses'), manager, workspaceId)).assertStatus(200)

    ;(await as(client.delete(`/api/workspaces/${workspaceId}/members/${owner.id}`), manager)).assertStatus(403)
    const removed = await as(client.delete(`/api/workspaces/${workspaceId}/members/${manager.id}`), owner)
    removed.assertStatus(204)
    const next = await as(client.get('/api/businesses'), manager, workspaceId)
    next.assertStatus(404)
    assert.equal(next.body().error, NOT_FOUND)
    ;(await as(client.get(`/api/workspaces/${workspaceId}/members`), manager)).assertStatus(404)
    // Their own workspace is still theirs.
    ;(await as(client.get('/api/businesses'), manager)).assertStatus(200)

    const left = await as(client.delete(`/api/workspaces/${workspaceId}/members/me`), viewer)
    left.assertStatus(204)
    ;(await as(client.get('/api/overview'), viewer, workspaceId)).assertStatus(404)
    const members = await as(client.get(`/api/workspaces/${workspaceId}/members`), owner)
    assert.deepEqual(
      members.body().members.map((member: { userId: number }) => member.userId),
      [owner.id]
    )
  })

  test('a manager limited to one business sees only it; the other is a 404', async ({ client, assert }) => {
    const { workspaceId, first, second } = await ownerWorld()
    const scoped = await UserFactory.create()
    await addMember(workspaceId, scoped, 'manager', [second.id])

    const list = await as(client.get('/api/businesses'), scoped, workspaceId)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((business: { id: number }) => business.id),
      [second.id]
    )
    ;(await as(client.get(`/api/businesses/${second.id}`), scoped, workspaceId)).assertStatus(200)
    const outside = await as(client.get(`/api/businesses/${first.id}`), scoped, workspaceId)
    outside.assertStatus(404)
    assert.equal(outside.body().error, 'Business not found')
    ;(await as(client.patch(`/api/businesses/${first.id}`), scoped, workspaceId).json({ language: 'hi' })).assertStatus(404)
    ;(await as(client.get(`/api/analytics/${first.id}`), scoped, workspaceId)).assertStatus(404)
  })

  test('a viewer reads but cannot write (403) and sees no billing; a manager sees the plan but not the payments', async ({
    client,
    assert,
  }) => {
    const { workspaceId, first } = await ownerWorld()
    const viewer = await UserFactory.create()
    const manager = await UserFactory.create()
    await addMember(workspaceId, viewer, 'viewer')
    await addMember(workspaceId, manager, 'manager')
    const before = JSON.stringify(await db.from('businesses').where('workspace_id', workspaceId).orderBy('id'))

    ;(await as(client.get('/api/businesses'), viewer, workspaceId)).assertStatus(200)
    ;(await as(client.get(`/api/businesses/${first.id}`), viewer, workspaceId)).assertStatus(200)
    const patch = await as(client.patch(`/api/businesses/${first.id}`), viewer, workspaceId).json({ language: 'hi' })
    patch.assertStatus(403)
    assert.equal(patch.body().error, 'Your role in this workspace can only view. Ask a workspace owner to make you a manager.')
    ;(await as(client.post('/api/select-business'), viewer, workspaceId).json({ placeId: 'ChIJ_anything' })).assertStatus(403)
    ;(await as(client.delete(`/api/businesses/${first.id}`), viewer, workspaceId)).assertStatus(403)
    assert.equal(JSON.stringify(await db.from('businesses').where('workspace_id', workspaceId).orderBy('id')), before)
    for (const path of ['/api/billing/payments', '/api/billing/profile', '/api/invoices']) {
      ;(await as(client.get(path), viewer, workspaceId)).assertStatus(403)
      ;(await as(client.get(path), manager, workspaceId)).assertStatus(403)
    }
    ;(await as(client.get('/api/billing/trial-status'), viewer, workspaceId)).assertStatus(200)
    ;(await as(client.get('/api/billing/trial-status'), manager, workspaceId)).assertStatus(200)
    ;(await as(client.patch(`/api/businesses/${first.id}`), manager, workspaceId).json({ language: 'hi' })).assertStatus(200)
  })

  test('X-Workspace-Id: junk and workspaces of others are 404 {error}, never a 500', async ({ client, assert }) => {
    const { owner } = await ownerWorld()
    const other = await ownerWorld()
    for (const value of ['abc', '-1', '1e3', '1.0', '0x10', '9'.repeat(20), ' 1', '0', String(other.workspaceId)]) {
      for (const path of ['/api/businesses', '/api/billing/trial-status', '/api/overview']) {
        const response = await as(client.get(path), owner).header('x-workspace-id', value)
        assert.equal(response.status(), 404, `${value} on ${path}: ${response.text()}`)
        assert.deepInclude(response.body(), { error: NOT_FOUND })
      }
    }
    // An empty header is no header: the default workspace.
    ;(await as(client.get('/api/businesses'), owner).header('x-workspace-id', '')).assertStatus(200)
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: agencies, their clients and trials', (group) => {
  isolated(group)
  razorpayStub(group)

  test('trials cannot be farmed: later workspaces and clients are on the free plan', async ({ client, assert }) => {
    const { owner } = await ownerWorld()
    const team = await as(client.post('/api/workspaces'), owner).json({ name: 'Another Try' })
    assert.isTrue(team.body().isLimited)
    const status = await as(client.get('/api/billing/trial-status'), owner, team.body().id)
    status.assertStatus(200)
    assert.isFalse(status.body().isTrialActive)
    const agency = await as(client.post('/api/workspaces'), owner).json({ name: 'Farm Agency', kind: 'agency' })
    const clientWs = await as(client.post(`/api/workspaces/${agency.body().id}/clients`), owner).json({ name: 'Farmed Client' })
    clientWs.assertStatus(201)
    assert.isTrue(clientWs.body().isLimited)
  })

  test('an agency creates a client, its members act in it, the client ends the management', async ({ client, assert }) => {
    const { owner: agencyOwner } = await ownerWorld()
    const agency = await as(client.post('/api/workspaces'), agencyOwner).json({ name: 'Pixel Agency', kind: 'agency' })
    const agencyId: number = agency.body().id
    const agencyManager = await UserFactory.create()
    await addMember(agencyId, agencyManager, 'manager')

    const team = await as(client.post('/api/workspaces'), agencyOwner).json({ name: 'Not An Agency' })
    ;(await as(client.post(`/api/workspaces/${team.body().id}/clients`), agencyOwner).json({ name: 'Nope' })).assertStatus(404)
    ;(await as(client.post(`/api/workspaces/${agencyId}/clients`), agencyManager).json({ name: 'Nope' })).assertStatus(403)
    ;(await as(client.post(`/api/workspaces/${agencyId}/clients`), agencyOwner).json({ name: 'x' })).assertStatus(422)

    const created = await as(client.post(`/api/workspaces/${agencyId}/clients`), agencyOwner).json({ name: 'Dosa Corner' })
    created.assertStatus(201)
    const clientId: number = created.body().id
    assert.containsSubset(created.body(), { kind: 'client', managedBy: { id: agencyId, name: 'Pixel Agency' }, role: 'owner' })
    const clients = await as(client.get(`/api/workspaces/${agencyId}/clients`), agencyManager)
    clients.assertStatus(200)
    assert.include(
      clients.body().map((row: { id: number }) => row.id),
      clientId
    )

    // The client's own owner, and a business of the client's.
    const clientOwner = await UserFactory.create()
    await addMember(clientId, clientOwner, 'owner')
    const business = await BusinessFactory.merge({ userId: clientOwner.id, workspaceId: clientId }).create()

    const listed = await as(client.get('/api/workspaces'), agencyManager)
    assert.containsSubset(
      listed.body().find((row: { id: number }) => row.id === clientId),
      { role: 'manager', managedBy: { id: agencyId } }
    )
    const inClient = await as(client.get('/api/businesses'), agencyManager, clientId)
    inClient.assertStatus(200)
    assert.deepEqual(
      inClient.body().map((row: { id: number }) => row.id),
      [business.id]
    )
    ;(await as(client.patch(`/api/businesses/${business.id}`), agencyManager, clientId).json({ language: 'hi' })).assertStatus(200)
    ;(await as(client.delete(`/api/workspaces/${clientId}/agency`), agencyOwner)).assertStatus(403)
    ;(await as(client.delete(`/api/workspaces/${clientId}/members/me`), agencyManager)).assertStatus(403)

    const ended = await as(client.delete(`/api/workspaces/${clientId}/agency`), clientOwner)
    ended.assertStatus(204)
    ;(await as(client.get('/api/businesses'), agencyManager, clientId)).assertStatus(404)
    ;(await as(client.get(`/api/businesses/${business.id}`), agencyOwner, clientId)).assertStatus(404)
    ;(await as(client.get(`/api/workspaces/${clientId}/members`), agencyOwner)).assertStatus(404)
    ;(await as(client.delete(`/api/workspaces/${clientId}/agency`), clientOwner)).assertStatus(404)
    const after = await as(client.get(`/api/workspaces/${agencyId}/clients`), agencyOwner)
    assert.notInclude(
      after.body().map((row: { id: number }) => row.id),
      clientId
    )
  })

  test('an agency buys a plan for its client: the agency pays, is invoiced and lists the payment', async ({ client, assert }) => {
    const { owner } = await ownerWorld()
    const agencyId: number = (await as(client.post('/api/workspaces'), owner).json({ name: 'Pay Agency', kind: 'agency' })).body().id
    const clientId: number = (await as(client.post(`/api/workspaces/${agencyId}/clients`), owner).json({ name: 'Paid Client' })).body().id
    const stranger = await ownerWorld()
    const monthly = await planOf('monthly')

    const profile = await as(client.put('/api/billing/profile'), owner, agencyId).json({
      legalName: 'Pay Agency LLP',
      address: '5 Residency Road, Bengaluru',
      stateCode: '29',
      gstin: null,
    })
    profile.assertStatus(200)
    ;(
      await as(client.post('/api/billing/create-payment'), owner, agencyId).json({ planId: monthly.id, workspaceId: stranger.workspaceId })
    ).assertStatus(404)

    const created = await as(client.post('/api/billing/create-payment'), owner, agencyId).json({
      planId: String(monthly.id),
      workspaceId: clientId,
    })
    created.assertStatus(200)
    const orderId: string = created.body().orderId
    const payment = await db.from('payments').where('razorpay_order_id', orderId).first()
    assert.equal(Number(payment.workspace_id), clientId)
    assert.equal(Number(payment.paid_by_workspace_id), agencyId)

    const paymentId = razorpayId('pay_')
    const verified = await as(client.post('/api/billing/verify-payment'), owner, agencyId).json({
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(orderId, paymentId),
    })
    verified.assertStatus(200)
    const invoice = await db.from('invoices').where('payment_id', payment.id).first()
    assert.equal(Number(invoice.workspace_id), agencyId)
    assert.include(JSON.stringify(invoice), 'Pay Agency LLP')

    const payments = await as(client.get('/api/billing/payments'), owner, agencyId)
    payments.assertStatus(200)
    assert.include(
      payments.body().map((row: { id: number }) => row.id),
      Number(payment.id)
    )
    const clientStatus = await as(client.get('/api/workspaces'), owner)
    assert.isFalse(clientStatus.body().find((row: { id: number }) => row.id === clientId).isLimited, 'the client has the plan')
  })

  test('the activity log lists the events (owners only), as a Refine list', async ({ client, assert, cleanup }) => {
    await smtpMailbox(cleanup)
    const { owner } = await ownerWorld()
    const id: number = (await as(client.post('/api/workspaces'), owner).json({ name: 'Logged' })).body().id
    await as(client.patch(`/api/workspaces/${id}`), owner).json({ name: 'Logged Again' })
    const invited = await as(client.post(`/api/workspaces/${id}/invitations`), owner).json({ email: 'log@example.in', role: 'viewer' })
    await as(client.delete(`/api/workspaces/${id}/invitations/${invited.body().id}`), owner)
    const viewer = await UserFactory.create()
    await addMember(id, viewer, 'viewer')
    await as(client.patch(`/api/workspaces/${id}/members/${viewer.id}`), owner).json({ role: 'manager' })
    await as(client.delete(`/api/workspaces/${id}/members/${viewer.id}`), owner)

    const log = await as(client.get(`/api/workspaces/${id}/activity`), owner)
    log.assertStatus(200)
    const actions = log.body().map((row: { action: string }) => row.action)
    assert.sameMembers(actions, [
      'workspace.created',
      'workspace.renamed',
      'member.invited',
      'invitation.revoked',
      'member.changed',
      'member.removed',
    ])
    assert.equal(log.header('x-total-count'), '6')
    const page = await as(client.get(`/api/workspaces/${id}/activity?_start=0&_end=2`), owner)
    assert.lengthOf(page.body(), 2)
    assert.equal(page.header('x-total-count'), '6')

    const manager = await UserFactory.create()
    await addMember(id, manager, 'manager')
    ;(await as(client.get(`/api/workspaces/${id}/activity`), manager)).assertStatus(403)
  })
})
