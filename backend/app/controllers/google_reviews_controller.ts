/*
 * The Google reviews inbox (docs/decisions.md D45): the reviews the sync stored (D44) of the businesses the member
 * sees, their figures, and the reply posted to Google or deleted there.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import GoogleReview from '#models/google_review'
import Business from '#models/business'
import GoogleReviewPolicy, { visibleIds } from '#policies/google_review_policy'
import BusinessPolicy from '#policies/business_policy'
import ReplyGoogleReview from '#actions/google/reply_google_review'
import DeleteGoogleReply from '#actions/google/delete_google_reply'
import { googleReviewStats } from '#queries/google_review_stats'
import { googleReplyValidator, googleReviewStatsValidator } from '#validators/google'
import { serializeGoogleReview } from '#serializers/google_reviews'
import { googleReviewWidgetValidator } from '#validators/widget'
import { setReviewOnWidget } from '#actions/widget/widget_settings'
import { paginate } from '#lib/list_query'
import { parseDateFilter } from '#lib/time'
import { FieldError } from '#exceptions/app_errors'
import { GOOGLE_REVIEW_LIST } from '#queries/list_specs'
import type { GoogleReviewDto, GoogleReviewStatsDto } from '#types/api'

async function reviewOf({ bouncer, params }: HttpContext, action: 'view' | 'reply' | 'update') {
  const review = await GoogleReview.find(params.id)
  await bouncer.with(GoogleReviewPolicy).authorize(action, review)
  return review!
}

/** An IST day of the stats' period: its first moment (`from`) or its last (`to`). */
function dayOf(field: 'from' | 'to', value: string | undefined) {
  if (value === undefined) return null
  const time = parseDateFilter(value, field === 'to')
  if (!time) throw new FieldError(field, `The ${field} field must be a real date (YYYY-MM-DD)`)
  return time.toJSDate()
}

export default class GoogleReviewsController {
  /** GET /api/google-reviews: Refine list, newest first, with `x-total-count`. */
  async index(ctx: HttpContext): Promise<GoogleReviewDto[]> {
    return paginate(ctx, GoogleReviewPolicy.visible(await visibleIds(ctx.tenant.member)), GOOGLE_REVIEW_LIST, serializeGoogleReview)
  }

  /** GET /api/google-reviews/stats?businessId&from&to (IST days, both included). */
  async stats({ tenant, bouncer, request }: HttpContext): Promise<GoogleReviewStatsDto> {
    const { businessId, from, to } = await request.validateUsing(googleReviewStatsValidator, { data: request.qs() })
    const start = dayOf('from', from)
    const end = dayOf('to', to)
    if (start && end && start > end) throw new FieldError('to', 'The to date must not be before the from date')
    if (businessId !== undefined) {
      await bouncer.with(BusinessPolicy).authorize('view', await Business.find(businessId))
      return googleReviewStats({ businessIds: [businessId], from: start, to: end })
    }
    return googleReviewStats({ businessIds: await visibleIds(tenant.member), from: start, to: end })
  }

  /** GET /api/google-reviews/{id} */
  async show(ctx: HttpContext): Promise<GoogleReviewDto> {
    return serializeGoogleReview(await reviewOf(ctx, 'view'))
  }

  /** PATCH /api/google-reviews/{id} {pinned?, hidden?} (owners and managers): the website widget's choice (D49). */
  async update(ctx: HttpContext): Promise<GoogleReviewDto> {
    const review = await reviewOf(ctx, 'update')
    const input = await ctx.request.validateUsing(googleReviewWidgetValidator)
    return serializeGoogleReview(await setReviewOnWidget(ctx.tenant.member, review, input))
  }

  /** PUT /api/google-reviews/{id}/reply {comment} (owners and managers): posted to Google, then stored. */
  @inject()
  async reply(ctx: HttpContext, replying: ReplyGoogleReview): Promise<GoogleReviewDto> {
    const review = await reviewOf(ctx, 'reply')
    const { comment } = await ctx.request.validateUsing(googleReplyValidator)
    return serializeGoogleReview(await replying.handle(ctx.tenant.member, review, comment))
  }

  /** DELETE /api/google-reviews/{id}/reply (owners and managers) → 204 */
  @inject()
  async deleteReply(ctx: HttpContext, deleting: DeleteGoogleReply) {
    const review = await reviewOf(ctx, 'reply')
    await deleting.handle(ctx.tenant.member, review)
    return ctx.response.noContent()
  }
}
