/*
 * The demo catalogue's Google rating and review count (docs/decisions.md D35): a deterministic daily drift. Reading
 * them from Google (Place Details with only the two fields) and the directory's choice between the two are tested
 * with the rest of the Places client, in google_places_provider.spec.ts.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import DemoPlacesProvider, { demoCatalogue } from '#services/places/demo_places_provider'
import { clock } from '#lib/clock'

/** 'YYYY-MM-DD' `n` days after `day`. */
const plusDays = (day: string, n: number) => DateTime.fromISO(day, { zone: 'utc' }).plus({ days: n }).toISODate()!

test.group('DemoPlacesProvider rating drift', (group) => {
  group.each.teardown(() => clock.reset())
  const demo = new DemoPlacesProvider()
  const places = demoCatalogue().slice(0, 40)

  test('the same place on the same day always reads the same', ({ assert }) => {
    for (const place of places) {
      assert.deepEqual(demo.ratingOn(place.place_id, '2026-10-12'), demo.ratingOn(place.place_id, '2026-10-12'))
      assert.deepEqual(new DemoPlacesProvider().ratingOn(place.place_id, '2027-03-01'), demo.ratingOn(place.place_id, '2027-03-01'))
    }
  })

  test('review counts never fall and grow over time; ratings stay within 0.1 of the listing and 1-5', ({ assert }) => {
    let grew = 0
    for (const place of places) {
      let previous = demo.ratingOn(place.place_id, '2026-01-01')!
      assert.isAtLeast(previous.reviewCount, place.reviewCount)
      for (let day = 1; day <= 120; day++) {
        const today = demo.ratingOn(place.place_id, plusDays('2026-12-01', day))!
        assert.isAtLeast(today.reviewCount, previous.reviewCount)
        assert.isNotNull(today.rating)
        assert.isAtMost(Math.abs(today.rating! - place.rating!), 0.1 + 1e-9)
        assert.isAtLeast(today.rating!, 1)
        assert.isAtMost(today.rating!, 5)
        assert.equal(Math.round(today.rating! * 10) / 10, today.rating)
        previous = today
      }
      if (previous.reviewCount > place.reviewCount) grew++
    }
    assert.equal(grew, places.length, 'every listing gains reviews over four months')
  })

  test('different days and places differ (it drifts)', ({ assert }) => {
    const id = places[0].place_id
    const counts = new Set<number>()
    const ratings = new Set<number | null>()
    for (let day = 0; day < 60; day++) {
      const figures = demo.ratingOn(id, plusDays('2027-02-01', day))!
      counts.add(figures.reviewCount)
      ratings.add(figures.rating)
    }
    assert.isAbove(counts.size, 10)
    assert.isAbove(ratings.size, 1)
  })

  test('ratingOf reads today in IST; unknown and non-demo ids are null', async ({ assert }) => {
    const id = places[3].place_id
    // 20:00 UTC on 11 Oct is already 12 Oct in India.
    clock.travelTo(DateTime.fromISO('2026-10-11T20:00:00Z'))
    assert.deepEqual(await demo.ratingOf(id), demo.ratingOn(id, '2026-10-12'))
    assert.isNull(await demo.ratingOf('demo_no-such-place'))
    assert.isNull(await demo.ratingOf('ChIJ_google_id'))
  })
})
