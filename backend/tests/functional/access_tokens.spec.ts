/*
 * The bearer token's "last used" stamp (app/services/auth/access_tokens_provider.ts): written at most once a
 * minute per token, and never for a token whose secret is wrong.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { isolated } from '#tests/helpers/setup'
import { UserFactory } from '#database/factories/index'
import { LAST_USED_RESOLUTION_MS } from '#auth/access_tokens_provider'

async function tokenRow(id: unknown) {
  return db.from('auth_access_tokens').where('id', String(id)).firstOrFail()
}

test.group('Access tokens: last used', (group) => {
  isolated(group)

  test('the first use stamps last_used_at; uses within a minute do not write it again', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await User.accessTokens.create(user)
    assert.isNull((await tokenRow(token.identifier)).last_used_at)

    ;(await client.get('/api/auth/user').bearerToken(token.value!.release())).assertStatus(200)
    const first = (await tokenRow(token.identifier)).last_used_at
    assert.instanceOf(first, Date)

    for (let i = 0; i < 3; i++) (await client.get('/api/auth/user').bearerToken(token.value!.release())).assertStatus(200)
    assert.equal((await tokenRow(token.identifier)).last_used_at.getTime(), first.getTime())
  })

  test('a stamp older than the resolution is refreshed on the next use', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await User.accessTokens.create(user)
    const old = new Date(Date.now() - LAST_USED_RESOLUTION_MS - 5_000)
    await db.from('auth_access_tokens').where('id', String(token.identifier)).update({ last_used_at: old })

    ;(await client.get('/api/auth/user').bearerToken(token.value!.release())).assertStatus(200)

    const stamped = (await tokenRow(token.identifier)).last_used_at as Date
    assert.isAbove(stamped.getTime(), old.getTime() + LAST_USED_RESOLUTION_MS)
  })

  test('a known token id with a wrong secret is refused and writes nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const token = await User.accessTokens.create(user)
    const forged = token.value!.release().replace(/.{6}$/, 'xxxxxx')

    const response = await client.get('/api/auth/user').bearerToken(forged)

    response.assertStatus(401)
    assert.isNull((await tokenRow(token.identifier)).last_used_at)
  })
})
