import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import type WhatsAppAccount from '#models/whatsapp_account'
import { RequestStatus } from '#models/review_request'
import { clock } from '#lib/clock'
import WhatsAppNoticeMail from '#mails/whatsapp_notice_mail'
import WhatsAppChat, { type ChatOutcome, type InboundMessage } from '#actions/requests/whatsapp_chat'
import { templateStatus } from '#actions/requests/connect_whatsapp_by_embedded_signup'
import { whatsappAccountByNumber, whatsappAccountsByWaba } from '#queries/whatsapp_accounts'
import { isReviewLanguage } from '#contract/review_messages/index'
import MemberAlert from '#models/member_alert'
import type { DeliveryStatus } from '#models/member_alert_delivery'
import AlertTaps, { type TapOutcome } from '#actions/alerts/alert_taps'
import SendMemberAlerts from '#actions/alerts/send_member_alerts'
import { WhatsAppCloud, whatsappErrorReason } from '#services/messaging/whatsapp_cloud'
import { platformSender } from '#lib/whatsapp_platform'

/** A delivery status moves a request on from these only: never backwards past opened, rated or opted out. */
const MOVES: Record<string, { to: RequestStatus; from: RequestStatus[] }> = {
  sent: { to: RequestStatus.Sent, from: [RequestStatus.Created] },
  delivered: { to: RequestStatus.Delivered, from: [RequestStatus.Created, RequestStatus.Sent] },
  read: { to: RequestStatus.Delivered, from: [RequestStatus.Created, RequestStatus.Sent] },
  failed: { to: RequestStatus.Failed, from: [RequestStatus.Created, RequestStatus.Sent, RequestStatus.Delivered] },
}

/** account_update events that mean our app no longer has the number. */
const REMOVED = new Set(['PARTNER_REMOVED', 'ACCOUNT_DELETED', 'PARTNER_APP_UNINSTALLED', 'DISABLED_UPDATE'])

interface Change {
  field?: unknown
  value?: {
    metadata?: { phone_number_id?: unknown }
    statuses?: {
      id?: string
      status?: string
      errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[]
    }[]
    messages?: InboundMessage[]
    event?: unknown
    message_template_id?: unknown
    message_template_name?: unknown
    message_template_language?: unknown
    reason?: unknown
    current_limit?: unknown
    display_phone_number?: unknown
    phone_number?: unknown
    ban_info?: unknown
  }
}

export interface WebhookPayload {
  object?: unknown
  entry?: { id?: unknown; changes?: Change[] }[]
}

/** A payload that is not Meta's webhook shape: 400, nothing changed. */
export const isWebhookShape = (payload: unknown): payload is WebhookPayload =>
  typeof payload === 'object' &&
  payload !== null &&
  !Array.isArray(payload) &&
  Array.isArray((payload as WebhookPayload).entry) &&
  (payload as WebhookPayload).entry!.every(
    (entry) => typeof entry === 'object' && entry !== null && (entry.changes === undefined || Array.isArray(entry.changes))
  )

/**
 * The WhatsApp Business webhook (docs/decisions.md D32, D67), already checked for its signature, by field:
 * - `messages`: delivery statuses update their request (a repeat changes nothing); customers' messages go to the
 *   chat (ratings, feedback, voice notes, call-backs, opt-outs);
 * - `message_template_status_update`: a template's review state, by Meta's id or by name and language;
 * - `phone_number_quality_update`: the number's quality and limit, told to the owners (banner and mail);
 * - `account_update`: a removed connection marks the account disconnected and tells the owners.
 */
@inject()
export default class HandleWhatsAppWebhook {
  constructor(
    private chat: WhatsAppChat,
    private taps: AlertTaps,
    private cloud: WhatsAppCloud
  ) {}

  async handle(payload: WebhookPayload) {
    const counts = { statuses: 0, messages: 0, templates: 0, notices: 0 }
    const outcomes: ChatOutcome[] = []
    const taps: TapOutcome[] = []
    for (const entry of payload.entry ?? []) {
      const wabaId = typeof entry?.id === 'string' ? entry.id : null
      for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
        const value = typeof change?.value === 'object' && change.value !== null ? change.value : {}
        const field = change?.field ?? 'messages'
        if (field === 'messages') {
          counts.statuses += await this.statuses(value.statuses)
          const phoneNumberId = value.metadata?.phone_number_id
          // ReviewRoute's own number: members' taps on their alerts (docs/decisions.md D70).
          if (typeof phoneNumberId === 'string' && phoneNumberId === platformSender()?.phoneNumberId) {
            for (const message of Array.isArray(value.messages) ? value.messages : []) {
              if (typeof message !== 'object' || message === null) continue
              taps.push(await this.taps.handle(message))
              counts.messages++
            }
            continue
          }
          const account = typeof phoneNumberId === 'string' ? await whatsappAccountByNumber(phoneNumberId) : null
          if (!account || account.disconnectedAt) continue
          for (const message of Array.isArray(value.messages) ? value.messages : []) {
            if (typeof message !== 'object' || message === null) continue
            outcomes.push(await this.chat.handle(account, message))
            counts.messages++
          }
        } else if (field === 'message_template_status_update' && wabaId) {
          counts.templates += await this.templateStatus(wabaId, value)
        } else if (field === 'phone_number_quality_update' && wabaId) {
          counts.notices += await this.quality(wabaId, value)
        } else if (field === 'account_update' && wabaId) {
          counts.notices += await this.accountUpdate(wabaId, value)
        }
      }
    }
    // Taps on owners' alerts, when the payload had some (docs/decisions.md D70).
    return { ...counts, outcomes, ...(taps.length ? { taps } : {}) }
  }

  private async statuses(statuses: NonNullable<Change['value']>['statuses']) {
    let moved = 0
    const now = clock.now().toJSDate()
    for (const status of Array.isArray(statuses) ? statuses : []) {
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
      moved += await this.alertStatus(status.id.slice(0, 128), status.status as DeliveryStatus, status.errors)
      moved += Number(
        await db
          .from('review_requests')
          .where('provider_message_id', status.id.slice(0, 128))
          .whereIn('status', move.from)
          .update({ status: move.to, ...failure, updated_at: now })
      )
    }
    return moved
  }

  /**
   * An owner's alert message's delivery (docs/decisions.md D70): never backwards (read stays read); `failed` sends the
   * alert by mail instead.
   */
  private async alertStatus(wamid: string, status: DeliveryStatus, errors: unknown) {
    const from: Record<DeliveryStatus, DeliveryStatus[]> = {
      sent: [],
      delivered: ['sent'],
      read: ['sent', 'delivered'],
      failed: ['sent', 'delivered'],
    }
    const failure =
      status === 'failed' ? whatsappErrorReason(Array.isArray(errors) ? errors[0] : undefined, 'WhatsApp could not deliver it') : null
    const moved = Number(
      await db
        .from('member_alert_deliveries')
        .where('provider_message_id', wamid)
        .where('channel', 'whatsapp')
        .whereIn('status', from[status])
        .update({ status, at: clock.now().toJSDate(), ...(failure ? { failure } : {}) })
    )
    if (moved > 0 && status === 'failed') {
      const delivery = await db.from('member_alert_deliveries').where('provider_message_id', wamid).select('member_alert_id').first()
      const alert = delivery ? await MemberAlert.find(delivery.member_alert_id) : null
      const user = alert ? await User.find(alert.userId) : null
      if (alert && user) await new SendMemberAlerts(undefined, this.cloud).emailInstead(alert, user)
    }
    return moved
  }

  /** A template's new review state (and Meta's reason), on the accounts of this WABA. */
  private async templateStatus(wabaId: string, value: NonNullable<Change['value']>) {
    if (typeof value.event !== 'string') return 0
    const accounts = await whatsappAccountsByWaba(wabaId)
    const accountIds = accounts.map(({ id }) => id)
    if (!accountIds.length) return 0
    const status = templateStatus(value.event)
    const reason = typeof value.reason === 'string' && value.reason !== 'NONE' && status !== 'APPROVED' ? value.reason.slice(0, 500) : null
    const query = db.from('whatsapp_templates').whereIn('whatsapp_account_id', accountIds)
    if (typeof value.message_template_id === 'string' || typeof value.message_template_id === 'number') {
      query.where('meta_template_id', String(value.message_template_id))
    } else if (typeof value.message_template_name === 'string' && isReviewLanguage(value.message_template_language)) {
      query.where('name', value.message_template_name).where('language', value.message_template_language)
    } else {
      return 0
    }
    return Number(await query.update({ status, reason, updated_at: clock.now().toJSDate() }))
  }

  /** The number's quality or limit changed: kept, and told to the owners. */
  private async quality(wabaId: string, value: NonNullable<Change['value']>) {
    if (typeof value.event !== 'string') return 0
    const event = value.event.toUpperCase()
    const limit = typeof value.current_limit === 'string' ? value.current_limit.slice(0, 32) : null
    const quality = event === 'FLAGGED' ? 'RED' : event === 'UNFLAGGED' ? 'GREEN' : null
    const said: Record<string, string> = {
      FLAGGED: 'Meta flagged your WhatsApp Business number for low quality: customers blocked or reported recent messages.',
      UNFLAGGED: 'Meta no longer flags your WhatsApp Business number: its quality is back to normal.',
      DOWNGRADE: 'Meta lowered the number of customers your WhatsApp Business number may message a day.',
      UPGRADE: 'Meta raised the number of customers your WhatsApp Business number may message a day.',
    }
    const message = `${said[event] ?? `Meta updated your WhatsApp Business number (${event}).`}${limit ? ` Messaging limit: ${limit}.` : ''}`
    let told = 0
    for (const account of await this.accountsOf(wabaId, value.display_phone_number)) {
      await this.tell(account, {
        qualityRating: quality ?? account.qualityRating,
        messagingLimit: limit ?? account.messagingLimit,
        noticeKind: 'quality',
        noticeMessage: message,
      })
      told++
    }
    return told
  }

  /** The business removed our app (or the account is gone): disconnected, told to the owners. */
  private async accountUpdate(wabaId: string, value: NonNullable<Change['value']>) {
    if (typeof value.event !== 'string' || !REMOVED.has(value.event.toUpperCase())) return 0
    const message =
      'Meta reports that your WhatsApp Business account no longer shares access with ReviewRoute, so review requests by WhatsApp Business stopped. Connect WhatsApp again on the Review requests page.'
    let told = 0
    for (const account of await this.accountsOf(wabaId, value.phone_number)) {
      if (account.disconnectedAt) continue
      await this.tell(account, { disconnectedAt: clock.now(), noticeKind: 'disconnected', noticeMessage: message })
      told++
    }
    return told
  }

  /** The WABA's accounts; only the one of that number when the event names a number. */
  private async accountsOf(wabaId: string, number: unknown) {
    const accounts = await whatsappAccountsByWaba(wabaId)
    const digits = typeof number === 'string' ? number.replace(/\D/g, '') : ''
    if (!digits) return accounts
    return accounts.filter((account) => !account.displayPhoneNumber || account.displayPhoneNumber.replace(/\D/g, '') === digits)
  }

  private async tell(account: WhatsAppAccount, changes: Partial<WhatsAppAccount>) {
    const now = clock.now()
    account.merge({ ...changes, noticeAt: now, updatedAt: now })
    await account.save()
    const notice = { kind: account.noticeKind!, message: account.noticeMessage! }
    try {
      const owners = await User.query()
        .whereIn('id', db.from('workspace_members').where('workspace_id', account.workspaceId).where('role', 'owner').select('user_id'))
        .whereNotNull('email_verified_at')
      for (const owner of owners) await mail.send(new WhatsAppNoticeMail(owner, notice))
    } catch (error) {
      logger.warn({ err: error, workspaceId: account.workspaceId }, 'could not mail what Meta said about the WhatsApp number')
    }
  }
}
