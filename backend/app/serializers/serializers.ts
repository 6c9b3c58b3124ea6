/*
 * What leaves the server. Models are never returned raw: each audience gets exactly its fields, and public
 * shapes carry nothing about the owner (docs/decisions.md D2).
 */
import type User from '#models/user'
import type Business from '#models/business'
import type ReviewSession from '#models/review_session'
import type Customer from '#models/customer'
import type ReviewRequest from '#models/review_request'
import { personalLink } from '#lib/app_url'
import type {
  BusinessDto,
  CustomerDto,
  NotificationSettingsDto,
  PublicBusinessDto,
  ReviewRequestDto,
  ReviewSessionDto,
  UserDto,
} from '#types/api'

export function serializeUser(user: User): UserDto {
  const firstName = user.firstName ?? ''
  const lastName = user.lastName ?? ''
  return {
    id: user.id,
    email: user.email,
    firstName,
    lastName,
    name: [firstName, lastName].filter(Boolean).join(' '),
    username: user.email.split('@')[0],
    phone: user.phone ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
    trialStartsAt: user.trialStartsAt?.toISO() ?? null,
    trialEndsAt: user.trialEndsAt?.toISO() ?? null,
    createdAt: user.createdAt.toISO()!,
    emailVerified: Boolean(user.emailVerifiedAt),
    role: user.role,
  }
}

export function serializeNotificationSettings(user: User): NotificationSettingsDto {
  return { feedbackAlerts: user.feedbackAlerts, weeklySummary: user.weeklySummary }
}

export function serializeBusiness(business: Business): BusinessDto {
  return {
    id: business.id,
    placeId: business.placeId,
    name: business.name,
    address: business.address,
    rating: business.rating,
    reviewCount: business.reviewCount,
    shortUrl: business.shortUrl,
    googleReviewUrl: business.googleReviewUrl,
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
    googleReviewUrl: business.googleReviewUrl,
    complianceMode: business.complianceMode,
    language: business.language,
  }
}

export function serializeSession(session: ReviewSession): ReviewSessionDto {
  const createdAt = session.createdAt.toISO()!
  return {
    id: session.id,
    businessId: session.businessId,
    rating: session.rating,
    feedback: session.feedback,
    redirected: session.redirected,
    resolved: session.resolvedAt !== null,
    resolvedAt: session.resolvedAt?.toISO() ?? null,
    createdAt,
    // The spec's clients read `timestamp`.
    timestamp: createdAt,
    contactName: session.contactName ?? null,
    contactPhone: session.contactPhone ?? null,
  }
}


export function serializeCustomer(customer: Customer): CustomerDto {
  return {
    id: customer.id,
    businessId: customer.businessId,
    name: customer.name,
    phone: customer.phone,
    email: customer.email,
    consentAt: customer.consentAt.toISO()!,
    optedOutAt: customer.optedOutAt?.toISO() ?? null,
    createdAt: customer.createdAt.toISO()!,
  }
}

/** A request with its customer preloaded. */
export function serializeReviewRequest(request: ReviewRequest, extra: { whatsappUrl?: string } = {}): ReviewRequestDto {
  return {
    id: request.id,
    businessId: request.businessId,
    customerId: request.customerId,
    customerName: request.customer.name,
    customerPhone: request.customer.phone,
    channel: request.channel,
    status: request.status,
    link: personalLink(request.token),
    sentAt: request.sentAt?.toISO() ?? null,
    openedAt: request.openedAt?.toISO() ?? null,
    ratedAt: request.ratedAt?.toISO() ?? null,
    failureReason: request.status === 'failed' ? request.failureReason : null,
    createdAt: request.createdAt.toISO()!,
    ...extra,
  }
}
