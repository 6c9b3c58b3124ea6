import db from '@adonisjs/lucid/services/db'
import { clock } from '#lib/clock'

/** The privacy page promises contact-form messages are kept no longer than 12 months. */
export const CONTACT_MESSAGE_RETENTION_MONTHS = 12

/**
 * Daily, idempotent: deletes what the privacy policy says we stop keeping. (Removed businesses take their
 * sessions, views and rollups with them through the schema's cascades; nothing to sweep for those.)
 */
export default class DataRetentionJob {
  async handle() {
    const cutoff = clock.now().minus({ months: CONTACT_MESSAGE_RETENTION_MONTHS }).toJSDate()
    const deleted = await db.from('contact_messages').where('created_at', '<', cutoff).delete()
    return { contactMessagesDeleted: Number(deleted) }
  }
}
