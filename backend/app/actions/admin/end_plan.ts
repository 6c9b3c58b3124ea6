import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Subscription from '#models/subscription'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'
import { FieldError } from '#exceptions/app_errors'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { lockedUserOrFail } from '#actions/admin/locked_user'

/** Ends every plan the owner has running or waiting, now (a paid one is not refunded: that is the refund). */
export default class EndPlan {
  async handle(operator: User, userId: number, reason: string) {
    return db.transaction(async (trx) => {
      const target = await lockedUserOrFail(trx, userId)
      const now = clock.now()
      const open = await Subscription.query({ client: trx })
        .where('user_id', target.id)
        .withScopes((scopes) => scopes.running(now))
        .forUpdate()
      if (open.length === 0) throw new FieldError('reason', 'This owner has no plan running.')
      for (const subscription of open) {
        subscription.endNow(now)
        await subscription.useTransaction(trx).save()
      }
      await AuditLog.record(trx, operator, {
        action: 'user.end_plan',
        targetType: 'user',
        targetId: target.id,
        before: { subscriptions: open.map((subscription) => subscription.id) },
        after: { endedAt: now.toISO() },
        reason,
      })
      for (const subscription of open) reviewLinkCache.forgetWorkspace(subscription.workspaceId, trx)
      return target
    })
  }
}
