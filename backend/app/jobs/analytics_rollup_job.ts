import RollupAnalytics from '#actions/analytics/rollup_analytics'

/** Nightly (00:10 IST) catch-up to yesterday, or any range on demand. */
export default class AnalyticsRollupJob {
  constructor(private rollup = new RollupAnalytics()) {}

  handle(range: { from?: string; to?: string }) {
    return this.rollup.handle(range)
  }
}
