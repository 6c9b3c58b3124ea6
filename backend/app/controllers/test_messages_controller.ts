/*
 * "Send a test message to me" (docs/decisions.md D32): a channel's message, as a customer of the business
 * would get it, sent now to the owner.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SendTestMessage from '#actions/requests/send_test_message'
import Business from '#models/business'
import BusinessPolicy from '#policies/business_policy'
import { testMessageValidator } from '#validators/requests'
import type { TestMessageDto } from '#types/api'

export default class TestMessagesController {
  @inject()
  async store({ tenant, bouncer, params, request }: HttpContext, send: SendTestMessage): Promise<TestMessageDto> {
    const business = await Business.find(params.businessId)
    // Before the input: another owner's business is a 404, whatever the body says.
    await bouncer.with(BusinessPolicy).authorize('update', business)
    return send.handle(tenant.member.user, business!, await request.validateUsing(testMessageValidator))
  }
}
