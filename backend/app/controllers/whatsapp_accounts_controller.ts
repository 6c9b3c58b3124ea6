/*
 * The workspace's WhatsApp Business connection (docs/decisions.md D32, D67): connected through Meta's Embedded
 * Signup (or by hand with a number id, an access token and template names), what Meta says about the number, and
 * the review templates' states. The token is stored encrypted with the app key and never shown again.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import WorkspacePolicy from '#policies/workspace_policy'
import ConnectWhatsAppAccount from '#actions/requests/connect_whatsapp_account'
import ConnectWhatsAppByEmbeddedSignup from '#actions/requests/connect_whatsapp_by_embedded_signup'
import DisconnectWhatsAppAccount from '#actions/requests/disconnect_whatsapp_account'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'
import { serializeWhatsAppAccount } from '#serializers/whatsapp_accounts'
import { whatsappAccountValidator, whatsappEmbeddedSignupValidator } from '#validators/requests'
import type WhatsAppAccount from '#models/whatsapp_account'
import type { WhatsAppAccountDto, WhatsAppSignupConfigDto } from '#types/api'

/** What the dashboard opens Embedded Signup with; null when the app or its configuration is not set. */
function embeddedSignup(): WhatsAppSignupConfigDto | null {
  const appId = env.get('WHATSAPP_APP_ID')
  const configId = env.get('WHATSAPP_CONFIG_ID')
  if (!appId || !configId) return null
  return { appId, configId, sdkUrl: env.get('WHATSAPP_SDK_URL'), apiVersion: env.get('WHATSAPP_API_VERSION') }
}

const serialize = (account: WhatsAppAccount | null): WhatsAppAccountDto => serializeWhatsAppAccount(account, embeddedSignup())

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

  /** POST /api/whatsapp-account/embedded-signup: what Meta's popup gave the page, finished on Meta's side, then stored. */
  @inject()
  async embeddedSignup({ tenant, bouncer, request }: HttpContext, connect: ConnectWhatsAppByEmbeddedSignup): Promise<WhatsAppAccountDto> {
    await bouncer.with(WorkspacePolicy).authorize('manageWhatsApp')
    const input = await request.validateUsing(whatsappEmbeddedSignupValidator)
    return serialize(await connect.handle(tenant.member, input))
  }

  @inject()
  async destroy({ tenant, bouncer, response }: HttpContext, disconnect: DisconnectWhatsAppAccount) {
    await bouncer.with(WorkspacePolicy).authorize('manageWhatsApp')
    await disconnect.handle(tenant.member)
    return response.noContent()
  }
}
