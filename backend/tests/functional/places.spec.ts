/*
 * Business search and selection (README.md#api, docs/decisions.md D3, D4): the demo catalogue by default, Google Places through a
 * stub server on loopback when the container's directory is swapped.
 */
import { test } from '@japa/runner'
import { appUrl } from '#lib/app_url'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { startStubServer, json, type StubServer } from '#tests/helpers/stub_server'
import { UserFactory } from '#database/factories/index'
import Business from '#models/business'
import DemoPlacesProvider, { demoCatalogue } from '#services/places/demo_places_provider'
import { PlacesDirectory, createPlacesDirectory } from '#services/places/places_directory'
import { SHORT_URL_ALPHABET } from '#lib/constants'

const PLACE_FIELDS = ['place_id', 'name', 'address', 'rating', 'reviewCount']
const JUNK_TOKEN = 'oat_bm90LWEtcmVhbC10b2tlbg.aGVsbG8td29ybGQtdGhpcy1pcy1qdW5r'
const SHORT_CODE = new RegExp(`^[${SHORT_URL_ALPHABET}]{7}$`)
const demo = new DemoPlacesProvider()

const googlePlace = {
  id: 'ChIJ_GoogleStubCafe01',
  displayName: { text: 'Filter Kaapi Corner', languageCode: 'en' },
  formattedAddress: '7, CMH Road, Indiranagar, Bengaluru, Karnataka 560038, India',
  rating: 4.4,
  userRatingCount: 873,
}

const businessCount = async (userId: number) => {
  const row = await db.from('businesses').where('user_id', userId).count('* as total').first()
  return Number(row.total)
}

/** Points the app's places directory at the Google stub for one test. */
function useGoogleStub(stub: StubServer, cleanup: (fn: () => void) => void) {
  app.container.swap(PlacesDirectory, () => createPlacesDirectory({ googleApiKey: 'k', googleBaseUrl: stub.url, timeoutMs: 500 }))
  cleanup(() => app.container.restore(PlacesDirectory))
}

test.group('POST /api/search-business (demo catalogue)', (group) => {
  isolated(group)

  test('an anonymous visitor gets places with the five fields', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'cafe' })

    response.assertStatus(200)
    assert.sameMembers(Object.keys(response.body()), ['places', 'source'])
    const places = response.body().places
    assert.isArray(places)
    assert.isNotEmpty(places)
    assert.isAtMost(places.length, 10)
    for (const place of places) {
      assert.sameMembers(Object.keys(place), PLACE_FIELDS)
      assert.match(place.place_id, /^demo_/)
    }
    assert.deepEqual(places, await demo.search('cafe', undefined, 10))
  })

  test('a signed-in owner gets the same results', async ({ client, assert }) => {
    const user = await UserFactory.create()

    const anonymous = await client.post('/api/search-business').json({ query: 'dental' })
    const signedIn = await client.post('/api/search-business').json({ query: 'dental' }).loginAs(user)

    signedIn.assertStatus(200)
    assert.isNotEmpty(signedIn.body().places)
    assert.deepEqual(signedIn.body(), anonymous.body())
  })

  test('the location puts places in that city first', async ({ client, assert }) => {
    const unbiased = await client.post('/api/search-business').json({ query: 'clinic' })
    const inPune = await client.post('/api/search-business').json({ query: 'clinic', location: 'Pune' })

    inPune.assertStatus(200)
    const places = inPune.body().places
    assert.isNotEmpty(places)
    const inCity = places.map((place: { address: string }) => place.address.includes(', Pune, '))
    assert.isTrue(inCity[0])
    assert.deepEqual(
      inCity,
      [...inCity].sort((a, b) => Number(b) - Number(a))
    )
    assert.notDeepEqual(places, unbiased.body().places)
    assert.deepEqual(places, await demo.search('clinic', 'Pune', 10))
  })

  test('a null location is the same as none', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'sweets', location: null })

    response.assertStatus(200)
    assert.deepEqual(response.body().places, await demo.search('sweets', null, 10))
  })

  test('a query matching nothing gives an empty list', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'qwxzy' })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { places: [], source: 'demo' })
  })

  // docs/decisions.md D39: the answer says the listings are the demo catalogue, so the form can label them.
  test('says the listings are the demo catalogue when no Google key is configured', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'cafe' })

    response.assertStatus(200)
    assert.equal(response.body().source, 'demo')
  })

  // docs/decisions.md D39: the forms' placeholders give these examples ("e.g. Sharma Sweets" on the dashboard,
  // "e.g. Sharma Sweets, Koramangala" on the site); the demo catalogue must find them, and two branches of one
  // name differ by their addresses.
  test("the placeholders' examples find listings in the demo catalogue", async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'Sharma Sweets' })

    response.assertStatus(200)
    const branches = response.body().places.filter((place: { name: string }) => place.name === 'Sharma Sweets')
    assert.isAtLeast(branches.length, 2)
    const addresses = branches.map((place: { address: string }) => place.address)
    assert.lengthOf(new Set(addresses), addresses.length)

    const one = await client.post('/api/search-business').json({ query: 'Sharma Sweets, Koramangala' })
    one.assertStatus(200)
    assert.lengthOf(one.body().places, 1)
    assert.equal(one.body().places[0].name, 'Sharma Sweets')
    assert.include(one.body().places[0].address, 'Koramangala')
  })

  test('a junk bearer token is ignored, not a 401', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'bakery' }).bearerToken(JUNK_TOKEN)

    response.assertStatus(200)
    assert.deepEqual(response.body().places, await demo.search('bakery', undefined, 10))
  })

  test('a missing query is 422 "Business name is required"', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ location: 'Delhi' })

    response.assertStatus(422)
    assert.equal(response.body().error, 'Business name is required')
    assert.equal(response.body().message, 'Business name is required')
    assert.deepEqual(response.body().errors, [{ field: 'query', message: 'Business name is required' }])
  })

  test('a one-character query is 422', async ({ client, assert }) => {
    for (const query of ['a', '  b  ']) {
      const response = await client.post('/api/search-business').json({ query })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'query')
      assert.isString(response.body().error)
      assert.equal(response.body().message, response.body().error)
    }
  })

  test('an over-long query is 422', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'cafe '.repeat(100) + 'x' })

    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'query')
  })

  test('a query that is not text is 422', async ({ client, assert }) => {
    for (const query of [12345, ['cafe'], { name: 'cafe' }, true]) {
      const response = await client.post('/api/search-business').json({ query })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'query')
    }
  })

  test('an over-long location is 422', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').json({ query: 'cafe', location: 'x'.repeat(101) })

    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'location')
  })

  test('malformed JSON is 400 with an error sentence', async ({ client, assert }) => {
    const response = await client.post('/api/search-business').unsafeJson('{"query": "cafe"')

    response.assertStatus(400)
    assert.isString(response.body().error)
    assert.isNotEmpty(response.body().error)
    assert.equal(response.body().message, response.body().error)
  })

  test('the 61st search within a minute is 429', async ({ client, assert }) => {
    for (let i = 1; i <= 60; i++) {
      const response = await client.post('/api/search-business').json({ query: 'cafe' })
      assert.equal(response.status(), 200, `request ${i}`)
    }

    const limited = await client.post('/api/search-business').json({ query: 'cafe' })

    limited.assertStatus(429)
    assert.isString(limited.body().error)
    assert.isNotEmpty(limited.body().error)
    assert.notProperty(limited.body(), 'places')
  })
})

test.group('POST /api/search-business (Google Places)', (group) => {
  isolated(group)
  let stub: StubServer

  group.setup(async () => {
    stub = await startStubServer()
  })
  group.teardown(() => stub.close())

  test('searches Google and answers with mapped places', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer((_, res) =>
      json(res, 200, {
        places: [
          googlePlace,
          { id: 'ChIJ_NoRating', displayName: { text: 'New Kaapi Stall', languageCode: 'en' }, formattedAddress: 'Bengaluru' },
        ],
      })
    )

    const response = await client.post('/api/search-business').json({ query: 'kaapi', location: 'Bengaluru' })

    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      source: 'google',
      places: [
        {
          place_id: 'ChIJ_GoogleStubCafe01',
          name: 'Filter Kaapi Corner',
          address: '7, CMH Road, Indiranagar, Bengaluru, Karnataka 560038, India',
          rating: 4.4,
          reviewCount: 873,
        },
        { place_id: 'ChIJ_NoRating', name: 'New Kaapi Stall', address: 'Bengaluru', rating: null, reviewCount: 0 },
      ],
    })
    assert.lengthOf(stub.requests, 1)
    assert.equal(stub.requests[0].url, '/v1/places:searchText')
    assert.equal(stub.requests[0].headers['x-goog-api-key'], 'k')
    const body = JSON.parse(stub.requests[0].body)
    assert.include(body.textQuery, 'kaapi')
    assert.include(body.textQuery, 'Bengaluru')
  })

  test('Google failing is a 503 with an error sentence', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer((_, res) => json(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }))

    const response = await client.post('/api/search-business').json({ query: 'kaapi' })

    response.assertStatus(503)
    assert.match(String(response.header('content-type')), /application\/json/)
    assert.isString(response.body().error)
    assert.isNotEmpty(response.body().error)
    assert.equal(response.body().message, response.body().error)
    assert.notInclude(JSON.stringify(response.body()), 'Internal error')
    assert.notProperty(response.body(), 'places')
  })

  test('Google not answering in time is a 503', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer(() => {
      // Never answers.
    })

    const started = Date.now()
    const response = await client.post('/api/search-business').json({ query: 'kaapi' })

    response.assertStatus(503)
    assert.isString(response.body().error)
    assert.isBelow(Date.now() - started, 3000)
  })
})

test.group('POST /api/select-business', (group) => {
  isolated(group)

  test('without a token is 401', async ({ client, assert }) => {
    const placeId = demoCatalogue()[0].place_id
    const before = await db.from('businesses').where('place_id', placeId).count('* as total').first()

    const response = await client.post('/api/select-business').json({ placeId })

    response.assertStatus(401)
    assert.isString(response.body().error)
    const after = await db.from('businesses').where('place_id', placeId).count('* as total').first()
    assert.equal(Number(after.total), Number(before.total))
  })

  test('with a junk token is 401', async ({ client, assert }) => {
    const response = await client.post('/api/select-business').json({ placeId: demoCatalogue()[0].place_id }).bearerToken(JUNK_TOKEN)

    response.assertStatus(401)
    assert.isString(response.body().error)
  })

  test('a demo place becomes a business with a review code and Google link', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const place = demoCatalogue()[3]

    const response = await client.post('/api/select-business').json({ placeId: place.place_id }).loginAs(user)

    response.assertStatus(201)
    const { business, created } = response.body()
    assert.isTrue(created)
    assert.isNumber(business.id)
    assert.equal(business.name, place.name)
    assert.equal(business.address, place.address)
    assert.equal(business.rating, place.rating)
    assert.equal(business.reviewCount, place.reviewCount)
    assert.match(business.shortUrl, SHORT_CODE)
    // A demo listing is not on Google: its 4-5 stars go to the demo note page instead (docs/decisions.md D59).
    assert.equal(business.googleReviewUrl, appUrl(`/review/${business.shortUrl}/google`))

    const row = await Business.findOrFail(business.id)
    assert.equal(row.userId, user.id)
    assert.equal(row.placeId, place.place_id)
    assert.equal(row.shortUrl, business.shortUrl)
    // Stored as Google's address for the place id; only what is shown and printed is the demo page.
    assert.equal(row.googleReviewUrl, `https://search.google.com/local/writereview?placeid=${place.place_id}`)
    assert.equal(await businessCount(user.id), 1)
  })

  test('the routing choice: absent is "By rating", complianceMode true is "Everyone may post on Google"', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const [byRating, everyone] = [demoCatalogue()[7], demoCatalogue()[8]]

    const first = await client.post('/api/select-business').json({ placeId: byRating.place_id }).loginAs(user)
    const second = await client.post('/api/select-business').json({ placeId: everyone.place_id, complianceMode: true }).loginAs(user)

    first.assertStatus(201)
    second.assertStatus(201)
    assert.isFalse(first.body().business.complianceMode)
    assert.isTrue(second.body().business.complianceMode)
    assert.isTrue(Boolean((await Business.findOrFail(second.body().business.id)).complianceMode))
    // Every business answer carries the choice.
    const listed = await client.get('/api/my-businesses').loginAs(user)
    assert.deepEqual(
      listed.body().map((business: { complianceMode: boolean }) => business.complianceMode),
      [false, true]
    )
    // The customer page of the compliance-mode business offers Google to every rating.
    const page = await client.get(`/review/${second.body().business.shortUrl}`)
    page.assertStatus(200)
  })

  test('a routing choice that is not a boolean is a 422 and adds nothing', async ({ client, assert }) => {
    const user = await UserFactory.create()

    for (const complianceMode of ['yes', 1, 'true', {}]) {
      const response = await client
        .post('/api/select-business')
        .json({ placeId: demoCatalogue()[7].place_id, complianceMode })
        .loginAs(user)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'complianceMode')
    }
    assert.equal(await businessCount(user.id), 0)
  })

  test('selecting a place the workspace has keeps its own routing choice', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const placeId = demoCatalogue()[9].place_id

    await client.post('/api/select-business').json({ placeId, complianceMode: true }).loginAs(user)
    const again = await client.post('/api/select-business').json({ placeId }).loginAs(user)

    again.assertStatus(200)
    assert.isTrue(again.body().business.complianceMode)
  })

  test('selecting the same place again returns the existing business', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const placeId = demoCatalogue()[5].place_id

    const first = await client.post('/api/select-business').json({ placeId }).loginAs(user)
    const second = await client.post('/api/select-business').json({ placeId }).loginAs(user)

    first.assertStatus(201)
    second.assertStatus(200)
    assert.isFalse(second.body().created)
    assert.equal(second.body().business.id, first.body().business.id)
    assert.equal(second.body().business.shortUrl, first.body().business.shortUrl)
    assert.equal(await businessCount(user.id), 1)
  })

  test('another owner selecting the same place gets their own business', async ({ client, assert }) => {
    const [owner, other] = await UserFactory.createMany(2)
    const placeId = demoCatalogue()[6].place_id

    const mine = await client.post('/api/select-business').json({ placeId }).loginAs(owner)
    const theirs = await client.post('/api/select-business').json({ placeId }).loginAs(other)

    theirs.assertStatus(201)
    assert.isTrue(theirs.body().created)
    assert.notEqual(theirs.body().business.id, mine.body().business.id)
    assert.notEqual(theirs.body().business.shortUrl, mine.body().business.shortUrl)
    assert.equal(await businessCount(owner.id), 1)
    assert.equal(await businessCount(other.id), 1)
  })

  test('generated review codes differ between businesses', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const codes = new Set<string>()
    for (const place of demoCatalogue().slice(10, 15)) {
      const response = await client.post('/api/select-business').json({ placeId: place.place_id }).loginAs(user)
      response.assertStatus(201)
      assert.match(response.body().business.shortUrl, SHORT_CODE)
      codes.add(response.body().business.shortUrl)
    }
    assert.equal(codes.size, 5)
  })

  test('an unknown place is 404 and nothing is stored', async ({ client, assert }) => {
    const user = await UserFactory.create()

    for (const placeId of ['demo_no-such-place', 'ChIJ_not_in_demo_mode']) {
      const response = await client.post('/api/select-business').json({ placeId }).loginAs(user)
      response.assertStatus(404)
      assert.isString(response.body().error)
      assert.isNotEmpty(response.body().error)
    }
    assert.equal(await businessCount(user.id), 0)
  })

  test('an invalid place id is 422 on placeId', async ({ client, assert }) => {
    const user = await UserFactory.create()

    for (const placeId of ['', '   ', 'demo_green leaf', 'demo_a/../b', 'x'.repeat(256), 42, null]) {
      const response = await client.post('/api/select-business').json({ placeId }).loginAs(user)
      assert.equal(response.status(), 422, JSON.stringify(placeId))
      assert.equal(response.body().errors[0].field, 'placeId')
      assert.isString(response.body().error)
    }
    const missing = await client.post('/api/select-business').json({}).loginAs(user)
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'placeId')
    assert.equal(await businessCount(user.id), 0)
  })

  test('an existing business for another place is left alone', async ({ client, assert }) => {
    const { user, business: existing } = await ownerWithBusiness()

    const response = await client.post('/api/select-business').json({ placeId: demoCatalogue()[20].place_id }).loginAs(user)

    response.assertStatus(201)
    assert.notEqual(response.body().business.id, existing.id)
    assert.equal(await businessCount(user.id), 2)
  })
})

test.group('POST /api/select-business (Google Places)', (group) => {
  isolated(group)
  let stub: StubServer

  group.setup(async () => {
    stub = await startStubServer()
  })
  group.teardown(() => stub.close())

  test('asks Place Details and creates the business from its answer', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer((_, res) => json(res, 200, googlePlace))
    const user = await UserFactory.create()

    const response = await client.post('/api/select-business').json({ placeId: googlePlace.id }).loginAs(user)

    response.assertStatus(201)
    assert.lengthOf(stub.requests, 1)
    assert.equal(stub.requests[0].method, 'GET')
    assert.equal(stub.requests[0].url, `/v1/places/${googlePlace.id}`)
    assert.equal(stub.requests[0].headers['x-goog-api-key'], 'k')

    const { business, created } = response.body()
    assert.isTrue(created)
    assert.equal(business.name, 'Filter Kaapi Corner')
    assert.equal(business.address, '7, CMH Road, Indiranagar, Bengaluru, Karnataka 560038, India')
    assert.equal(business.rating, 4.4)
    assert.equal(business.reviewCount, 873)
    assert.match(business.shortUrl, SHORT_CODE)
    assert.equal(business.googleReviewUrl, `https://search.google.com/local/writereview?placeid=${googlePlace.id}`)

    const row = await Business.findOrFail(business.id)
    assert.equal(row.userId, user.id)
    assert.equal(row.placeId, googlePlace.id)
    assert.equal(row.name, 'Filter Kaapi Corner')
  })

  test('selecting the same Google place again does not call Google', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer((_, res) => json(res, 200, googlePlace))
    const user = await UserFactory.create()
    const first = await client.post('/api/select-business').json({ placeId: googlePlace.id }).loginAs(user)
    stub.answer((_, res) => json(res, 500, {}))

    const second = await client.post('/api/select-business').json({ placeId: googlePlace.id }).loginAs(user)

    second.assertStatus(200)
    assert.isFalse(second.body().created)
    assert.equal(second.body().business.id, first.body().business.id)
    assert.lengthOf(stub.requests, 0)
    assert.equal(await businessCount(user.id), 1)
  })

  test('a place Google does not know is 404', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer((_, res) => json(res, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } }))
    const user = await UserFactory.create()

    const response = await client.post('/api/select-business').json({ placeId: 'ChIJ_gone' }).loginAs(user)

    response.assertStatus(404)
    assert.isString(response.body().error)
    assert.lengthOf(stub.requests, 1)
    assert.equal(await businessCount(user.id), 0)
  })

  test('Google failing is 503 and nothing is stored', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer((_, res) => json(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }))
    const user = await UserFactory.create()

    const response = await client.post('/api/select-business').json({ placeId: googlePlace.id }).loginAs(user)

    response.assertStatus(503)
    assert.isString(response.body().error)
    assert.equal(await businessCount(user.id), 0)
  })

  test('a demo id still resolves from the catalogue without asking Google', async ({ client, assert, cleanup }) => {
    useGoogleStub(stub, cleanup)
    stub.answer((_, res) => json(res, 500, {}))
    const user = await UserFactory.create()
    const place = demoCatalogue()[1]

    const response = await client.post('/api/select-business').json({ placeId: place.place_id }).loginAs(user)

    response.assertStatus(201)
    assert.equal(response.body().business.name, place.name)
    assert.lengthOf(stub.requests, 0)
  })
})
