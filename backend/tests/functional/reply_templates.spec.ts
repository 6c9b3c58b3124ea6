/*
 * Reply templates (docs/decisions.md D46): the workspace's replies to Google reviews, read by every member and
 * written by owners and managers, each for some star ratings in one of the nine languages.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import ReplyTemplate from '#models/reply_template'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory, UserFactory } from '#database/factories/index'

const THANKS = { name: 'Five stars, English', body: 'Thank you, {reviewer}! See you again at {business}.', stars: [5], language: 'en' }

async function workspace() {
  const setup = await ownerWithBusiness()
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  const member = async (role: 'manager' | 'viewer', businessIds: number[] | null = null) => {
    const user = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId, userId: user.id, role, businessIds })
    return { token: (await User.accessTokens.create(user)).value!.release(), workspace: String(workspaceId) }
  }
  return { ...setup, workspaceId, member }
}

const rows = (workspaceId: number) =>
  db.from('reply_templates').where('workspace_id', workspaceId).orderBy('id').select('id', 'name', 'body', 'stars_mask', 'language')

test.group('Reply templates', (group) => {
  isolated(group)

  test('an owner creates, lists, updates and deletes a template; stars are kept distinct and ascending', async ({ client, assert }) => {
    const { token, workspaceId } = await workspace()
    const created = await client
      .post('/api/reply-templates')
      .bearerToken(token)
      .json({ ...THANKS, name: '  Thanks  ', stars: [5, 4] })
    created.assertStatus(201)
    const id = created.body().id
    assert.deepEqual(created.body(), { id, name: 'Thanks', body: THANKS.body, stars: [4, 5], language: 'en' })
    // Four and five stars: bits 3 and 4.
    assert.deepEqual(await rows(workspaceId), [{ id, name: 'Thanks', body: THANKS.body, stars_mask: 0b11000, language: 'en' }])

    await client
      .post('/api/reply-templates')
      .bearerToken(token)
      .json({ name: 'A complaint, Hindi', body: 'क्षमा करें, {reviewer}।', stars: [1, 2, 3], language: 'hi' })
      .then((response) => response.assertStatus(201))
    const listed = await client.get('/api/reply-templates').bearerToken(token)
    listed.assertStatus(200)
    assert.deepEqual(
      listed
        .body()
        .map((template: { name: string; stars: number[]; language: string }) => [template.name, template.stars, template.language]),
      [
        ['A complaint, Hindi', [1, 2, 3], 'hi'],
        ['Thanks', [4, 5], 'en'],
      ]
    )

    const updated = await client
      .patch(`/api/reply-templates/${id}`)
      .bearerToken(token)
      .json({ stars: [3], language: 'ta' })
    updated.assertStatus(200)
    assert.deepEqual(updated.body(), { id, name: 'Thanks', body: THANKS.body, stars: [3], language: 'ta' })
    assert.equal((await ReplyTemplate.findOrFail(id)).stars.join(), '3')

    await client
      .delete(`/api/reply-templates/${id}`)
      .bearerToken(token)
      .then((response) => response.assertStatus(204))
    assert.deepEqual(
      (await rows(workspaceId)).map((row) => row.name),
      ['A complaint, Hindi']
    )
  })

  test('bad stars, an unknown language, an empty name and a 5,000-byte body are 422s that change nothing', async ({ client, assert }) => {
    const { token, workspaceId } = await workspace()
    const existing = await client.post('/api/reply-templates').bearerToken(token).json(THANKS)
    existing.assertStatus(201)
    const before = await rows(workspaceId)

    const bad: [string, Record<string, unknown>][] = [
      ['stars', { stars: [] }],
      ['stars', { stars: [0] }],
      ['stars', { stars: [6] }],
      ['stars', { stars: [4, 4] }],
      ['stars', { stars: [4.5] }],
      ['stars', { stars: ['5'] }],
      ['stars', { stars: 5 }],
      ['language', { language: 'fr' }],
      ['language', { language: 'EN' }],
      ['name', { name: '   ' }],
      ['name', { name: 'x'.repeat(81) }],
      ['body', { body: '' }],
      // 1,667 Devanagari letters of 3 bytes each: 5,001 bytes though only 1,667 characters.
      ['body', { body: 'क'.repeat(1667) }],
      ['body', { body: 'x'.repeat(5000) }],
    ]
    for (const [field, change] of bad) {
      const created = await client
        .post('/api/reply-templates')
        .bearerToken(token)
        .json({ ...THANKS, ...change })
      assert.equal(created.status(), 422, `POST ${JSON.stringify(change).slice(0, 60)}: ${created.text().slice(0, 200)}`)
      assert.equal(created.body().errors[0].field, field)
      const patched = await client.patch(`/api/reply-templates/${existing.body().id}`).bearerToken(token).json(change)
      assert.equal(patched.status(), 422, `PATCH ${JSON.stringify(change).slice(0, 60)}: ${patched.text().slice(0, 200)}`)
    }
    const blank = await client
      .post('/api/reply-templates')
      .bearerToken(token)
      .json({ ...THANKS, name: ' ', body: '\n ' })
    assert.deepEqual(
      blank.body().errors.map((error: { message: string }) => error.message),
      ['Please give the template a name', 'Please write the reply']
    )
    const missing = await client.post('/api/reply-templates').bearerToken(token).json({ name: 'No body' })
    missing.assertStatus(422)
    assert.sameMembers(
      missing.body().errors.map((error: { field: string }) => error.field),
      ['body', 'stars', 'language']
    )
    assert.deepEqual(await rows(workspaceId), before)

    // 4,096 bytes exactly is Google's limit and is taken.
    const longest = await client
      .post('/api/reply-templates')
      .bearerToken(token)
      .json({ ...THANKS, body: 'क'.repeat(1365) + 'x' })
    longest.assertStatus(201)
  })

  test('managers write, a manager limited to one business too; viewers read and get 403 on every write', async ({ client, assert }) => {
    const { token, workspaceId, member, user } = await workspace()
    const other = await BusinessFactory.merge({ userId: user.id }).create()
    const manager = await member('manager')
    const scoped = await member('manager', [other.id])
    const viewer = await member('viewer')
    const mine = await client.post('/api/reply-templates').bearerToken(token).json(THANKS)
    const id = mine.body().id

    for (const [label, actor] of [
      ['manager', manager],
      ['scoped manager', scoped],
    ] as const) {
      const created = await client
        .post('/api/reply-templates')
        .bearerToken(actor.token)
        .header('x-workspace-id', actor.workspace)
        .json(THANKS)
      assert.equal(created.status(), 201, label)
      const patched = await client
        .patch(`/api/reply-templates/${id}`)
        .bearerToken(actor.token)
        .header('x-workspace-id', actor.workspace)
        .json({ name: `By the ${label}` })
      assert.equal(patched.status(), 200, label)
      const deleted = await client
        .delete(`/api/reply-templates/${created.body().id}`)
        .bearerToken(actor.token)
        .header('x-workspace-id', actor.workspace)
      assert.equal(deleted.status(), 204, label)
    }

    const before = await rows(workspaceId)
    const read = await client.get('/api/reply-templates').bearerToken(viewer.token).header('x-workspace-id', viewer.workspace)
    read.assertStatus(200)
    assert.deepEqual(
      read.body().map((template: { id: number }) => template.id),
      [id]
    )
    const writes = [
      client.post('/api/reply-templates').bearerToken(viewer.token).header('x-workspace-id', viewer.workspace).json(THANKS),
      client
        .patch(`/api/reply-templates/${id}`)
        .bearerToken(viewer.token)
        .header('x-workspace-id', viewer.workspace)
        .json({ name: 'Mine' }),
      client.delete(`/api/reply-templates/${id}`).bearerToken(viewer.token).header('x-workspace-id', viewer.workspace),
    ]
    for (const response of await Promise.all(writes)) {
      response.assertStatus(403)
      assert.isString(response.body().error)
    }
    assert.deepEqual(await rows(workspaceId), before)
  })

  test("another workspace's template is a 404 to update or delete, and not in its list", async ({ client, assert }) => {
    const victim = await workspace()
    const stranger = await workspace()
    const theirs = await client.post('/api/reply-templates').bearerToken(victim.token).json(THANKS)
    const id = theirs.body().id
    await client
      .post('/api/reply-templates')
      .bearerToken(stranger.token)
      .json({ ...THANKS, name: 'My own' })
    const before = await rows(victim.workspaceId)

    const list = await client.get('/api/reply-templates').bearerToken(stranger.token)
    assert.deepEqual(
      list.body().map((template: { name: string }) => template.name),
      ['My own']
    )
    const patched = await client.patch(`/api/reply-templates/${id}`).bearerToken(stranger.token).json({ name: 'Hijacked' })
    patched.assertStatus(404)
    assert.equal(patched.body().error, 'Template not found')
    const deleted = await client.delete(`/api/reply-templates/${id}`).bearerToken(stranger.token)
    deleted.assertStatus(404)
    await client
      .delete('/api/reply-templates/999999999')
      .bearerToken(victim.token)
      .then((response) => response.assertStatus(404))
    assert.deepEqual(await rows(victim.workspaceId), before)
  })

  test('a workspace keeps up to 200 templates', async ({ client, assert }) => {
    const { token, workspaceId } = await workspace()
    await db.table('reply_templates').multiInsert(
      Array.from({ length: 200 }, (_, index) => ({
        workspace_id: workspaceId,
        name: `Template ${index}`,
        body: 'Thank you!',
        stars_mask: 0b10000,
        language: 'en',
        created_at: new Date(),
        updated_at: new Date(),
      }))
    )
    const refused = await client.post('/api/reply-templates').bearerToken(token).json(THANKS)
    refused.assertStatus(409)
    assert.include(refused.body().error, '200')
    const list = await client.get('/api/reply-templates').bearerToken(token)
    assert.lengthOf(list.body(), 200)
  })
})
