import type GoogleReview from '#models/google_review'
import type { GoogleReviewDto } from '#types/api'

/** A Google review as the inbox shows it (docs/decisions.md D45); times in UTC, ISO 8601. */
export function serializeGoogleReview(review: GoogleReview): GoogleReviewDto {
  return {
    id: Number(review.id),
    businessId: review.businessId,
    reviewName: review.reviewName,
    reviewer: { name: review.reviewerName, photoUrl: review.reviewerPhotoUrl, anonymous: review.reviewerAnonymous },
    stars: review.stars,
    comment: review.comment,
    createTime: review.createTime.toUTC().toISO()!,
    updateTime: review.updateTime?.toUTC().toISO() ?? null,
    reply:
      review.replyComment === null ? null : { comment: review.replyComment, updateTime: review.replyUpdateTime?.toUTC().toISO() ?? null },
    deleted: review.deletedAt !== null,
    pinned: review.pinnedAt !== null,
    hidden: review.hiddenAt !== null,
  }
}
