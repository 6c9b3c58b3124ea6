import type User from '#models/user'
import { clock } from '#lib/clock'

/** Records that the owner was seen (the dashboard calls sync-user shortly after it loads). */
export default class SyncUser {
  async handle(user: User) {
    user.lastSeenAt = clock.now()
    await user.save()
    return user
  }
}
