import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import HandleRazorpayWebhook from '#actions/billing/handle_razorpay_webhook'
import { BadRequestError } from '#exceptions/app_errors'
import type { WebhookResponse } from '#types/api'

export default class WebhooksController {
  /** The signature covers the raw body exactly as sent, never a re-serialised copy. */
  @inject()
  async razorpay({ request }: HttpContext, handleWebhook: HandleRazorpayWebhook): Promise<WebhookResponse> {
    const raw = request.raw()
    if (!raw) throw new BadRequestError('Empty webhook body')
    return handleWebhook.handle(raw, request.header('x-razorpay-signature'), request.header('x-razorpay-event-id'))
  }
}
