import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import SubscriptionPlan from '#models/subscription_plan'
import AuditLog from '#models/audit_log'
import Workspace from '#models/workspace'
import { clock } from '#lib/clock'
import { FieldError } from '#exceptions/app_errors'
import { PlanType } from '#lib/billing_enums'
import { stackPlan } from '#actions/billing/grant_plan'
import { lockedUserOrFail } from '#actions/admin/locked_user'

const PLAN_BY_MONTHS = { 1: PlanType.Monthly, 6: PlanType.SixMonth, 12: PlanType.TwelveMonth } as const

/**
 * A plan an operator grants without a payment (docs/decisions.md D34): no invoice, since nothing was sold; from now
 * or after the plan already running, stacked as a paid one is.
 */
export default class GrantComplimentaryPlan {
  async handle(operator: User, userId: number, months: keyof typeof PLAN_BY_MONTHS, reason: string) {
    return db.transaction(async (trx) => {
      const target = await lockedUserOrFail(trx, userId)
      const plan = await SubscriptionPlan.query({ client: trx }).where('plan_type', PLAN_BY_MONTHS[months]).firstOrFail()
      const workspaceId = await Workspace.personalIdOf(target.id, trx)
      if (workspaceId === null) throw new FieldError('reason', 'This owner has no personal workspace to grant a plan to.')
      const { subscription, running } = await stackPlan(trx, {
        userId: target.id,
        workspaceId,
        planId: plan.id,
        paymentId: null,
        months,
        now: clock.now(),
      })
      await AuditLog.record(trx, operator, {
        action: 'user.grant_plan',
        targetType: 'user',
        targetId: target.id,
        before: { currentPeriodEnd: running?.currentPeriodEnd.toISO() ?? null },
        after: {
          subscriptionId: subscription.id,
          planType: plan.planType,
          from: subscription.currentPeriodStart.toISO(),
          until: subscription.currentPeriodEnd.toISO(),
        },
        reason,
      })
      return target
    })
  }
}
