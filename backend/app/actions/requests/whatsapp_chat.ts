/*
 * Ratings inside WhatsApp (docs/decisions.md D67): what a customer's message to a business's WhatsApp number
 * does. A tap on a request's rating quick-reply stores a rating exactly like one on the request's personal page
 * (request → rated, staff credit, the routing choice, alerts, analytics) with `source: whatsapp`, and is answered in
 * the customer's language inside Meta's 24-hour window: the Google link, or what went wrong with "Call me back" /
 * "No, thanks". The customer's text within 24 hours after a 1-3 rating is that rating's feedback, their latest
 * voice note its voice note. An opt-out button or word opts the number out.
 *
 * Every inbound message id is recorded in the same transaction as what it changes, so a webhook Meta delivers again
 * changes nothing, and a request's row is locked while it is rated, so the first rating stands. Replies go after the
 * commit; one that cannot be sent is logged, the rating stays.
 */
import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Business from '#models/business'
import Customer from '#models/customer'
import type WhatsAppAccount from '#models/whatsapp_account'
import { RequestChannel, RequestStatus } from '#models/review_request'
import { QueueService } from '#queue/queue_service'
import { QueueName, feedbackAlertJobId } from '#queue/queues'
import { googleReviewLinkOf } from '#lib/app_url'
import { clock } from '#lib/clock'
import { normalizeIndianPhone } from '#lib/phone'
import { isPositiveRating } from '#contract/product_rules'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { chatMessage, OPT_OUT_WORDS, type ChatMessageKey } from '#contract/whatsapp_chat'
import type { ReviewLanguage } from '#contract/review_messages/index'
import { OptOuts } from '#actions/requests/opt_outs'
import CheckReviewAllowance from '#actions/reviews/check_review_allowance'
import RecordRequestProgress from '#actions/requests/record_request_progress'
import { customerLanguageOf } from '#queries/message_languages'
import { staffIdOf } from '#queries/staff'
import { analyticsReads } from '#hot_path/analytics_reads'
import { ratingsStored } from '#services/metrics'
import {
  WhatsAppCloud,
  WhatsAppCloudError,
  WhatsAppUnavailableError,
  type Interactive,
  type Sender,
} from '#services/messaging/whatsapp_cloud'
import { ServiceUnavailableError } from '#exceptions/app_errors'
import { chatPayload, parseChatPayload } from '#services/messaging/whatsapp_review_template'

/** The feedback a chat keeps, in all (the page's limit). */
export const CHAT_FEEDBACK_MAX = 2000
/** A voice note larger than this is not kept (Meta allows 16 MB; a minute of Opus is about 100 KB). */
export const VOICE_NOTE_MAX_BYTES = 5 * 1024 * 1024
/** How long after a 1-3 rating the customer's messages are its feedback: Meta's customer service window. */
const FEEDBACK_WINDOW_HOURS = 24

/** An inbound message as Meta's webhook carries it (only what is read here). */
export interface InboundMessage {
  id?: unknown
  from?: unknown
  /** Unix seconds, as a string. */
  timestamp?: unknown
  type?: unknown
  text?: { body?: unknown }
  button?: { payload?: unknown; text?: unknown }
  interactive?: { type?: unknown; button_reply?: { id?: unknown }; list_reply?: { id?: unknown } }
  audio?: { id?: unknown; mime_type?: unknown }
}

export type ChatOutcome =
  'seen' | 'ignored' | 'rated' | 'already-rated' | 'feedback' | 'voice-note' | 'call-back' | 'no-thanks' | 'opted-out'

/** A reply to send once the change is committed. */
type Reply = { key: ChatMessageKey; interactive?: (body: string) => Interactive } | null

interface RequestRow {
  id: number
  business_id: number
  customer_id: number
  status: RequestStatus
  staff_id: number | null
}

@inject()
export default class WhatsAppChat {
  private allowance = new CheckReviewAllowance()
  private progress = new RecordRequestProgress()

  constructor(
    private cloud: WhatsAppCloud,
    private queues: QueueService
  ) {}

  /** One customer message to `account`'s number; what it came to. */
  async handle(account: WhatsAppAccount, message: InboundMessage): Promise<ChatOutcome> {
    const wamid = typeof message.id === 'string' && message.id.length <= 128 ? message.id : null
    const from = typeof message.from === 'string' && /^\d{8,15}$/.test(message.from) ? message.from : null
    const phone = from ? normalizeIndianPhone(from) : null
    if (!wamid || !from || !phone) return 'ignored'
    const payload = tappedPayload(message)
    if (payload !== null) return this.tapped(account, wamid, from, phone, payload)
    if (message.type === 'text' && typeof message.text?.body === 'string') {
      const text = message.text.body.trim()
      if (OPT_OUT_WORDS.includes(text.toLowerCase())) return this.optOutEverywhere(account, wamid, phone)
      return this.feedback(account, wamid, from, phone, { text })
    }
    if (message.type === 'audio' && typeof message.audio?.id === 'string') {
      return this.feedback(account, wamid, from, phone, { mediaId: message.audio.id })
    }
    return 'ignored'
  }

  /** A quick-reply or interactive button of ours: bound to a request, which must be this number's and this account's. */
  private async tapped(account: WhatsAppAccount, wamid: string, from: string, phone: string, payload: string): Promise<ChatOutcome> {
    const parsed = parseChatPayload(payload)
    if (!parsed) return 'ignored'
    const found = await db
      .from('review_requests as r')
      .join('customers as c', 'c.id', 'r.customer_id')
      .join('businesses as b', 'b.id', 'r.business_id')
      .where('r.token', parsed.token)
      .where('b.workspace_id', account.workspaceId)
      .where('c.phone', phone)
      .where('r.channel', RequestChannel.Whatsapp)
      .select('r.id', 'r.business_id', 'r.customer_id')
      .first()
    if (!found) return 'ignored'
    const [business, customer] = await Promise.all([Business.findOrFail(found.business_id), Customer.findOrFail(found.customer_id)])
    const { language } = await customerLanguageOf(customer, business)
    const reply = (outcome: ChatOutcome, answer: Reply) => this.reply(account, from, business, language, outcome, answer)
    const action = parsed.action

    if (action.kind === 'stop') {
      const done = await this.once(wamid, (trx) => this.progress.optedOut(found.id, customer.id, trx).then(() => true))
      return done ? reply('opted-out', { key: 'optedOut' }) : 'seen'
    }
    if (action.kind === 'callback' || action.kind === 'no') {
      const done = await this.once(wamid, async (trx) => {
        if (action.kind === 'no') return true
        // The call-back is asked on the request's own WhatsApp rating.
        const contact = { contact_name: customer.name.slice(0, 100), contact_phone: phone.slice(3) }
        return Number(
          await trx
            .from('review_sessions')
            .where('review_request_id', found.id)
            .where('source', 'whatsapp')
            .where('rating', '<=', NEGATIVE_RATING_MAX)
            .update(contact)
        )
      })
      if (done === null) return 'seen'
      if (action.kind === 'no') return reply('no-thanks', { key: 'noThanksNoted' })
      if (!done) return 'ignored'
      this.alert(business.id, `call-back-${found.id}`)
      return reply('call-back', { key: 'callBackNoted' })
    }

    // A rating: only while the plan counts ratings; a 4-5 still gets the Google link (as on the page).
    const rating = action.rating
    const positive = isPositiveRating(rating)
    const { allowed } = await this.allowance.handle(business)
    const staffId = await staffIdOf(business.id, null, found.id)
    const stored = await this.once(wamid, async (trx) => {
      const request: RequestRow | null = await trx
        .from('review_requests')
        .where('id', found.id)
        .forUpdate()
        .select('id', 'business_id', 'customer_id', 'status', 'staff_id')
        .first()
      if (!request || request.status === RequestStatus.OptedOut) return 'ignored' as const
      if (request.status === RequestStatus.Rated) return 'already-rated' as const
      if (!allowed) return 'not-counted' as const
      const now = clock.now().toJSDate()
      const [sessionId] = await trx.table('review_sessions').insert({
        business_id: business.id,
        rating,
        feedback: null,
        redirected: positive,
        client_fingerprint: createHash('sha256').update(`whatsapp|${phone}`).digest('hex'),
        created_at: now,
        review_request_id: request.id,
        staff_id: staffId,
        language,
        source: 'whatsapp',
      })
      await this.progress.rated(request.id, language, trx)
      return Number(sessionId) > 0 ? ('rated' as const) : ('ignored' as const)
    })
    if (stored === null) return 'seen'
    if (stored === 'ignored') return 'ignored'
    if (stored === 'already-rated') return reply('already-rated', { key: 'alreadyRated' })
    if (stored === 'rated') {
      analyticsReads.forget(business.id)
      ratingsStored.inc({ kind: positive ? 'positive' : 'negative' })
    }
    const google = googleReviewLinkOf(business)
    const toGoogle: Reply = {
      key: 'thanksGoogle',
      interactive: (body) => ({ type: 'cta_url', body, displayText: chatMessage(language, 'postOnGoogle'), url: google }),
    }
    const askPrivately = (key: ChatMessageKey): Reply => ({
      key,
      interactive: (body) => ({
        type: 'button',
        body,
        buttons: [
          { id: chatPayload(parsed.token, 'callback'), title: chatMessage(language, 'callMeBack') },
          { id: chatPayload(parsed.token, 'no'), title: chatMessage(language, 'noThanks') },
        ],
      }),
    })
    const outcome = stored === 'rated' ? 'rated' : 'ignored'
    if (positive) return this.reply(account, from, business, language, outcome, toGoogle, { stars: '★'.repeat(rating) })
    if (stored !== 'rated') return this.reply(account, from, business, language, outcome, { key: 'noThanksNoted' })
    if (!business.complianceMode) return reply(outcome, askPrivately('askWhatWentWrong'))
    // Everyone may post on Google: the link, and the private way too.
    await this.reply(account, from, business, language, outcome, toGoogle, { stars: '★'.repeat(rating) })
    return reply(outcome, askPrivately('offerPrivate'))
  }

  /**
   * The customer's text or voice note after their 1-3 rating in the chat (the newest within 24 hours, of a business
   * of this account): appended to its feedback, or kept as its voice note.
   */
  private async feedback(
    account: WhatsAppAccount,
    wamid: string,
    from: string,
    phone: string,
    said: { text: string } | { mediaId: string }
  ): Promise<ChatOutcome> {
    const session = await db
      .from('review_sessions as s')
      .join('review_requests as r', 'r.id', 's.review_request_id')
      .join('customers as c', 'c.id', 'r.customer_id')
      .join('businesses as b', 'b.id', 's.business_id')
      .where('b.workspace_id', account.workspaceId)
      .where('c.phone', phone)
      .where('s.source', 'whatsapp')
      .where('s.rating', '<=', NEGATIVE_RATING_MAX)
      .where('s.created_at', '>=', clock.now().minus({ hours: FEEDBACK_WINDOW_HOURS }).toJSDate())
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .select('s.id', 's.business_id', 's.feedback', 'r.customer_id')
      .first()
    if (!session) return 'ignored'
    if (await this.seen(wamid)) return 'seen'
    // The audio is fetched before anything is written: Meta down fails the webhook, and Meta sends it again.
    const audio = 'mediaId' in said ? await this.voiceNote(account, said.mediaId) : null
    if (audio === false) return 'ignored'
    const first = await this.once(wamid, async (trx) => {
      const row = await trx.from('review_sessions').where('id', session.id).forUpdate().select('feedback').first()
      const before: string | null = row?.feedback ?? null
      if (audio) {
        await trx.rawQuery(
          `INSERT INTO whatsapp_voice_notes (review_session_id, business_id, mime_type, bytes, audio, created_at) VALUES (?, ?, ?, ?, ?, ?)
           ON DUPLICATE KEY UPDATE mime_type = VALUES(mime_type), bytes = VALUES(bytes), audio = VALUES(audio), created_at = VALUES(created_at)`,
          [session.id, session.business_id, audio.mimeType, audio.bytes.length, audio.bytes, clock.now().toJSDate()]
        )
        return before === null
      }
      const text = 'text' in said ? said.text : ''
      const joined = (before ? `${before}\n${text}` : text).slice(0, CHAT_FEEDBACK_MAX)
      if (text && joined !== before) await trx.from('review_sessions').where('id', session.id).update({ feedback: joined })
      return before === null
    })
    if (first === null) return 'seen'
    const outcome: ChatOutcome = audio ? 'voice-note' : 'feedback'
    this.alert(session.business_id, `rating-${session.id}`)
    analyticsReads.forget(session.business_id)
    if (!first) return outcome
    const [business, customer] = await Promise.all([Business.findOrFail(session.business_id), Customer.findOrFail(session.customer_id)])
    const { language } = await customerLanguageOf(customer, business)
    return this.reply(account, from, business, language, outcome, { key: 'feedbackReceived' })
  }

  /** "STOP" or an opt-out word in any of the nine languages: out of every business of the account, as today. */
  private async optOutEverywhere(account: WhatsAppAccount, wamid: string, phone: string): Promise<ChatOutcome> {
    const businesses = await db.from('businesses').where('workspace_id', account.workspaceId).select('id')
    const done = await this.once(wamid, async (trx) => {
      const now = clock.now()
      for (const { id } of businesses) await OptOuts.record(trx, id, { phone }, now)
      await trx
        .from('customers')
        .whereIn(
          'business_id',
          businesses.map(({ id }) => id)
        )
        .where('phone', phone)
        .whereNull('opted_out_at')
        .update({ opted_out_at: now.toJSDate(), updated_at: now.toJSDate() })
      return true
    })
    return done === null ? 'seen' : 'opted-out'
  }

  /**
   * Runs `change` in a transaction that first records the message id: null when the id was recorded before (a
   * redelivery; nothing changes), else what `change` answered.
   */
  private async once<T>(wamid: string, change: (trx: TransactionClientContract) => Promise<T>): Promise<T | null> {
    return db.transaction(async (trx) => {
      const [result] = await trx.rawQuery('INSERT IGNORE INTO whatsapp_inbound_messages (wamid, received_at) VALUES (?, ?)', [
        wamid,
        clock.now().toJSDate(),
      ])
      if (Number(result.affectedRows) === 0) return null
      return change(trx)
    })
  }

  /** The voice note's audio; false when Meta refuses it for good (expired, too large); Meta down fails the webhook. */
  private async voiceNote(account: WhatsAppAccount, mediaId: string) {
    try {
      return await this.cloud.downloadMedia(this.sender(account).accessToken, mediaId, VOICE_NOTE_MAX_BYTES)
    } catch (error) {
      if (error instanceof WhatsAppUnavailableError) throw new ServiceUnavailableError(error.message)
      if (error instanceof WhatsAppCloudError) {
        logger.warn({ err: error, mediaId }, 'a voice note could not be fetched; it is not kept')
        return false
      }
      throw error
    }
  }

  private async seen(wamid: string) {
    return Boolean(await db.from('whatsapp_inbound_messages').where('wamid', wamid).select('wamid').first())
  }

  /** The owner's alert for this business, after the change is committed (the sweep sends it if this cannot). */
  private alert(businessId: number, about: string) {
    void this.queues.enqueue(QueueName.FeedbackAlert, { businessId }, { jobId: feedbackAlertJobId(businessId, about) })
  }

  private sender(account: WhatsAppAccount): Sender {
    return { accessToken: account.accessToken() ?? '', phoneNumberId: account.phoneNumberId }
  }

  /** Sends `answer` in `language` (text, or interactive around the text); answers `outcome` either way. */
  private async reply(
    account: WhatsAppAccount,
    to: string,
    business: Business,
    language: ReviewLanguage,
    outcome: ChatOutcome,
    answer: Reply,
    params: Record<string, string> = {}
  ): Promise<ChatOutcome> {
    if (!answer) return outcome
    const body = chatMessage(language, answer.key, { business: business.name, ...params })
    try {
      if (answer.interactive) await this.cloud.sendInteractive(this.sender(account), to, answer.interactive(body))
      else await this.cloud.sendText(this.sender(account), to, body)
    } catch (error) {
      logger.warn({ err: error, businessId: business.id, outcome }, 'a WhatsApp reply could not be sent; what it answered is stored')
    }
    return outcome
  }
}

/** The payload of a tapped button: a template quick-reply, or a reply button / list row of an interactive message. */
function tappedPayload(message: InboundMessage): string | null {
  if (message.type === 'button' && typeof message.button?.payload === 'string') return message.button.payload
  if (message.type === 'interactive') {
    const id = message.interactive?.button_reply?.id ?? message.interactive?.list_reply?.id
    if (typeof id === 'string') return id
  }
  return null
}
