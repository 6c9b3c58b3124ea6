import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import RollupAnalytics from '#actions/analytics/rollup_analytics'

/** Runs the analytics rollup now, for a range of IST days or (by default) catching up to yesterday. */
export default class AnalyticsRollup extends BaseCommand {
  static commandName = 'analytics:rollup'
  static description = 'Roll review sessions up into analytics_daily'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'First IST day (YYYY-MM-DD)' })
  declare from?: string

  @flags.string({ description: 'Last IST day (YYYY-MM-DD)' })
  declare to?: string

  async run() {
    const result = await new RollupAnalytics().handle({ from: this.from, to: this.to })
    this.logger.info(`rolled ${result.days} day(s); rolled through ${result.rolledThrough ?? 'nothing yet'}`)
  }
}
