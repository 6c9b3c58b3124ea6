/*
 * What leaves the server of an account. Models are never returned raw: each audience gets exactly its fields
 * (docs/decisions.md D2).
 */
import type User from '#models/user'
import { platformSender } from '#lib/whatsapp_platform'
import type { NotificationSettingsDto, UserDto } from '#types/api'

export function serializeUser(user: User): UserDto {
  const firstName = user.firstName ?? ''
  const lastName = user.lastName ?? ''
  return {
    id: user.id,
    email: user.email,
    firstName,
    lastName,
    name: [firstName, lastName].filter(Boolean).join(' '),
    username: user.email.split('@')[0],
    phone: user.phone ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
    trialStartsAt: user.trialStartsAt?.toISO() ?? null,
    trialEndsAt: user.trialEndsAt?.toISO() ?? null,
    createdAt: user.createdAt.toISO()!,
    emailVerified: Boolean(user.emailVerifiedAt),
    role: user.role,
  }
}

export function serializeNotificationSettings(user: User): NotificationSettingsDto {
  return {
    feedbackAlerts: user.feedbackAlerts,
    weeklySummary: user.weeklySummary,
    googleReviewAlerts: user.googleReviewAlerts,
    googleReviewAlertStars: user.googleReviewAlertStars,
    alertLanguage: user.alertLanguage,
    channels: user.alertChannels(),
    whatsapp: {
      phone: user.whatsappAlertPhone,
      verifiedAt: user.whatsappAlertVerifiedAt?.toISO() ?? null,
      available: platformSender() !== null,
    },
    quietHours: user.alertQuietHours,
  }
}
