import { BasePolicy } from '@adonisjs/bouncer'
import GoogleReview from '#models/google_review'
import type Member from '#policies/member'
import { businessChild, visibleBusinessIds } from '#policies/ownership'

/** The ids of the businesses the member sees; [0] (matching nothing) for none. */
export async function visibleIds(member: Member): Promise<number[]> {
  const rows: { id: number }[] = await visibleBusinessIds(member)
  return rows.length > 0 ? rows.map((row) => Number(row.id)) : [0]
}

export const GOOGLE_REVIEW_NOT_FOUND = 'Google review not found'

/**
 * The Google reviews of the workspace's businesses (docs/decisions.md D45): every member reads those of the
 * businesses they see; owners and managers (within their businesses) answer them on Google.
 */
export default class GoogleReviewPolicy extends BasePolicy {
  /**
   * The reviews of the businesses the member sees (`visibleIds`), named by their ids (a workspace has few businesses): with a list
   * of values rather than a subquery, the database walks the newest-first index and stops at the page's end.
   */
  static visible(businessIds: number[]) {
    return GoogleReview.query().whereIn('business_id', businessIds)
  }

  view(member: Member, review: GoogleReview | null) {
    return businessChild(member, review, 'read', GOOGLE_REVIEW_NOT_FOUND)
  }

  /** Posting, replacing or deleting the reply on Google. */
  reply(member: Member, review: GoogleReview | null) {
    return businessChild(member, review, 'write', GOOGLE_REVIEW_NOT_FOUND)
  }

  /** Pinning it to the website widget or hiding it from it (docs/decisions.md D49). */
  update(member: Member, review: GoogleReview | null) {
    return businessChild(member, review, 'write', GOOGLE_REVIEW_NOT_FOUND)
  }
}
