import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import AuditLog from '#models/audit_log'
import Workspace from '#models/workspace'
import { clock } from '#lib/clock'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { lockedUserOrFail } from '#actions/admin/locked_user'

/** Adds days to the trial's end, or to now when it has ended: the owner's lock lifts at once. */
export default class ExtendTrial {
  async handle(operator: User, userId: number, days: number, reason: string) {
    return db.transaction(async (trx) => {
      const target = await lockedUserOrFail(trx, userId)
      const before = { trialEndsAt: target.trialEndsAt?.toISO() ?? null }
      const from = target.trialEndsAt && target.trialEndsAt > clock.now() ? target.trialEndsAt : clock.now()
      target.merge({ trialEndsAt: from.plus({ days }), trialExpiredAt: null, trialStartsAt: target.trialStartsAt ?? clock.now() })
      await target.useTransaction(trx).save()
      await AuditLog.record(trx, operator, {
        action: 'user.extend_trial',
        targetType: 'user',
        targetId: target.id,
        before,
        after: { trialEndsAt: target.trialEndsAt!.toISO(), days },
        reason,
      })
      // The trial is the owner's personal workspace's.
      const workspaceId = await Workspace.personalIdOf(target.id, trx)
      if (workspaceId !== null) reviewLinkCache.forgetWorkspace(workspaceId, trx)
      return target
    })
  }
}
