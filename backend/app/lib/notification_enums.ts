/** How an owner hears about low ratings (docs/decisions.md D30). */
export enum FeedbackAlerts {
  /** At most one mail per business per 10 minutes, with every low rating since the last one. */
  Instant = 'instant',
  /** One digest at 09:00 IST. */
  Daily = 'daily',
  Off = 'off',
}

/** Which Google reviews alert a member (docs/decisions.md D71): 1-3 stars (the default), or every one. */
export const GOOGLE_REVIEW_ALERT_STARS = ['low', 'all'] as const
export type GoogleReviewAlertStars = (typeof GOOGLE_REVIEW_ALERT_STARS)[number]

/** Where an alert of a kind goes (docs/decisions.md D68): mail, WhatsApp from ReviewRoute's number, this phone's push. */
export const ALERT_CHANNELS = ['email', 'whatsapp', 'push'] as const
export type AlertChannel = (typeof ALERT_CHANNELS)[number]

/** The kinds of alert a member chooses channels for. */
export const ALERT_KINDS = ['feedback', 'googleReviews', 'summaries'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]
export type AlertChannels = Record<AlertKind, AlertChannel[]>

/** Until a member chooses: alerts by mail and on the phones they turned push on for; summaries by mail. */
export const DEFAULT_ALERT_CHANNELS: AlertChannels = { feedback: ['email', 'push'], googleReviews: ['email', 'push'], summaries: ['email'] }

/** A member's quiet hours, whole hours India time: from 22 until 7 is 22:00-07:00 (docs/decisions.md D70). */
export interface QuietHours {
  from: number
  until: number
}

/** Whether an IST hour is inside quiet hours that may run past midnight. */
export const isInQuietHours = (hours: QuietHours, hour: number) =>
  hours.from < hours.until ? hour >= hours.from && hour < hours.until : hour >= hours.from || hour < hours.until
