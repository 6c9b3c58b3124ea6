/*
 * Which job class handles which queue. The worker process resolves them once from the container.
 */
import app from '@adonisjs/core/services/app'
import { QueueName } from '#queue/queues'
import type { JobHandlers } from '#queue/queue_service'
import { IdentityProvider } from '#services/identity/identity_provider'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import mail from '@adonisjs/mail/services/main'
import TrialExpiryJob from '#jobs/trial_expiry_job'
import SyncUserJob from '#jobs/sync_user_job'
import AnalyticsRollupJob from '#jobs/analytics_rollup_job'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import MemberAlertJob from '#jobs/member_alert_job'
import SendMemberAlerts from '#actions/alerts/send_member_alerts'
import PushToMembers from '#actions/push/push_to_members'
import DataRetentionJob from '#jobs/data_retention_job'
import FeedbackDigestJob from '#jobs/feedback_digest_job'
import WeeklySummaryJob from '#jobs/weekly_summary_job'
import ReviewRequestSendJob from '#jobs/review_request_send_job'
import ReceiptMailJob from '#jobs/receipt_mail_job'
import GoogleRatingJob from '#jobs/google_rating_job'
import { PlacesDirectory } from '#services/places/places_directory'
import GoogleReviewSyncJob from '#jobs/google_review_sync_job'
import SyncGoogleReviews from '#actions/google/sync_google_reviews'
import AutoReplyGoogleReviews from '#actions/google/auto_reply_google_reviews'
import { BusinessProfile } from '#services/google/business_profile'
import { ProfileAccess } from '#services/google/profile_access'
import { RedisRequestPacer } from '#services/google/request_pacer'
import { QueueService } from '#queue/queue_service'

export async function jobHandlers(): Promise<JobHandlers> {
  const mailer = mail.use()
  const trialExpiry = new TrialExpiryJob(mailer)
  const memberAlerts = new SendMemberAlerts(
    new PushToMembers(),
    await app.container.make(WhatsAppCloud),
    mailer,
    await app.container.make(QueueService)
  )
  const alerts = new FeedbackAlertJob(mailer, memberAlerts)
  const memberAlertJob = new MemberAlertJob(memberAlerts)
  const syncUser = new SyncUserJob(await app.container.make(IdentityProvider))
  const rollup = new AnalyticsRollupJob()
  const retention = new DataRetentionJob()
  const digest = new FeedbackDigestJob(mailer, memberAlerts)
  const weeklySummary = new WeeklySummaryJob(mailer, memberAlerts)
  const receipts = new ReceiptMailJob(mailer)
  const googleRating = new GoogleRatingJob(await app.container.make(PlacesDirectory))
  const googleReviews = new GoogleReviewSyncJob(
    new SyncGoogleReviews(new ProfileAccess(await app.container.make(BusinessProfile), new RedisRequestPacer(), mailer)),
    await app.container.make(QueueService),
    await app.container.make(AutoReplyGoogleReviews)
  )
  const requests = new ReviewRequestSendJob(mailer, await app.container.make(WhatsAppCloud), await app.container.make(Msg91Sms))
  return {
    [QueueName.TrialExpiry]: () => trialExpiry.handle(),
    [QueueName.SyncUser]: (payload) => syncUser.handle(payload),
    [QueueName.AnalyticsRollup]: (payload) => rollup.handle(payload),
    [QueueName.FeedbackAlert]: (payload) => alerts.handle(payload),
    [QueueName.DataRetention]: () => retention.handle(),
    [QueueName.FeedbackDigest]: (_payload, job) => digest.handle(job),
    [QueueName.WeeklySummary]: () => weeklySummary.handle(),
    [QueueName.ReviewRequestSend]: (payload, job) => requests.handle(payload, job),
    [QueueName.ReceiptMail]: (payload, job) => receipts.handle(payload, job),
    [QueueName.GoogleRating]: () => googleRating.handle(),
    [QueueName.GoogleReviewSync]: (payload, job) => googleReviews.handle(payload, job),
    [QueueName.MemberAlert]: (payload) => memberAlertJob.handle(payload),
  }
}
