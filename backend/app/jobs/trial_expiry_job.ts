import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Subscription from '#models/subscription'
import User from '#models/user'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import PeriodReminderMail from '#mails/period_reminder_mail'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { SendLease } from '#lib/send_lease'

const REMINDER_DAYS_BEFORE = 3

/** A subscription whose reminder has not gone, under the lease of `reminder_claimed_at` while it goes (D52). */
const reminderLease = new SendLease('subscriptions', 'reminder_claimed_at', (query) => query.whereNull('subscriptions.reminder_sent_at'))

/**
 * Every 15 minutes, idempotent: records trials that ended, expires paid periods that ended, and mails the
 * pre-expiry reminder 3 days before a period ends (not for cancelled subscriptions; once per subscription, under a
 * send lease: docs/decisions.md D52).
 */
export default class TrialExpiryJob {
  constructor(private mailer: MailerContract<MailTransportContract> = mail.use()) {}

  async handle() {
    const at = clock.now()
    const now = at.toJSDate()
    const endedTrials = await db
      .from('users')
      .whereNotNull('trial_ends_at')
      .where('trial_ends_at', '<=', now)
      .whereNull('trial_expired_at')
      .select('id')
    const endedPeriods = await Subscription.query()
      .withScopes((scopes) => scopes.lapsed(at))
      .select('id', 'user_id', 'workspace_id')
    // Updated by id, and only rows still in the state they were read in (a trial extended meanwhile is left alone;
    // two workers never count one twice).
    const trials = endedTrials.length
      ? await db
          .from('users')
          .whereIn(
            'id',
            endedTrials.map((row) => row.id)
          )
          .whereNull('trial_expired_at')
          .where('trial_ends_at', '<=', now)
          .update({ trial_expired_at: now })
      : 0
    const periods = endedPeriods.length
      ? await Subscription.query()
          .whereIn(
            'id',
            endedPeriods.map((row) => row.id)
          )
          .withScopes((scopes) => scopes.lapsed(at))
          .update({ status: SubscriptionStatus.Expired, updated_at: now })
      : 0
    // These workspaces' access changed behind the models: this process forgets what it remembered of it (a
    // user's trial is their personal workspace's).
    const personal = endedTrials.length
      ? await db
          .from('workspaces')
          .where('kind', 'personal')
          .whereIn(
            'created_by_user_id',
            endedTrials.map((row) => row.id)
          )
          .select('id')
      : []
    for (const row of personal) reviewLinkCache.forgetWorkspace(row.id)
    for (const row of endedPeriods) reviewLinkCache.forgetWorkspace(row.workspaceId)
    const reminders = await this.sendReminders()
    return { trialsExpired: Number(trials), periodsExpired: Number(periods), remindersSent: reminders }
  }

  private async sendReminders() {
    const now = clock.now()
    // Also those whose reminder a worker that died was sending (a claim older than the lease).
    const due = await Subscription.query()
      .where('status', SubscriptionStatus.Active)
      .whereIn('id', reminderLease.claimable().select('id'))
      .where('current_period_end', '>', now.toJSDate())
      .where('current_period_end', '<=', now.plus({ days: REMINDER_DAYS_BEFORE }).toJSDate())
      .preload('plan')
    let sent = 0
    for (const subscription of due) {
      // Claim first so two workers never mail the same reminder; release the claim if the mail fails.
      const claimedAt = await reminderLease.claim(subscription.id)
      if (!claimedAt) continue
      try {
        const owner = await User.findOrFail(subscription.userId)
        const ends = subscription.currentPeriodEnd.setZone(BUSINESS_TIME_ZONE).toFormat('d LLLL yyyy')
        await this.mailer.send(new PeriodReminderMail(owner, subscription.plan.name, ends).identified(`period-reminder-${subscription.id}`))
      } catch (error) {
        await reminderLease.release(subscription.id, claimedAt)
        logger.warn({ err: error, subscriptionId: subscription.id }, 'period reminder failed')
        throw error
      }
      await reminderLease.done(subscription.id, { reminder_sent_at: now.toJSDate() })
      sent++
    }
    return sent
  }
}
