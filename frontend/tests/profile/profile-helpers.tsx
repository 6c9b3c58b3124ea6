/* The profile screen against the fake API, and the fixtures its tests share. */
import { screen } from '@testing-library/react'
import type { DeviceDto, NotificationSettingsDto, UsageDto } from '@reviewroute/backend/types/api'
import ProfilePage from '#pages/profile'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

export const usage = {
  subscriptionPlan: 'trial',
  planType: null,
  isLimited: false,
  usage: { businesses: 2, reviewsThisMonth: 1234, reviewsThisMonthByBusiness: { 7: 1200, 8: 34 } },
  limits: { businesses: null, reviewsPerBusinessPerMonth: null },
} satisfies UsageDto

export const USER_AGENTS = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

export const notificationSettings = {
  feedbackAlerts: 'instant',
  weeklySummary: true,
  googleReviewAlerts: 'instant',
  googleReviewAlertStars: 'low',
  alertLanguage: 'en',
  channels: { feedback: ['email'], googleReviews: ['email'], summaries: ['email'] },
  whatsapp: { phone: null, verifiedAt: null, available: false },
  quietHours: null,
} satisfies NotificationSettingsDto

/** A laptop used 3 hours ago, this phone, and a token from before devices were recorded, never used. */
export const devices = () =>
  [
    { id: 12, createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: hoursAgo(3), userAgent: USER_AGENTS.firefoxWindows, current: false },
    {
      id: 15,
      createdAt: '2026-11-22T10:00:00.000Z',
      lastUsedAt: new Date().toISOString(),
      userAgent: USER_AGENTS.chromeAndroid,
      current: true,
    },
    { id: 3, createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, userAgent: null, current: false },
  ] satisfies DeviceDto[]

/** Renders /profile for a signed-in owner in an active trial; `routes` override the default answers. */
export function openProfile(routes: Routes = {}, pattern = '*') {
  signIn()
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/billing/trial-status': fixtures.trialStatus(),
    'GET /api/billing/usage': usage,
    'GET /api/auth/sessions': devices(),
    'GET /api/notification-settings': notificationSettings,
    // Alerts on phones off, as on a server without push keys; tests/profile/phone-alerts.test.tsx turns them on.
    'GET /api/push/public-key': { publicKey: null },
    ...routes,
  })
  renderScreen(<ProfilePage />, { path: '/profile', pattern })
  return api
}

export const card = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement

/** How many calls reached `path` (with `method`, when given). */
export const callsTo = (api: ReturnType<typeof fakeApi>, path: string, method?: string) =>
  api.calls.filter((call) => call.path === path && (!method || call.method === method)).length
