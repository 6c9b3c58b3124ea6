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
import { isReviewLanguage } from '#contract/review_messages/index'

export const TAP_TEXTS = {
  notOurs: 'This button is not from a ReviewRoute alert, so nothing was done.',
  otherNumber: 'This alert was sent to another WhatsApp number. Only the member it was sent to can act on it, from their own number.',
  gone: 'This alert is about something that no longer exists on ReviewRoute, so nothing was done.',
  stopped: 'WhatsApp alerts are off for this number. Turn them on again on Profile, Notifications.',
  help: 'This number sends your ReviewRoute alerts. Tap a button on an alert to act on it, or open the app:',
  noDraft: 'There is no draft to post yet. Tap "Draft a reply" on the alert first.',
  answeredMeanwhile: 'This review was answered in the meantime, so the draft was not posted. Open the app to change the reply:',
  noTemplate: "AI drafts are not set up and no reply template is for this review's stars. Write the reply in the app:",
} as const

export const alreadyDone: Record<AlertAction, string> = {
  call: 'The call-back details were sent above.',
  resolve: 'This feedback is already marked resolved.',
  draft: 'A draft was already sent above. Tap "Post reply" under it, or edit it in the app.',
  post: 'This reply was already posted on Google.',
  opened: '',
}

const noLongerMember = (workspace: string) =>
  `You are no longer a member of ${workspace} on ReviewRoute, so this alert can no longer be acted on.`

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
    const say = (text: string | Interactive) => this.reply(message, from, text)

    const payload = message.button?.payload ?? message.interactive?.button_reply?.id
    if (payload === undefined) {
      if (typeof message.text?.body === 'string' && STOP_WORDS.has(message.text.body.trim().toUpperCase())) {
        const stopped = await db
          .from('users')
          .where('whatsapp_alert_phone', `+${from}`)
          .update({ whatsapp_alert_phone: null, whatsapp_alert_verified_at: null })
        if (Number(stopped) > 0) {
          await say(TAP_TEXTS.stopped)
          return 'stopped'
        }
      }
      await say(`${TAP_TEXTS.help} ${appUrl('/dashboard')}`)
      return 'help'
    }
    const parsed = parseAlertPayload(payload)
    const alert = parsed ? await MemberAlert.find(parsed.alertId) : null
    if (!parsed || !alert || parsed.action === 'opened' || !isGenuine(parsed, alert.userId)) {
      await say(TAP_TEXTS.notOurs)
      return 'refused'
    }
    const user = await User.find(alert.userId)
    if (!user || !user.whatsappAlertVerifiedAt || user.whatsappAlertPhone?.replace(/\D/g, '') !== from) {
      await say(TAP_TEXTS.otherNumber)
      return 'refused'
    }
    const business = alert.businessId ? await Business.find(alert.businessId) : null
    if (!business) {
      await say(TAP_TEXTS.gone)
      return 'refused'
    }
    const memberships = await membershipsOf(user)
    const member = memberships.find((candidate) => candidate.workspaceId === business.workspaceId)
    if (!member) {
      const workspace = await Workspace.find(business.workspaceId)
      await say(noLongerMember(workspace?.name ?? business.name))
      return 'refused'
    }
    return this.act(parsed.action, alert, member, say)
  }

  private async act(action: AlertAction, alert: MemberAlert, member: Member, say: (text: string | Interactive) => Promise<void>) {
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
      // A row gone is the policy's 404; a role that may not is its own sentence.
      await say(allowed.status === 404 ? TAP_TEXTS.gone : `${allowed.message} Nothing was done.`)
      return 'refused'
    }
    if (!(await this.claim(alert.id, action))) {
      await say(alreadyDone[action])
      return 'already'
    }
    try {
      const outcome = await this.perform(action, alert, member, session, review, say)
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
      await say(`${error.message} Nothing was done.`)
      return 'failed'
    }
  }

  private async perform(
    action: AlertAction,
    alert: MemberAlert,
    member: Member,
    session: ReviewSession | null,
    review: GoogleReview | null,
    say: (text: string | Interactive) => Promise<void>
  ): Promise<TapOutcome> {
    const open = appUrl(alert.url ?? '/dashboard')
    if (action === 'call' && session) {
      await ReviewSession.attachSources([session])
      const phone = session.contactPhone ?? session.customer?.phone ?? null
      const name = session.contactName?.trim() || session.customer?.name?.trim() || null
      if (!phone) {
        await say(`${name ?? 'This customer'} left no mobile number, so there is nobody to call back. The feedback: ${open}`)
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
        `Call ${name ?? 'the customer'} on ${phoneShown(digits)}: tel:+${digits}\n\nOr write to them on WhatsApp, with an apology in their language ready to send:\nhttps://wa.me/${digits}?text=${encodeURIComponent(apology)}`
      )
      return 'called_back'
    }
    if (action === 'resolve' && session) {
      if (session.resolvedAt) {
        await say(alreadyDone.resolve)
        return 'resolved'
      }
      await new ResolveFeedback().handle(session, true)
      await say(`Marked resolved. The feedback: ${open}`)
      return 'resolved'
    }
    if (action === 'draft' && review) {
      const draft = this.drafts.aiConfigured
        ? await this.drafts.ai(member.workspaceId, review)
        : await this.drafts.fromTemplate(member.workspaceId, review)
      if (!draft) {
        await say(`${TAP_TEXTS.noTemplate} ${open}`)
        return 'failed'
      }
      alert.draft = draft
      await alert.save()
      const heading = 'Suggested reply:\n\n'
      const room = INTERACTIVE_BODY_MAX - heading.length
      const shown = [...draft].length > room ? `${[...draft].slice(0, room - 1).join('')}…` : draft
      await say({
        type: 'button',
        body: `${heading}${shown}`,
        buttons: [{ id: alertPayload(alert.id, member.user.id, 'post'), title: 'Post reply' }],
      })
      await say({ type: 'cta_url', body: 'Or change it first:', displayText: 'Edit in app', url: open })
      return 'reply_drafted'
    }
    if (action === 'post' && review) {
      if (!alert.draft) {
        await say(TAP_TEXTS.noDraft)
        return 'failed'
      }
      if (review.replyComment !== null) {
        await say(`${TAP_TEXTS.answeredMeanwhile} ${open}`)
        return 'failed'
      }
      await this.replier.handle({ workspaceId: member.workspaceId, user: member.user, from: 'whatsapp' }, review, alert.draft)
      await say(`Posted on Google. The review: ${open}`)
      return 'reply_posted'
    }
    await say(TAP_TEXTS.gone)
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
