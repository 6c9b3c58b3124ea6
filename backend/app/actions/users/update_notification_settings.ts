import type User from '#models/user'
import type { UpdateNotificationSettingsRequest } from '#types/api'

/** Changes how the owner hears about feedback; a setting left out stays as it was. */
export default class UpdateNotificationSettings {
  async handle(user: User, input: UpdateNotificationSettingsRequest) {
    if (input.feedbackAlerts !== undefined) user.feedbackAlerts = input.feedbackAlerts
    if (input.weeklySummary !== undefined) user.weeklySummary = input.weeklySummary
    if (input.googleReviewAlerts !== undefined) user.googleReviewAlerts = input.googleReviewAlerts
    await user.save()
    return user
  }
}
