import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import User from '#models/user'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import WeeklySummaryMail, { type BusinessWeek, type GoogleReviewsWeek, type WeekCounts } from '#mails/weekly_summary_mail'
import { googleReviewStats } from '#queries/google_review_stats'
import { nowIst } from '#lib/time'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { notifyingBusinesses } from '#queries/notification_recipients'
import { SendLease } from '#lib/send_lease'
import Business from '#models/business'
import SendMemberAlerts, { SUMMARIES_ON_PHONE } from '#actions/alerts/send_member_alerts'

/** The summary goes out at this hour of Monday, IST (docs/decisions.md D30). */
const SEND_HOUR_IST = 9

/**
 * Someone whose summary of the week starting `marker` has not gone, under the lease of `weekly_summary_claimed_at`
 * while it goes (docs/decisions.md D52).
 */
const summaryLease = (marker: string) =>
  new SendLease('users', 'weekly_summary_claimed_at', (query) =>
    query
      .where('users.weekly_summary', true)
      .where((reachable) => reachable.whereNotNull('users.email_verified_at').orWhereNotNull('users.whatsapp_alert_verified_at'))
      .where((week) => week.whereNull('users.weekly_summary_sent_for').orWhere('users.weekly_summary_sent_for', '<', marker))
  )

const NO_COUNTS: WeekCounts = { ratings: 0, ratingSum: 0, sentToGoogle: 0, privateRatings: 0, withComment: 0 }

/**
 * Monday 09:00 IST: one mail per person with the weekly summary on and a verified address, about the IST week
 * (Monday 00:00 to Monday 00:00) before this one, across the businesses they are told about (their workspaces' owners
 * and managers in scope, notification_recipients.ts), with the week before for comparison.
 *
 * It runs every hour (queues.ts), not only at Monday 09:00: a run sends only from this week's Monday 09:00 IST on,
 * and only to owners whose marker (users.weekly_summary_sent_for, the Monday of the week their last summary went
 * out in) is older than this Monday. So the 09:00 run sends on time, and when Redis or the worker was down at
 * 09:00 the first run after it (Monday 15:00, or Thursday) sends what was missed; the summary names its dates,
 * so a late one is still right, and next Monday the target moves on to the new week. Each owner's week is
 * claimed under a lease (weekly_summary_claimed_at, D52) before the mail (a second run, or a second worker at the
 * same time, claims nothing), the marker written once it went, the claim released if the mail fails, for the job's
 * retry or the next hourly run; a claim left by a worker that died is taken again by the first hourly run after
 * its lease.
 *
 * A quiet week (no ratings) is still mailed, with a nudge to put up the QR poster: an owner who expects a Monday
 * mail reads silence as something broken, and a quiet week is when the poster helps. Owners without a business
 * have nothing to summarise, and an owner who signed up after the week ended gets their first summary next
 * Monday, not one about a week before they joined.
 *
 * When some of their businesses' workspaces have a Google connection, the mail also has those businesses' Google
 * reviews (docs/decisions.md D47): new in the week, unanswered now (of them 1-3 stars), and the response rate.
 */
export default class WeeklySummaryJob {
  constructor(
    private mailer: MailerContract<MailTransportContract> = mail.use(),
    private alerts: SendMemberAlerts = new SendMemberAlerts(undefined, undefined, mailer)
  ) {}

  /** `summaries`: how many mails went out. Throws, after trying every owner, when a mail failed (the job retries). */
  async handle() {
    const now = nowIst()
    const thisMonday = now.startOf('week')
    if (now < thisMonday.set({ hour: SEND_HOUR_IST })) return { summaries: 0 }
    const marker = thisMonday.toISODate()!

    const due = await summaryLease(marker)
      .claimable()
      .where('created_at', '<', thisMonday.toUTC().toJSDate())
      .whereExists((query) => notifyingBusinesses(query).whereColumn('m.user_id', 'users.id'))
      .select('id')
    let summaries = 0
    const failures: unknown[] = []
    for (const owner of due) {
      try {
        if (await this.summarise(owner.id, thisMonday)) summaries++
      } catch (error) {
        failures.push(error)
      }
    }
    if (failures.length) throw new AggregateError(failures, `${failures.length} weekly summaries could not be sent`)
    return { summaries }
  }

  private async summarise(ownerId: number, thisMonday: DateTime) {
    const marker = thisMonday.toISODate()!
    const lease = summaryLease(marker)
    const claimedAt = await lease.claim(ownerId)
    if (!claimedAt) return false
    try {
      const owner = await User.findOrFail(ownerId)
      const businesses = await this.businessWeeks(ownerId, thisMonday)
      const channels = owner.alertChannels().summaries
      if (owner.emailVerifiedAt && channels.includes('email')) {
        const google = await this.googleReviews(ownerId, thisMonday)
        const summary = new WeeklySummaryMail(owner, thisMonday.minus({ weeks: 1 }).toISODate()!, businesses, google)
        await this.mailer.send(summary.identified(`weekly-summary-${marker}-${ownerId}`))
      }
      if (channels.includes('whatsapp') || channels.includes('push')) await this.toPhone(owner, businesses)
    } catch (error) {
      await lease.release(ownerId, claimedAt)
      throw error
    }
    await lease.done(ownerId, { weekly_summary_sent_for: marker })
    return true
  }

  /** The summary on the member's phone (docs/decisions.md D70), a message per business (the first few). */
  private async toPhone(owner: User, businesses: BusinessWeek[]) {
    for (const { week, businessId } of businesses.slice(0, SUMMARIES_ON_PHONE)) {
      const business = await Business.find(businessId)
      if (business)
        await this.alerts.summary(owner, business, 'weekly', { ratings: week.ratings, ratingSum: week.ratingSum, toRead: week.withComment })
    }
  }

  /** The Google reviews of the businesses they are told about whose workspace has a Google connection; null: none. */
  private async googleReviews(ownerId: number, thisMonday: DateTime): Promise<GoogleReviewsWeek | null> {
    const connected: { id: number }[] = await notifyingBusinesses(db.query())
      .where('m.user_id', ownerId)
      .whereExists((query) => query.from('google_connections as gc').whereColumn('gc.workspace_id', 'b.workspace_id'))
      .select('b.id')
    if (connected.length === 0) return null
    const businessIds = connected.map((business) => business.id)
    const [now, week] = await Promise.all([
      googleReviewStats({ businessIds }),
      googleReviewStats({
        businessIds,
        from: thisMonday.minus({ weeks: 1 }).toUTC().toJSDate(),
        to: thisMonday.toUTC().minus({ seconds: 1 }).toJSDate(),
      }),
    ])
    return {
      newInWeek: week.total,
      unanswered: now.unanswered,
      unansweredNegative: now.unansweredNegative,
      responseRate: now.responseRate,
    }
  }

  /**
   * Per business the owner is told about, the counts of the summarised week and of the one before, as the analytics screens
   * count them: ratings and their sum, "sent to Google" = `redirected` (the redirectedSessions of analytics),
   * private ratings = rated 3 or below (negativeSessions), and of those the ones with a comment (`is_complaint` with
   * non-empty feedback, as the analytics screen's recent low-rated list). Read from the raw rows in one query:
   * session_counts' dailyCounts has neither the rating sum nor comments, and two weeks of a business are one short
   * range of its (business, created_at) index.
   */
  private async businessWeeks(ownerId: number, thisMonday: DateTime): Promise<BusinessWeek[]> {
    const weekStart = thisMonday.minus({ weeks: 1 }).toUTC().toJSDate()
    const businesses = await notifyingBusinesses(db.query())
      .where('m.user_id', ownerId)
      .orderBy('b.created_at', 'asc')
      .orderBy('b.id', 'asc')
      .select('b.id', 'b.name')
    const rows = await db
      .from('review_sessions')
      .whereIn(
        'business_id',
        businesses.map((business) => business.id)
      )
      .where('created_at', '>=', thisMonday.minus({ weeks: 2 }).toUTC().toJSDate())
      .where('created_at', '<', thisMonday.toUTC().toJSDate())
      .select(
        'business_id',
        db.raw('created_at >= ? AS in_week', [weekStart]),
        db.raw('COUNT(*) AS ratings'),
        db.raw('SUM(rating) AS rating_sum'),
        db.raw('SUM(redirected) AS sent_to_google'),
        db.raw('SUM(rating <= ?) AS private_ratings', [NEGATIVE_RATING_MAX]),
        db.raw(`SUM(is_complaint = 1 AND feedback <> '') AS with_comment`)
      )
      .groupBy('business_id', 'in_week')
    const countsOf = (businessId: number, inWeek: boolean): WeekCounts => {
      const row = rows.find((one) => one.business_id === businessId && Boolean(Number(one.in_week)) === inWeek)
      if (!row) return NO_COUNTS
      return {
        ratings: Number(row.ratings),
        ratingSum: Number(row.rating_sum),
        sentToGoogle: Number(row.sent_to_google),
        privateRatings: Number(row.private_ratings),
        withComment: Number(row.with_comment),
      }
    }
    return businesses.map((business) => ({
      businessId: business.id,
      name: business.name,
      week: countsOf(business.id, true),
      weekBefore: countsOf(business.id, false),
    }))
  }
}
