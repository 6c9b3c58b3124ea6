import WhatsAppAccount from '#models/whatsapp_account'
import type Member from '#policies/member'

/** Forgets the member's workspace's WhatsApp Business connection, token and templates; none is no error. */
export default class DisconnectWhatsAppAccount {
  async handle(by: Member) {
    await WhatsAppAccount.query().where('workspace_id', by.workspaceId).delete()
  }
}
