/*
 * The free plan's limits (DECISIONS 6): 1 business, 50 reviews per business per IST calendar month.
 * Trial and Pro owners are unlimited.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import type Business from '#models/business'
import { billingStatus } from '#actions/billing/billing_status'
import { UpgradeRequiredError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import { reviewLinkCache } from '#services/review_link_cache'
import { DateTime } from 'luxon'
import { BUSINESS_TIME_ZONE, FREE_PLAN_BUSINESS_LIMIT, FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS } from '#lib/constants'

import { BUSINESS_LIMIT_MESSAGE, REVIEW_LIMIT_MESSAGE } from '#contract/product_rules'

/** Start of the current IST calendar month, as a UTC instant. */
export const monthStart = () => clock.now().setZone(BUSINESS_TIME_ZONE).startOf('month').toUTC()

export async function assertCanAddBusiness(user: User, trx: TransactionClientContract) {
  const status = await billingStatus(user)
  if (!status.isLimited) return
  const row = await db.from('businesses').useTransaction(trx).where('user_id', user.id).count('* as total').first()
  if (Number(row?.total ?? 0) >= FREE_PLAN_BUSINESS_LIMIT) throw new UpgradeRequiredError(BUSINESS_LIMIT_MESSAGE)
}

export async function reviewsThisMonth(businessIds: number[]) {
  if (businessIds.length === 0) return new Map<number, number>()
  const rows = await db
    .from('review_sessions')
    .whereIn('business_id', businessIds)
    .where('created_at', '>=', monthStart().toJSDate())
    .groupBy('business_id')
    .select('business_id', db.raw('COUNT(*) AS total'))
  return new Map(rows.map((row: any) => [Number(row.business_id), Number(row.total)]))
}

/**
 * Whether customers may rate this business right now, and the sentence to show when not. An owner's
 * unlimited access (trial or paid period) is remembered until it ends; the free plan's cap is always counted.
 */
export async function reviewAllowance(business: Business) {
  if (reviewLinkCache.isUnlimited(business.userId)) return { allowed: true as const }
  const generation = reviewLinkCache.generation
  const owner = await User.findOrFail(business.userId)
  const status = await billingStatus(owner)
  if (!status.isLimited) {
    const accessEnd = status.hasActiveSubscription ? status.currentPeriodEnd : status.trialEndsAt
    reviewLinkCache.rememberUnlimited(owner.id, accessEnd ? DateTime.fromISO(accessEnd) : null, generation)
    return { allowed: true as const }
  }
  const used = (await reviewsThisMonth([business.id])).get(business.id) ?? 0
  return used < FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS
    ? { allowed: true as const }
    : { allowed: false as const, message: REVIEW_LIMIT_MESSAGE }
}
