/*
 * Google Business Profile's Pub/Sub push (docs/decisions.md D44): POST /api/webhooks/google/{GOOGLE_PUBSUB_TOKEN}.
 * Public, accepted only at the secret address. A review notification enqueues a job that reads the named review from
 * Google itself: the message is only a hint, never stored as it came. Answered 204 at once; Pub/Sub redelivers
 * anything else, so other notification types are 204 too, and a body that is not a push message is a 400.
 */
import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '#exceptions/app_errors'
import { BusinessProfile, locationOfReview } from '#services/google/business_profile'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'

const NOT_PUSH = 'Expected a Pub/Sub push message: {message: {data: base64 JSON, messageId}, subscription}.'
const NOT_NOTIFICATION = 'The message data is not a Business Profile notification: base64 of JSON with a "type".'
const NO_REVIEW = 'A review notification must name its review as accounts/{a}/locations/{l}/reviews/{r}.'
const REVIEW_TYPES = new Set(['NEW_REVIEW', 'UPDATED_REVIEW'])

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The notification inside a push body: its type and, for a review notification, the review's name. */
export function parsePush(body: unknown): { type: string; reviewName: string | null; messageId: string } {
  if (!isObject(body) || !isObject(body.message)) throw new BadRequestError(NOT_PUSH)
  const { data, messageId } = body.message
  if (typeof data !== 'string' || data === '' || data.length > 20_000 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(data))
    throw new BadRequestError(NOT_PUSH)
  if (typeof messageId !== 'string' || messageId === '' || messageId.length > 200) throw new BadRequestError(NOT_PUSH)
  let notification: unknown
  try {
    notification = JSON.parse(Buffer.from(data, 'base64').toString('utf8'))
  } catch {
    throw new BadRequestError(NOT_NOTIFICATION)
  }
  if (!isObject(notification) || typeof notification.type !== 'string' || notification.type === '')
    throw new BadRequestError(NOT_NOTIFICATION)
  if (!REVIEW_TYPES.has(notification.type)) return { type: notification.type, reviewName: null, messageId }
  // Google's reference names the field reviewName (v4) or review_name (Notifications API); `review` is accepted too.
  const reviewName = [notification.reviewName, notification.review_name, notification.review].find((value) => typeof value === 'string')
  if (typeof reviewName !== 'string' || reviewName.length > 255 || !locationOfReview(reviewName)) throw new BadRequestError(NO_REVIEW)
  return { type: notification.type, reviewName, messageId }
}

export default class GoogleWebhooksController {
  /** POST /api/webhooks/google/:token */
  @inject()
  async push({ params, request, response }: HttpContext, google: BusinessProfile, queues: QueueService) {
    if (!google.acceptsPush(params.token)) throw new NotFoundError('Unknown webhook')
    const { reviewName, messageId } = parsePush(request.body())
    if (reviewName === null) return response.noContent()
    // Pub/Sub delivers at least once: a redelivered message is the same job.
    const jobId = `google-push-${createHash('sha256').update(`${messageId}\n${reviewName}`).digest('hex').slice(0, 32)}`
    const queued = await queues.enqueue(QueueName.GoogleReviewSync, { reviewName }, { jobId })
    // Not queued (Redis unavailable): Pub/Sub tries again later, and the 15-minute sync catches up meanwhile.
    if (!queued) throw new ServiceUnavailableError('Could not take the notification right now. Please try again.')
    return response.noContent()
  }
}
