/*
 * Signed-in devices and changing the password (docs/decisions.md D29): every access token of the owner is a
 * device with its browser and last use; one or all can be signed out; a new password signs the others out.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'
import { WRONG_CURRENT_PASSWORD } from '#actions/auth/change_password'
import type { DeviceDto } from '#types/api'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36'

async function signIn(client: ApiClient, email: string, userAgent: string, password = DEFAULT_PASSWORD) {
  const response = await client.post('/api/auth/login').header('user-agent', userAgent).json({ email, password })
  response.assertStatus(200)
  return response.body().token as string
}

const devices = async (client: ApiClient, token: string) => {
  const response = await client.get('/api/auth/sessions').bearerToken(token)
  response.assertStatus(200)
  return response.body() as DeviceDto[]
}

test.group('Signed-in devices', (group) => {
  isolated(group)

  test('lists each sign-in with its browser and last use, and marks this one', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const phone = await signIn(client, owner.email, PHONE)
    const desktop = await signIn(client, owner.email, DESKTOP)
    await client.get('/api/auth/user').bearerToken(phone)

    const list = await devices(client, desktop)
    assert.sameDeepMembers(
      list.map(({ userAgent, current }) => ({ userAgent, current })),
      [
        { userAgent: DESKTOP, current: true },
        { userAgent: PHONE, current: false },
      ]
    )
    for (const device of list) {
      assert.isNumber(device.id)
      assert.isFalse(Number.isNaN(Date.parse(device.createdAt)))
      assert.isFalse(Number.isNaN(Date.parse(device.lastUsedAt!)), 'both were used')
    }
  })

  test('a device never used since signing in comes last', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    await signIn(client, owner.email, PHONE)
    const desktop = await signIn(client, owner.email, DESKTOP)
    const list = await devices(client, desktop)
    assert.deepEqual(
      list.map((device) => [device.userAgent, device.lastUsedAt === null]),
      [
        [DESKTOP, false],
        [PHONE, true],
      ]
    )
  })

  test('another owner’s devices are never listed', async ({ client, assert }) => {
    const mine = await ownerWithBusiness()
    const theirs = await UserFactory.create()
    await signIn(client, theirs.email, PHONE)
    const list = await devices(client, mine.token)
    assert.lengthOf(list, 1)
    assert.isTrue(list[0].current)
  })

  test('signing one device out revokes its token only', async ({ client }) => {
    const owner = await UserFactory.create()
    const phone = await signIn(client, owner.email, PHONE)
    const desktop = await signIn(client, owner.email, DESKTOP)
    const phoneId = (await devices(client, desktop)).find((device) => device.userAgent === PHONE)!.id

    ;(await client.delete(`/api/auth/sessions/${phoneId}`).bearerToken(desktop)).assertStatus(204)
    ;(await client.get('/api/auth/user').bearerToken(phone)).assertStatus(401)
    ;(await client.get('/api/auth/user').bearerToken(desktop)).assertStatus(200)
    ;(await client.delete(`/api/auth/sessions/${phoneId}`).bearerToken(desktop)).assertStatus(404)
  })

  test("another owner's device is a 404 and stays signed in", async ({ client }) => {
    const mine = await ownerWithBusiness()
    const theirs = await UserFactory.create()
    const theirToken = await signIn(client, theirs.email, PHONE)
    const theirId = (await devices(client, theirToken))[0].id

    ;(await client.delete(`/api/auth/sessions/${theirId}`).bearerToken(mine.token)).assertStatus(404)
    ;(await client.get('/api/auth/user').bearerToken(theirToken)).assertStatus(200)
  })

  test('sign out everywhere revokes every token, this one included', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const phone = await signIn(client, owner.email, PHONE)
    const desktop = await signIn(client, owner.email, DESKTOP)
    ;(await client.post('/api/auth/logout-all').bearerToken(desktop)).assertStatus(204)
    ;(await client.get('/api/auth/user').bearerToken(phone)).assertStatus(401)
    ;(await client.get('/api/auth/user').bearerToken(desktop)).assertStatus(401)
    const left = await db.from('auth_access_tokens').where('tokenable_id', owner.id).count('* as n').first()
    assert.equal(Number(left.n), 0)
  })

  test('needs a token', async ({ client }) => {
    ;(await client.get('/api/auth/sessions')).assertStatus(401)
    ;(await client.post('/api/auth/logout-all')).assertStatus(401)
    ;(await client.delete('/api/auth/sessions/1')).assertStatus(401)
  })
})

test.group('Change password', (group) => {
  isolated(group)

  test('the new password works, the old one does not, and only this device stays signed in', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const phone = await signIn(client, owner.email, PHONE)
    const desktop = await signIn(client, owner.email, DESKTOP)

    const response = await client
      .post('/api/auth/change-password')
      .bearerToken(desktop)
      .json({ currentPassword: DEFAULT_PASSWORD, password: 'a-new-long-password' })
    response.assertStatus(200)
    assert.isTrue(response.body().success)

    ;(await client.get('/api/auth/user').bearerToken(phone)).assertStatus(401)
    ;(await client.get('/api/auth/user').bearerToken(desktop)).assertStatus(200)
    ;(await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).assertStatus(400)
    ;(await client.post('/api/auth/login').json({ email: owner.email, password: 'a-new-long-password' })).assertStatus(200)
  })

  test('a wrong current password is a 400 and changes nothing', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const phone = await signIn(client, owner.email, PHONE)
    const desktop = await signIn(client, owner.email, DESKTOP)
    const response = await client
      .post('/api/auth/change-password')
      .bearerToken(desktop)
      .json({ currentPassword: 'not-the-password', password: 'a-new-long-password' })
    response.assertStatus(400)
    assert.equal(response.body().error, WRONG_CURRENT_PASSWORD)
    ;(await client.get('/api/auth/user').bearerToken(phone)).assertStatus(200)
    ;(await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).assertStatus(200)
  })

  test('wrong current passwords count against the account’s sign-in lock', async ({ client }) => {
    const owner = await UserFactory.create()
    const token = await signIn(client, owner.email, DESKTOP)
    for (let n = 1; n <= 10; n++) {
      const response = await client
        .post('/api/auth/change-password')
        .bearerToken(token)
        .json({ currentPassword: `guess-${n}`, password: 'a-new-long-password' })
      response.assertStatus(400)
    }
    const locked = await client
      .post('/api/auth/change-password')
      .bearerToken(token)
      .json({ currentPassword: DEFAULT_PASSWORD, password: 'a-new-long-password' })
    locked.assertStatus(429)
    ;(await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).assertStatus(429)
  })

  test('a short new password is a 422 on password', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    const response = await client
      .post('/api/auth/change-password')
      .bearerToken(token)
      .json({ currentPassword: DEFAULT_PASSWORD, password: 'short' })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'password')
  })
})
