import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import ContactMessage from '#models/contact_message'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'
import { NotFoundError } from '#exceptions/app_errors'

/** Marks a contact message handled by the operator, with its audit row (`extra`: what the row adds, a reply). */
export default class MarkContactHandled {
  async handle(operator: User, id: number, reason: string, action = 'contact.handle', extra: object = {}) {
    return db.transaction(async (trx) => {
      const row = await ContactMessage.query({ client: trx }).where('id', id).forUpdate().first()
      if (!row) throw new NotFoundError('Message not found')
      const before = { handledAt: row.handledAt?.toISO() ?? null }
      row.merge({ handledAt: clock.now(), handledBy: operator.id })
      await row.useTransaction(trx).save()
      await AuditLog.record(trx, operator, {
        action,
        targetType: 'contact_message',
        targetId: row.id,
        before,
        after: { handledAt: row.handledAt!.toISO(), ...extra },
        reason,
      })
      return row
    })
  }
}
