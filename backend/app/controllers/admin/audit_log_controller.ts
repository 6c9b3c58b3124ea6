/*
 * The audit log (docs/decisions.md D34): every operator write, newest first. Read only: no route changes it.
 */
import type { HttpContext } from '@adonisjs/core/http'
import AuditLog from '#models/audit_log'
import { paginate } from '#lib/list_query'
import { AUDIT_LOG_LIST } from '#queries/list_specs'
import type { AuditLogDto } from '#types/api'

export default class AdminAuditLogController {
  async index(ctx: HttpContext): Promise<AuditLogDto[]> {
    return paginate(ctx, AuditLog.query(), AUDIT_LOG_LIST, (row: AuditLog) => ({
      id: row.id,
      operatorId: row.operatorId,
      operatorEmail: row.operatorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      createdAt: row.createdAt.toISO()!,
    }))
  }
}
