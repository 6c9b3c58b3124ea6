import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ReviewSession from '#models/review_session'
import type Member from '#policies/member'
import ReviewSessionPolicy from '#policies/review_session_policy'
import ResolveFeedback from '#actions/reviews/resolve_feedback'
import { resolveFeedbackValidator } from '#validators/review'
import { serializeSession } from '#serializers/review_sessions'
import { paginate } from '#lib/list_query'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { SESSION_LIST } from '#queries/list_specs'
import { businessListTotal } from '#lib/session_counts'
import BusinessPolicy from '#policies/business_policy'
import type { ReviewSessionDto } from '#types/api'
import { NotFoundError } from '#exceptions/app_errors'
import { voiceNoteOf } from '#queries/voice_notes'

/** Private feedback: the sessions rated 3 or below of the businesses the member sees (docs/screens.md, /feedbacks). */
const feedbacksOf = (member: Member) => ReviewSessionPolicy.visible(member).where('rating', '<=', NEGATIVE_RATING_MAX)

async function shown(session: ReviewSession) {
  const [withSource] = await ReviewSession.attachSources([session])
  return serializeSession(withSource)
}

async function feedbackOf({ bouncer, params }: HttpContext, action: 'viewFeedback' | 'resolve') {
  const session = await ReviewSession.query().where('id', params.id).where('rating', '<=', NEGATIVE_RATING_MAX).first()
  await bouncer.with(ReviewSessionPolicy).authorize(action, session)
  return session!
}

export default class FeedbacksController {
  async index(ctx: HttpContext): Promise<ReviewSessionDto[]> {
    const member = ctx.tenant.member
    // Feedbacks are the sessions rated NEGATIVE_RATING_MAX or below: the `negative` count.
    const total = businessListTotal(BusinessPolicy.visibleIds(member), (counts) => counts.negative)
    const feedbacks = await paginate(ctx, feedbacksOf(member), SESSION_LIST, (session: ReviewSession) => session, total)
    await ReviewSession.attachSources(feedbacks)
    return feedbacks.map(serializeSession)
  }

  async show(ctx: HttpContext): Promise<ReviewSessionDto> {
    return shown(await feedbackOf(ctx, 'viewFeedback'))
  }

  /** GET /api/feedbacks/{id}/voice-note: the voice note the customer sent in WhatsApp (docs/decisions.md D67). */
  async voiceNote(ctx: HttpContext) {
    const session = await feedbackOf(ctx, 'viewFeedback')
    const note = await voiceNoteOf(session.id)
    if (!note) throw new NotFoundError('This feedback has no voice note')
    return ctx.response
      .header('Content-Type', note.mimeType)
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Disposition', `inline; filename="voice-note-${session.id}.ogg"`)
      .send(note.audio)
  }

  /** PATCH {resolved}: mark handled or reopen. */
  @inject()
  async update(ctx: HttpContext, resolveFeedback: ResolveFeedback): Promise<ReviewSessionDto> {
    const session = await feedbackOf(ctx, 'resolve')
    const { resolved } = await ctx.request.validateUsing(resolveFeedbackValidator)
    return shown(await resolveFeedback.handle(session, resolved))
  }
}
