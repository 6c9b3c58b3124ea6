import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'
import type Business from '#models/business'
import ReviewSession from '#models/review_session'
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
 * stored, and one that cannot be enqueued is sent by the alert sweep later.
 */
@inject()
export default class SubmitReview {
  constructor(private queues: QueueService) {}

  async handle(business: Business, { rating, feedback }: Rating, client: Client): Promise<SubmitReviewResult> {
    const positive = rating >= POSITIVE_RATING_MIN
    const session = await ReviewSession.create({
      businessId: business.id,
      rating,
      feedback: positive ? null : feedback || null,
      redirected: positive,
      resolvedAt: null,
      clientFingerprint: SubmitReview.fingerprint(client),
      createdAt: clock.now(),
    })
    if (session.feedback) {
      await this.queues.enqueue(QueueName.FeedbackAlert, { sessionId: session.id }, { jobId: `feedback-alert-${session.id}` })
    }
    return positive ? { redirect: true, url: business.googleReviewUrl } : { redirect: false }
  }

  /** Groups a client's submissions without storing its IP. */
  static fingerprint({ ip, userAgent }: Client) {
    return createHash('sha256').update(`${ip}|${userAgent}`).digest('hex')
  }
}
