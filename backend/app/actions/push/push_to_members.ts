import logger from '@adonisjs/core/services/logger'
import PushSubscription from '#models/push_subscription'
import { clock } from '#lib/clock'
import { WebPush, type PushNotification } from '#services/push/web_push'

/** How long a push service keeps an alert for a phone that is off: an hour (a call-back is worth most then). */
export const ALERT_PUSH_TTL_SECONDS = 3600

/**
 * Pushes one notification to every device of these members (docs/decisions.md D68). A device whose push service
 * says it is gone (404, 410) is forgotten; another failure is logged and the others still go. Answers the members
 * reached on at least one device.
 */
export default class PushToMembers {
  constructor(private push = new WebPush()) {}

  get enabled() {
    return this.push.enabled
  }

  /** Of these members, those with a device to push to (none when push is off). */
  async withDevices(userIds: number[]): Promise<Set<number>> {
    if (!this.push.enabled || userIds.length === 0) return new Set()
    const rows = await PushSubscription.query().whereIn('user_id', userIds).distinct('user_id')
    return new Set(rows.map((row) => row.userId))
  }

  async handle(userId: number, notification: PushNotification): Promise<boolean> {
    if (!this.push.enabled) return false
    const devices = await PushSubscription.query().where('user_id', userId).orderBy('id')
    let reached = false
    for (const device of devices) {
      try {
        if ((await this.push.send(device, notification, ALERT_PUSH_TTL_SECONDS)) === 'gone') {
          await device.delete()
          continue
        }
        reached = true
        device.lastSentAt = clock.now()
        await device.save()
      } catch (error) {
        logger.warn({ err: error, userId, deviceId: device.id }, 'a push alert could not be sent to a device')
      }
    }
    return reached
  }
}
