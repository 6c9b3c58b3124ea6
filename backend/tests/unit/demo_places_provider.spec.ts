import { test } from '@japa/runner'
import DemoPlacesProvider, { demoCatalogue } from '#services/places/demo_places_provider'
import type { Place } from '#services/places/places_provider'

const cityOf = (place: Place) => place.address.split(', ').at(-3)
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** The documented match rule, restated independently of the provider. */
function matches(place: Place, query: string) {
  const tokens = wordsOf(query).filter((token) => token.length >= 2)
  const words = wordsOf(`${place.name} ${place.address}`)
  return (
    place.name.toLowerCase().includes(query.trim().toLowerCase()) || tokens.every((token) => words.some((word) => word.startsWith(token)))
  )
}

test.group('DemoPlacesProvider catalogue', () => {
  test('has 300-400 places with unique demo_ ids', ({ assert }) => {
    const places = demoCatalogue()
    assert.isAtLeast(places.length, 300)
    assert.isAtMost(places.length, 400)
    const ids = places.map((place) => place.place_id)
    assert.lengthOf(new Set(ids), ids.length)
    for (const id of ids) assert.match(id, /^demo_[a-z0-9_-]+$/)
  })

  test('spans at least 8 cities', ({ assert }) => {
    const cities = new Set(demoCatalogue().map(cityOf))
    assert.isAtLeast(cities.size, 8)
    assert.includeMembers([...cities], ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Pune', 'Kolkata'])
  })

  test('every place has the documented fields and ranges', ({ assert }) => {
    for (const place of demoCatalogue()) {
      assert.sameMembers(Object.keys(place), ['place_id', 'name', 'address', 'rating', 'reviewCount'])
      assert.isAbove(place.name.trim().length, 2)
      assert.match(place.address, /^[^,]+, [^,]+, [^,]+, [^,]+, [A-Za-z ]+ \d{6}, India$/)
      assert.isNotNull(place.rating)
      const rating = place.rating!
      assert.isAtLeast(rating, 3.5)
      assert.isAtMost(rating, 4.9)
      assert.equal(Math.round(rating * 10) / 10, rating)
      assert.isTrue(Number.isInteger(place.reviewCount))
      assert.isAtLeast(place.reviewCount, 5)
      assert.isAtMost(place.reviewCount, 2500)
    }
  })

  test('is varied: many names, ratings and review counts', ({ assert }) => {
    const places = demoCatalogue()
    assert.isAbove(new Set(places.map((place) => place.name)).size, places.length * 0.6)
    assert.isAtLeast(new Set(places.map((place) => place.rating)).size, 10)
    assert.isAbove(new Set(places.map((place) => place.reviewCount)).size, places.length / 2)
  })

  test('is deterministic', ({ assert }) => {
    const first = demoCatalogue()
    const second = demoCatalogue()
    assert.notStrictEqual(first, second)
    assert.deepEqual(first, second)
  })
})

test.group('DemoPlacesProvider search', () => {
  const provider = new DemoPlacesProvider()

  test('finds by name prefix, best match first', async ({ assert }) => {
    const results = await provider.search('green le')
    assert.isNotEmpty(results)
    assert.match(results[0].name, /^Green Leaf/)
    for (const place of results) assert.isTrue(matches(place, 'green le'), place.name)
  })

  test('ranks name-prefix matches before other name matches, then by review count', async ({ assert }) => {
    const results = await provider.search('cafe', null, 50)
    const prefixed = results.map((place) => place.name.toLowerCase().startsWith('cafe'))
    assert.include(prefixed, true)
    assert.include(prefixed, false)
    assert.deepEqual(
      prefixed,
      [...prefixed].sort((a, b) => Number(b) - Number(a))
    )
    const leading = results.filter((place) => place.name.toLowerCase().startsWith('cafe'))
    const counts = leading.map((place) => place.reviewCount)
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a)
    )
  })

  test('ranks name matches before address-only matches', async ({ assert }) => {
    const results = await provider.search('park', null, 100)
    const inName = results.map(
      (place) => place.name.toLowerCase().includes('park') || wordsOf(place.name).some((w) => w.startsWith('park'))
    )
    assert.include(inName, true)
    assert.include(inName, false)
    assert.deepEqual(
      inName,
      [...inName].sort((a, b) => Number(b) - Number(a))
    )
  })

  test('matches multi-word queries across name and address', async ({ assert }) => {
    const results = await provider.search('dental pune', null, 50)
    assert.isNotEmpty(results)
    for (const place of results) {
      assert.match(place.name, /dental/i)
      assert.equal(cityOf(place), 'Pune')
    }
  })

  test('is case-insensitive', async ({ assert }) => {
    const lower = await provider.search('smile care')
    assert.isNotEmpty(lower)
    assert.deepEqual(await provider.search('SMILE Care'), lower)
    assert.deepEqual(await provider.search('  sMiLe   CARE '), lower)
  })

  test('matches a substring of the name', async ({ assert }) => {
    const results = await provider.search('eaf caf')
    assert.isNotEmpty(results)
    for (const place of results) assert.include(place.name.toLowerCase(), 'eaf caf')
  })

  test('puts places in the given city first without dropping others', async ({ assert }) => {
    for (const location of ['Pune', 'pune, IN', 'PUNE']) {
      const results = await provider.search('clinic', location, 100)
      const inPune = results.map((place) => cityOf(place) === 'Pune')
      assert.include(inPune, true)
      assert.include(inPune, false)
      assert.deepEqual(
        inPune,
        [...inPune].sort((a, b) => Number(b) - Number(a))
      )
    }
    const unbiased = await provider.search('clinic', null, 100)
    assert.notEqual(cityOf(unbiased[0]), 'Pune')
    assert.deepEqual(
      new Set(unbiased.map((place) => place.place_id)),
      new Set((await provider.search('clinic', 'Pune', 100)).map((place) => place.place_id))
    )
  })

  test('understands old city names and ignores unknown locations', async ({ assert }) => {
    const bangalore = await provider.search('cafe', 'Bangalore')
    assert.equal(cityOf(bangalore[0]), 'Bengaluru')
    assert.deepEqual(await provider.search('cafe', 'Atlantis'), await provider.search('cafe'))
    assert.deepEqual(await provider.search('cafe', ''), await provider.search('cafe'))
  })

  test('honours the limit, 10 by default', async ({ assert }) => {
    assert.lengthOf(await provider.search('clinic'), 10)
    assert.lengthOf(await provider.search('clinic', null, 3), 3)
    assert.isAbove((await provider.search('clinic', null, 100)).length, 10)
    assert.deepEqual(await provider.search('clinic', null, 0), [])
  })

  test('returns nothing for empty, one-character and unknown queries', async ({ assert }) => {
    assert.deepEqual(await provider.search(''), [])
    assert.deepEqual(await provider.search('   '), [])
    assert.deepEqual(await provider.search('a'), [])
    assert.deepEqual(await provider.search('qwxzy'), [])
    assert.deepEqual(await provider.search('sweets qwxzy'), [])
  })

  test('returns copies', async ({ assert }) => {
    const [first] = await provider.search('sweets')
    const name = first.name
    first.name = 'changed'
    assert.equal((await provider.search('sweets'))[0].name, name)
  })
})

test.group('DemoPlacesProvider details', () => {
  const provider = new DemoPlacesProvider()

  test('round-trips every search result', async ({ assert }) => {
    for (const query of ['sweets', 'dental', 'koramangala', 'hotel', 'clinic mumbai']) {
      const results = await provider.search(query, null, 50)
      assert.isNotEmpty(results, query)
      for (const place of results) assert.deepEqual(await provider.details(place.place_id), place)
    }
  })

  test('finds every catalogue place', async ({ assert }) => {
    for (const place of demoCatalogue()) assert.deepEqual(await provider.details(place.place_id), place)
  })

  test('returns null for unknown and non-demo ids', async ({ assert }) => {
    const known = demoCatalogue()[0].place_id
    assert.isNull(await provider.details('demo_no-such-place'))
    assert.isNull(await provider.details(known.slice('demo_'.length)))
    assert.isNull(await provider.details('ChIJN1t_tDeuEmsRUsoyG83frY4'))
    assert.isNull(await provider.details(''))
  })
})
