/*
 * What leaves the server of a business: the owner's view, and the customer page's, which carries nothing
 * about the owner (docs/decisions.md D2).
 */
import type Business from '#models/business'
import type { BusinessDto, PublicBusinessDto } from '#types/api'
import { appUrl, googleReviewLinkOf } from '#lib/app_url'

export function serializeBusiness(business: Business): BusinessDto {
  return {
    id: business.id,
    placeId: business.placeId,
    name: business.name,
    address: business.address,
    rating: business.rating,
    reviewCount: business.reviewCount,
    shortUrl: business.shortUrl,
    reviewUrl: appUrl(`/review/${business.shortUrl}`),
    googleReviewUrl: googleReviewLinkOf(business),
    complianceMode: business.complianceMode,
    language: business.language,
    createdAt: business.createdAt.toISO()!,
  }
}

/** The customer page's view of a business: what it shows and needs, nothing about the owner. */
export function serializePublicBusiness(business: Business): PublicBusinessDto {
  return {
    name: business.name,
    address: business.address,
    shortUrl: business.shortUrl,
    googleReviewUrl: googleReviewLinkOf(business),
    complianceMode: business.complianceMode,
    language: business.language,
  }
}
