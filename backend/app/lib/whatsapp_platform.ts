import env from '#start/env'

/** The authentication template a member's alerts number is proved with (`node ace whatsapp:platform-templates`). */
export const ALERT_CODE_TEMPLATE = 'reviewroute_alert_code'

/**
 * ReviewRoute's own WhatsApp Business number, which owners' alerts come from (docs/decisions.md D69), as a sender;
 * null when WhatsApp alerts are off (any of the three settings empty).
 */
export function platformSender(): { phoneNumberId: string; accessToken: string; wabaId: string } | null {
  const phoneNumberId = env.get('WHATSAPP_PLATFORM_PHONE_NUMBER_ID')
  const accessToken = env.get('WHATSAPP_PLATFORM_TOKEN')
  const wabaId = env.get('WHATSAPP_PLATFORM_WABA_ID')
  return phoneNumberId && accessToken && wabaId ? { phoneNumberId, accessToken, wabaId } : null
}
