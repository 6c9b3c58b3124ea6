import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type GoogleReview from '#models/google_review'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { ConflictError } from '#exceptions/app_errors'
import { ProfileAccess } from '#services/google/profile_access'
import { REVIEW_DELETED, answerOnGoogle } from '#actions/google/reply_google_review'

/**
 * Deletes the owner's reply to a Google review (docs/decisions.md D45): on Google first (as a reply is posted,
 * reply_google_review.ts), then here, with a line in the workspace's activity log.
 */
@inject()
export default class DeleteGoogleReply {
  constructor(private access: ProfileAccess) {}

  async handle(member: Member, review: GoogleReview) {
    if (review.deletedAt !== null) throw new ConflictError(REVIEW_DELETED)
    await answerOnGoogle(this.access, member.workspaceId, (token) => this.access.google.deleteReply(token, review.reviewName))
    await db.transaction(async (trx) => {
      review.useTransaction(trx)
      review.replyComment = null
      review.replyUpdateTime = null
      await review.save()
      await WorkspaceActivity.record(
        member.workspaceId,
        member.user,
        'google_review.reply_deleted',
        { reviewId: review.id, businessId: review.businessId, stars: review.stars },
        trx
      )
    })
    return review
  }
}
