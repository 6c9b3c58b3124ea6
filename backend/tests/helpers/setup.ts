/*
 * Per-test isolation: each test runs inside a database transaction that is rolled back afterwards, and
 * starts with empty rate-limit counters, empty in-memory caches and the real time.
 */
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { clock } from '#lib/clock'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { pageViewCounter, widgetViewCounter } from '#hot_path/page_view_counter'
import { widgetCache } from '#hot_path/widget_cache'

export function isolated(group: Group) {
  group.each.setup(async () => {
    await limiter.clear()
    clock.reset()
    reviewLinkCache.clear()
    widgetCache.clear()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      // Counted views belong to this test's rows: write them before those rows are rolled back.
      await pageViewCounter.flush().catch(() => {})
      await widgetViewCounter.flush().catch(() => {})
      reviewLinkCache.clear()
      widgetCache.clear()
      await rollback()
    }
  })
}
