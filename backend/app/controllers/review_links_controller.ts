import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import SubmitReview from '#actions/reviews/submit_review'
import LookupReviewLink from '#actions/reviews/lookup_review_link'
import { submitReviewValidator } from '#validators/review'
import { NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { reviewAllowance } from '#actions/billing/plan_limits'

async function businessOrFail(code: string) {
  const business = await Business.findByShortUrl(code)
  if (!business) throw new NotFoundError('Business not found')
  return business
}

/** The customer's side: public, anonymous, and blind to the owner (DECISIONS 2, 5). */
export default class ReviewLinksController {
  @inject()
  async show({ params }: HttpContext, lookup: LookupReviewLink) {
    return lookup.handle(params.shortUrl)
  }

  @inject()
  async submit({ params, request }: HttpContext, submitReview: SubmitReview) {
    const input = await request.validateUsing(submitReviewValidator)
    const business = await businessOrFail(params.shortUrl)
    const allowance = await reviewAllowance(business)
    if (!allowance.allowed) throw new UpgradeRequiredError(allowance.message)
    return submitReview.handle(business, input, {
      ip: request.ip(),
      userAgent: request.header('user-agent', '')!,
    })
  }
}
