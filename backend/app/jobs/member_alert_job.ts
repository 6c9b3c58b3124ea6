import db from '@adonisjs/lucid/services/db'
import MemberAlert from '#models/member_alert'
import User from '#models/user'
import SendMemberAlerts from '#actions/alerts/send_member_alerts'
import { clock } from '#lib/clock'

/**
 * The later part of an owner's alert (docs/decisions.md D70): an alert held by the member's quiet hours goes to their
 * phone when they end; a WhatsApp message waiting for its push goes if the push was not opened by then. Each is
 * taken by one update (a second worker, or the 5-minute sweep, finds nothing left), so it goes once.
 */
export default class MemberAlertJob {
  constructor(private alerts: SendMemberAlerts = new SendMemberAlerts()) {}

  async handle({ alertId }: { alertId?: number }) {
    const now = clock.now().toJSDate()
    const ids = alertId !== undefined ? [alertId] : await this.due(now)
    let sent = 0
    for (const id of ids) sent += await this.run(id, now)
    return { sent }
  }

  /** The alerts whose quiet hours ended or whose push went unopened, the oldest first. */
  private async due(now: Date) {
    const rows = await db
      .from('member_alerts')
      .where((due) => due.where('held_until', '<=', now).orWhere('whatsapp_due_at', '<=', now))
      .orderBy('id')
      .limit(500)
      .select('id')
    return rows.map((row) => Number(row.id))
  }

  private async run(alertId: number, now: Date) {
    let sent = 0
    const released = await db.from('member_alerts').where('id', alertId).where('held_until', '<=', now).update({ held_until: null })
    if (Number(released) > 0) {
      const alert = await MemberAlert.find(alertId)
      const user = alert ? await User.find(alert.userId) : null
      if (alert && user) {
        await this.alerts.toPhone(alert, user)
        sent++
      }
    }
    const due = await db.from('member_alerts').where('id', alertId).where('whatsapp_due_at', '<=', now).update({ whatsapp_due_at: null })
    if (Number(due) > 0) {
      const alert = await MemberAlert.find(alertId)
      const user = alert ? await User.find(alert.userId) : null
      // An opened push (or a tap in the app) took the alert: the member knows.
      if (alert && user && !alert.pushOpenedAt && !alert.action) {
        await this.alerts.whatsapp(alert, user)
        sent++
      }
    }
    return sent
  }
}
