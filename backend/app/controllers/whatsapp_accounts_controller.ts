/*
 * The owner's WhatsApp Business connection (docs/decisions.md D32): the Cloud API number, an access
 * token (stored encrypted with the app key, never shown again) and the approved template per language.
 */
import type { HttpContext } from '@adonisjs/core/http'
import WhatsAppAccount from '#models/whatsapp_account'
import { whatsappAccountValidator } from '#validators/requests'
import { ConflictError } from '#exceptions/app_errors'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'
import type { WhatsAppAccountDto } from '#types/api'

const serialize = (account: WhatsAppAccount | null): WhatsAppAccountDto =>
  account
    ? { connected: true, phoneNumberId: account.phoneNumberId, templates: account.templates, accessTokenSet: true }
    : { connected: false, phoneNumberId: null, templates: {}, accessTokenSet: false }

export default class WhatsAppAccountsController {
  async show({ auth }: HttpContext): Promise<WhatsAppAccountDto> {
    return serialize(await WhatsAppAccount.findBy('user_id', auth.getUserOrFail().id))
  }

  async update({ auth, request }: HttpContext): Promise<WhatsAppAccountDto> {
    const input = await request.validateUsing(whatsappAccountValidator)
    const userId = auth.getUserOrFail().id
    const now = clock.now()
    const account = (await WhatsAppAccount.findBy('user_id', userId)) ?? new WhatsAppAccount().merge({ userId, createdAt: now })
    account.merge({
      phoneNumberId: input.phoneNumberId,
      accessTokenEncrypted: WhatsAppAccount.sealToken(input.accessToken),
      templates: input.templates,
      updatedAt: now,
    })
    try {
      await account.save()
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError('This WhatsApp number is connected to another account.')
      throw error
    }
    return serialize(account)
  }

  async destroy({ auth, response }: HttpContext) {
    await WhatsAppAccount.query().where('user_id', auth.getUserOrFail().id).delete()
    return response.noContent()
  }
}
