/*
 * Review requests (docs/decisions.md D32): the Refine resource /api/review-requests, resending, the funnel, and
 * which channels a business can send on.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ReviewRequest from '#models/review_request'
import CreateReviewRequest from '#actions/requests/create_review_request'
import ResendReviewRequest from '#actions/requests/resend_review_request'
import RequestChannels from '#actions/requests/request_channels'
import Business from '#models/business'
import ReviewRequestPolicy from '#policies/review_request_policy'
import { createReviewRequestValidator, requestFunnelQueryValidator, whatsappUsageQueryValidator } from '#validators/requests'
import { serializeReviewRequest } from '#serializers/review_requests'
import { paginate } from '#lib/list_query'
import { REVIEW_REQUEST_LIST } from '#queries/list_specs'
import { requestFunnel } from '#queries/request_funnel'
import { whatsappUsage } from '#queries/whatsapp_usage'
import { visibleBusinessIds } from '#policies/ownership'
import env from '#start/env'
import type { RequestChannelsDto, RequestFunnelDto, ReviewRequestDto, WhatsAppUsageDto } from '#types/api'

async function requestOf({ bouncer, params }: HttpContext, action: 'view' | 'resend') {
  const request = await ReviewRequest.query().where('id', params.id).preload('customer').preload('business').first()
  await bouncer.with(ReviewRequestPolicy).authorize(action, request)
  return request!
}

export default class ReviewRequestsController {
  async index(ctx: HttpContext): Promise<ReviewRequestDto[]> {
    const query = ReviewRequestPolicy.visible(ctx.tenant.member).preload('customer')
    return paginate(ctx, query, REVIEW_REQUEST_LIST, (request) => serializeReviewRequest(request))
  }

  async show(ctx: HttpContext): Promise<ReviewRequestDto> {
    return serializeReviewRequest(await requestOf(ctx, 'view'))
  }

  @inject()
  async store({ tenant, bouncer, request, response }: HttpContext, create: CreateReviewRequest) {
    const input = await request.validateUsing(createReviewRequestValidator)
    const business = await Business.find(input.businessId)
    await bouncer.with(ReviewRequestPolicy).authorize('create', business)
    const created = await create.handle(tenant.member.workspace, business!, input)
    const extra = created.whatsappUrl ? { whatsappUrl: created.whatsappUrl } : {}
    return response.created(serializeReviewRequest(created.request, extra) satisfies ReviewRequestDto)
  }

  /** POST /api/review-requests/{id}/resend: the same personal link again (own WhatsApp: the wa.me link anew). */
  @inject()
  async resend(ctx: HttpContext, resendRequest: ResendReviewRequest): Promise<ReviewRequestDto> {
    const resent = await resendRequest.handle(await requestOf(ctx, 'resend'))
    return serializeReviewRequest(resent.request, { whatsappUrl: resent.whatsappUrl })
  }

  /** GET /api/businesses/{businessId}/request-channels: every channel, usable now or what it needs. */
  @inject()
  async channels({ bouncer, params }: HttpContext, channels: RequestChannels): Promise<RequestChannelsDto> {
    const business = await Business.find(params.businessId)
    await bouncer.with(ReviewRequestPolicy).authorize('create', business)
    return channels.handle(business!)
  }

  /** GET /api/review-requests/funnel?businessId=: sent → opened → rated → sent to Google, by channel, and the poster's traffic. */
  async funnel(ctx: HttpContext): Promise<RequestFunnelDto> {
    const { businessId, source } = await ctx.request.validateUsing(requestFunnelQueryValidator, { data: ctx.request.qs() })
    const found = await Business.find(businessId)
    await ctx.bouncer.with(ReviewRequestPolicy).authorize('viewAny', found)
    return requestFunnel(found!.id, source)
  }

  /** GET /api/review-requests/usage?month=YYYY-MM: the month's WhatsApp Business messages and their cost, per business. */
  async usage(ctx: HttpContext): Promise<WhatsAppUsageDto> {
    const { month } = await ctx.request.validateUsing(whatsappUsageQueryValidator, { data: ctx.request.qs() })
    return whatsappUsage(visibleBusinessIds(ctx.tenant.member), env.get('WHATSAPP_PRICE_INR'), month)
  }
}
