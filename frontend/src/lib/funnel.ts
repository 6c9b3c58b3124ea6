/*
 * The funnel insights rules of the business analytics screen (docs/product-rules.md): the conversion verdict and the
 * visits → ratings → Google funnel.
 */
import { FIGURES } from '@reviewroute/backend/contract/vocabulary'
import { EXCELLENT_CONVERSION, IMPROVEMENT_CONVERSION, IMPROVEMENT_MIN_SESSIONS } from '#config/constants'

export type ConversionVerdict = 'excellent' | 'improvement' | null

/** 'excellent' at 70 % or more; 'improvement' under 50 % once there are more than 5 sessions; else nothing. */
export function conversionVerdict(conversionRate: number, totalSessions: number): ConversionVerdict {
  if (totalSessions > 0 && conversionRate >= EXCELLENT_CONVERSION) return 'excellent'
  if (totalSessions > IMPROVEMENT_MIN_SESSIONS && conversionRate < IMPROVEMENT_CONVERSION) return 'improvement'
  return null
}

/** '70.0%': the conversion rate always with one decimal (docs/product-rules.md). */
export const formatPercent = (rate: number) => `${(Number.isFinite(rate) ? rate : 0).toFixed(1)}%`

export interface FunnelStep {
  key: 'views' | 'ratings' | 'google'
  label: string
  count: number
  /** Share of the previous step in whole percent; null for the first step, an empty previous step, or when
   *  this step outgrows the previous one (page views are counted only since the counter existed). */
  rate: number | null
}

export function funnelSteps({
  pageViews,
  totalSessions,
  redirectedSessions,
}: {
  pageViews: number
  totalSessions: number
  redirectedSessions: number
}): FunnelStep[] {
  const steps: Omit<FunnelStep, 'rate'>[] = [
    { key: 'views', label: FIGURES.pageViews, count: pageViews },
    { key: 'ratings', label: FIGURES.ratings, count: totalSessions },
    { key: 'google', label: FIGURES.sentToGoogle, count: redirectedSessions },
  ]
  return steps.map((step, index) => {
    const previous = steps[index - 1]?.count
    const rate = previous && step.count <= previous ? Math.round((step.count / previous) * 100) : null
    return { ...step, rate }
  })
}
