/*
 * The workspace's WhatsApp Business connection (docs/decisions.md D32): the Cloud API number, an access
 * token (stored encrypted with the app key, never shown again) and the approved template per language.
 */
import type { HttpContext } from '@adonisjs/core/http'
import WhatsAppAccount from '#models/whatsapp_account'
import WorkspacePolicy from '#policies/workspace_policy'
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
  async show({ tenant, bouncer }: HttpContext): Promise<WhatsAppAccountDto> {
    await bouncer.with(WorkspacePolicy).authorize('viewWhatsApp')
    return serialize(await WhatsAppAccount.findBy('workspace_id', tenant.member.workspaceId))
  }

  async update({ tenant, bouncer, request }: HttpContext): Promise<WhatsAppAccountDto> {
    await bouncer.with(WorkspacePolicy).authorize('manageWhatsApp')
    const input = await request.validateUsing(whatsappAccountValidator)
    const { workspaceId, user } = tenant.member
    const now = clock.now()
    const account =
      (await WhatsAppAccount.findBy('workspace_id', workspaceId)) ?? new WhatsAppAccount().merge({ workspaceId, createdAt: now })
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
    return serialize(account)
  }

  async destroy({ tenant, bouncer, response }: HttpContext) {
    await bouncer.with(WorkspacePolicy).authorize('manageWhatsApp')
    await WhatsAppAccount.query().where('workspace_id', tenant.member.workspaceId).delete()
    return response.noContent()
  }
}
