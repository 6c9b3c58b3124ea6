import WhatsAppAccount from '#models/whatsapp_account'
import type Member from '#policies/member'
import { ConflictError } from '#exceptions/app_errors'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'

export interface WhatsAppAccountInput {
  phoneNumberId: string
  accessToken: string
  templates: WhatsAppAccount['templates']
}

/**
 * Connects the member's workspace to its WhatsApp Business number (docs/decisions.md D32), or replaces the connection:
 * the access token is stored sealed with the app key. A number another workspace has connected is a 409.
 */
export default class ConnectWhatsAppAccount {
  async handle(by: Member, input: WhatsAppAccountInput) {
    const { workspaceId, user } = by
    const now = clock.now()
    const account = (await whatsappAccountOf(workspaceId)) ?? new WhatsAppAccount().merge({ workspaceId, createdAt: now })
    account.merge({
      userId: user.id,
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
    return account
  }
}
