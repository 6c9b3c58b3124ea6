import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'
import type Business from '#models/business'
import { reviewSessionWriter } from '#services/review_session_writer'
import { reviewLinkCache } from '#services/review_link_cache'
import { NotFoundError } from '#exceptions/app_errors'
import { POSITIVE_RATING_MIN } from '#lib/constants'
import { clock } from '#lib/clock'

interface Rating {
  rating: number
  feedback?: string | null
}

interface Client {
  ip: string
  userAgent: string
}

export type SubmitReviewResult = { redirect: true; url: string } | { redirect: false }

/**
 * Stores one customer rating before answering (DECISIONS 5): 4-5 go on to Google, 1-3 stay private with
 * their optional feedback. Nothing here depends on Redis: the owner's alert is enqueued after the row is
 * stored, and one that cannot be enqueued is sent by the alert sweep later. Rows are written by the
 * group-commit writer (review_session_writer.ts).
 */
@inject()
export default class SubmitReview {
  constructor(private queues: QueueService) {}

  async handle(business: Business, { rating, feedback }: Rating, client: Client): Promise<SubmitReviewResult> {
    const positive = rating >= POSITIVE_RATING_MIN
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
      await this.queues.enqueue(QueueName.FeedbackAlert, { sessionId: id }, { jobId: `feedback-alert-${id}` })
    }
    return positive ? { redirect: true, url: business.googleReviewUrl } : { redirect: false }
  }

  /** Groups a client's submissions without storing its IP. */
  static fingerprint({ ip, userAgent }: Client) {
    return createHash('sha256').update(`${ip}|${userAgent}`).digest('hex')
  }
}
