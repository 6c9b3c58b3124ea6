import db from '@adonisjs/lucid/services/db'
import ReviewSession from '#models/review_session'
import User from '#models/user'
import Business from '#models/business'
import GoogleReview from '#models/google_review'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import FeedbackDigestMail from '#mails/feedback_digest_mail'
import { clock } from '#lib/clock'
import { retryWhenLeaseEnds } from '#lib/send_lease'
import type { Job } from 'bullmq'
import { FeedbackAlerts } from '#lib/notification_enums'
import { joinRecipients } from '#queries/notification_recipients'
import { googleReviewAlertItem, wantsGoogleReview } from '#queries/google_review_alerts'
import { googleAlertLease, ratingAlertLease } from '#queries/alert_leases'
import SendMemberAlerts, { SUMMARIES_ON_PHONE } from '#actions/alerts/send_member_alerts'

/** The businesses someone on `daily` is told about. */
const dailyBusinesses = (setting: 'feedback_alerts' | 'google_review_alerts' = 'feedback_alerts') =>
  joinRecipients(db.from('businesses as b')).where(`u.${setting}`, FeedbackAlerts.Daily).select('b.id')

/**
 * 09:00 IST: one mail per person on `daily` (docs/decisions.md D30) with every low rating with text, since the last
 * digest, of the businesses they are told about (their workspaces' owners and managers in scope,
 * notification_recipients.ts). The ratings of every business someone on `daily` is told about are claimed in one
 * UPDATE (a second run finds none); each such person with a verified address gets the ones of their businesses.
 * A business's ratings go back for the retry when nobody got them (every mail that would have carried them failed);
 * with nobody verified they stay marked.
 *
 * The new or changed 1-3 star Google reviews (docs/decisions.md D47) ride in the same mail, by each person's
 * `googleReviewAlerts`: claimed the same way, and someone on `daily` for both gets one mail with both.
 *
 * The claim is a lease (alert_leases.ts, docs/decisions.md D52): rows are marked alerted once the mails went; a
 * run that finds rows under a live lease (the retry of a digest whose worker died) waits for it and runs again.
 */
export default class FeedbackDigestJob {
  constructor(
    private mailer: MailerContract<MailTransportContract> = mail.use(),
    private alerts: SendMemberAlerts = new SendMemberAlerts(undefined, undefined, mailer)
  ) {}

  /** `digests`: how many mails went out. Throws, after trying everyone, when a mail failed (the job retries). */
  async handle(job?: Job) {
    const claimedAt = clock.now().startOf('second').toJSDate()
    const ratings = () => db.from('review_sessions').whereIn('business_id', dailyBusinesses())
    const google = () => db.from('google_reviews').whereIn('business_id', dailyBusinesses('google_review_alerts'))
    const claimed = await ratingAlertLease.claimAll(ratings(), claimedAt)
    const claimedGoogle = await googleAlertLease.claimAll(google(), claimedAt)
    if (!claimed && !claimedGoogle) {
      const held = [await ratingAlertLease.heldUntil(ratings()), await googleAlertLease.heldUntil(google())]
      const heldUntil = Math.max(...held.map((until) => until ?? 0))
      if (heldUntil > 0) await retryWhenLeaseEnds(job, heldUntil)
      return { digests: 0 }
    }

    const sessions = claimed
      ? await ReviewSession.query()
          .whereIn('business_id', dailyBusinesses())
          .where('alert_claimed_at', claimedAt)
          .preload('business')
          .orderBy('created_at')
      : []
    const reviews = claimedGoogle
      ? await GoogleReview.query()
          .whereIn('business_id', dailyBusinesses('google_review_alerts'))
          .where('alert_claimed_at', claimedAt)
          .orderBy('update_time')
          .orderBy('id')
      : []
    const reviewed = await Business.query().whereIn('id', [...new Set(reviews.map((review) => review.businessId))])
    const names = new Map(reviewed.map((business) => [business.id, business.name]))
    const pairsOf = async (setting: 'feedback_alerts' | 'google_review_alerts', businessIds: number[]) =>
      (await joinRecipients(db.from('businesses as b'))
        .whereIn('b.id', businessIds)
        .where(`u.${setting}`, FeedbackAlerts.Daily)
        .where((reachable) => reachable.whereNotNull('u.email_verified_at').orWhereNotNull('u.whatsapp_alert_verified_at'))
        .select('u.id as user_id', 'b.id as business_id')) as { user_id: number; business_id: number }[]
    const pairs = await pairsOf('feedback_alerts', [...new Set(sessions.map((session) => session.businessId))])
    const googlePairs = await pairsOf('google_review_alerts', [...new Set(reviews.map((review) => review.businessId))])
    const users = await User.query()
      .whereIn('id', [...new Set([...pairs, ...googlePairs].map((pair) => pair.user_id))])
      .orderBy('id')

    let digests = 0
    const delivered = new Set<string>()
    const failed = new Set<string>()
    const failures: unknown[] = []
    for (const user of users) {
      const theirs = new Set(pairs.filter((pair) => pair.user_id === user.id).map((pair) => pair.business_id))
      const theirGoogle = new Set(googlePairs.filter((pair) => pair.user_id === user.id).map((pair) => pair.business_id))
      // What the mail carries: 'f<business>' for its ratings, 'g<business>' for its Google reviews.
      const carried = [...[...theirs].map((id) => `f${id}`), ...[...theirGoogle].map((id) => `g${id}`)]
      // The mail needs a confirmed address; a member on WhatsApp alone gets the summary there (toPhones).
      if (!user.emailVerifiedAt || !user.alertChannels().summaries.includes('email')) continue
      const theirSessions = sessions.filter((session) => theirs.has(session.businessId))
      const theirReviews = reviews
        .filter((review) => theirGoogle.has(review.businessId) && wantsGoogleReview(user, review))
        .map((review) => googleReviewAlertItem(review, names.get(review.businessId) ?? ''))
      // Only 4-5 star reviews, and they chose 1-3: nothing to tell them.
      if (theirSessions.length === 0 && theirReviews.length === 0) continue
      try {
        await this.mailer.send(new FeedbackDigestMail(user, theirSessions, theirReviews))
        digests++
        for (const key of carried) delivered.add(key)
      } catch (error) {
        failures.push(error)
        for (const key of carried) failed.add(key)
      }
    }
    await this.toPhones(users, pairs, sessions)
    // A business's rows go back when nobody got them (every mail that would have carried them failed); the rest
    // are alerted (also those of people without a verified address: they stay marked).
    const release = [...failed].filter((key) => !delivered.has(key))
    const ids = (prefix: string) => release.filter((key) => key.startsWith(prefix)).map((key) => Number(key.slice(1)))
    if (ids('f').length) await ratingAlertLease.releaseAll(claimedAt, db.from('review_sessions').whereIn('business_id', ids('f')))
    if (ids('g').length) await googleAlertLease.releaseAll(claimedAt, db.from('google_reviews').whereIn('business_id', ids('g')))
    await ratingAlertLease.doneAll(claimedAt, { alerted_at: claimedAt }, ratings())
    await googleAlertLease.doneAll(claimedAt, { alerted_at: claimedAt }, google())
    if (failures.length === 0) return { digests }
    throw failures.length === 1 ? failures[0] : new AggregateError(failures, `${failures.length} feedback digests could not be sent`)
  }

  /** The day's summary per business on the phones of those who chose it for summaries (docs/decisions.md D70). */
  private async toPhones(users: User[], pairs: { user_id: number; business_id: number }[], sessions: ReviewSession[]) {
    for (const user of users) {
      const channels = user.alertChannels().summaries
      if (!channels.includes('whatsapp') && !channels.includes('push')) continue
      const theirs = [...new Set(pairs.filter((pair) => pair.user_id === user.id).map((pair) => pair.business_id))]
      for (const businessId of theirs.slice(0, SUMMARIES_ON_PHONE)) {
        const ofBusiness = sessions.filter((session) => session.businessId === businessId)
        const business = ofBusiness[0]?.business
        if (!business) continue
        const ratingSum = ofBusiness.reduce((sum, session) => sum + session.rating, 0)
        await this.alerts.summary(user, business, 'daily', { ratings: ofBusiness.length, ratingSum, toRead: ofBusiness.length })
      }
    }
  }
}
