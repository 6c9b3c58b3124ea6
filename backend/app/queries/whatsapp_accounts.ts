import WhatsAppAccount from '#models/whatsapp_account'

/** The WhatsApp Business number a workspace has connected (docs/decisions.md D32, D67), templates loaded, or null. */
export function whatsappAccountOf(workspaceId: number) {
  return WhatsAppAccount.query().where('workspace_id', workspaceId).preload('templates').first()
}

/** The account a webhook's number belongs to (templates loaded), or null. */
export function whatsappAccountByNumber(phoneNumberId: string) {
  return WhatsAppAccount.query().where('phone_number_id', phoneNumberId).preload('templates').first()
}

/** The accounts of a WhatsApp Business account (WABA), as Meta's account-level webhooks name it. */
export function whatsappAccountsByWaba(wabaId: string) {
  return WhatsAppAccount.query().where('waba_id', wabaId).preload('templates')
}
