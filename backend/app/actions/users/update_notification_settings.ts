import type User from '#models/user'
import type { UpdateNotificationSettingsRequest } from '#types/api'

/** Changes how the owner hears about feedback; a setting left out stays as it was. */
export default class UpdateNotificationSettings {
  async handle(user: User, input: UpdateNotificationSettingsRequest) {
    if (input.feedbackAlerts !== undefined) user.feedbackAlerts = input.feedbackAlerts
    if (input.weeklySummary !== undefined) user.weeklySummary = input.weeklySummary
    if (input.googleReviewAlerts !== undefined) user.googleReviewAlerts = input.googleReviewAlerts
    if (input.channels) user.alertChannelsChosen = { ...user.alertChannelsChosen, ...definedOnly(input.channels) }
    await user.save()
    return user
  }
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as { [K in keyof T]-?: Exclude<T[K], undefined> }
