import db from '@adonisjs/lucid/services/db'
import WhatsAppAccount from '#models/whatsapp_account'
import { RequestStatus } from '#models/review_request'
import { normalizeIndianPhone } from '#lib/phone'
import { clock } from '#lib/clock'
import { OptOuts } from '#actions/requests/opt_outs'
import { whatsappErrorReason } from '#services/messaging/whatsapp_cloud'

/** A delivery status moves a request on from these only: never backwards past opened, rated or opted out. */
const MOVES: Record<string, { to: RequestStatus; from: RequestStatus[] }> = {
  sent: { to: RequestStatus.Sent, from: [RequestStatus.Created] },
  delivered: { to: RequestStatus.Delivered, from: [RequestStatus.Created, RequestStatus.Sent] },
  read: { to: RequestStatus.Delivered, from: [RequestStatus.Created, RequestStatus.Sent] },
  failed: { to: RequestStatus.Failed, from: [RequestStatus.Created, RequestStatus.Sent, RequestStatus.Delivered] },
}

interface WebhookPayload {
  entry?: {
    changes?: {
      value?: {
        metadata?: { phone_number_id?: string }
        statuses?: {
          id?: string
          status?: string
          errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[]
        }[]
        messages?: { from?: string; type?: string; text?: { body?: string } }[]
      }
    }[]
  }[]
}

/**
 * The WhatsApp Business webhook (docs/decisions.md D32), already checked for its signature: delivery
 * statuses update the request they are about (by the provider's message id; a repeat changes nothing), and an
 * inbound "STOP" opts that number out of every business of the account the message came to.
 */
export default class HandleWhatsAppWebhook {
  async handle(payload: WebhookPayload) {
    let statuses = 0
    let optOuts = 0
    const now = clock.now().toJSDate()
    for (const entry of Array.isArray(payload.entry) ? payload.entry : []) {
      for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
        const value = change?.value ?? {}
        for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
          const move = typeof status?.status === 'string' && Object.hasOwn(MOVES, status.status) ? MOVES[status.status] : null
          if (!move || typeof status.id !== 'string') continue
          const failure =
            move.to === RequestStatus.Failed
              ? {
                  failure_reason: whatsappErrorReason(
                    Array.isArray(status.errors) ? status.errors[0] : undefined,
                    'WhatsApp could not deliver it'
                  ),
                }
              : {}
          statuses += Number(
            await db
              .from('review_requests')
              .where('provider_message_id', status.id.slice(0, 128))
              .whereIn('status', move.from)
              .update({ status: move.to, ...failure, updated_at: now })
          )
        }
        const account =
          typeof value.metadata?.phone_number_id === 'string'
            ? await WhatsAppAccount.findBy('phone_number_id', value.metadata.phone_number_id)
            : null
        for (const message of Array.isArray(value.messages) ? value.messages : []) {
          const text = message?.type === 'text' ? message.text?.body : undefined
          const phone = typeof message?.from === 'string' ? normalizeIndianPhone(message.from) : null
          if (!account || !phone || typeof text !== 'string' || !/^\s*stop\s*$/i.test(text)) continue
          optOuts += await db.transaction(async (trx) => {
            // On each business's list, customer or not yet: the number stays out when it is added later.
            const businesses = await trx.from('businesses').where('workspace_id', account.workspaceId).select('id')
            for (const { id } of businesses) await OptOuts.record(trx, id, { phone }, clock.now())
            return Number(
              await trx
                .from('customers')
                .whereIn(
                  'business_id',
                  businesses.map(({ id }) => id)
                )
                .where('phone', phone)
                .whereNull('opted_out_at')
                .update({ opted_out_at: now, updated_at: now })
            )
          })
        }
      }
    }
    return { statuses, optOuts }
  }
}
