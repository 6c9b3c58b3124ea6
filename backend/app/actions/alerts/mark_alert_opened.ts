import db from '@adonisjs/lucid/services/db'
import { NotFoundError } from '#exceptions/app_errors'
import { isGenuine, parseOpenedToken } from '#lib/alert_payloads'
import { clock } from '#lib/clock'

export const ALERT_NOT_FOUND = 'Alert not found'

/**
 * A push notification was opened (docs/decisions.md D70): the alert's WhatsApp fallback stays unsent, its push is
 * "read" and, with nothing else done yet, its outcome "opened". The token is the notification's own, signed for the
 * alert and member; any other is the same 404 as an alert that does not exist. Opening twice changes nothing more.
 */
export default class MarkAlertOpened {
  async handle(token: string) {
    const parsed = parseOpenedToken(token)
    const alert = parsed ? await db.from('member_alerts').where('id', parsed.alertId).select('id', 'user_id').first() : null
    if (!parsed || !alert || !isGenuine({ ...parsed, action: 'opened' }, Number(alert.user_id))) throw new NotFoundError(ALERT_NOT_FOUND)
    const now = clock.now().toJSDate()
    await db.transaction(async (trx) => {
      await trx
        .from('member_alerts')
        .where('id', alert.id)
        .whereNull('push_opened_at')
        .update({ push_opened_at: now, whatsapp_due_at: null })
      await trx.from('member_alerts').where('id', alert.id).whereNull('action').update({ action: 'opened', action_at: now })
      await trx
        .from('member_alert_deliveries')
        .where('member_alert_id', alert.id)
        .where('channel', 'push')
        .whereNot('status', 'read')
        .update({ status: 'read', at: now })
    })
  }
}
