/*
 * The test-only clock endpoint the end-to-end journeys use to reach "trial over" on a real server.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isolated } from '#tests/helpers/setup'
import { UserFactory } from '#database/factories/index'
import { clock } from '#lib/clock'

test.group('Test clock endpoint (test mode only)', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('moving the clock past the trial end makes the trial expired; DELETE brings it back', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const before = await client.get('/api/billing/trial-status').loginAs(user)
    assert.equal(before.body().trialStatus, 'active')

    const moved = await client.put('/api/test/clock').json({ travelTo: clock.now().plus({ days: 8 }).toISO() })
    moved.assertStatus(200)
    assert.isAbove(moved.body().offsetMs, 7 * 86_400_000)
    const after = await client.get('/api/billing/trial-status').loginAs(user)
    assert.equal(after.body().trialStatus, 'expired')
    assert.equal(after.body().trialDaysRemaining, 0)

    const reset = await client.delete('/api/test/clock')
    assert.equal(reset.body().offsetMs, 0)
    assert.equal((await client.get('/api/billing/trial-status').loginAs(user)).body().trialStatus, 'active')
  })

  test('a time that is not ISO 8601 is a 422 and leaves the clock alone', async ({ client, assert }) => {
    for (const travelTo of ['next tuesday', '2026-13-45T99:00:00Z', '']) {
      const response = await client.put('/api/test/clock').json({ travelTo })
      response.assertStatus(422)
      assert.equal(clock.offsetMs, 0)
    }
    assert.isBelow(Math.abs(clock.now().diff(DateTime.utc()).as('seconds')), 5)
  })
})
