/*
 * What happens without a paid plan, for this owner (docs/product-rules.md#free-plan-limits): their oldest business
 * keeps working with the monthly cap, the others pause. The server names them (`freePlan` of the trial status); the
 * sentences are the contract's, so the dashboard says it in the site's and the help's words.
 */
import { afterTrialSentence, keepsWorkingClause } from '@reviewroute/backend/contract/product_rules'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'

type FreePlanStatus = Pick<TrialStatusDto, 'freePlan'>

/** "After your trial, Demo Cafe keeps working with 50 ratings a month; 1 other business pauses until you upgrade." */
export const afterTrialText = ({ freePlan }: FreePlanStatus) => afterTrialSentence(freePlan.keepsWorking, freePlan.paused.length)

/** The same without "After your trial" and the full stop, for "…moves to the free plan: {clause}." */
export const freePlanClause = ({ freePlan }: FreePlanStatus) => keepsWorkingClause(freePlan.keepsWorking, freePlan.paused.length)
