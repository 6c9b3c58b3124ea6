import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { QueueService } from '#queue/queue_service'
import { QueueName, feedbackAlertJobId } from '#queue/queues'
import FindReviewLink from '#actions/reviews/find_review_link'
import CheckReviewAllowance from '#actions/reviews/check_review_allowance'
import { reviewSessionWriter } from '#hot_path/review_session_writer'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { isPositiveRating } from '#contract/product_rules'
import { clock } from '#lib/clock'
import type { SubmitReviewRequest, SubmitReviewResponse } from '#types/api'

interface Client {
  ip: string
  userAgent: string
}

/**
 * A customer's rating of the business behind `code`, the whole use case: the business or 404, the free
 * plan's allowance or 403, then the row stored before answering (docs/product-rules.md#ratings-and-routing):
 * 4-5 go on to Google, 1-3 stay private with their optional feedback. Nothing here depends on Redis: the
 * owner's alert is enqueued after the row is stored, and one that cannot be enqueued is sent by the alert
 * sweep later. Rows are written by the group-commit writer (docs/architecture.md#group-commit-review-writer).
 */
@inject()
export default class SubmitReview {
  // Built here, not resolved by the container per request: neither has dependencies (see LookupReviewLink).
  private findReviewLink = new FindReviewLink()
  private checkAllowance = new CheckReviewAllowance()

  constructor(private queues: QueueService) {}

  async handle(code: string, { rating, feedback }: SubmitReviewRequest, client: Client): Promise<SubmitReviewResponse> {
    const business = await this.findReviewLink.handle(code)
    const allowance = await this.checkAllowance.handle(business)
    if (!allowance.allowed) throw new UpgradeRequiredError(allowance.message)

    const positive = isPositiveRating(rating)
    const text = positive ? null : feedback || null
    let id: number | null
    try {
      id = await reviewSessionWriter.insert({
        business_id: business.id,
        rating,
        feedback: text,
        redirected: positive,
        client_fingerprint: SubmitReview.fingerprint(client),
        created_at: new Date(clock.nowMs()),
      })
    } catch (error) {
      // The business was deleted after it was looked up (by another replica, whose change this cache has not seen).
      if ((error as { code?: string }).code === 'ER_NO_REFERENCED_ROW_2') {
        reviewLinkCache.forgetBusiness(business.id)
        throw new NotFoundError('Business not found')
      }
      throw error
    }
    if (text && id !== null) {
      await this.queues.enqueue(
        QueueName.FeedbackAlert,
        { businessId: business.id },
        { jobId: feedbackAlertJobId(business.id, clock.nowMs()) }
      )
    }
    return positive ? { redirect: true, url: business.googleReviewUrl } : { redirect: false }
  }

  /** Groups a client's submissions without storing its IP. */
  static fingerprint({ ip, userAgent }: Client) {
    return createHash('sha256').update(`${ip}|${userAgent}`).digest('hex')
  }
}
