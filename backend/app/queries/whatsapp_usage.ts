/*
 * What WhatsApp Business cost a workspace in a month (docs/decisions.md D66): the template messages its businesses
 * sent, the requests and their reminders (Meta charges per delivered template message; the replies inside a
 * customer's 24-hour window are free), at WHATSAPP_PRICE_INR each, for the businesses `businessIds` names (the
 * member's own, from their policy).
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { RequestChannel } from '#models/review_request'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { nowIst } from '#lib/time'
import type { WhatsAppUsageDto } from '#types/api'

/** Rupees to the paisa: 0.115 × 3 is 0.35, not 0.34500000000000003. */
export const rupees = (amount: number) => Math.round(amount * 100) / 100

export async function whatsappUsage(
  businessIds: DatabaseQueryBuilderContract,
  price: number,
  month = nowIst().toFormat('yyyy-MM')
): Promise<WhatsAppUsageDto> {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone: BUSINESS_TIME_ZONE }).startOf('month')
  const [from, to] = [start.toUTC().toJSDate(), start.plus({ months: 1 }).toUTC().toJSDate()]
  /** How many rows have `column` in the month, as `alias`. */
  const inMonth = (column: string, alias: string) => db.raw(`SUM(${column} >= ? AND ${column} < ?) AS ${alias}`, [from, to])
  const rows = await db
    .from('review_requests')
    .whereIn('business_id', businessIds)
    .where('channel', RequestChannel.Whatsapp)
    .where((query) =>
      query
        .where((sent) => sent.where('sent_at', '>=', from).where('sent_at', '<', to))
        .orWhere((reminded) => reminded.where('reminded_at', '>=', from).where('reminded_at', '<', to))
    )
    .groupBy('business_id')
    .orderBy('business_id')
    .select('business_id', inMonth('sent_at', 'requests'), inMonth('reminded_at', 'reminders'))
  return {
    month,
    pricePerMessageInr: price,
    businesses: rows.map((row) => {
      const messages = Number(row.requests ?? 0) + Number(row.reminders ?? 0)
      return { businessId: row.business_id, messages, costInr: rupees(messages * price) }
    }),
  }
}
