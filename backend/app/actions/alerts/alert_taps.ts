/*
 * A member's taps on an alert in WhatsApp (docs/decisions.md D70), as they reach ReviewRoute's own number by the
 * webhook. A tap is honoured only when, at the time of the tap:
 * - its payload is one we signed for this alert, member and action (alert_payloads.ts);
 * - it comes from the member's proved number;
 * - they are still a member of the business's workspace, the business inside their scope, and their role allows the
 *   action (the same policies as the dashboard's);
 * - the action has not been done for this alert (member_alert_taps); a replayed message (same id) does nothing.
 * Anything else does nothing and says why in the chat. Answers in the chat are free-form, so they go only inside
 * the 24-hour window the tap opened (a tap older than that gets none).
 *
 * Actions: "Call back" answers with the customer's tel: link and a wa.me link with an apology in their language;
 * "Mark resolved" resolves the feedback as the inbox does; "Draft a reply" sends the AI draft (or the matching
 * template) with "Post reply" and "Edit in app"; "Post reply" posts that draft through the inbox's reply action,
 * whose activity line says `via: whatsapp`.
 */
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { Bouncer } from '@adonisjs/bouncer'
import Business from '#models/business'
import GoogleReview from '#models/google_review'
import MemberAlert, { type AlertOutcome } from '#models/member_alert'
import ReviewSession from '#models/review_session'
import User from '#models/user'
import Workspace from '#models/workspace'
import ReviewSessionPolicy from '#policies/review_session_policy'
import GoogleReviewPolicy from '#policies/google_review_policy'
import ReplyDraftPolicy from '#policies/reply_draft_policy'
import type Member from '#policies/member'
import { membershipsOf } from '#workspaces/tenant'
import ResolveFeedback from '#actions/reviews/resolve_feedback'
import ReplyGoogleReview from '#actions/google/reply_google_review'
import DraftGoogleReply from '#actions/google/draft_google_reply'
import type { InboundMessage } from '#actions/requests/whatsapp_chat'
import { WhatsAppCloud, WhatsAppCloudError, type Interactive } from '#services/messaging/whatsapp_cloud'
import { AppException } from '#exceptions/app_errors'
import { alertPayload, isGenuine, parseAlertPayload, type AlertAction } from '#lib/alert_payloads'
import { platformSender } from '#lib/whatsapp_platform'
import { appUrl } from '#lib/app_url'
import { clock } from '#lib/clock'
import { callBackApology } from '#contract/alert_apology'
import { isReviewLanguage, type ReviewLanguage } from '#contract/review_messages/index'
import { alertText, type AlertTextKey } from '#contract/alert_texts'

/** The chat's answer when a button is tapped again, by action. */
const ALREADY_DONE: Record<Exclude<AlertAction, 'opened'>, AlertTextKey> = {
  call: 'alreadyCalledBack',
  resolve: 'alreadyResolved',
  draft: 'alreadyDrafted',
  post: 'alreadyPosted',
}

/** What the chat says, in the alert language of the member the number belongs to (English for a stranger). */
type Say = (text: string | Interactive) => Promise<void>
type Texts = (key: AlertTextKey, params?: Record<string, string | number>) => string

/** 919845011111 → '+91 98450 11111', as a phone shows an Indian mobile. */
const phoneShown = (digits: string) => (/^91\d{10}$/.test(digits) ? `+91 ${digits.slice(2, 7)} ${digits.slice(7)}` : `+${digits}`)

/** Meta's limit for an interactive message's body. */
const INTERACTIVE_BODY_MAX = 1024
/** Free-form messages go only inside the window a member's message opens. */
const WINDOW_MS = 24 * 3600 * 1000

/** A member's message that turns WhatsApp alerts off, as Meta expects an opt-out to work. */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE'])

export type TapOutcome = 'seen' | 'help' | 'stopped' | 'refused' | 'already' | 'failed' | AlertOutcome

const OUTCOMES: AlertOutcome[] = ['opened', 'called_back', 'resolved', 'reply_drafted', 'reply_posted']
const isOutcome = (outcome: TapOutcome): outcome is AlertOutcome => (OUTCOMES as string[]).includes(outcome)

@inject()
export default class AlertTaps {
  constructor(
    private cloud: WhatsAppCloud,
    private replier: ReplyGoogleReview,
    private drafts: DraftGoogleReply
  ) {}

  async handle(message: InboundMessage): Promise<TapOutcome> {
    const wamid = typeof message.id === 'string' ? message.id.slice(0, 128) : null
    const from = typeof message.from === 'string' ? message.from.replace(/\D/g, '') : ''
    if (!wamid || !from) return 'seen'
    // A replayed webhook brings the same message id: it did its work the first time.
    const [first] = await db.rawQuery('INSERT IGNORE INTO whatsapp_inbound_messages (wamid, received_at) VALUES (?, ?)', [
      wamid,
      clock.now().toJSDate(),
    ])
    if (Number(first.affectedRows) === 0) return 'seen'
    const say: Say = (text) => this.reply(message, from, text)
    const reader = await User.query().where('whatsapp_alert_phone', `+${from}`).first()
    let language: ReviewLanguage = reader?.alertLanguage ?? 'en'
    const t: Texts = (key, params = {}) => alertText(language, key, params)

    const payload = message.button?.payload ?? message.interactive?.button_reply?.id
    if (payload === undefined) {
      if (typeof message.text?.body === 'string' && STOP_WORDS.has(message.text.body.trim().toUpperCase())) {
        const stopped = await db
          .from('users')
          .where('whatsapp_alert_phone', `+${from}`)
          .update({ whatsapp_alert_phone: null, whatsapp_alert_verified_at: null })
        if (Number(stopped) > 0) {
          await say(t('stopped'))
          return 'stopped'
        }
      }
      await say(t('help', { link: appUrl('/dashboard') }))
      return 'help'
    }
    const parsed = parseAlertPayload(payload)
    const alert = parsed ? await MemberAlert.find(parsed.alertId) : null
    if (!parsed || !alert || parsed.action === 'opened' || !isGenuine(parsed, alert.userId)) {
      await say(t('notOurs'))
      return 'refused'
    }
    const user = await User.find(alert.userId)
    if (!user || !user.whatsappAlertVerifiedAt || user.whatsappAlertPhone?.replace(/\D/g, '') !== from) {
      await say(t('otherNumber'))
      return 'refused'
    }
    language = user.alertLanguage
    const business = alert.businessId ? await Business.find(alert.businessId) : null
    if (!business) {
      await say(t('gone'))
      return 'refused'
    }
    const memberships = await membershipsOf(user)
    const member = memberships.find((candidate) => candidate.workspaceId === business.workspaceId)
    if (!member) {
      const workspace = await Workspace.find(business.workspaceId)
      await say(t('noLongerMember', { workspace: workspace?.name ?? business.name }))
      return 'refused'
    }
    return this.act(parsed.action, alert, member, say, t)
  }

  private async act(action: AlertAction, alert: MemberAlert, member: Member, say: Say, t: Texts) {
    const bouncer = new Bouncer<Member>(member)
    const session = alert.reviewSessionId ? await ReviewSession.find(alert.reviewSessionId) : null
    const review = alert.googleReviewId ? await GoogleReview.find(alert.googleReviewId) : null
    const allowed =
      action === 'call'
        ? await bouncer.with(ReviewSessionPolicy).execute('viewFeedback', session)
        : action === 'resolve'
          ? await bouncer.with(ReviewSessionPolicy).execute('resolve', session)
          : action === 'draft'
            ? await bouncer.with(ReplyDraftPolicy).execute('draft', review)
            : await bouncer.with(GoogleReviewPolicy).execute('reply', review)
    if (!allowed.authorized) {
      // A row gone is the policy's 404; a role that may not is the dashboard's own sentence (in English), or in the
      // member's language that their role does not allow it.
      await say(
        allowed.status === 404
          ? t('gone')
          : member.user.alertLanguage === 'en' && allowed.message
            ? t('failed', { reason: allowed.message })
            : t('notAllowed', { workspace: member.workspace.name })
      )
      return 'refused'
    }
    if (!(await this.claim(alert.id, action))) {
      await say(t(ALREADY_DONE[action as Exclude<AlertAction, 'opened'>]))
      return 'already'
    }
    try {
      const outcome = await this.perform(action, alert, member, session, review, say, t)
      if (outcome === 'failed' || !isOutcome(outcome)) await this.unclaim(alert.id, action)
      else {
        alert.action = outcome
        alert.actionAt = clock.now()
        await alert.save()
      }
      return outcome
    } catch (error) {
      await this.unclaim(alert.id, action)
      if (!(error instanceof AppException)) throw error
      await say(t('failed', { reason: error.message }))
      return 'failed'
    }
  }

  private async perform(
    action: AlertAction,
    alert: MemberAlert,
    member: Member,
    session: ReviewSession | null,
    review: GoogleReview | null,
    say: Say,
    t: Texts
  ): Promise<TapOutcome> {
    const open = appUrl(alert.url ?? '/dashboard')
    if (action === 'call' && session) {
      await ReviewSession.attachSources([session])
      const phone = session.contactPhone ?? session.customer?.phone ?? null
      const name = session.contactName?.trim() || session.customer?.name?.trim() || null
      if (!phone) {
        await say(t('noPhone', { name: name ?? t('thisCustomer'), link: open }))
        return 'failed'
      }
      const digits = phone.replace(/\D/g, '').replace(/^(?!91)(\d{10})$/, '91$1')
      const language = isReviewLanguage(session.language)
        ? session.language
        : isReviewLanguage(session.customer?.language)
          ? session.customer.language
          : 'en'
      const business = await Business.findOrFail(session.businessId)
      const apology = callBackApology(language, business.name, name)
      await say(
        t('calledBack', {
          name: name ?? t('theCustomer'),
          phone: phoneShown(digits),
          tel: `tel:+${digits}`,
          waLink: `https://wa.me/${digits}?text=${encodeURIComponent(apology)}`,
        })
      )
      return 'called_back'
    }
    if (action === 'resolve' && session) {
      if (session.resolvedAt) {
        await say(t('alreadyResolved'))
        return 'resolved'
      }
      await new ResolveFeedback().handle(session, true)
      await say(t('resolved', { link: open }))
      return 'resolved'
    }
    if (action === 'draft' && review) {
      const draft = this.drafts.aiConfigured
        ? await this.drafts.ai(member.workspaceId, review)
        : await this.drafts.fromTemplate(member.workspaceId, review)
      if (!draft) {
        await say(t('noTemplate', { link: open }))
        return 'failed'
      }
      alert.draft = draft
      await alert.save()
      const heading = `${t('suggestedReply')}\n\n`
      const room = INTERACTIVE_BODY_MAX - heading.length
      const shown = [...draft].length > room ? `${[...draft].slice(0, room - 1).join('')}…` : draft
      await say({
        type: 'button',
        body: `${heading}${shown}`,
        buttons: [{ id: alertPayload(alert.id, member.user.id, 'post'), title: t('postReplyButton') }],
      })
      await say({ type: 'cta_url', body: t('changeFirst'), displayText: t('editInAppButton'), url: open })
      return 'reply_drafted'
    }
    if (action === 'post' && review) {
      if (!alert.draft) {
        await say(t('noDraft'))
        return 'failed'
      }
      if (review.replyComment !== null) {
        await say(t('answeredMeanwhile', { link: open }))
        return 'failed'
      }
      await this.replier.handle({ workspaceId: member.workspaceId, user: member.user, from: 'whatsapp' }, review, alert.draft)
      await say(t('posted', { link: open }))
      return 'reply_posted'
    }
    await say(t('gone'))
    return 'failed'
  }

  /** The action's one go for this alert; false when it was done (or is being done) already. */
  private async claim(alertId: number, action: AlertAction) {
    const [result] = await db.rawQuery('INSERT IGNORE INTO member_alert_taps (member_alert_id, action, created_at) VALUES (?, ?, ?)', [
      alertId,
      action,
      clock.now().toJSDate(),
    ])
    return Number(result.affectedRows) > 0
  }

  /** An action that did nothing may be tapped again. */
  private async unclaim(alertId: number, action: AlertAction) {
    await db.from('member_alert_taps').where('member_alert_id', alertId).where('action', action).delete()
  }

  /** An answer in the chat, inside the 24-hour window the tap opened; a failure to answer is logged only. */
  private async reply(message: InboundMessage, to: string, text: string | Interactive) {
    const sender = platformSender()
    const sentAt = Number(message.timestamp) * 1000
    if (!sender || (Number.isFinite(sentAt) && sentAt > 0 && clock.nowMs() - sentAt > WINDOW_MS)) return
    try {
      if (typeof text === 'string') await this.cloud.sendText(sender, to, text)
      else await this.cloud.sendInteractive(sender, to, text)
    } catch (error) {
      if (!(error instanceof WhatsAppCloudError)) throw error
      logger.warn({ err: error }, 'an answer to an alert tap could not be sent')
    }
  }
}
