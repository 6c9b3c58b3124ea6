import env from '#start/env'
import { demoGooglePath, isDemoPlace } from '#contract/demo_places'

/** An absolute link into the product: APP_URL + path. */
export const appUrl = (path: string) => `${env.get('APP_URL').replace(/\/+$/, '')}${path}`

/** A review request's personal link and its stop link (docs/decisions.md D32). */
export const personalLink = (token: string) => appUrl(`/r/${token}`)
export const stopLink = (token: string) => appUrl(`/r/${token}/stop`)

/**
 * Where a 4-5 star rating sends the customer: the business's Google review form, or for a listing of the demo
 * catalogue (no such place on Google) the product's note that it is a demo (docs/decisions.md D59).
 */
export const googleReviewLinkOf = (business: { placeId: string; shortUrl: string; googleReviewUrl: string }) =>
  isDemoPlace(business.placeId) ? appUrl(demoGooglePath(business.shortUrl)) : business.googleReviewUrl
