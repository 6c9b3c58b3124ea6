/*
 * The Google Places (New) client against a stub server on loopback that answers in Google's documented format,
 * and the directory that picks Google or the demo catalogue (docs/decisions.md D4).
 */
import { test } from '@japa/runner'
import GooglePlacesProvider from '#services/places/google_places_provider'
import DemoPlacesProvider, { demoCatalogue } from '#services/places/demo_places_provider'
import { createPlacesDirectory } from '#services/places/places_directory'
import { startStubServer, json, type StubServer } from '#tests/helpers/stub_server'

const API_KEY = 'test-google-key'
const SEARCH_FIELD_MASK = 'places.id,places.displayName,places.formattedAddress,places.rating,places.userRatingCount'
const DETAILS_FIELD_MASK = 'id,displayName,formattedAddress,rating,userRatingCount'

const googlePlace = {
  id: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  displayName: { text: 'Green Leaf Cafe', languageCode: 'en' },
  formattedAddress: '12, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
  rating: 4.6,
  userRatingCount: 312,
}
const mappedPlace = {
  place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  name: 'Green Leaf Cafe',
  address: '12, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
  rating: 4.6,
  reviewCount: 312,
}

/** Runs `action` and returns what it threw (fails the test when it does not throw). */
async function failureOf(action: () => Promise<unknown>): Promise<any> {
  try {
    await action()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw')
}

/** A loopback address on which nothing listens. */
async function closedPortUrl() {
  const server = await startStubServer()
  await server.close()
  return server.url
}

test.group('GooglePlacesProvider search', (group) => {
  let stub: StubServer
  let provider: GooglePlacesProvider

  group.setup(async () => {
    stub = await startStubServer()
    provider = new GooglePlacesProvider({ apiKey: API_KEY, baseUrl: stub.url, timeoutMs: 1000 })
  })
  group.teardown(() => stub.close())

  test('sends a Text Search with the key, the field mask and the city in the query', async ({ assert }) => {
    stub.answer((_, res) => json(res, 200, { places: [googlePlace] }))

    await provider.search('green leaf cafe', 'Bengaluru')

    assert.lengthOf(stub.requests, 1)
    const [request] = stub.requests
    assert.equal(request.method, 'POST')
    assert.equal(request.url, '/v1/places:searchText')
    assert.equal(request.headers['x-goog-api-key'], API_KEY)
    assert.equal(request.headers['x-goog-fieldmask'], SEARCH_FIELD_MASK)
    assert.match(String(request.headers['content-type']), /^application\/json/)
    const body = JSON.parse(request.body)
    assert.include(body.textQuery, 'green leaf cafe')
    assert.include(body.textQuery, 'Bengaluru')
    assert.equal(body.regionCode, 'IN')
  })

  test('maps Google places to the search result fields', async ({ assert }) => {
    stub.answer((_, res) =>
      json(res, 200, {
        places: [
          googlePlace,
          {
            id: 'ChIJ_second',
            displayName: { text: 'Sharma Sweets', languageCode: 'en' },
            formattedAddress: 'Karol Bagh, Delhi 110005, India',
            rating: 4,
            userRatingCount: 9,
          },
        ],
      })
    )

    const places = await provider.search('sweets', null)

    assert.deepEqual(places, [
      mappedPlace,
      {
        place_id: 'ChIJ_second',
        name: 'Sharma Sweets',
        address: 'Karol Bagh, Delhi 110005, India',
        rating: 4,
        reviewCount: 9,
      },
    ])
    assert.notInclude(JSON.parse(stub.requests[0].body).textQuery, 'null')
  })

  test('drops places without an id or a display name', async ({ assert }) => {
    stub.answer((_, res) =>
      json(res, 200, {
        places: [
          { displayName: { text: 'No Id Cafe', languageCode: 'en' }, formattedAddress: 'Pune, India', rating: 4.1 },
          { id: 'ChIJ_no_name', formattedAddress: 'Pune, India', rating: 4.2, userRatingCount: 3 },
          { id: 'ChIJ_empty_name', displayName: { languageCode: 'en' }, formattedAddress: 'Pune, India' },
          googlePlace,
        ],
      })
    )

    assert.deepEqual(await provider.search('cafe', 'Pune'), [mappedPlace])
  })

  test('a place without a rating has rating null and one without a count has reviewCount 0', async ({ assert }) => {
    stub.answer((_, res) =>
      json(res, 200, {
        places: [
          {
            id: 'ChIJ_new_place',
            displayName: { text: 'Brand New Bakery', languageCode: 'en' },
            formattedAddress: 'Baner, Pune, Maharashtra 411045, India',
          },
        ],
      })
    )

    assert.deepEqual(await provider.search('brand new bakery'), [
      {
        place_id: 'ChIJ_new_place',
        name: 'Brand New Bakery',
        address: 'Baner, Pune, Maharashtra 411045, India',
        rating: null,
        reviewCount: 0,
      },
    ])
  })

  test('an empty answer from Google is an empty list', async ({ assert }) => {
    stub.answer((_, res) => json(res, 200, {}))

    assert.deepEqual(await provider.search('qwxzy nothing here', 'Delhi'), [])
    assert.lengthOf(stub.requests, 1)
  })

  test('a 403 from Google (bad key) is a 503 for our client', async ({ assert }) => {
    stub.answer((_, res) =>
      json(res, 403, {
        error: {
          code: 403,
          message: "Method doesn't allow unregistered callers (callers without established identity).",
          status: 'PERMISSION_DENIED',
        },
      })
    )

    const error = await failureOf(() => provider.search('cafe', 'Mumbai'))
    assert.equal(error.status, 503)
    assert.isString(error.message)
    assert.notInclude(error.message, 'unregistered callers')
  })

  test('a 500 from Google is a 503', async ({ assert }) => {
    stub.answer((_, res) => json(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }))

    const error = await failureOf(() => provider.search('cafe'))
    assert.equal(error.status, 503)
  })

  test('Google not answering within the timeout is a 503, quickly', async ({ assert }) => {
    const slow = new GooglePlacesProvider({ apiKey: API_KEY, baseUrl: stub.url, timeoutMs: 200 })
    stub.answer(() => {
      // Never answers.
    })

    const started = Date.now()
    const error = await failureOf(() => slow.search('cafe', 'Chennai'))
    const elapsed = Date.now() - started

    assert.equal(error.status, 503)
    assert.isBelow(elapsed, 900)
    assert.lengthOf(stub.requests, 1)
  })

  test('a refused connection is a 503', async ({ assert }) => {
    const unreachable = new GooglePlacesProvider({ apiKey: API_KEY, baseUrl: await closedPortUrl(), timeoutMs: 1000 })

    const error = await failureOf(() => unreachable.search('cafe'))
    assert.equal(error.status, 503)
  })
})

test.group('GooglePlacesProvider details', (group) => {
  let stub: StubServer
  let provider: GooglePlacesProvider

  group.setup(async () => {
    stub = await startStubServer()
    provider = new GooglePlacesProvider({ apiKey: API_KEY, baseUrl: stub.url, timeoutMs: 1000 })
  })
  group.teardown(() => stub.close())

  test('asks Place Details for the id with the key and field mask and maps the place', async ({ assert }) => {
    stub.answer((_, res) => json(res, 200, googlePlace))

    const place = await provider.details(googlePlace.id)

    assert.deepEqual(place, mappedPlace)
    assert.lengthOf(stub.requests, 1)
    const [request] = stub.requests
    assert.equal(request.method, 'GET')
    assert.equal(request.url, `/v1/places/${googlePlace.id}`)
    assert.equal(request.headers['x-goog-api-key'], API_KEY)
    assert.equal(request.headers['x-goog-fieldmask'], DETAILS_FIELD_MASK)
    assert.equal(request.body, '')
  })

  test('an unknown id (404 NOT_FOUND) is null', async ({ assert }) => {
    stub.answer((_, res) => json(res, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } }))

    assert.isNull(await provider.details('ChIJ_does_not_exist'))
    assert.equal(stub.requests[0].url, '/v1/places/ChIJ_does_not_exist')
  })

  test('a malformed id (400 INVALID_ARGUMENT) is null', async ({ assert }) => {
    stub.answer((_, res) => json(res, 400, { error: { code: 400, message: 'Not a valid Place ID: x', status: 'INVALID_ARGUMENT' } }))

    assert.isNull(await provider.details('x'))
    assert.lengthOf(stub.requests, 1)
  })

  test('a 500 is a 503', async ({ assert }) => {
    stub.answer((_, res) => json(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }))

    const error = await failureOf(() => provider.details(googlePlace.id))
    assert.equal(error.status, 503)
  })

  test('a 403 (bad key) is a 503, not "not found"', async ({ assert }) => {
    stub.answer((_, res) => json(res, 403, { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } }))

    const error = await failureOf(() => provider.details(googlePlace.id))
    assert.equal(error.status, 503)
  })

  test('ratingOf asks Place Details for exactly rating,userRatingCount and maps the answer (docs/decisions.md D35)', async ({ assert }) => {
    stub.answer((_, res) => json(res, 200, { rating: 4.4, userRatingCount: 1234 }))

    const figures = await provider.ratingOf('ChIJ/odd id')

    assert.deepEqual(figures, { rating: 4.4, reviewCount: 1234 })
    assert.lengthOf(stub.requests, 1)
    const [request] = stub.requests
    assert.equal(request.method, 'GET')
    assert.equal(request.url, `/v1/places/${encodeURIComponent('ChIJ/odd id')}`)
    assert.equal(request.headers['x-goog-api-key'], API_KEY)
    assert.strictEqual(request.headers['x-goog-fieldmask'], 'rating,userRatingCount')
    assert.equal(request.body, '')
  })

  test('ratingOf: a listing without ratings yet is rating null and 0 reviews', async ({ assert }) => {
    stub.answer((_, res) => json(res, 200, {}))
    assert.deepEqual(await provider.ratingOf('ChIJ_new'), { rating: null, reviewCount: 0 })
  })

  test('ratingOf: an unknown (404) or malformed (400) id is null', async ({ assert }) => {
    stub.answer((_, res) => json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }))
    assert.isNull(await provider.ratingOf('ChIJ_gone'))
    stub.answer((_, res) => json(res, 400, { error: { code: 400, message: 'Bad id', status: 'INVALID_ARGUMENT' } }))
    assert.isNull(await provider.ratingOf('???'))
  })

  test('ratingOf: a 500 or a 403 is a 503 for our client', async ({ assert }) => {
    stub.answer((_, res) => json(res, 500, { error: { code: 500, status: 'INTERNAL' } }))
    assert.equal((await failureOf(() => provider.ratingOf('ChIJ_x'))).status, 503)
    stub.answer((_, res) => json(res, 403, { error: { code: 403, status: 'PERMISSION_DENIED' } }))
    assert.equal((await failureOf(() => provider.ratingOf('ChIJ_x'))).status, 503)
  })
})

test.group('PlacesDirectory', (group) => {
  let stub: StubServer

  group.setup(async () => {
    stub = await startStubServer()
  })
  group.teardown(() => stub.close())

  test('with a Google key, search goes to Google', async ({ assert }) => {
    const directory = createPlacesDirectory({ googleApiKey: API_KEY, googleBaseUrl: stub.url, timeoutMs: 1000 })
    stub.answer((_, res) => json(res, 200, { places: [googlePlace] }))

    assert.equal(directory.searchProvider.kind, 'google')
    assert.deepEqual(await directory.search('green leaf', 'Bengaluru'), [mappedPlace])
    assert.lengthOf(stub.requests, 1)
    assert.equal(stub.requests[0].url, '/v1/places:searchText')
    assert.equal(stub.requests[0].headers['x-goog-api-key'], API_KEY)
  })

  test('with a Google key, Google ids resolve through Place Details', async ({ assert }) => {
    const directory = createPlacesDirectory({ googleApiKey: API_KEY, googleBaseUrl: stub.url, timeoutMs: 1000 })
    stub.answer((_, res) => json(res, 200, googlePlace))

    assert.deepEqual(await directory.details(googlePlace.id), mappedPlace)
    assert.lengthOf(stub.requests, 1)
    assert.equal(stub.requests[0].url, `/v1/places/${googlePlace.id}`)
  })

  test('with a Google key, demo ids resolve from the catalogue without asking Google', async ({ assert }) => {
    const directory = createPlacesDirectory({ googleApiKey: API_KEY, googleBaseUrl: stub.url, timeoutMs: 1000 })
    stub.answer((_, res) => json(res, 500, {}))
    const demoPlace = demoCatalogue()[7]

    assert.deepEqual(await directory.details(demoPlace.place_id), demoPlace)
    assert.isNull(await directory.details('demo_no-such-place'))
    assert.lengthOf(stub.requests, 0)
  })

  test('without a key, search uses the demo catalogue and never calls Google', async ({ assert }) => {
    const directory = createPlacesDirectory({ googleApiKey: '', googleBaseUrl: stub.url, timeoutMs: 1000 })
    stub.answer((_, res) => json(res, 200, { places: [googlePlace] }))

    const places = await directory.search('clinic', 'Pune')

    assert.equal(directory.searchProvider.kind, 'demo')
    assert.isNotEmpty(places)
    assert.deepEqual(places, await new DemoPlacesProvider().search('clinic', 'Pune'))
    for (const place of places) assert.match(place.place_id, /^demo_/)
    assert.lengthOf(stub.requests, 0)
  })

  test('without a key, demo ids resolve and other ids are null', async ({ assert }) => {
    const directory = createPlacesDirectory({ googleApiKey: '', googleBaseUrl: stub.url, timeoutMs: 1000 })
    stub.answer((_, res) => json(res, 200, googlePlace))
    const demoPlace = demoCatalogue()[0]

    assert.deepEqual(await directory.details(demoPlace.place_id), demoPlace)
    assert.isNull(await directory.details(googlePlace.id))
    assert.lengthOf(stub.requests, 0)
  })

  test('ratingOf: Google ids go to Google, demo ids to the catalogue; without a key other ids are null', async ({ assert }) => {
    const withKey = createPlacesDirectory({ googleApiKey: API_KEY, googleBaseUrl: stub.url, timeoutMs: 1000 })
    stub.answer((_, res) => json(res, 200, { rating: 3.9, userRatingCount: 77 }))
    assert.deepEqual(await withKey.ratingOf('ChIJ_real'), { rating: 3.9, reviewCount: 77 })
    assert.lengthOf(stub.requests, 1)

    const demoId = demoCatalogue()[0].place_id
    stub.answer((_, res) => json(res, 500, {}))
    assert.isNotNull(await withKey.ratingOf(demoId))
    assert.lengthOf(stub.requests, 0)

    const withoutKey = createPlacesDirectory({ googleApiKey: '', googleBaseUrl: stub.url, timeoutMs: 1000 })
    assert.isNull(await withoutKey.ratingOf('ChIJ_real'))
    assert.isNotNull(await withoutKey.ratingOf(demoId))
    assert.lengthOf(stub.requests, 0)
  })
})
