/*
 * An owner's businesses: the spec's endpoints (my-businesses, update-short-url, remove) and the Refine
 * resource /api/businesses (docs/decisions.md D2, D3, D13).
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { UserFactory, BusinessFactory, ReviewSessionFactory } from '#database/factories/index'
import Business from '#models/business'
import WorkspaceMember from '#models/workspace_member'
import type User from '#models/user'

const JUNK_TOKEN = 'oat_bm90LWEtcmVhbC10b2tlbg.aGVsbG8td29ybGQtdGhpcy1pcy1qdW5r'
const BUSINESS_FIELDS = ['id', 'name', 'address', 'rating', 'reviewCount', 'shortUrl', 'googleReviewUrl', 'createdAt']

const daysAgo = (days: number) => DateTime.utc().minus({ days }).startOf('second')

async function count(table: string, column: string, value: string | number) {
  const row = await db.from(table).where(column, value).count('* as total').first()
  return Number(row.total)
}

/** Businesses of `user`, one per name, created one day apart in the given order (first is oldest). */
async function businessesNamed(user: User, names: string[]) {
  const created: Business[] = []
  for (const [index, name] of names.entries()) {
    created.push(await BusinessFactory.merge({ userId: user.id, name, createdAt: daysAgo(names.length - index) }).create())
  }
  return created
}

test.group('GET /api/my-businesses', (group) => {
  isolated(group)

  test("lists only the owner's businesses, oldest first, as a plain array", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const newest = await BusinessFactory.merge({ userId: owner.id, createdAt: daysAgo(1) }).create()
    const oldest = await BusinessFactory.merge({ userId: owner.id, createdAt: daysAgo(3) }).create()
    const middle = await BusinessFactory.merge({ userId: owner.id, createdAt: daysAgo(2) }).create()
    await BusinessFactory.merge({ userId: other.id, createdAt: daysAgo(5) }).createMany(2)

    const response = await client.get('/api/my-businesses').loginAs(owner)

    response.assertStatus(200)
    const body = response.body()
    assert.isArray(body)
    assert.deepEqual(
      body.map((business: { id: number }) => business.id),
      [oldest.id, middle.id, newest.id]
    )
    const [first] = body
    for (const field of BUSINESS_FIELDS) assert.property(first, field)
    assert.equal(first.name, oldest.name)
    assert.equal(first.address, oldest.address)
    assert.equal(first.rating, oldest.rating)
    assert.equal(first.reviewCount, oldest.reviewCount)
    assert.equal(first.shortUrl, oldest.shortUrl)
    assert.equal(first.googleReviewUrl, `https://search.google.com/local/writereview?placeid=${oldest.placeId}`)
    assert.notProperty(first, 'userId')
  })

  test('is an empty array for an owner with no businesses', async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    await BusinessFactory.merge({ userId: other.id }).create()

    const response = await client.get('/api/my-businesses').loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(response.body(), [])
  })

  test('without a token or with a junk token is 401', async ({ client, assert }) => {
    const anonymous = await client.get('/api/my-businesses')
    const junk = await client.get('/api/my-businesses').bearerToken(JUNK_TOKEN)

    anonymous.assertStatus(401)
    assert.isString(anonymous.body().error)
    junk.assertStatus(401)
    assert.isString(junk.body().error)
  })
})

test.group('PATCH /api/business/:id/update-short-url', (group) => {
  isolated(group)

  test('stores a new short URL in lowercase', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()

    const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl: 'My-Cafe' }).loginAs(owner)

    response.assertStatus(200)
    assert.sameMembers(Object.keys(response.body()), ['business'])
    assert.equal(response.body().business.id, business.id)
    assert.equal(response.body().business.shortUrl, 'my-cafe')
    assert.equal(response.body().business.name, business.name)
    await business.refresh()
    assert.equal(business.shortUrl, 'my-cafe')
  })

  test('accepts 3 and 32 characters of letters, digits and hyphens', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()

    for (const shortUrl of ['a1-', 'sharma-sweets-karol-bagh-delhi-1']) {
      const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl }).loginAs(owner)
      response.assertStatus(200)
      await business.refresh()
      assert.equal(business.shortUrl, shortUrl)
    }
  })

  test("a code taken by another owner's business is 409 and nothing changes", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const business = await BusinessFactory.merge({ userId: owner.id }).create()
    await BusinessFactory.merge({ userId: other.id, shortUrl: 'taken-code' }).create()
    const before = business.shortUrl

    for (const shortUrl of ['taken-code', 'Taken-CODE']) {
      const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl }).loginAs(owner)
      response.assertStatus(409)
      assert.isString(response.body().error)
      assert.isNotEmpty(response.body().error)
    }
    await business.refresh()
    assert.equal(business.shortUrl, before)
    assert.equal(await count('businesses', 'short_url', 'taken-code'), 1)
  })

  test("a code taken by the owner's other business is 409", async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const sibling = await BusinessFactory.merge({ userId: owner.id }).create()

    const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl: sibling.shortUrl }).loginAs(owner)

    response.assertStatus(409)
    assert.isString(response.body().error)
    assert.equal(await count('businesses', 'short_url', sibling.shortUrl), 1)
  })

  test('a reserved word is 422 on shortUrl', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const before = business.shortUrl

    for (const shortUrl of ['api', 'dashboard', 'Admin', 'review']) {
      const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl }).loginAs(owner)
      assert.equal(response.status(), 422, shortUrl)
      assert.equal(response.body().errors[0].field, 'shortUrl')
      assert.isString(response.body().error)
    }
    await business.refresh()
    assert.equal(business.shortUrl, before)
  })

  test('too short, too long or odd characters are 422 on shortUrl', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const before = business.shortUrl

    for (const shortUrl of ['ab', 'x'.repeat(33), 'a b', 'ab/c', 'über', 'my_cafe', 'cafe.in', '', 1234, null]) {
      const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl }).loginAs(owner)
      assert.equal(response.status(), 422, JSON.stringify(shortUrl))
      assert.equal(response.body().errors[0].field, 'shortUrl', JSON.stringify(shortUrl))
      assert.equal(response.body().message, response.body().error)
    }
    const missing = await client.patch(`/api/business/${business.id}/update-short-url`).json({}).loginAs(owner)
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'shortUrl')
    await business.refresh()
    assert.equal(business.shortUrl, before)
  })

  test('the current code again is 200 and changes nothing', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness({ business: { shortUrl: 'spice-route' } })

    for (const shortUrl of ['spice-route', 'Spice-Route']) {
      const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl }).loginAs(owner)
      response.assertStatus(200)
      assert.equal(response.body().business.shortUrl, 'spice-route')
    }
    await business.refresh()
    assert.equal(business.shortUrl, 'spice-route')
    assert.equal(await count('businesses', 'short_url', 'spice-route'), 1)
  })

  test("another owner's business is 404 and keeps its code", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()
    const before = theirs.shortUrl

    const response = await client.patch(`/api/business/${theirs.id}/update-short-url`).json({ shortUrl: 'stolen-code' }).loginAs(owner)

    response.assertStatus(404)
    assert.isString(response.body().error)
    await theirs.refresh()
    assert.equal(theirs.shortUrl, before)
    assert.equal(await count('businesses', 'short_url', 'stolen-code'), 0)
  })

  test('a missing or non-numeric id is 404', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()

    for (const id of [business.id + 100000, 'abc']) {
      const response = await client.patch(`/api/business/${id}/update-short-url`).json({ shortUrl: 'new-code' }).loginAs(owner)
      assert.equal(response.status(), 404, String(id))
      assert.isString(response.body().error)
    }
    assert.equal(await count('businesses', 'short_url', 'new-code'), 0)
  })

  test('without a token is 401 and nothing changes', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()
    const before = business.shortUrl

    const response = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl: 'anon-code' })

    response.assertStatus(401)
    assert.isString(response.body().error)
    await business.refresh()
    assert.equal(business.shortUrl, before)
  })
})

test.group('DELETE /api/business/:id', (group) => {
  isolated(group)

  test('removes the business with its review sessions', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const kept = await BusinessFactory.merge({ userId: owner.id }).create()
    await ReviewSessionFactory.merge({ businessId: business.id }).createMany(3)
    await ReviewSessionFactory.merge({ businessId: business.id }).apply('negative').create()
    await ReviewSessionFactory.merge({ businessId: kept.id }).createMany(2)
    assert.equal(await count('review_sessions', 'business_id', business.id), 4)

    const response = await client.delete(`/api/business/${business.id}`).loginAs(owner)

    response.assertStatus(200)
    assert.equal(response.body().success, true)
    assert.equal(response.body().id, business.id)
    assert.isNull(await Business.find(business.id))
    assert.equal(await count('review_sessions', 'business_id', business.id), 0)
    assert.isNotNull(await Business.find(kept.id))
    assert.equal(await count('review_sessions', 'business_id', kept.id), 2)
  })

  test("another owner's business is 404 and stays with its sessions", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()
    await ReviewSessionFactory.merge({ businessId: theirs.id }).createMany(2)

    const response = await client.delete(`/api/business/${theirs.id}`).loginAs(owner)

    response.assertStatus(404)
    assert.isString(response.body().error)
    assert.isNotNull(await Business.find(theirs.id))
    assert.equal(await count('review_sessions', 'business_id', theirs.id), 2)
  })

  test('a missing or non-numeric id is 404', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()

    for (const id of [business.id + 100000, 'abc']) {
      const response = await client.delete(`/api/business/${id}`).loginAs(owner)
      assert.equal(response.status(), 404, String(id))
      assert.isString(response.body().error)
    }
    assert.equal(await count('businesses', 'user_id', owner.id), 1)
  })

  test('without a token is 401 and the business stays', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.delete(`/api/business/${business.id}`)

    response.assertStatus(401)
    assert.isString(response.body().error)
    assert.isNotNull(await Business.find(business.id))
  })
})

test.group('GET /api/businesses (Refine list)', (group) => {
  isolated(group)

  test("a page is a plain array with the owner's total in x-total-count", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const mine = await businessesNamed(owner, ['Alpha One', 'Bravo Two', 'Charlie Three', 'Delta Four', 'Echo Five'])
    await BusinessFactory.merge({ userId: other.id }).createMany(3)

    const response = await client.get('/api/businesses').qs({ _start: 1, _end: 3 }).loginAs(owner)

    response.assertStatus(200)
    assert.isArray(response.body())
    assert.equal(response.header('x-total-count'), '5')
    // Default order: newest first.
    const newestFirst = [...mine].reverse().map((business) => business.id)
    assert.deepEqual(
      response.body().map((business: { id: number }) => business.id),
      newestFirst.slice(1, 3)
    )
    for (const field of BUSINESS_FIELDS) assert.property(response.body()[0], field)
  })

  test('sorts by name in either order', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    await businessesNamed(owner, ['Mango Bakery', 'Zeta Salon', 'Alpha Cafe', 'Kesar Sweets'])

    const ascending = await client.get('/api/businesses').qs({ _sort: 'name', _order: 'asc' }).loginAs(owner)
    const descending = await client.get('/api/businesses').qs({ _sort: 'name', _order: 'desc' }).loginAs(owner)

    ascending.assertStatus(200)
    assert.deepEqual(
      ascending.body().map((business: { name: string }) => business.name),
      ['Alpha Cafe', 'Kesar Sweets', 'Mango Bakery', 'Zeta Salon']
    )
    descending.assertStatus(200)
    assert.deepEqual(
      descending.body().map((business: { name: string }) => business.name),
      ['Zeta Salon', 'Mango Bakery', 'Kesar Sweets', 'Alpha Cafe']
    )
  })

  test("name_like is a case-insensitive contains over the owner's rows", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    await businessesNamed(owner, ['Cafe Mocha', 'Green Leaf Cafe', 'CAFE COFFEE SPOT', 'Decaf Corner', 'Bakery Bliss'])
    await businessesNamed(other, ['Other Owner Cafe'])

    const response = await client.get('/api/businesses').qs({ name_like: 'caf', _sort: 'name', _order: 'asc' }).loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((business: { name: string }) => business.name),
      ['CAFE COFFEE SPOT', 'Cafe Mocha', 'Decaf Corner', 'Green Leaf Cafe']
    )
    assert.equal(response.header('x-total-count'), '4')
  })

  test('% and _ in name_like are literal characters', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    await businessesNamed(owner, ['100% Veg Thali', '1000 Veg Thali', 'A_B Store', 'AXB Store'])

    const percent = await client.get('/api/businesses').qs({ name_like: '100%' }).loginAs(owner)
    const underscore = await client.get('/api/businesses').qs({ name_like: 'a_b' }).loginAs(owner)

    percent.assertStatus(200)
    assert.deepEqual(
      percent.body().map((business: { name: string }) => business.name),
      ['100% Veg Thali']
    )
    assert.equal(percent.header('x-total-count'), '1')
    underscore.assertStatus(200)
    assert.deepEqual(
      underscore.body().map((business: { name: string }) => business.name),
      ['A_B Store']
    )
  })

  test('an unknown sort field is 422', async ({ client, assert }) => {
    const { user: owner } = await ownerWithBusiness()

    for (const sort of ['password', 'user_id', 'name,secret']) {
      const response = await client.get('/api/businesses').qs({ _sort: sort }).loginAs(owner)
      assert.equal(response.status(), 422, sort)
      assert.equal(response.body().errors[0].field, '_sort')
      assert.isString(response.body().error)
    }
  })

  test('a bad _start is 422', async ({ client, assert }) => {
    const { user: owner } = await ownerWithBusiness()

    for (const start of ['abc', '-1', '1.5']) {
      const response = await client.get('/api/businesses').qs({ _start: start, _end: 10 }).loginAs(owner)
      assert.equal(response.status(), 422, start)
      assert.equal(response.body().errors[0].field, '_start')
    }
  })

  test('an _end before _start or an unknown _order is 422', async ({ client, assert }) => {
    const { user: owner } = await ownerWithBusiness()

    const backwards = await client.get('/api/businesses').qs({ _start: 10, _end: 5 }).loginAs(owner)
    const sideways = await client.get('/api/businesses').qs({ _sort: 'name', _order: 'sideways' }).loginAs(owner)

    backwards.assertStatus(422)
    assert.equal(backwards.body().errors[0].field, '_end')
    sideways.assertStatus(422)
    assert.equal(sideways.body().errors[0].field, '_order')
  })

  test('pages default to 25 rows and are capped at 100', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    await BusinessFactory.merge({ userId: owner.id }).createMany(105)

    const unpaged = await client.get('/api/businesses').loginAs(owner)
    const huge = await client.get('/api/businesses').qs({ _start: 0, _end: 1000 }).loginAs(owner)
    const tail = await client.get('/api/businesses').qs({ _start: 100, _end: 200 }).loginAs(owner)

    unpaged.assertStatus(200)
    assert.lengthOf(unpaged.body(), 25)
    huge.assertStatus(200)
    assert.lengthOf(huge.body(), 100)
    assert.equal(huge.header('x-total-count'), '105')
    assert.lengthOf(new Set(huge.body().map((business: { id: number }) => business.id)), 100)
    tail.assertStatus(200)
    assert.lengthOf(tail.body(), 5)
  })

  test("another owner's rows are never listed, even when asked for by id", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const mine = await BusinessFactory.merge({ userId: owner.id }).createMany(2)
    const theirs = await BusinessFactory.merge({ userId: other.id }).createMany(3)

    const all = await client.get('/api/businesses').qs({ _start: 0, _end: 50 }).loginAs(owner)
    const byId = await client.get('/api/businesses').qs({ id: theirs[0].id }).loginAs(owner)

    all.assertStatus(200)
    assert.sameMembers(
      all.body().map((business: { id: number }) => business.id),
      mine.map((business) => business.id)
    )
    assert.equal(all.header('x-total-count'), '2')
    byId.assertStatus(200)
    assert.deepEqual(byId.body(), [])
    assert.equal(byId.header('x-total-count'), '0')
  })

  test('without a token is 401', async ({ client, assert }) => {
    const response = await client.get('/api/businesses')

    response.assertStatus(401)
    assert.isString(response.body().error)
  })

  test("a request from the dashboard's origin may read x-total-count", async ({ client, assert }) => {
    const owner = await UserFactory.create()
    await BusinessFactory.merge({ userId: owner.id }).createMany(2)

    const response = await client.get('/api/businesses').header('Origin', 'http://localhost:5173').loginAs(owner)

    response.assertStatus(200)
    assert.equal(response.header('access-control-allow-origin'), 'http://localhost:5173')
    const exposed = String(response.header('access-control-expose-headers') ?? '')
      .toLowerCase()
      .split(',')
      .map((header) => header.trim())
    assert.include(exposed, 'x-total-count')
    assert.equal(response.header('x-total-count'), '2')
  })
})

test.group('GET /api/businesses/:id', (group) => {
  isolated(group)

  test('an owner reads their business', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const business = await BusinessFactory.merge({ userId: owner.id, language: 'hi' }).apply('compliance').create()

    const response = await client.get(`/api/businesses/${business.id}`).loginAs(owner)

    response.assertStatus(200)
    assert.equal(response.body().id, business.id)
    assert.equal(response.body().name, business.name)
    assert.equal(response.body().shortUrl, business.shortUrl)
    assert.equal(response.body().googleReviewUrl, business.googleReviewUrl)
    assert.isTrue(response.body().complianceMode)
    assert.equal(response.body().language, 'hi')
  })

  test("another owner's business or a missing one is 404", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()

    const response = await client.get(`/api/businesses/${theirs.id}`).loginAs(owner)
    const missing = await client.get(`/api/businesses/${theirs.id + 100000}`).loginAs(owner)

    response.assertStatus(404)
    assert.isString(response.body().error)
    assert.notInclude(JSON.stringify(response.body()), theirs.name)
    missing.assertStatus(404)
  })
})

test.group('PATCH /api/businesses/:id', (group) => {
  isolated(group)

  test('stores compliance mode and a pinned language', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const shortUrl = business.shortUrl

    const response = await client.patch(`/api/businesses/${business.id}`).json({ complianceMode: true, language: 'hi' }).loginAs(owner)

    response.assertStatus(200)
    assert.equal(response.body().id, business.id)
    assert.isTrue(response.body().complianceMode)
    assert.equal(response.body().language, 'hi')
    await business.refresh()
    assert.isTrue(business.complianceMode)
    assert.equal(business.language, 'hi')
    assert.equal(business.shortUrl, shortUrl)
  })

  test('a null language unpins it and leaves compliance mode alone', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const business = await BusinessFactory.merge({ userId: owner.id, language: 'hi' }).apply('compliance').create()

    const response = await client.patch(`/api/businesses/${business.id}`).json({ language: null }).loginAs(owner)

    response.assertStatus(200)
    assert.isNull(response.body().language)
    assert.isTrue(response.body().complianceMode)
    await business.refresh()
    assert.isNull(business.language)
    assert.isTrue(business.complianceMode)
  })

  test('compliance mode can be switched off again', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const business = await BusinessFactory.merge({ userId: owner.id, language: 'en' }).apply('compliance').create()

    const response = await client.patch(`/api/businesses/${business.id}`).json({ complianceMode: false }).loginAs(owner)

    response.assertStatus(200)
    await business.refresh()
    assert.isFalse(business.complianceMode)
    assert.equal(business.language, 'en')
  })

  test('an unsupported language is 422 and nothing changes', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness({ business: { language: 'en' } })

    const response = await client.patch(`/api/businesses/${business.id}`).json({ language: 'fr', complianceMode: true }).loginAs(owner)

    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'language')
    await business.refresh()
    assert.equal(business.language, 'en')
    assert.isFalse(business.complianceMode)
  })

  test('compliance mode that is not a boolean is 422', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()

    for (const complianceMode of ['yes', 'true', 1]) {
      const response = await client.patch(`/api/businesses/${business.id}`).json({ complianceMode }).loginAs(owner)
      assert.equal(response.status(), 422, JSON.stringify(complianceMode))
      assert.equal(response.body().errors[0].field, 'complianceMode')
    }
    await business.refresh()
    assert.isFalse(business.complianceMode)
  })

  test('a short URL change follows the same rules as update-short-url', async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const business = await BusinessFactory.merge({ userId: owner.id }).create()
    await BusinessFactory.merge({ userId: other.id, shortUrl: 'someone-else' }).create()

    const ok = await client.patch(`/api/businesses/${business.id}`).json({ shortUrl: 'Royal-Thali' }).loginAs(owner)
    const taken = await client.patch(`/api/businesses/${business.id}`).json({ shortUrl: 'someone-else' }).loginAs(owner)
    const reserved = await client.patch(`/api/businesses/${business.id}`).json({ shortUrl: 'api' }).loginAs(owner)

    ok.assertStatus(200)
    assert.equal(ok.body().shortUrl, 'royal-thali')
    taken.assertStatus(409)
    assert.isString(taken.body().error)
    reserved.assertStatus(422)
    assert.equal(reserved.body().errors[0].field, 'shortUrl')
    await business.refresh()
    assert.equal(business.shortUrl, 'royal-thali')
  })

  test("another owner's business is 404 and unchanged", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()

    const response = await client.patch(`/api/businesses/${theirs.id}`).json({ complianceMode: true, language: 'hi' }).loginAs(owner)

    response.assertStatus(404)
    assert.isString(response.body().error)
    await theirs.refresh()
    assert.isFalse(theirs.complianceMode)
    assert.isNull(theirs.language)
  })

  test('without a token is 401', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.patch(`/api/businesses/${business.id}`).json({ complianceMode: true })

    response.assertStatus(401)
    await business.refresh()
    assert.isFalse(business.complianceMode)
  })
})

test.group('DELETE /api/businesses/:id', (group) => {
  isolated(group)

  test("removes the owner's business and its sessions", async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    await ReviewSessionFactory.merge({ businessId: business.id }).createMany(2)

    const response = await client.delete(`/api/businesses/${business.id}`).loginAs(owner)

    response.assertStatus(200)
    assert.isNull(await Business.find(business.id))
    assert.equal(await count('review_sessions', 'business_id', business.id), 0)
  })

  test("another owner's business is 404 and stays", async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const theirs = await BusinessFactory.merge({ userId: other.id }).create()

    const response = await client.delete(`/api/businesses/${theirs.id}`).loginAs(owner)

    response.assertStatus(404)
    assert.isNotNull(await Business.find(theirs.id))
  })

  test("only the workspace's owners remove a business: a manager and a viewer get 403 and it stays with its ratings", async ({
    client,
    assert,
  }) => {
    const { business } = await ownerWithBusiness()
    await ReviewSessionFactory.merge({ businessId: business.id }).createMany(2)
    const [manager, viewer, coOwner] = await UserFactory.createMany(3)
    for (const [user, role] of [
      [manager, 'manager'],
      [viewer, 'viewer'],
      [coOwner, 'owner'],
    ] as const)
      await WorkspaceMember.create({ workspaceId: business.workspaceId, userId: user.id, role, businessIds: null })

    for (const [user, path] of [
      [manager, `/api/businesses/${business.id}`],
      [manager, `/api/business/${business.id}`],
      [viewer, `/api/businesses/${business.id}`],
    ] as const) {
      const response = await client.delete(path).loginAs(user).header('x-workspace-id', String(business.workspaceId))
      response.assertStatus(403)
      assert.equal(response.body().error, "Only the workspace's owners can do that.")
    }
    assert.isNotNull(await Business.find(business.id))
    assert.equal(await count('review_sessions', 'business_id', business.id), 2)

    // Any of its owners, not only the one who added it.
    const response = await client
      .delete(`/api/businesses/${business.id}`)
      .loginAs(coOwner)
      .header('x-workspace-id', String(business.workspaceId))
    response.assertStatus(200)
    assert.isNull(await Business.find(business.id))
    assert.equal(await count('review_sessions', 'business_id', business.id), 0)
  })
})
