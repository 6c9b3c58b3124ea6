import { WhatsAppCloudError } from '#services/messaging/whatsapp_cloud'
import { Msg91Error } from '#services/messaging/msg91_sms'

/**
 * The provider's reason when it refused a message for good (a WhatsApp or MSG91 4xx, an SMTP 5xx such as "mailbox
 * unavailable"); null when it may go through later (a timeout, throttling, a 5xx, the network), which is retried.
 */
export function permanentFailure(error: unknown): string | null {
  if (error instanceof WhatsAppCloudError || error instanceof Msg91Error) return error.permanent ? error.message : null
  const smtp = error as { responseCode?: unknown; response?: unknown } | null
  if (typeof smtp?.responseCode === 'number' && smtp.responseCode >= 500 && smtp.responseCode < 600) {
    return String(smtp.response ?? `The mail server refused it (${smtp.responseCode})`).slice(0, 255)
  }
  return null
}
