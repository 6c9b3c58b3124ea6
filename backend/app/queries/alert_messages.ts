/*
 * What owners' WhatsApp alerts cost in a month (docs/decisions.md D70): the template messages ReviewRoute's own
 * number sent to members (a refused one is not charged; answers to taps are inside the 24-hour window and free), at
 * WHATSAPP_PRICE_INR each. ReviewRoute pays for them; Billing shows a workspace its own, the console all of them.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { nowIst } from '#lib/time'
import { rupees } from '#queries/whatsapp_usage'
import type { AlertMessagesDto, AdminAlertMessagesDto } from '#types/api'

function sentIn(month: string) {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone: BUSINESS_TIME_ZONE }).startOf('month')
  return db
    .from('member_alert_deliveries as d')
    .join('member_alerts as a', 'a.id', 'd.member_alert_id')
    .join('businesses as b', 'b.id', 'a.business_id')
    .where('d.channel', 'whatsapp')
    .whereNot('d.status', 'failed')
    .where('d.sent_at', '>=', start.toUTC().toJSDate())
    .where('d.sent_at', '<', start.plus({ months: 1 }).toUTC().toJSDate())
}

/** The alert messages about a workspace's businesses this month. */
export async function workspaceAlertMessages(
  workspaceId: number,
  price: number,
  month = nowIst().toFormat('yyyy-MM')
): Promise<AlertMessagesDto> {
  const row = await sentIn(month).where('b.workspace_id', workspaceId).count('* as total').first()
  const messages = Number(row?.total ?? 0)
  return { month, messages, costInr: rupees(messages * price), pricePerMessageInr: price }
}

/** Every workspace's, with the 20 that had the most. */
export async function allAlertMessages(price: number, month = nowIst().toFormat('yyyy-MM')): Promise<AdminAlertMessagesDto> {
  const rows = await sentIn(month)
    .join('workspaces as w', 'w.id', 'b.workspace_id')
    .groupBy('w.id', 'w.name')
    .orderBy('messages', 'desc')
    .orderBy('w.id', 'asc')
    .select('w.id', 'w.name', db.raw('COUNT(*) AS messages'))
  const messages = rows.reduce((sum, row) => sum + Number(row.messages), 0)
  return {
    month,
    messages,
    costInr: rupees(messages * price),
    pricePerMessageInr: price,
    workspaces: rows.slice(0, 20).map((row) => ({
      workspaceId: Number(row.id),
      name: String(row.name),
      messages: Number(row.messages),
      costInr: rupees(Number(row.messages) * price),
    })),
  }
}
