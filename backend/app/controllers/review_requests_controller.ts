/*
 * Review requests (docs/decisions.md D32): the Refine resource /api/review-requests, resending, and the funnel.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import ReviewRequest, { RequestChannel, RequestStatus } from '#models/review_request'
import CreateReviewRequest, { OPTED_OUT, whatsappUrl } from '#actions/requests/create_review_request'
import Business from '#models/business'
import ReviewRequestPolicy from '#policies/review_request_policy'
import { createReviewRequestValidator } from '#validators/requests'
import { serializeReviewRequest } from '#serializers/review_requests'
import { FieldError } from '#exceptions/app_errors'
import { ListParams, paginate } from '#lib/list_query'
import { REVIEW_REQUEST_LIST } from '#queries/list_specs'
import { clock } from '#lib/clock'
import type { RequestChannelName, RequestFunnelDto, RequestFunnelStep, ReviewRequestDto } from '#types/api'

const CHANNELS = Object.values(RequestChannel) as RequestChannelName[]

async function requestOf({ bouncer, params }: HttpContext, action: 'view' | 'resend') {
  const request = await ReviewRequest.query().where('id', params.id).preload('customer').preload('business').first()
  await bouncer.with(ReviewRequestPolicy).authorize(action, request)
  return request!
}

export default class ReviewRequestsController {
  async index(ctx: HttpContext): Promise<ReviewRequestDto[]> {
    const query = ReviewRequestPolicy.visible(ctx.auth.getUserOrFail()).preload('customer')
    return paginate(ctx, query, REVIEW_REQUEST_LIST, (request) => serializeReviewRequest(request))
  }

  async show(ctx: HttpContext): Promise<ReviewRequestDto> {
    return serializeReviewRequest(await requestOf(ctx, 'view'))
  }

  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, create: CreateReviewRequest) {
    const input = await request.validateUsing(createReviewRequestValidator)
    const business = await Business.find(input.businessId)
    await bouncer.with(ReviewRequestPolicy).authorize('create', business)
    const created = await create.handle(auth.getUserOrFail(), business!, input)
    const extra = created.whatsappUrl ? { whatsappUrl: created.whatsappUrl } : {}
    return response.created(serializeReviewRequest(created.request, extra) satisfies ReviewRequestDto)
  }

  /** POST /api/review-requests/{id}/resend: the same personal link again (own WhatsApp: the wa.me link anew). */
  async resend(ctx: HttpContext): Promise<ReviewRequestDto> {
    const request = await requestOf(ctx, 'resend')
    if (request.customer.optedOutAt || request.status === RequestStatus.OptedOut) throw new FieldError('customerId', OPTED_OUT)
    if (request.channel !== RequestChannel.WhatsappLink) {
      throw new FieldError('channel', 'Requests by email are sent for you, with one reminder after 3 days.')
    }
    request.sentAt = clock.now()
    if (request.status === RequestStatus.Created || request.status === RequestStatus.Failed) request.status = RequestStatus.Sent
    request.updatedAt = clock.now()
    await request.save()
    return serializeReviewRequest(request, { whatsappUrl: whatsappUrl(request, request.customer, request.business) })
  }

  /** GET /api/review-requests/funnel?businessId=: sent → opened → rated → sent to Google, by channel, and the poster's traffic. */
  async funnel(ctx: HttpContext): Promise<RequestFunnelDto> {
    const rawId = ListParams.of(ctx).get('businessId')
    if (!rawId || !/^[0-9]{1,16}$/.test(rawId)) throw new FieldError('businessId', 'Choose a business (businessId).')
    const found = await Business.find(Number(rawId))
    await ctx.bouncer.with(ReviewRequestPolicy).authorize('viewAny', found)
    const business = found!

    const [steps, google, poster, views] = await Promise.all([
      db
        .from('review_requests')
        .where('business_id', business.id)
        .groupBy('channel')
        .select('channel')
        .count('sent_at as sent')
        .count('opened_at as opened')
        .count('rated_at as rated'),
      db
        .from('review_sessions as s')
        .join('review_requests as r', 'r.id', 's.review_request_id')
        .where('s.business_id', business.id)
        .where('s.redirected', true)
        .groupBy('r.channel')
        .select('r.channel')
        .count('* as sentToGoogle'),
      db
        .from('review_sessions')
        .where('business_id', business.id)
        .whereNull('review_request_id')
        .count('* as ratings')
        .sum({ sentToGoogle: db.raw('CASE WHEN redirected THEN 1 ELSE 0 END') })
        .first(),
      db.from('page_views_daily').where('business_id', business.id).sum('views as pageViews').first(),
    ])
    const channels: RequestFunnelStep[] = CHANNELS.map((channel) => {
      const step = steps.find((row) => row.channel === channel)
      return {
        channel,
        sent: Number(step?.sent ?? 0),
        opened: Number(step?.opened ?? 0),
        rated: Number(step?.rated ?? 0),
        sentToGoogle: Number(google.find((row) => row.channel === channel)?.sentToGoogle ?? 0),
      }
    })
    const total = channels.reduce(
      (sum, step) => ({
        sent: sum.sent + step.sent,
        opened: sum.opened + step.opened,
        rated: sum.rated + step.rated,
        sentToGoogle: sum.sentToGoogle + step.sentToGoogle,
      }),
      { sent: 0, opened: 0, rated: 0, sentToGoogle: 0 }
    )
    return {
      businessId: business.id,
      channels,
      total,
      poster: {
        pageViews: Number(views?.pageViews ?? 0),
        ratings: Number(poster?.ratings ?? 0),
        sentToGoogle: Number(poster?.sentToGoogle ?? 0),
      },
    }
  }
}
