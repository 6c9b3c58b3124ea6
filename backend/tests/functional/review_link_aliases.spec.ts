/*
 * Links that never die (docs/decisions.md D31): after an owner edits the review code, the old one is sent on
 * (301) to the new one, works for rating, and stays reserved to that business.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import type User from '#models/user'
import type Business from '#models/business'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory, UserFactory } from '#database/factories/index'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`

const rename = (client: ApiClient, owner: User, business: Business, shortUrl: string) =>
  client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl }).loginAs(owner)

const open = (path: string) => fetch(`${API}${path}`, { redirect: 'manual' })

test.group('Earlier review codes', (group) => {
  isolated(group)

  test('an edited code sends the old link on with 301, keeping the query, and the new one answers', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness({ business: { shortUrl: 'old-poster' } })
    ;(await rename(client, user, business, 'new-code')).assertStatus(200)

    const old = await open('/review/old-poster?lang=ta')
    assert.equal(old.status, 301)
    assert.equal(
      new URL(old.headers.get('location')!, API).pathname + new URL(old.headers.get('location')!, API).search,
      '/review/new-code?lang=ta'
    )
    assert.equal((await open('/review/OLD-Poster')).status, 301)
    assert.equal((await open('/review/new-code')).status, 200)
    assert.equal((await open('/review/never-was')).status, 404)
  })

  test('the old code still finds the business for the API and takes ratings', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness({ business: { shortUrl: 'old-poster' } })
    await rename(client, user, business, 'new-code')

    const found = await client.get('/api/business/by-url/old-poster')
    found.assertStatus(200)
    assert.equal(found.body().business.shortUrl, 'new-code')
    ;(await client.post('/api/review/old-poster/submit').json({ rating: 5 })).assertStatus(200)
    const rows = await db.from('review_sessions').where('business_id', business.id)
    assert.lengthOf(rows, 1)
  })

  test('nobody else can take an earlier code; the business itself can go back to it', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness({ business: { shortUrl: 'first-code' } })
    const other = await UserFactory.create()
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()
    await rename(client, user, business, 'second-code')

    const stolen = await rename(client, other, theirs, 'first-code')
    stolen.assertStatus(409)
    await theirs.refresh()
    assert.notEqual(theirs.shortUrl, 'first-code')

    ;(await rename(client, user, business, 'first-code')).assertStatus(200)
    assert.equal((await open('/review/second-code')).status, 301)
    assert.equal((await open('/review/first-code')).status, 200)
    const aliases = await db.from('review_link_aliases').where('business_id', business.id).orderBy('code')
    assert.deepEqual(
      aliases.map((row) => row.code),
      ['second-code']
    )
  })

  test('a code chain of several edits all lead to the current code in one hop', async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness({ business: { shortUrl: 'code-a' } })
    for (const code of ['code-b', 'code-c', 'code-d']) (await rename(client, user, business, code)).assertStatus(200)

    for (const code of ['code-a', 'code-b', 'code-c']) {
      const response = await open(`/review/${code}`)
      assert.equal(response.status, 301)
      assert.equal(new URL(response.headers.get('location')!, API).pathname, '/review/code-d')
    }
  })

  test('deleting the business frees every code it had', async ({ client, assert }) => {
    const { user, token, business } = await ownerWithBusiness({ business: { shortUrl: 'old-poster' } })
    await rename(client, user, business, 'new-code')

    ;(await client.delete(`/api/businesses/${business.id}`).bearerToken(token)).assertStatus(200)

    assert.equal((await open('/review/old-poster')).status, 404)
    assert.lengthOf(await db.from('review_link_aliases'), 0)
  })
})
