import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import HandleRazorpayWebhook from '#actions/billing/handle_razorpay_webhook'
import { BadRequestError, NotFoundError } from '#exceptions/app_errors'
import HandleWhatsAppWebhook, { isWebhookShape } from '#actions/requests/handle_whatsapp_webhook'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import HandleSmsReport from '#actions/requests/handle_sms_report'
import { AppException } from '#exceptions/app_errors'
import type { WebhookResponse } from '#types/api'

export default class WebhooksController {
  /** The signature covers the raw body exactly as sent, never a re-serialised copy. */
  @inject()
  async razorpay({ request }: HttpContext, handleWebhook: HandleRazorpayWebhook): Promise<WebhookResponse> {
    const raw = request.raw()
    if (!raw) throw new BadRequestError('Empty webhook body')
    return handleWebhook.handle(raw, request.header('x-razorpay-signature'), request.header('x-razorpay-event-id'))
  }

  /** GET: Meta's subscription check (`hub.verify_token`), answered with `hub.challenge` as plain text. */
  @inject()
  async whatsappVerify({ request, response }: HttpContext, whatsapp: WhatsAppCloud) {
    const query = request.qs()
    const challenge = whatsapp.verifySubscription(query['hub.mode'], query['hub.verify_token'], query['hub.challenge'])
    if (challenge === null) throw new NotFoundError('Unknown webhook subscription')
    return response.header('Content-Type', 'text/plain; charset=utf-8').send(challenge)
  }

  /** POST /api/webhooks/sms/{token}: MSG91's delivery reports, accepted only at the secret address. */
  @inject()
  async sms({ params, request }: HttpContext, sms: Msg91Sms, handleReport: HandleSmsReport) {
    if (!sms.acceptsWebhook(params.token)) throw new NotFoundError('Unknown webhook')
    return { received: true, ...(await handleReport.handle(request.body())) }
  }

  /**
   * POST: delivery statuses, customers' messages, template states and account updates, accepted only with a valid
   * `X-Hub-Signature-256` over the raw body; a body that is not Meta's webhook shape is a 400 and changes nothing.
   */
  @inject()
  async whatsapp({ request }: HttpContext, whatsapp: WhatsAppCloud, handleWebhook: HandleWhatsAppWebhook) {
    const raw = request.raw()
    if (!raw) throw new BadRequestError('Empty webhook body')
    if (!whatsapp.isSigned(raw, request.header('x-hub-signature-256'))) throw new WebhookSignatureError('Invalid webhook signature')
    let payload: unknown
    try {
      payload = JSON.parse(raw)
    } catch {
      throw new BadRequestError('The webhook body is not JSON')
    }
    if (!isWebhookShape(payload))
      throw new BadRequestError('The webhook body is not a WhatsApp Business Account webhook (entry[].changes[])')
    return { received: true, ...(await handleWebhook.handle(payload)) }
  }
}

class WebhookSignatureError extends AppException {
  static status = 401
  static code = 'E_INVALID_SIGNATURE'
}
