/*
 * The add-business limit gate (docs/product-rules.md#trial, docs/product-rules.md#tenancy, docs/decisions.md D8): an owner the server calls limited (no paid plan, no
 * running trial) keeps FREE_PLAN_BUSINESS_LIMIT businesses; asking to add another shows 'Business Limit
 * Reached' instead of the search.
 */
import { FREE_PLAN_BUSINESS_LIMIT } from '@reviewroute/backend/contract/product_rules'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'

/** Without a status (still loading, or the call failed) the form shows; the server still refuses a second one. */
export const reachedBusinessLimit = (status: Pick<TrialStatusDto, 'isLimited'> | undefined, businessCount: number) =>
  Boolean(status?.isLimited) && businessCount >= FREE_PLAN_BUSINESS_LIMIT
