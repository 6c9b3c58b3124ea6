import OptOut from '#models/opt_out'
import { RequestChannel, RequestStatus, type default as ReviewRequest } from '#models/review_request'
import { NO_PHONE, OPTED_OUT, whatsappUrl } from '#actions/requests/create_review_request'
import { FieldError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'

/**
 * Sends a request by the owner's own WhatsApp again (docs/decisions.md D32): the same personal link, in a wa.me link
 * made anew; a request to a customer who opted out, one by email (sent for the owner, with its reminder) or to a
 * customer without a number is a field error. `request` comes with its customer and business.
 */
export default class ResendReviewRequest {
  async handle(request: ReviewRequest) {
    const optedOut =
      request.customer.optedOutAt ||
      request.status === RequestStatus.OptedOut ||
      (await OptOut.covers(request.businessId, request.customer))
    if (optedOut) throw new FieldError('customerId', OPTED_OUT)
    if (request.channel !== RequestChannel.WhatsappLink) {
      throw new FieldError('channel', 'Requests by email are sent for you, with one reminder after 3 days.')
    }
    if (!request.customer.phone) throw new FieldError('customerId', NO_PHONE)
    request.sentAt = clock.now()
    if (request.status === RequestStatus.Created || request.status === RequestStatus.Failed) request.status = RequestStatus.Sent
    request.updatedAt = clock.now()
    await request.save()
    return { request, whatsappUrl: await whatsappUrl(request, request.customer, request.business) }
  }
}
