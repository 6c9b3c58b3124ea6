import type User from '#models/user'
import { FieldError } from '#exceptions/app_errors'

export const QUIET_HOURS_EMPTY = 'Quiet hours must start and end at different hours.'
import type { UpdateNotificationSettingsRequest } from '#types/api'

/** Changes how the owner hears about feedback; a setting left out stays as it was. */
export default class UpdateNotificationSettings {
  async handle(user: User, input: UpdateNotificationSettingsRequest) {
    if (input.feedbackAlerts !== undefined) user.feedbackAlerts = input.feedbackAlerts
    if (input.weeklySummary !== undefined) user.weeklySummary = input.weeklySummary
    if (input.googleReviewAlerts !== undefined) user.googleReviewAlerts = input.googleReviewAlerts
    if (input.googleReviewAlertStars !== undefined) user.googleReviewAlertStars = input.googleReviewAlertStars
    if (input.alertLanguage !== undefined) user.alertLanguage = input.alertLanguage
    if (input.quietHours !== undefined) {
      if (input.quietHours && input.quietHours.from === input.quietHours.until) throw new FieldError('quietHours', QUIET_HOURS_EMPTY)
      user.alertQuietHours = input.quietHours
    }
    if (input.channels) user.alertChannelsChosen = { ...user.alertChannelsChosen, ...definedOnly(input.channels) }
    await user.save()
    return user
  }
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as { [K in keyof T]-?: Exclude<T[K], undefined> }
