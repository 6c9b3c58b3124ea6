import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SubmitReview from '#actions/reviews/submit_review'
import OpenReviewLink from '#actions/reviews/open_review_link'
import { submitReviewValidator } from '#validators/review'
import type { ReviewLinkDto, SubmitReviewResponse } from '#types/api'
import { raterOf } from '#web/review_device'

/** The customer's side: public, anonymous, and blind to the owner (docs/product-rules.md#tenancy). */
export default class ReviewLinksController {
  @inject()
  async show({ params }: HttpContext, openLink: OpenReviewLink): Promise<ReviewLinkDto> {
    return openLink.handle(params.shortUrl)
  }

  @inject()
  async submit({ params, request }: HttpContext, submitReview: SubmitReview): Promise<SubmitReviewResponse> {
    const input = await request.validateUsing(submitReviewValidator)
    return submitReview.handle(params.shortUrl, input, raterOf(request))
  }
}
