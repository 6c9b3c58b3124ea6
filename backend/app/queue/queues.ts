/*
 * Every queue, its payload, its retry policy and its recurring schedule, in one place. Payloads carry ids
 * only: jobs reload what they need.
 */
import type { JobsOptions } from 'bullmq'
import { FEEDBACK_ALERT_INTERVAL_MINUTES } from '#lib/constants'

export enum QueueName {
  TrialExpiry = 'trial-expiry',
  SyncUser = 'sync-user',
  AnalyticsRollup = 'analytics-rollup',
  FeedbackAlert = 'feedback-alert',
  DataRetention = 'data-retention',
  FeedbackDigest = 'feedback-digest',
  WeeklySummary = 'weekly-summary',
  ReviewRequestSend = 'review-request-send',
  ReceiptMail = 'receipt-mail',
  GoogleRating = 'google-rating',
  GoogleReviewSync = 'google-review-sync',
  MemberAlert = 'member-alert',
}

export interface JobPayloads {
  [QueueName.TrialExpiry]: Record<string, never>
  [QueueName.SyncUser]: { userId: number }
  /** ISO dates (IST days); without them the job catches up to yesterday. */
  [QueueName.AnalyticsRollup]: { from?: string; to?: string }
  /** Without a business id: the sweep, for ratings held back by the 10-minute gate or missed while Redis was down. */
  [QueueName.FeedbackAlert]: { businessId?: number }
  [QueueName.DataRetention]: Record<string, never>
  [QueueName.FeedbackDigest]: Record<string, never>
  [QueueName.WeeklySummary]: Record<string, never>
  /** One request (or its reminder) sent for the owner; without an id: the sweep of due requests and reminders. */
  [QueueName.ReviewRequestSend]: { requestId?: number; reminder?: boolean }
  /** One invoice's receipt mail with its PDF; without an id: the sweep of invoices not mailed yet. */
  [QueueName.ReceiptMail]: { invoiceId?: number }
  [QueueName.GoogleRating]: Record<string, never>
  /**
   * The Google review sync (docs/decisions.md D44). `connectionId`: a connection just made (its locations read,
   * every linked one imported); `locationId` with `full`: one location imported, without: synced newest first;
   * `reviewName`: one review named by a push notification; nothing: the 15-minute sweep of every linked location.
   */
  [QueueName.GoogleReviewSync]: { connectionId?: number; locationId?: number; full?: boolean; reviewName?: string }
  /** An owner's alert held by quiet hours or waiting for its push to be opened; without an id: the sweep of due ones. */
  [QueueName.MemberAlert]: { alertId?: number }
}

/** One job per alert and due time (a quiet-hours hold, then a push's fallback). */
export const memberAlertJobId = (alertId: number, dueMs: number) => `member-alert-${alertId}-${dueMs}`

/** One receipt mail per invoice. */
export const receiptJobId = (invoiceId: number) => `receipt-mail-${invoiceId}`

/** One send job per request and one per reminder: stable ids, so a retry or a second enqueue sends once. */
export const reviewRequestJobId = (requestId: number, reminder = false) => `review-request-${reminder ? 'reminder' : 'send'}-${requestId}`

/**
 * An alert job of a business, one per thing it is `about`: each low rating its own (its phone alert goes at once;
 * the mail waits for the business's 10-minute gate, which the job's claim keeps), the Google reviews of a sync one per
 * 10-minute slot (`alertSlot`).
 */
export const feedbackAlertJobId = (businessId: number, about: string) => `feedback-alert-${businessId}-${about}`

/** The 10-minute slot of an instant, for jobs that one per slot is enough for. */
export const alertSlot = (nowMs: number) => Math.floor(nowMs / (FEEDBACK_ALERT_INTERVAL_MINUTES * 60_000))

/** One job per location per 15-minute slot (a sweep that runs twice, or a push import racing it, reads once). */
export const googleReviewJobId = (locationId: number, full: boolean, nowMs: number) =>
  `google-reviews-${full ? 'import' : 'sync'}-${locationId}-${Math.floor(nowMs / (GOOGLE_REVIEW_SYNC_MINUTES * 60_000))}`

/**
 * A location's full import: one waiting or running at a time (its deduplication id, docs/decisions.md D58). Not a
 * job id: a finished job keeps its id for a day, and would swallow the next import of the location (linked again,
 * or the same location id in a database made again beside the same Redis).
 */
export const googleImportDeduplicationId = (locationId: number) => `google-reviews-import-${locationId}`

export const GOOGLE_REVIEW_SYNC_MINUTES = 15

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
}

/** Recurring jobs, created with `upsertJobScheduler` (idempotent across restarts and worker replicas). */
export const SCHEDULES = [
  { queue: QueueName.TrialExpiry, id: 'trial-expiry-every-15-min', repeat: { every: 15 * 60 * 1000 } },
  { queue: QueueName.AnalyticsRollup, id: 'analytics-rollup-nightly', repeat: { pattern: '10 0 * * *', tz: 'Asia/Kolkata' } },
  { queue: QueueName.FeedbackAlert, id: 'feedback-alert-sweep', repeat: { every: FEEDBACK_ALERT_INTERVAL_MINUTES * 60 * 1000 } },
  { queue: QueueName.DataRetention, id: 'data-retention-daily', repeat: { pattern: '30 3 * * *', tz: 'Asia/Kolkata' } },
  { queue: QueueName.FeedbackDigest, id: 'feedback-digest-daily', repeat: { pattern: '0 9 * * *', tz: 'Asia/Kolkata' } },
  // Every hour on the hour IST, so Monday 09:00 IST is one of the runs; the others send only what a missed
  // 09:00 run left (weekly_summary_job.ts).
  { queue: QueueName.WeeklySummary, id: 'weekly-summary-hourly', repeat: { pattern: '0 * * * *', tz: 'Asia/Kolkata' } },
  // Requests held back by quiet hours or missed while Redis was down, and the 3-day reminders (docs/decisions.md D32).
  { queue: QueueName.ReviewRequestSend, id: 'review-request-sweep', repeat: { every: 10 * 60 * 1000 } },
  // Receipt mails whose job was lost (Redis down at the grant) or failed for good (docs/decisions.md D33).
  { queue: QueueName.ReceiptMail, id: 'receipt-mail-sweep', repeat: { every: 10 * 60 * 1000 } },
  // Every business's Google rating and review count, one point a day (docs/decisions.md D35).
  { queue: QueueName.GoogleRating, id: 'google-rating-daily', repeat: { pattern: '0 6 * * *', tz: 'Asia/Kolkata' } },
  // Every linked Google location's reviews, newest first (docs/decisions.md D44).
  // Owners' alerts whose quiet hours ended or whose push went unopened, when their own job was lost (docs/decisions.md D70).
  { queue: QueueName.MemberAlert, id: 'member-alert-sweep', repeat: { every: 5 * 60 * 1000 } },
  { queue: QueueName.GoogleReviewSync, id: 'google-review-sync-every-15-min', repeat: { every: GOOGLE_REVIEW_SYNC_MINUTES * 60 * 1000 } },
] as const
