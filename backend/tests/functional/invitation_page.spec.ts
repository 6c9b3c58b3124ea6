/*
 * What an invitee reads before joining (docs/decisions.md D57): `POST /api/invitations/check {token}` names the
 * inviter, the workspace and the role, and the invited address for the sign-up form, without a token and without
 * using the invitation; a personal workspace is named for what it holds ("Rakesh's businesses"), so an invitation
 * from one no longer reads "Rakesh Sharma invited you to Rakesh Sharma"; migration 0047 renames those still named
 * exactly after their owner.
 */
import { test } from '@japa/runner'
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceInvitation from '#models/workspace_invitation'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { smtpMailbox } from '#tests/helpers/mailbox'
import { UserFactory } from '#database/factories/index'
import { INVITATION_INVALID } from '#actions/workspaces/membership'
import NamePersonalWorkspaces from '#database/migrations/0047_name_personal_workspaces_for_their_businesses'
import type { WorkspaceRole } from '#contract/workspace_roles'

async function invitation(workspaceId: number, by: User | null, role: WorkspaceRole = 'manager', email = 'meera.invited@example.in') {
  const token = randomBytes(32).toString('base64url')
  const row = await WorkspaceInvitation.create({
    workspaceId,
    email,
    role,
    businessIds: null,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    invitedByUserId: by?.id ?? null,
    expiresAt: clock.now().plus({ days: 7 }),
  })
  return { token, row }
}

test.group('POST /api/invitations/check', (group) => {
  isolated(group)

  test('names the inviter, the workspace, the role and the invited address, signed out, and leaves it unused', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.merge({ firstName: 'Rakesh', lastName: 'Sharma' }).create()
    const team = await Workspace.create({ name: 'Sharma Sweets Team', kind: 'team', createdByUserId: owner.id })
    const { token, row } = await invitation(team.id, owner, 'viewer')

    const response = await client.post('/api/invitations/check').json({ token })

    response.assertStatus(200)
    await row.refresh()
    assert.isNull(row.acceptedAt)
    assert.deepEqual(response.body(), {
      email: 'meera.invited@example.in',
      role: 'viewer',
      workspace: { name: 'Sharma Sweets Team', kind: 'team' },
      inviterName: 'Rakesh Sharma',
      expiresAt: row.expiresAt.toUTC().toISO(),
    })
  })

  test('an inviter whose account is gone is not named; the invitation still reads', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const { token } = await invitation((await Workspace.personalIdOf(owner.id))!, null)

    const response = await client.post('/api/invitations/check').json({ token })

    response.assertStatus(200)
    assert.isNull(response.body().inviterName)
  })

  test('a used, expired or unknown link is 400 with the sentence accepting it would give', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const workspaceId = (await Workspace.personalIdOf(owner.id))!
    const used = await invitation(workspaceId, owner, 'manager', 'used@example.in')
    used.row.acceptedAt = clock.now()
    await used.row.save()
    const expired = await invitation(workspaceId, owner, 'manager', 'expired@example.in')
    expired.row.expiresAt = clock.now().minus({ minutes: 1 })
    await expired.row.save()

    for (const token of [used.token, expired.token, randomBytes(32).toString('base64url')]) {
      const response = await client.post('/api/invitations/check').json({ token })
      response.assertStatus(400)
      assert.equal(response.body().error, INVITATION_INVALID)
    }
  })

  test('a missing or malformed token is 422', async ({ client }) => {
    for (const body of [{}, { token: '' }, { token: 'not a token!' }, { token: ['x'] }, { token: 'x'.repeat(201) }]) {
      ;(await client.post('/api/invitations/check').json(body)).assertStatus(422)
    }
  })
})

test.group('A personal workspace is named for what it holds', (group) => {
  isolated(group)

  test('sign-up names it "Rakesh\'s businesses", and an invitation from it says so', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const email = `rakesh-${randomBytes(4).toString('hex')}@example.in`
    const registered = await client
      .post('/api/auth/register')
      .json({ email, password: 'masala-dosa-2024', firstName: 'Rakesh', lastName: 'Sharma' })
    registered.assertStatus(201)
    const workspaces = await client.get('/api/workspaces').bearerToken(registered.body().token)
    assert.deepEqual(
      workspaces.body().map((workspace: { name: string; kind: string }) => [workspace.name, workspace.kind]),
      [["Rakesh's businesses", 'personal']]
    )

    // Verified (an unverified account sends no invitations), then inviting.
    await db.from('users').where('email', email).update({ email_verified_at: new Date() })
    const workspaceId = workspaces.body()[0].id
    const invited = await client
      .post(`/api/workspaces/${workspaceId}/invitations`)
      .bearerToken(registered.body().token)
      .json({ email: 'meera.invited@example.in', role: 'manager' })
    invited.assertStatus(201)
    const mails = await smtp.waitFor(2)
    const sent = mails.find((mail) => mail.kind === 'workspace-invitation')!
    assert.equal(sent.subject, "Rakesh Sharma invited you to Rakesh's businesses on ReviewRoute")
  })

  test('without a first name: the last name, else the address before the @', ({ assert }) => {
    assert.equal(Workspace.personalName({ firstName: ' Asha ', lastName: 'Patel', email: 'a@example.in' }), "Asha's businesses")
    assert.equal(Workspace.personalName({ firstName: null, lastName: 'Patel', email: 'a@example.in' }), "Patel's businesses")
    assert.equal(Workspace.personalName({ firstName: '', lastName: null, email: 'meera.k@example.in' }), "meera.k's businesses")
    assert.isAtMost(Workspace.personalName({ firstName: 'A'.repeat(300), lastName: null, email: 'a@example.in' }).length, 120)
  })
})

test.group('Migration 0047: personal workspaces still named after their owner', (group) => {
  isolated(group)

  test('are renamed for their businesses; one its owner renamed, and other kinds, are left; down names them back', async ({ assert }) => {
    const rakesh = await UserFactory.merge({ firstName: 'Rakesh', lastName: 'Sharma' }).create()
    const nameless = await UserFactory.merge({ firstName: null, lastName: null, email: 'nameless.owner@example.in' }).create()
    const renamed = await UserFactory.merge({ firstName: 'Asha', lastName: 'Patel' }).create()
    const caseOnly = await UserFactory.merge({ firstName: 'Kiran', lastName: 'Rao' }).create()
    const personal = async (user: User, name: string) => {
      const id = (await Workspace.personalIdOf(user.id))!
      await db.from('workspaces').where('id', id).update({ name })
      return id
    }
    // As sign-up named them before: the owner's full name, else the address.
    const rakeshId = await personal(rakesh, 'Rakesh Sharma')
    const namelessId = await personal(nameless, 'nameless.owner@example.in')
    const renamedId = await personal(renamed, 'Patel Family Shops')
    const caseOnlyId = await personal(caseOnly, 'KIRAN RAO')
    const team = await Workspace.create({ name: 'Rakesh Sharma', kind: 'team', createdByUserId: rakesh.id })
    const names = async () =>
      Object.fromEntries(
        (await db.from('workspaces').whereIn('id', [rakeshId, namelessId, renamedId, caseOnlyId, team.id]).select('id', 'name')).map(
          (row) => [row.id, row.name]
        )
      )

    await new NamePersonalWorkspaces(db.connection(), 'database/migrations/0047', false).execUp()
    assert.deepEqual(await names(), {
      [rakeshId]: "Rakesh's businesses",
      [namelessId]: "nameless.owner's businesses",
      [renamedId]: 'Patel Family Shops',
      [caseOnlyId]: 'KIRAN RAO',
      [team.id]: 'Rakesh Sharma',
    })

    await new NamePersonalWorkspaces(db.connection(), 'database/migrations/0047', false).execDown()
    assert.deepEqual(await names(), {
      [rakeshId]: 'Rakesh Sharma',
      [namelessId]: 'nameless.owner@example.in',
      [renamedId]: 'Patel Family Shops',
      [caseOnlyId]: 'KIRAN RAO',
      [team.id]: 'Rakesh Sharma',
    })
  })
})
