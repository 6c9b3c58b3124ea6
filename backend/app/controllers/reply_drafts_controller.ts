/*
 * AI reply drafts (docs/decisions.md D46): `POST /api/google-reviews/{id}/draft {tone?}` → `{draft}`, a suggested
 * reply the drawer puts in its text area. Nothing is stored or posted; without AI_API_KEY the route is a 404 and
 * the dashboard hides its button.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import GoogleReview from '#models/google_review'
import ReplyDraftPolicy from '#policies/reply_draft_policy'
import { ReplyWriter } from '#services/ai/reply_writer'
import { replyDraftValidator } from '#validators/reply_templates'
import { ConflictError, NotFoundError, TooManyRequestsError } from '#exceptions/app_errors'
import { releaseReplyDraft, replyDraftWait } from '#start/limiter'
import type { ReplyDraftResponse } from '#types/api'

export const DRAFTS_OFF = 'AI drafts are not set up on this server.'
const REVIEW_GONE = 'This review is no longer on Google, so it cannot be answered.'

export default class ReplyDraftsController {
  @inject()
  async store({ tenant, bouncer, params, request, response }: HttpContext, writer: ReplyWriter): Promise<ReplyDraftResponse> {
    const found = await GoogleReview.find(params.id)
    await bouncer.with(ReplyDraftPolicy).authorize('draft', found)
    const review = found!
    if (!writer.isConfigured) throw new NotFoundError(DRAFTS_OFF)
    const { tone } = await request.validateUsing(replyDraftValidator)
    if (review.deletedAt) throw new ConflictError(REVIEW_GONE)
    const business = await Business.findOrFail(review.businessId)

    const workspaceId = tenant.member.workspaceId
    const wait = await replyDraftWait(workspaceId)
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60)
      response.header('Retry-After', String(wait))
      throw new TooManyRequestsError(
        `This workspace has written 30 AI drafts in the last hour, the most an hour allows. You can draft again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}; templates work meanwhile.`,
        wait
      )
    }
    const draft = await writer
      .draft(
        {
          comment: review.comment,
          stars: review.stars,
          reviewerName: review.reviewerAnonymous ? null : review.reviewerName?.trim() || null,
          businessName: business.name,
        },
        tone ?? 'warm'
      )
      .catch(async (error) => {
        await releaseReplyDraft(workspaceId)
        throw error
      })
    return { draft }
  }
}
