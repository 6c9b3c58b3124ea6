import type SubscriptionPlan from '#models/subscription_plan'
import type { PlanDto } from '#types/api'

/**
 * A plan as the billing and landing pages show it. Savings are computed here against `durationMonths` × the
 * monthly price (docs/decisions.md D8), so no page types a price or a percentage.
 */
export function serializePlan(plan: SubscriptionPlan, monthlyPrice: number | null): PlanDto {
  const fullPrice = monthlyPrice !== null && plan.durationMonths > 0 ? monthlyPrice * plan.durationMonths : null
  const savingsAmount = fullPrice !== null ? Math.max(0, fullPrice - plan.totalPrice) : 0
  return {
    id: plan.id,
    name: plan.name,
    planType: plan.planType,
    totalPrice: plan.totalPrice,
    currency: 'INR',
    durationMonths: plan.durationMonths,
    pricePerMonth: plan.durationMonths > 0 ? Math.round(plan.totalPrice / plan.durationMonths) : 0,
    features: plan.features,
    tag: plan.tag,
    savings:
      savingsAmount > 0 && fullPrice ? { amount: savingsAmount, percent: Math.round((savingsAmount / fullPrice) * 100), fullPrice } : null,
  }
}
