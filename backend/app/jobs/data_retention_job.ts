import db from '@adonisjs/lucid/services/db'
import { clock } from '#lib/clock'

/** The privacy page promises contact-form messages are kept no longer than 12 months. */
export const CONTACT_MESSAGE_RETENTION_MONTHS = 12

/**
 * The ids of customers' WhatsApp messages are kept this long to spot Meta's redeliveries (Meta retries a webhook
 * for up to 7 days), then forgotten (docs/decisions.md D67).
 */
export const WHATSAPP_MESSAGE_ID_RETENTION_DAYS = 30

/**
 * Daily, idempotent: deletes what the privacy policy says we stop keeping, and what is only kept for a while.
 * (Removed businesses take their sessions, views and rollups with them through the schema's cascades; nothing to
 * sweep for those.)
 */
/** Owners' alerts and their records (docs/decisions.md D70) are kept 180 days: Profile shows the last 20. */
export const ALERT_RETENTION_DAYS = 180

export default class DataRetentionJob {
  async handle() {
    const cutoff = clock.now().minus({ months: CONTACT_MESSAGE_RETENTION_MONTHS }).toJSDate()
    const deleted = await db.from('contact_messages').where('created_at', '<', cutoff).delete()
    const seenBefore = clock.now().minus({ days: WHATSAPP_MESSAGE_ID_RETENTION_DAYS }).toJSDate()
    const forgotten = await db.from('whatsapp_inbound_messages').where('received_at', '<', seenBefore).delete()
    const alertsBefore = clock.now().minus({ days: ALERT_RETENTION_DAYS }).toJSDate()
    const alerts = await db.from('member_alerts').where('created_at', '<', alertsBefore).delete()
    return { contactMessagesDeleted: Number(deleted), whatsappMessageIdsForgotten: Number(forgotten), alertsForgotten: Number(alerts) }
  }
}
