/*
 * A Google review as an image for WhatsApp Status or Instagram (docs/decisions.md D50): any member who sees the
 * review downloads it, square or story, under the brand the business is shown under. The answer is the same until
 * the review, the business's name or the brand changes, so it carries an ETag and a repeat download is a 304.
 */
import { createHash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import GoogleReview from '#models/google_review'
import Business from '#models/business'
import GoogleReviewPolicy, { GOOGLE_REVIEW_NOT_FOUND } from '#policies/google_review_policy'
import { NotFoundError } from '#exceptions/app_errors'
import { brands } from '#services/brand/brands'
import { renderReviewImage, type ReviewImageInput } from '#services/review_images/review_image'
import { reviewImageQueryValidator } from '#validators/review_image'

/** Bumped when the drawing changes, so a browser does not keep an image drawn the old way. */
const DRAWING_VERSION = 1

/** The logo's hash from its URL (`/brand-logos/{sha256}.png`). */
const logoHash = (url: string | null) => (url ? (/\/brand-logos\/([0-9a-f]{64})\.png$/.exec(url)?.[1] ?? null) : null)

/** Whether If-None-Match names this ETag (or `*`); weak and strong forms alike. */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })
}

export default class ReviewImagesController {
  /** GET /api/google-reviews/{id}/image?format=square|story → image/png (1080 × 1080 or 1080 × 1920). */
  async show({ bouncer, params, request, response }: HttpContext) {
    const review = await GoogleReview.find(params.id)
    await bouncer.with(GoogleReviewPolicy).authorize('view', review)
    const { format = 'square' } = await request.validateUsing(reviewImageQueryValidator, { data: request.qs() })
    // A review gone from Google is not shared.
    if (review!.deletedAt) throw new NotFoundError(GOOGLE_REVIEW_NOT_FOUND)
    const business = await Business.findOrFail(review!.businessId)
    const brand = await brands.forWorkspace(business.workspaceId)
    const input: ReviewImageInput = {
      stars: review!.stars,
      comment: review!.comment,
      reviewerName: review!.reviewerName,
      reviewerAnonymous: review!.reviewerAnonymous,
      businessName: business.name,
      brand: null,
    }
    const etag = `"ri-${createHash('sha256')
      .update(
        JSON.stringify([
          DRAWING_VERSION,
          review!.id,
          review!.updatedAt.toISO(),
          review!.updateTime?.toISO() ?? null,
          input,
          format,
          brand && [brand.name, brand.color, brand.logoUrl],
        ])
      )
      .digest('base64url')
      .slice(0, 32)}"`
    response.header('Cache-Control', 'private, no-cache')
    response.header('ETag', etag)
    if (matches(request.header('if-none-match'), etag)) return response.notModified()

    const hash = brand ? logoHash(brand.logoUrl) : null
    const logo = hash ? await brands.logo(hash) : null
    input.brand = brand ? { name: brand.name, color: brand.color, logo } : null
    const { png, drawMs, totalMs } = await renderReviewImage(input, format)
    logger.info(
      { reviewId: review!.id, format, bytes: png.length, drawMs: Math.round(drawMs), totalMs: Math.round(totalMs) },
      'review image drawn'
    )
    response.header('Content-Type', 'image/png')
    response.header('Content-Disposition', `inline; filename="review-${review!.id}-${format}.png"`)
    return response.send(png)
  }
}
