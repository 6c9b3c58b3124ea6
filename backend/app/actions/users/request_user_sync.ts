import { inject } from '@adonisjs/core'
import type User from '#models/user'
import SyncUser from '#actions/users/sync_user'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'

/**
 * POST /api/auth/sync-user: hands the profile refresh to the worker (one job per user per minute at most);
 * if the queue cannot take it, last seen is recorded right here instead.
 */
@inject()
export default class RequestUserSync {
  constructor(
    private queues: QueueService,
    private syncUser: SyncUser
  ) {}

  async handle(user: User) {
    const minute = Math.floor(Date.now() / 60_000)
    const queued = await this.queues.enqueue(QueueName.SyncUser, { userId: user.id }, { jobId: `sync-user-${user.id}-${minute}` })
    if (!queued) await this.syncUser.handle(user)
    return user
  }
}
