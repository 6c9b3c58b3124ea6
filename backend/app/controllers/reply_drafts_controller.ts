/*
 * AI reply drafts (docs/decisions.md D46): `POST /api/google-reviews/{id}/draft {tone?}` → `{draft}`, a suggested
 * reply the drawer puts in its text area (draft_google_reply.ts). Nothing is stored or posted; without AI_API_KEY the
 * route is a 404 and the dashboard hides its button.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import GoogleReview from '#models/google_review'
import ReplyDraftPolicy from '#policies/reply_draft_policy'
import DraftGoogleReply from '#actions/google/draft_google_reply'
import { replyDraftValidator } from '#validators/reply_templates'
import { NotFoundError, TooManyRequestsError } from '#exceptions/app_errors'
import type { ReplyDraftResponse } from '#types/api'

export const DRAFTS_OFF = 'AI drafts are not set up on this server.'

export default class ReplyDraftsController {
  @inject()
  async store({ tenant, bouncer, params, request, response }: HttpContext, drafts: DraftGoogleReply): Promise<ReplyDraftResponse> {
    const found = await GoogleReview.find(params.id)
    await bouncer.with(ReplyDraftPolicy).authorize('draft', found)
    if (!drafts.aiConfigured) throw new NotFoundError(DRAFTS_OFF)
    const { tone } = await request.validateUsing(replyDraftValidator)
    try {
      return { draft: await drafts.ai(tenant.member.workspaceId, found!, tone ?? 'warm') }
    } catch (error) {
      if (error instanceof TooManyRequestsError) response.header('Retry-After', String(error.extra.retryAfter))
      throw error
    }
  }
}
