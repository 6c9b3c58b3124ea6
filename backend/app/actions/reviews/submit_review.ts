import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type Business from '#models/business'
import { googleReviewLinkOf } from '#lib/app_url'
import { QueueService } from '#queue/queue_service'
import { QueueName, feedbackAlertJobId } from '#queue/queues'
import FindBusinessByCode from '#actions/reviews/find_business_by_code'
import CheckReviewAllowance from '#actions/reviews/check_review_allowance'
import { reviewSessionWriter } from '#hot_path/review_session_writer'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { admitRating } from '#hot_path/rating_admission'
import { FieldError, NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { isPositiveRating } from '#contract/product_rules'
import { indianMobileDigits } from '#lib/phone'
import { clock } from '#lib/clock'
import { ratingsStored } from '#services/metrics'
import RecordRequestProgress from '#actions/requests/record_request_progress'
import { requestIdOf } from '#queries/review_requests'
import { staffIdOf } from '#queries/staff'
import type { SubmitReviewRequest, SubmitReviewResponse } from '#types/api'

export interface Rater {
  ip: string
  userAgent: string
  /** The device id of the page's signed cookie, or null (docs/decisions.md D31). */
  device: string | null
}

export const CONTACT_PHONE_INVALID = 'Enter a 10-digit mobile number, or untick the box.'

/**
 * A customer's rating of the business behind `code`, the whole use case (docs/product-rules.md#ratings-and-routing):
 * the business or 404; then a 4-5 goes on to Google whatever happens (the free plan's allowance, a repeat from the
 * same device, a flood, the database: each only means it is not counted), while a 1-3 with its feedback and
 * optional call-back is refused with 403 / 429 / 422 when it cannot be stored, or not counted again when the
 * device rated within the hour. Nothing here depends on Redis: the owner's alert is enqueued after the row is
 * stored, and one that cannot be enqueued is sent by the alert sweep later. Rows are written by the group-commit
 * writer (docs/architecture.md#group-commit-review-writer).
 */
@inject()
export default class SubmitReview {
  // Built here, not resolved by the container per request: none has dependencies (see OpenReviewLink).
  private findBusiness = new FindBusinessByCode()
  private progress = new RecordRequestProgress()
  private checkAllowance = new CheckReviewAllowance()

  constructor(private queues: QueueService) {}

  async handle(code: string, input: SubmitReviewRequest, rater: Rater): Promise<SubmitReviewResponse> {
    const business = await this.findBusiness.handle(code)
    if (isPositiveRating(input.rating)) {
      let counted = false
      try {
        counted = await this.store(business, input, null, rater)
      } catch (error) {
        if (!(error instanceof UpgradeRequiredError || error instanceof NotFoundError)) {
          logger.error({ err: error, businessId: business.id }, 'a 4-5 rating could not be stored; the customer went on to Google')
        }
      }
      return { redirect: true, url: googleReviewLinkOf(business), counted }
    }
    const contact = SubmitReview.contact(input)
    return { redirect: false, counted: await this.store(business, input, contact, rater) }
  }

  /** Stores the rating when the plan and the limits allow; false when this device already rated within the hour. */
  private async store(
    business: Business,
    { rating, feedback, requestToken, staffCode, language }: SubmitReviewRequest,
    contact: Contact | null,
    rater: Rater
  ) {
    const allowance = await this.checkAllowance.handle(business)
    if (!allowance.allowed) throw new UpgradeRequiredError(allowance.message)
    const admission = await admitRating(business.id, rater)
    if (admission.kind === 'flood') throw admission.error
    if (admission.kind === 'repeat') return false

    const positive = isPositiveRating(rating)
    const text = positive ? null : feedback || null
    const requestId = requestToken ? await requestIdOf(requestToken, business.id) : null
    const staffId = await staffIdOf(business.id, staffCode, requestId)
    let id: number | null
    try {
      id = await reviewSessionWriter.insert({
        business_id: business.id,
        rating,
        feedback: text,
        redirected: positive,
        client_fingerprint: SubmitReview.fingerprint(rater),
        created_at: new Date(clock.nowMs()),
        contact_name: contact?.name ?? null,
        contact_phone: contact?.phone ?? null,
        review_request_id: requestId,
        staff_id: staffId,
        language: language ?? null,
      })
    } catch (error) {
      // The business was deleted after it was looked up (by another replica, whose change this cache has not seen).
      if ((error as { code?: string }).code === 'ER_NO_REFERENCED_ROW_2') {
        reviewLinkCache.forgetBusiness(business.id)
        throw new NotFoundError('Business not found')
      }
      throw error
    }
    ratingsStored.inc({ kind: positive ? 'positive' : 'negative' })
    if (requestId !== null) await this.progress.rated(requestId, language ?? null)
    if (text && id !== null) {
      await this.queues.enqueue(
        QueueName.FeedbackAlert,
        { businessId: business.id },
        { jobId: feedbackAlertJobId(business.id, `rating-${id}`) }
      )
    }
    return true
  }

  /** The call-back a 1-3 customer asked for: only with the tick; the phone must be a 10-digit Indian mobile. */
  static contact({ contactMe, contactName, contactPhone }: SubmitReviewRequest): Contact | null {
    if (contactMe !== true) return null
    const phone = indianMobileDigits(contactPhone ?? '')
    if (!phone) throw new FieldError('contactPhone', CONTACT_PHONE_INVALID)
    return { name: contactName || null, phone }
  }

  /** Groups a client's submissions without storing its IP. */
  static fingerprint({ ip, userAgent }: Pick<Rater, 'ip' | 'userAgent'>) {
    return createHash('sha256').update(`${ip}|${userAgent}`).digest('hex')
  }
}

interface Contact {
  name: string | null
  phone: string
}
