import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { QueueService } from '#queue/queue_service'
import { jobHandlers } from '#jobs/index'
import { invalidations } from '#hot_path/invalidations'

/** The background worker: processes every queue and keeps the recurring schedules in place. */
export default class QueueWork extends BaseCommand {
  static commandName = 'queue:work'
  static description = 'Run the BullMQ worker (trial expiry, sync-user, analytics rollups, feedback alerts)'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    const queues = await this.app.container.make(QueueService)
    // Graceful stop on SIGTERM/SIGINT: bin/console.ts terminates the app, which closes the workers
    // after their current jobs finish.
    this.app.terminating(() => queues.shutdown())
    // The worker's caches hear the API replicas' changes too (docs/decisions.md D54).
    invalidations.start()
    this.app.terminating(() => invalidations.stop())
    await queues.startWorkers(await jobHandlers())
    this.logger.info('worker started')
  }
}
