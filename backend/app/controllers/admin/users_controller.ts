/*
 * Operators and owners' accounts (docs/decisions.md D34): the list (search, plan and trial state, businesses, last
 * seen), one with their businesses and payments, and the writes — extend the trial, grant or end a plan, disable or
 * enable the account — each with a reason and an audit row in the same transaction.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import Subscription from '#models/subscription'
import SubscriptionPlan from '#models/subscription_plan'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'
import { paginate } from '#lib/list_query'
import { ADMIN_USER_LIST } from '#lib/admin_lists'
import { extendTrialValidator, grantPlanValidator, reasonValidator } from '#validators/admin'
import { FieldError, NotFoundError } from '#exceptions/app_errors'
import { PlanType, SubscriptionStatus } from '#lib/billing_enums'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { adminBusinesses, adminPayments, adminUsers } from '#serializers/admin'
import type { AdminUserDetailDto, AdminUserDto } from '#types/api'

const PLAN_BY_MONTHS = { 1: PlanType.Monthly, 6: PlanType.SixMonth, 12: PlanType.TwelveMonth } as const

async function userOrFail(id: number, trx?: TransactionClientContract) {
  const user = await User.query({ client: trx }).where('id', id).if(trx, (query) => query.forUpdate()).first()
  if (!user) throw new NotFoundError('User not found')
  return user
}

const one = async (user: User) => (await adminUsers([user]))[0]

export default class AdminUsersController {
  async index(ctx: HttpContext): Promise<AdminUserDto[]> {
    const rows = await paginate(ctx, User.query(), ADMIN_USER_LIST, (user: User) => user)
    return adminUsers(rows)
  }

  async show({ params }: HttpContext): Promise<AdminUserDetailDto> {
    const user = await userOrFail(params.id)
    const businesses = await db.from('businesses').where('user_id', user.id).orderBy('id').select('id')
    const payments = await db.from('payments').where('user_id', user.id).orderBy('id', 'desc').limit(50).select('id')
    return {
      ...(await one(user)),
      businessList: await adminBusinesses(businesses.map((row) => row.id)),
      payments: await adminPayments(payments.map((row) => row.id)),
    }
  }

  /** Adds days to the trial's end, or to now when it has ended: the owner's lock lifts at once. */
  async extendTrial({ auth, params, request }: HttpContext): Promise<AdminUserDto> {
    const { days, reason } = await request.validateUsing(extendTrialValidator)
    const user = await db.transaction(async (trx) => {
      const target = await userOrFail(params.id, trx)
      const before = { trialEndsAt: target.trialEndsAt?.toISO() ?? null }
      const from = target.trialEndsAt && target.trialEndsAt > clock.now() ? target.trialEndsAt : clock.now()
      target.merge({ trialEndsAt: from.plus({ days }), trialExpiredAt: null, trialStartsAt: target.trialStartsAt ?? clock.now() })
      await target.useTransaction(trx).save()
      await AuditLog.record(trx, auth.getUserOrFail(), { action: 'user.extend_trial', targetType: 'user', targetId: target.id, before, after: { trialEndsAt: target.trialEndsAt!.toISO(), days }, reason })
      reviewLinkCache.forgetOwner(target.id, trx)
      return target
    })
    return one(user)
  }

  /** A plan without a payment (no invoice: nothing was sold), from now or after the plan already running. */
  async grantPlan({ auth, params, request }: HttpContext): Promise<AdminUserDto> {
    const { months, reason } = await request.validateUsing(grantPlanValidator)
    const user = await db.transaction(async (trx) => {
      const target = await userOrFail(params.id, trx)
      const plan = await SubscriptionPlan.query({ client: trx }).where('plan_type', PLAN_BY_MONTHS[months]).firstOrFail()
      const running = await Subscription.currentFor(target.id, clock.now(), trx)
      const start = running ? running.currentPeriodEnd : clock.now()
      const granted = await Subscription.create(
        { userId: target.id, planId: plan.id, paymentId: null, status: SubscriptionStatus.Active, currentPeriodStart: start, currentPeriodEnd: start.plus({ months }) },
        { client: trx }
      )
      await AuditLog.record(trx, auth.getUserOrFail(), {
        action: 'user.grant_plan',
        targetType: 'user',
        targetId: target.id,
        before: { currentPeriodEnd: running?.currentPeriodEnd.toISO() ?? null },
        after: { subscriptionId: granted.id, planType: plan.planType, from: start.toISO(), until: granted.currentPeriodEnd.toISO() },
        reason,
      })
      reviewLinkCache.forgetOwner(target.id, trx)
      return target
    })
    return one(user)
  }

  /** Ends every plan the owner has running or waiting, now (a paid one is not refunded: that is the refund). */
  async endPlan({ auth, params, request }: HttpContext): Promise<AdminUserDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    const user = await db.transaction(async (trx) => {
      const target = await userOrFail(params.id, trx)
      const now = clock.now()
      const open = await Subscription.query({ client: trx })
        .where('user_id', target.id)
        .whereIn('status', [SubscriptionStatus.Active, SubscriptionStatus.Cancelled])
        .where('current_period_end', '>', now.toJSDate())
        .forUpdate()
      if (open.length === 0) throw new FieldError('reason', 'This owner has no plan running.')
      for (const subscription of open) {
        subscription.endNow(now)
        await subscription.useTransaction(trx).save()
      }
      await AuditLog.record(trx, auth.getUserOrFail(), {
        action: 'user.end_plan',
        targetType: 'user',
        targetId: target.id,
        before: { subscriptions: open.map((subscription) => subscription.id) },
        after: { endedAt: now.toISO() },
        reason,
      })
      reviewLinkCache.forgetOwner(target.id, trx)
      return target
    })
    return one(user)
  }

  /** The account cannot sign in; its tokens are revoked (its customer pages keep working: disable a link for that). */
  async disable(ctx: HttpContext): Promise<AdminUserDto> {
    return this.setDisabled(ctx, true)
  }

  async enable(ctx: HttpContext): Promise<AdminUserDto> {
    return this.setDisabled(ctx, false)
  }

  private async setDisabled({ auth, params, request }: HttpContext, disabled: boolean): Promise<AdminUserDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    const operator = auth.getUserOrFail()
    const user = await db.transaction(async (trx) => {
      const target = await userOrFail(params.id, trx)
      if (target.id === operator.id) throw new FieldError('reason', 'Operators cannot disable their own account.')
      const before = { disabledAt: target.disabledAt?.toISO() ?? null, disabledReason: target.disabledReason }
      target.merge(disabled ? { disabledAt: clock.now(), disabledReason: reason } : { disabledAt: null, disabledReason: null })
      await target.useTransaction(trx).save()
      if (disabled) await trx.from('auth_access_tokens').where('tokenable_id', target.id).delete()
      await AuditLog.record(trx, operator, {
        action: disabled ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: target.id,
        before,
        after: { disabledAt: target.disabledAt?.toISO() ?? null },
        reason,
      })
      return target
    })
    return one(user)
  }
}
