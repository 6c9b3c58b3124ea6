/** How an owner hears about low ratings (docs/decisions.md D30). */
export enum FeedbackAlerts {
  /** At most one mail per business per 10 minutes, with every low rating since the last one. */
  Instant = 'instant',
  /** One digest at 09:00 IST. */
  Daily = 'daily',
  Off = 'off',
}
