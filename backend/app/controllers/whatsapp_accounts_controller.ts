/*
 * The workspace's WhatsApp Business connection (docs/decisions.md D32): the Cloud API number, an access
 * token (stored encrypted with the app key, never shown again) and the approved template per language.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type WhatsAppAccount from '#models/whatsapp_account'
import WorkspacePolicy from '#policies/workspace_policy'
import ConnectWhatsAppAccount from '#actions/requests/connect_whatsapp_account'
import DisconnectWhatsAppAccount from '#actions/requests/disconnect_whatsapp_account'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'
import { whatsappAccountValidator } from '#validators/requests'
import type { WhatsAppAccountDto } from '#types/api'

const serialize = (account: WhatsAppAccount | null): WhatsAppAccountDto =>
  account
    ? { connected: true, phoneNumberId: account.phoneNumberId, templates: account.templates, accessTokenSet: true }
    : { connected: false, phoneNumberId: null, templates: {}, accessTokenSet: false }

export default class WhatsAppAccountsController {
  async show({ tenant, bouncer }: HttpContext): Promise<WhatsAppAccountDto> {
    await bouncer.with(WorkspacePolicy).authorize('viewWhatsApp')
    return serialize(await whatsappAccountOf(tenant.member.workspaceId))
  }

  @inject()
  async update({ tenant, bouncer, request }: HttpContext, connect: ConnectWhatsAppAccount): Promise<WhatsAppAccountDto> {
    await bouncer.with(WorkspacePolicy).authorize('manageWhatsApp')
    const input = await request.validateUsing(whatsappAccountValidator)
    return serialize(await connect.handle(tenant.member, input))
  }

  @inject()
  async destroy({ tenant, bouncer, response }: HttpContext, disconnect: DisconnectWhatsAppAccount) {
    await bouncer.with(WorkspacePolicy).authorize('manageWhatsApp')
    await disconnect.handle(tenant.member)
    return response.noContent()
  }
}
