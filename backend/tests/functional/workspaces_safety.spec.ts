/*
 * Workspaces held safe (docs/decisions.md D56): a client's own owners cannot be demoted or removed by anyone the
 * agency brought in, and the last-owner rule counts them; ending the management removes everyone who came through
 * the agency, its pending invitations and brand, and the log names them; invitations need a confirmed address and,
 * with new workspaces, are rate-limited; a workspace's name is one line of plain text without links, also in mails;
 * a limited agency member sees only the clients of the businesses they hold; the log names whom a change touched;
 * a removed member's next request says which workspace they lost.
 */
import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import { isolated } from '#tests/helpers/setup'
import { smtpMailbox, type SentMail } from '#tests/helpers/mailbox'
import { BusinessFactory, DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'
import {
  INVITATION_LIMITS,
  NEW_WORKSPACE_LIMITS,
  OWN_OWNERS_ONLY,
  OWN_OWNERS_DELETE,
  WORKSPACE_NAME_LINK,
  WORKSPACE_NAME_LINE_BREAK,
  WORKSPACE_NAME_CONTROL,
  INVITER_UNVERIFIED,
} from '#contract/workspace_names'
import { LAST_OWNER } from '#actions/workspaces/membership'

const APP_URL = 'http://localhost:3333'

function as(request: ApiRequest, user: User, workspaceId?: number) {
  request.loginAs(user)
  if (workspaceId !== undefined) request.header('x-workspace-id', String(workspaceId))
  return request
}

function tokenFrom(sent: SentMail) {
  const link = sent.links.find((href) => href.startsWith(`${APP_URL}/invite?token=`))
  if (!link) throw new Error(`no invitation link in ${JSON.stringify(sent.links)}`)
  return new URL(link).searchParams.get('token')!
}

type Mailbox = Awaited<ReturnType<typeof smtpMailbox>>

/** `by` invites `user` into `workspaceId` with `role`; `user` accepts from the mail. */
async function inviteAndJoin(client: ApiClient, smtp: Mailbox, by: User, workspaceId: number, user: User, role: string) {
  const seen = smtp.received.length
  const invited = await as(client.post(`/api/workspaces/${workspaceId}/invitations`), by).json({ email: user.email, role })
  invited.assertStatus(201)
  const mails = await smtp.waitFor(seen + 1)
  const accepted = await as(client.post('/api/invitations/accept'), user).json({ token: tokenFrom(mails[seen]) })
  accepted.assertStatus(200)
}

/** A workspace's members, pending invitations and row, as stored. */
async function stored(workspaceId: number) {
  return JSON.stringify({
    members: await db.from('workspace_members').where('workspace_id', workspaceId).orderBy('id'),
    invitations: await db.from('workspace_invitations').where('workspace_id', workspaceId).orderBy('id'),
    workspace: await db.from('workspaces').where('id', workspaceId),
  })
}

/**
 * An agency (its owner), a client it created whose own owner joined from the agency's invitation, a business of the
 * client's with private feedback, and the agency owner's second account, invited by the agency as a client owner.
 */
async function agencyWithClient(client: ApiClient, smtp: Mailbox) {
  const agencyOwner = await UserFactory.merge({ firstName: 'Pixel', lastName: 'Owner' }).create()
  const agencyId: number = (await as(client.post('/api/workspaces'), agencyOwner).json({ name: 'Pixel Agency', kind: 'agency' })).body().id
  const clientId: number = (await as(client.post(`/api/workspaces/${agencyId}/clients`), agencyOwner).json({ name: 'Dosa Corner' })).body()
    .id
  const clientOwner = await UserFactory.merge({ firstName: 'Sunita', lastName: 'Rao' }).create()
  await inviteAndJoin(client, smtp, agencyOwner, clientId, clientOwner, 'owner')
  const second = await UserFactory.merge({ firstName: 'Second', lastName: 'Account' }).create()
  await inviteAndJoin(client, smtp, agencyOwner, clientId, second, 'owner')
  const business = await BusinessFactory.merge({ userId: clientOwner.id, workspaceId: clientId }).create()
  return { agencyOwner, agencyId, clientId, clientOwner, second, business }
}

/* ---------------------------------------------------------------------------------------------------------- */

test.group("Workspaces: a client's own owners", (group) => {
  isolated(group)

  test('members the agency brought in can neither demote nor remove them, nor end the management', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { agencyOwner, clientId, clientOwner, second } = await agencyWithClient(client, smtp)
    const before = await stored(clientId)
    const ownerUrl = `/api/workspaces/${clientId}/members/${clientOwner.id}`

    for (const user of [second, agencyOwner]) {
      for (const role of ['viewer', 'manager']) {
        const demoted = await as(client.patch(ownerUrl), user).json({ role })
        assert.equal(demoted.status(), 403, `${user.firstName} demoting to ${role}: ${demoted.text()}`)
        assert.equal(demoted.body().error, OWN_OWNERS_ONLY)
      }
      const scoped = await as(client.patch(ownerUrl), user).json({ businessIds: [] })
      assert.equal(scoped.status(), 403, scoped.text())
      const removed = await as(client.delete(ownerUrl), user)
      assert.equal(removed.status(), 403, removed.text())
    }
    const ended = await as(client.delete(`/api/workspaces/${clientId}/agency`), second)
    ended.assertStatus(403)
    assert.equal(await stored(clientId), before, 'nothing changed')

    // The client's owner is still an owner and ends the management.
    ;(await as(client.delete(`/api/workspaces/${clientId}/agency`), clientOwner)).assertStatus(204)
  })

  test("the last-owner rule counts the client's own owners; they change each other", async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { clientId, clientOwner, second } = await agencyWithClient(client, smtp)
    const before = await stored(clientId)

    // The agency's account is an owner too, but not one of the client's own.
    const demoteSelf = await as(client.patch(`/api/workspaces/${clientId}/members/me`), clientOwner).json({ role: 'manager' })
    demoteSelf.assertStatus(409)
    assert.equal(demoteSelf.body().error, LAST_OWNER)
    ;(await as(client.delete(`/api/workspaces/${clientId}/members/me`), clientOwner)).assertStatus(409)
    assert.equal(await stored(clientId), before)

    // A second owner the client's owner invites is one of the client's own: the two may change each other.
    const partner = await UserFactory.create()
    await inviteAndJoin(client, smtp, clientOwner, clientId, partner, 'owner')
    ;(await as(client.patch(`/api/workspaces/${clientId}/members/${clientOwner.id}`), partner).json({ role: 'manager' })).assertStatus(200)
    // The client's owners may change and remove the agency's account.
    ;(await as(client.patch(`/api/workspaces/${clientId}/members/${second.id}`), partner).json({ role: 'viewer' })).assertStatus(200)
    ;(await as(client.delete(`/api/workspaces/${clientId}/members/${second.id}`), partner)).assertStatus(204)
  })

  test('someone an agency-brought member invites came through the agency too', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { clientId, clientOwner, second } = await agencyWithClient(client, smtp)
    const third = await UserFactory.create()
    await inviteAndJoin(client, smtp, second, clientId, third, 'owner')
    const demoted = await as(client.patch(`/api/workspaces/${clientId}/members/${clientOwner.id}`), third).json({ role: 'viewer' })
    demoted.assertStatus(403)
    const row = await WorkspaceMember.query().where('workspace_id', clientId).where('user_id', clientOwner.id).firstOrFail()
    assert.equal(row.role, 'owner')
  })

  test('nobody acting for the agency deletes the client workspace; its own owner does', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { agencyOwner, clientId, clientOwner, second, business } = await agencyWithClient(client, smtp)
    const before = await stored(clientId)

    for (const user of [agencyOwner, second]) {
      const deleted = await as(client.delete(`/api/workspaces/${clientId}`), user).json({ password: DEFAULT_PASSWORD })
      assert.equal(deleted.status(), 403, `${user.firstName} deleting the client: ${deleted.text()}`)
      assert.equal(deleted.body().error, OWN_OWNERS_DELETE)
    }
    assert.equal(await stored(clientId), before, 'nothing changed')
    assert.isNotNull(await db.from('businesses').where('id', business.id).first(), 'the business is still there')

    ;(await as(client.delete(`/api/workspaces/${clientId}`), clientOwner).json({ password: DEFAULT_PASSWORD })).assertStatus(204)
    assert.isNull(await Workspace.find(clientId))
  })

  test('the members answer says what the caller may do: the agency, none of it to the own owners; the own owner, all of it', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { agencyOwner, clientId, clientOwner, second } = await agencyWithClient(client, smtp)
    const seenBy = async (user: User) => {
      const response = await as(client.get(`/api/workspaces/${clientId}/members`), user)
      response.assertStatus(200)
      const body = response.body()
      const canChange = Object.fromEntries(body.members.map((row: { userId: number; canChange: boolean }) => [row.userId, row.canChange]))
      return { can: body.can, owner: canChange[clientOwner.id], second: canChange[second.id] }
    }
    for (const user of [agencyOwner, second]) {
      assert.deepEqual(
        await seenBy(user),
        { can: { deleteWorkspace: false, endManagement: false }, owner: false, second: true },
        `as ${user.firstName}`
      )
    }
    assert.deepEqual(await seenBy(clientOwner), { can: { deleteWorkspace: true, endManagement: true }, owner: true, second: true })
  })

  test('before the handover the agency may delete a client it made', async ({ client, assert }) => {
    const agencyOwner = await UserFactory.create()
    const agencyId: number = (await as(client.post('/api/workspaces'), agencyOwner).json({ name: 'Pixel Agency', kind: 'agency' })).body()
      .id
    const clientId: number = (
      await as(client.post(`/api/workspaces/${agencyId}/clients`), agencyOwner).json({ name: 'Dosa Corner' })
    ).body().id
    ;(await as(client.delete(`/api/workspaces/${clientId}`), agencyOwner).json({ password: DEFAULT_PASSWORD })).assertStatus(204)
    assert.isNull(await Workspace.find(clientId))
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: ending the management', (group) => {
  isolated(group)

  test('removes everyone who came through the agency, its invitations and brand; the log names them', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { agencyOwner, agencyId, clientId, clientOwner, second, business } = await agencyWithClient(client, smtp)
    ;(await as(client.put(`/api/workspaces/${agencyId}/brand`), agencyOwner).json({ name: 'Pixel', color: '#123456' })).assertStatus(200)
    // Pending: one the agency sent, one the client's owner sent.
    ;(
      await as(client.post(`/api/workspaces/${clientId}/invitations`), agencyOwner).json({
        email: 'agency.pending@example.in',
        role: 'manager',
      })
    ).assertStatus(201)
    ;(
      await as(client.post(`/api/workspaces/${clientId}/invitations`), clientOwner).json({
        email: 'own.pending@example.in',
        role: 'viewer',
      })
    ).assertStatus(201)
    ;(await as(client.get('/api/feedbacks'), second, clientId)).assertStatus(200)
    const branded = (await as(client.get('/api/workspaces'), clientOwner)).body().find((row: { id: number }) => row.id === clientId)
    assert.isNotNull(branded.brand)

    ;(await as(client.delete(`/api/workspaces/${clientId}/agency`), clientOwner)).assertStatus(204)

    ;(await as(client.get('/api/feedbacks'), second, clientId)).assertStatus(404)
    ;(await as(client.get(`/api/businesses/${business.id}`), second, clientId)).assertStatus(404)
    ;(await as(client.get('/api/feedbacks'), agencyOwner, clientId)).assertStatus(404)
    const members = await as(client.get(`/api/workspaces/${clientId}/members`), clientOwner)
    assert.deepEqual(
      members.body().members.map((member: { userId: number }) => member.userId),
      [clientOwner.id]
    )
    assert.deepEqual(
      members.body().invitations.map((invitation: { email: string }) => invitation.email),
      ['own.pending@example.in']
    )
    const after = (await as(client.get('/api/workspaces'), clientOwner)).body().find((row: { id: number }) => row.id === clientId)
    assert.isNull(after.managedBy)
    assert.isNull(after.brand)

    const log = await as(client.get(`/api/workspaces/${clientId}/activity`), clientOwner)
    const summaries = log.body().map((row: { summary: string }) => row.summary)
    assert.include(summaries.join('\n'), 'removed Second Account (owner)')
    assert.include(summaries.join('\n'), 'agency.pending@example.in')
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: invitations and new workspaces are no mail relay', (group) => {
  isolated(group)

  test('an unconfirmed account sends no invitation', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const fresh = await UserFactory.apply('unverified').create()
    const workspaceId = (await Workspace.personalIdOf(fresh.id))!
    const before = await stored(workspaceId)
    const response = await as(client.post(`/api/workspaces/${workspaceId}/invitations`), fresh).json({
      email: 'victim@example.in',
      role: 'viewer',
    })
    response.assertStatus(403)
    assert.equal(response.body().error, INVITER_UNVERIFIED)
    assert.equal(await stored(workspaceId), before)
    assert.lengthOf(smtp.received, 0)
  })

  test('invitations are limited per account and per address (429 with Retry-After)', async ({ client, assert, cleanup }) => {
    await smtpMailbox(cleanup)
    const owner = await UserFactory.create()
    const workspaceId = (await Workspace.personalIdOf(owner.id))!
    const statuses: number[] = []
    for (let i = 0; i <= INVITATION_LIMITS.perAccount; i++) {
      const response = await as(client.post(`/api/workspaces/${workspaceId}/invitations`), owner).json({
        email: `person${i}@example.in`,
        role: 'viewer',
      })
      statuses.push(response.status())
      if (response.status() === 429) {
        assert.isAbove(Number(response.header('retry-after')), 0)
        assert.isString(response.body().error)
      }
    }
    assert.deepEqual(statuses, [...Array(INVITATION_LIMITS.perAccount).fill(201), 429])
    const pending = await db.from('workspace_invitations').where('workspace_id', workspaceId).count('* as n').first()
    assert.equal(Number(pending.n), INVITATION_LIMITS.perAccount)

    // One address, invited by many accounts.
    const perAddress: number[] = []
    for (let i = 0; i <= INVITATION_LIMITS.perAddress; i++) {
      const inviter = await UserFactory.create()
      const id = (await Workspace.personalIdOf(inviter.id))!
      const response = await as(client.post(`/api/workspaces/${id}/invitations`), inviter).json({
        email: 'Same.Person@example.in',
        role: 'viewer',
      })
      perAddress.push(response.status())
    }
    assert.deepEqual(perAddress, [...Array(INVITATION_LIMITS.perAddress).fill(201), 429])
  })

  test('new workspaces, agencies and clients are limited per account (429 with Retry-After)', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const agency = await as(client.post('/api/workspaces'), owner).json({ name: 'Spam Agency', kind: 'agency' })
    agency.assertStatus(201)
    const statuses: number[] = [201]
    for (let i = 1; i <= NEW_WORKSPACE_LIMITS.perAccount; i++) {
      const response =
        i % 2 === 0
          ? await as(client.post('/api/workspaces'), owner).json({ name: `Agency ${i}`, kind: 'agency' })
          : await as(client.post(`/api/workspaces/${agency.body().id}/clients`), owner).json({ name: `Client ${i}` })
      statuses.push(response.status())
      if (response.status() === 429) assert.isAbove(Number(response.header('retry-after')), 0)
    }
    assert.deepEqual(statuses, [...Array(NEW_WORKSPACE_LIMITS.perAccount).fill(201), 429])
    const made = await db.from('workspaces').where('created_by_user_id', owner.id).count('* as n').first()
    assert.equal(Number(made.n), NEW_WORKSPACE_LIMITS.perAccount + 1, 'the personal workspace and the allowed ones')
  })

  test('a workspace name with a line break, a link or a control character is refused with a clear message', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const workspaceId = (await Workspace.personalIdOf(owner.id))!
    const agencyId: number = (await as(client.post('/api/workspaces'), owner).json({ name: 'Fine Agency', kind: 'agency' })).body().id
    const before = await stored(workspaceId)
    const cases: [string, string][] = [
      ['Sharma Sweets\nSecurity alert', WORKSPACE_NAME_LINE_BREAK],
      ['Sharma\r\nSweets', WORKSPACE_NAME_LINE_BREAK],
      ['Sharma\u2028Sweets', WORKSPACE_NAME_LINE_BREAK],
      ['Security alert: reset at https://evil.example/reset', WORKSPACE_NAME_LINK],
      ['Reset at www.evil.example', WORKSPACE_NAME_LINK],
      ['Visit evil.com now', WORKSPACE_NAME_LINK],
      ['Click bit.ly/x', WORKSPACE_NAME_LINK],
      ['javascript:alert(1)', WORKSPACE_NAME_LINK],
      ['Sharma\u0000Sweets', WORKSPACE_NAME_CONTROL],
      ['Sharma \u202eSweets', WORKSPACE_NAME_CONTROL],
      ['Bell\u0007Sweets', WORKSPACE_NAME_CONTROL],
    ]
    for (const [name, message] of cases) {
      for (const [method, url] of [
        ['post', '/api/workspaces'],
        ['patch', `/api/workspaces/${workspaceId}`],
        ['post', `/api/workspaces/${agencyId}/clients`],
      ] as const) {
        // Refused names count against the limit on new workspaces too: not what this test is about.
        await limiter.clear()
        const response = await as(client[method](url), owner).json({ name })
        assert.equal(response.status(), 422, `${JSON.stringify(name)} on ${method} ${url}: ${response.text()}`)
        assert.equal(response.body().errors?.[0]?.message, message, JSON.stringify(name))
      }
    }
    assert.equal(await stored(workspaceId), before)
    // Ordinary names stay fine, dots, ampersands, $ and Indian scripts included.
    for (const name of ["Dr. Rao's Clinic", 'Sharma Sweets & Co.', 'J.P. Traders', "$& $` $' Stores", 'शर्मा स्वीट्स', 'ശർമ്മ']) {
      const response = await as(client.patch(`/api/workspaces/${workspaceId}`), owner).json({ name })
      assert.equal(response.status(), 200, `${name}: ${response.text()}`)
      assert.equal(response.body().name, name)
    }
  })

  test("an invitation mail shows a workspace's name as one line of plain text", async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.create()
    const workspaceId = (await Workspace.personalIdOf(owner.id))!
    // A name stored before names were checked.
    await db
      .from('workspaces')
      .where('id', workspaceId)
      .update({ name: 'Sharma Sweets\nSecurity alert: reset at https://evil.example/reset \u202e<b>x</b>' })
    ;(
      await as(client.post(`/api/workspaces/${workspaceId}/invitations`), owner).json({ email: 'plain@example.in', role: 'viewer' })
    ).assertStatus(201)
    const [sent] = await smtp.waitFor(1)
    for (const part of [sent.subject, sent.text, sent.html]) {
      assert.notInclude(part, 'evil.example')
      assert.notInclude(part, '\u202e')
      assert.notInclude(part, 'Sweets\nSecurity')
    }
    assert.notInclude(sent.html, '<b>x</b>', 'escaped in the HTML part')
    assert.include(sent.subject, 'Sharma Sweets Security alert: reset at [link removed]')
    assert.isFalse(sent.links.some((href) => href.includes('evil')))
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group("Workspaces: an agency's client list", (group) => {
  isolated(group)

  test('a limited agency member sees only the clients of the businesses they hold', async ({ client, assert }) => {
    const agencyOwner = await UserFactory.create()
    const agencyId: number = (await as(client.post('/api/workspaces'), agencyOwner).json({ name: 'List Agency', kind: 'agency' })).body().id
    for (const name of ['Alpha Client', 'Beta Client'])
      (await as(client.post(`/api/workspaces/${agencyId}/clients`), agencyOwner).json({ name })).assertStatus(201)
    const agencyBusiness = await BusinessFactory.merge({ userId: agencyOwner.id, workspaceId: agencyId }).create()
    const limited = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId: agencyId, userId: limited.id, role: 'manager', businessIds: [agencyBusiness.id] })
    const whole = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId: agencyId, userId: whole.id, role: 'viewer', businessIds: null })

    const all = await as(client.get(`/api/workspaces/${agencyId}/clients`), whole)
    all.assertStatus(200)
    assert.lengthOf(all.body(), 2)
    const theirs = await as(client.get(`/api/workspaces/${agencyId}/clients`), limited)
    theirs.assertStatus(200)
    assert.deepEqual(theirs.body(), [], "the agency's own business is no client's")
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: the log names whom a change touched', (group) => {
  isolated(group)

  test('removing a member and changing a role name the member and both roles', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const workspaceId = (await Workspace.personalIdOf(owner.id))!
    const meera = await UserFactory.merge({ firstName: 'Meera', lastName: 'Iyer' }).create()
    await WorkspaceMember.create({ workspaceId, userId: meera.id, role: 'viewer', businessIds: null })
    ;(await as(client.patch(`/api/workspaces/${workspaceId}/members/${meera.id}`), owner).json({ role: 'manager' })).assertStatus(200)
    ;(await as(client.delete(`/api/workspaces/${workspaceId}/members/${meera.id}`), owner)).assertStatus(204)

    const log = await as(client.get(`/api/workspaces/${workspaceId}/activity`), owner)
    const byAction = new Map(log.body().map((row: { action: string; summary: string }) => [row.action, row.summary]))
    assert.equal(byAction.get('member.changed'), "changed Meera Iyer's role from viewer to manager")
    assert.equal(byAction.get('member.removed'), 'removed Meera Iyer (manager)')
    const [removed] = await db.from('workspace_activity').where('workspace_id', workspaceId).where('action', 'member.removed')
    const details = typeof removed.details === 'string' ? JSON.parse(removed.details) : removed.details
    assert.containsSubset(details, { userId: meera.id, name: 'Meera Iyer', email: meera.email, role: 'manager' })
  })
})

/* ---------------------------------------------------------------------------------------------------------- */

test.group('Workspaces: a removed member is told', (group) => {
  isolated(group)

  test("the next request names the workspace they no longer have; others' workspaces stay a plain 404", async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const workspaceId = (await Workspace.personalIdOf(owner.id))!
    await db.from('workspaces').where('id', workspaceId).update({ name: 'Sharma Sweets' })
    const manager = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId, userId: manager.id, role: 'manager', businessIds: null })
    ;(await as(client.delete(`/api/workspaces/${workspaceId}/members/${manager.id}`), owner)).assertStatus(204)

    for (const response of [
      await as(client.get('/api/businesses'), manager, workspaceId),
      await as(client.get(`/api/workspaces/${workspaceId}/members`), manager),
    ]) {
      response.assertStatus(404)
      assert.equal(response.body().code, 'E_WORKSPACE_ACCESS_ENDED')
      assert.deepEqual(response.body().workspace, { id: workspaceId, name: 'Sharma Sweets' })
      assert.equal(response.body().error, 'Workspace not found')
    }
    // Someone who never was a member learns nothing.
    const stranger = await UserFactory.create()
    const plain = await as(client.get('/api/businesses'), stranger, workspaceId)
    plain.assertStatus(404)
    assert.notProperty(plain.body(), 'workspace')
    assert.notProperty(plain.body(), 'code')
  })

  test("an agency's member is told when the client ended the management", async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { agencyOwner, clientId, clientOwner } = await agencyWithClient(client, smtp)
    ;(await as(client.delete(`/api/workspaces/${clientId}/agency`), clientOwner)).assertStatus(204)
    const response = await as(client.get('/api/overview'), agencyOwner, clientId)
    response.assertStatus(404)
    assert.equal(response.body().code, 'E_WORKSPACE_ACCESS_ENDED')
    assert.deepEqual(response.body().workspace, { id: clientId, name: 'Dosa Corner' })
  })
})
