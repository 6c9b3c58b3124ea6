import type Customer from '#models/customer'
import type ReviewRequest from '#models/review_request'
import { personalLink } from '#lib/app_url'
import type { CustomerDto, ReviewRequestDto } from '#types/api'

export function serializeCustomer(customer: Customer): CustomerDto {
  return {
    id: customer.id,
    businessId: customer.businessId,
    name: customer.name,
    phone: customer.phone,
    email: customer.email,
    language: customer.language ?? null,
    ratedLanguage: customer.ratedLanguage ?? null,
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
    customerEmail: request.customer.email,
    channel: request.channel,
    status: request.status,
    link: personalLink(request.token),
    sentAt: request.sentAt?.toISO() ?? null,
    openedAt: request.openedAt?.toISO() ?? null,
    ratedAt: request.ratedAt?.toISO() ?? null,
    failureReason: request.status === 'failed' ? request.failureReason : null,
    createdAt: request.createdAt.toISO()!,
    source: request.source,
    integrationId: request.integrationId,
    sendAfter: request.sendAfter?.toISO() ?? null,
    ...extra,
  }
}
