import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ReviewSession from '#models/review_session'
import ResolveFeedback from '#actions/reviews/resolve_feedback'
import { resolveFeedbackValidator } from '#validators/review'
import { serializeSession } from '#serializers/serializers'
import { NotFoundError } from '#exceptions/app_errors'
import { paginate } from '#lib/list_query'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { SESSION_LIST } from '#lib/list_specs'
import { businessListTotal } from '#lib/session_counts'
import type { ReviewSessionDto } from '#types/api'

/** Private feedback: the owner's sessions rated 3 or below (docs/screens.md, /feedbacks). */
const feedbacksOf = (userId: number) => ReviewSession.ownedBy(userId).where('rating', '<=', NEGATIVE_RATING_MAX)

async function feedbackOrFail(userId: number, id: number) {
  const session = await feedbacksOf(userId).where('id', id).first()
  if (!session) throw new NotFoundError('Feedback not found')
  return session
}

export default class FeedbacksController {
  async index(ctx: HttpContext): Promise<ReviewSessionDto[]> {
    const userId = ctx.auth.getUserOrFail().id
    // Feedbacks are the sessions rated NEGATIVE_RATING_MAX or below: the `negative` count.
    const total = businessListTotal(userId, (counts) => counts.negative)
    return paginate(ctx, feedbacksOf(userId), SESSION_LIST, serializeSession, total)
  }

  async show({ auth, params }: HttpContext): Promise<ReviewSessionDto> {
    return serializeSession(await feedbackOrFail(auth.getUserOrFail().id, params.id))
  }

  /** PATCH {resolved}: mark handled or reopen. */
  @inject()
  async update({ auth, params, request }: HttpContext, resolveFeedback: ResolveFeedback): Promise<ReviewSessionDto> {
    const session = await feedbackOrFail(auth.getUserOrFail().id, params.id)
    const { resolved } = await request.validateUsing(resolveFeedbackValidator)
    return serializeSession(await resolveFeedback.handle(session, resolved))
  }
}
