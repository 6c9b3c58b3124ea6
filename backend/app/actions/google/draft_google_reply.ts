/*
 * A suggested reply to a Google review (docs/decisions.md D46): the AI draft, limited per workspace (30 an hour), or
 * without AI the workspace's template for the review's stars (pickTemplate, as auto-reply chooses). Nothing is
 * stored or posted. The inbox's drawer (`POST /api/google-reviews/{id}/draft`) and "Draft a reply" on a WhatsApp
 * alert (D70) both ask here.
 */
import { inject } from '@adonisjs/core'
import Business from '#models/business'
import type GoogleReview from '#models/google_review'
import ReplyTemplate from '#models/reply_template'
import type { DraftTone } from '#types/api'
import { ReplyWriter } from '#services/ai/reply_writer'
import { ConflictError, TooManyRequestsError } from '#exceptions/app_errors'
import { releaseReplyDraft, replyDraftWait } from '#start/limiter'
import { pickTemplate } from '#actions/google/auto_reply_google_reviews'
import { fillTemplate } from '#contract/reply_templates'

export const REVIEW_GONE = 'This review is no longer on Google, so it cannot be answered.'

@inject()
export default class DraftGoogleReply {
  constructor(private writer: ReplyWriter) {}

  get aiConfigured() {
    return this.writer.isConfigured
  }

  /** The AI draft; a 429 (with the wait in seconds) past the workspace's hourly drafts. */
  async ai(workspaceId: number, review: GoogleReview, tone: DraftTone = 'warm'): Promise<string> {
    if (review.deletedAt) throw new ConflictError(REVIEW_GONE)
    const business = await Business.findOrFail(review.businessId)
    const wait = await replyDraftWait(workspaceId)
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60)
      throw new TooManyRequestsError(
        `This workspace has written 30 AI drafts in the last hour, the most an hour allows. You can draft again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}; templates work meanwhile.`,
        wait
      )
    }
    return this.writer
      .draft(
        {
          comment: review.comment,
          stars: review.stars,
          reviewerName: review.reviewerAnonymous ? null : review.reviewerName?.trim() || null,
          businessName: business.name,
        },
        tone
      )
      .catch(async (error) => {
        await releaseReplyDraft(workspaceId)
        throw error
      })
  }

  /** The workspace's template for the review, filled in; null when none is for its stars. */
  async fromTemplate(workspaceId: number, review: GoogleReview): Promise<string | null> {
    const templates = await ReplyTemplate.query().where('workspace_id', workspaceId).orderBy('id')
    const template = pickTemplate(templates, review)
    if (!template) return null
    const business = await Business.findOrFail(review.businessId)
    return fillTemplate(template.body, { reviewer: review.reviewerAnonymous ? null : review.reviewerName, business: business.name })
  }
}
