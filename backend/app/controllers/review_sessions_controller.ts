import type { HttpContext } from '@adonisjs/core/http'
import ReviewSession from '#models/review_session'
import { serializeSession } from '#serializers/serializers'
import { NotFoundError } from '#exceptions/app_errors'
import { paginate } from '#lib/list_query'
import { SESSION_LIST } from '#lib/list_specs'
import { businessListTotal } from '#lib/session_counts'
import type { ReviewSessionDto } from '#types/api'

export default class ReviewSessionsController {
  async index(ctx: HttpContext): Promise<ReviewSessionDto[]> {
    const userId = ctx.auth.getUserOrFail().id
    const total = businessListTotal(userId, (counts) => counts.sessions)
    return paginate(ctx, ReviewSession.ownedBy(userId), SESSION_LIST, serializeSession, total)
  }

  async show({ auth, params }: HttpContext): Promise<ReviewSessionDto> {
    const session = await ReviewSession.ownedBy(auth.getUserOrFail().id).where('id', params.id).first()
    if (!session) throw new NotFoundError('Review session not found')
    return serializeSession(session)
  }
}
