/*
 * "Send a test message to me" (docs/decisions.md D32): a channel's message, as a customer of the business
 * would get it, sent now to the owner.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SendTestMessage from '#actions/requests/send_test_message'
import { ownBusiness } from '#actions/requests/save_customer'
import { testMessageValidator } from '#validators/requests'
import type { TestMessageDto } from '#types/api'

export default class TestMessagesController {
  @inject()
  async store({ auth, params, request }: HttpContext, send: SendTestMessage): Promise<TestMessageDto> {
    const owner = auth.getUserOrFail()
    const business = await ownBusiness(owner.id, params.businessId) // another owner's business is a 404, input or not
    return send.handle(owner, business, await request.validateUsing(testMessageValidator))
  }
}
