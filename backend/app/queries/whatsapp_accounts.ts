import WhatsAppAccount from '#models/whatsapp_account'

/** The WhatsApp Business number a workspace has connected (docs/decisions.md D32), or null. */
export function whatsappAccountOf(workspaceId: number) {
  return WhatsAppAccount.findBy('workspace_id', workspaceId)
}
