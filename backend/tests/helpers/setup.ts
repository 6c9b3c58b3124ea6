/*
 * Per-test isolation: each test runs inside a database transaction that is rolled back afterwards, and
 * starts with empty rate-limit counters and the real time.
 */
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { clock } from '#lib/clock'

export function isolated(group: Group) {
  group.each.setup(async () => {
    await limiter.clear()
    clock.reset()
    return testUtils.db().withGlobalTransaction()
  })
}
