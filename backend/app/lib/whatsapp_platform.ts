import env from '#start/env'

/**
 * ReviewRoute's own WhatsApp Business number, which owners' alerts come from (docs/decisions.md D69), as a sender;
 * null when WhatsApp alerts are off (any of the three settings empty).
 */
export function platformSender(): { phoneNumberId: string; accessToken: string } | null {
  const phoneNumberId = env.get('WHATSAPP_PLATFORM_PHONE_NUMBER_ID')
  const accessToken = env.get('WHATSAPP_PLATFORM_TOKEN')
  return phoneNumberId && accessToken && env.get('WHATSAPP_PLATFORM_WABA_ID') ? { phoneNumberId, accessToken } : null
}
