/*
 * Cache invalidation across processes (docs/decisions.md D54): a change made in one process is forgotten by the
 * others' caches when its message arrives over Redis, not when their TTL runs out. "Another process" here is a
 * plain Redis client publishing and listening on the same channel, as another replica's Invalidations would.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { invalidations } from '#hot_path/invalidations'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { brands } from '#services/brand/brands'

const lookUp = (client: ApiClient, code: string) => client.get(`/api/business/by-url/${code}`)
const redisOptions = () => ({ host: env.get('REDIS_HOST'), port: env.get('REDIS_PORT') })

/** Publishes as another replica would; resolves once this process has applied it, with the time that took. */
async function fromAnotherReplica(kind: string, id: number) {
  const publisher = new Redis(redisOptions())
  try {
    const before = invalidations.received
    const sent = performance.now()
    await publisher.publish(invalidations.channel, JSON.stringify({ o: randomUUID(), k: kind, i: id }))
    while (invalidations.received === before) {
      if (performance.now() - sent > 2000) throw new Error('the message never arrived')
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    return performance.now() - sent
  } finally {
    publisher.disconnect()
  }
}

/** What this process publishes while `act` runs, as another replica's subscriber receives it. */
async function published(act: () => Promise<unknown>) {
  const listener = new Redis(redisOptions())
  const messages: { o: string; k: string; i: number }[] = []
  try {
    await listener.subscribe(invalidations.channel)
    listener.on('message', (_channel: string, raw: string) => messages.push(JSON.parse(raw)))
    await act()
    await new Promise((resolve) => setTimeout(resolve, 50))
    return messages
  } finally {
    listener.disconnect()
  }
}

test.group('Cache invalidations across processes', (group) => {
  isolated(group)
  group.setup(() => invalidations.subscribed())
  // A TTL far longer than the test, so only a message can explain a forgotten entry.
  group.each.setup(() => reviewLinkCache.configure(60_000))
  group.each.teardown(() => reviewLinkCache.configure(env.get('REVIEW_LINK_CACHE_MS')))

  test("another replica's change to a business is forgotten here when its message arrives", async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    ;(await lookUp(client, business.shortUrl)).assertStatus(200)
    await db.from('businesses').where('id', business.id).update({ name: 'Renamed Elsewhere' })
    assert.equal((await lookUp(client, business.shortUrl)).body().business.name, business.name, 'cached meanwhile')

    const took = await fromAnotherReplica('business', business.id)

    assert.equal((await lookUp(client, business.shortUrl)).body().business.name, 'Renamed Elsewhere')
    assert.isBelow(took, 2000)
  })

  test('a message about another business or from this process itself forgets nothing', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    ;(await lookUp(client, business.shortUrl)).assertStatus(200)
    await db.from('businesses').where('id', business.id).update({ name: 'Renamed Elsewhere' })

    await fromAnotherReplica('business', business.id + 1000)
    assert.isFalse(invalidations.apply(JSON.stringify({ o: invalidations.origin, k: 'business', i: business.id })))
    assert.isFalse(invalidations.apply('not json'))
    assert.isFalse(invalidations.apply(JSON.stringify({ o: 'x', k: 'unknown-kind', i: 1 })))

    assert.equal((await lookUp(client, business.shortUrl)).body().business.name, business.name)
  })

  test("an owner's change here is published once its transaction has committed", async ({ client, assert }) => {
    const { user, business } = await ownerWithBusiness()

    const messages = await published(async () => {
      const changed = await client
        .patch(`/api/business/${business.id}/update-short-url`)
        .json({ shortUrl: 'moved-elsewhere' })
        .loginAs(user)
      changed.assertStatus(200)
    })

    const about = messages.filter((message) => message.k === 'business' && message.i === business.id)
    assert.isAtLeast(about.length, 1)
    assert.isTrue(about.every((message) => message.o === invalidations.origin))
  })

  test("a workspace's access and the brands are forgotten on another replica's word", async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    let loads = 0
    const access = () =>
      reviewLinkCache.unlimitedAccess(business.workspaceId, async () => {
        loads += 1
        const { DateTime } = await import('luxon')
        return DateTime.now().plus({ days: 3 })
      })
    await access()
    await access()
    assert.equal(loads, 1, 'remembered')

    await fromAnotherReplica('workspace', business.workspaceId)
    await access()
    assert.equal(loads, 2, 'read again after the message')

    const messages = await published(async () => brands.forgetBrands())
    assert.deepInclude(
      messages.map(({ k }) => k),
      'brands'
    )
  })
})
