import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import StoreContactMessage from '#actions/contact/store_contact_message'
import { contactValidator } from '#validators/contact'
import type { ContactResponse } from '#types/api'

export default class ContactController {
  @inject()
  async store({ auth, request, response }: HttpContext, storeMessage: StoreContactMessage) {
    const input = await request.validateUsing(contactValidator)
    const stored = await storeMessage.handle(input, auth.user?.id ?? null)
    return response.created({
      success: true,
      id: stored.id,
      title: 'Message Sent Successfully',
      detail: "We'll get back to you within 4 hours during business hours.",
    } satisfies ContactResponse)
  }
}
