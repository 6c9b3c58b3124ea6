/*
 * Profile, Notifications: alerts on this phone (docs/decisions.md D68), with a browser's push support faked per test
 * (jsdom has no service workers, PushManager or Notification), and where each kind of alert goes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { NotificationSettingsDto, PushSubscriptionDto } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keyBytes, THIS_DEVICE_KEY } from '#components/profile/phone-alerts'
import { captureInstallPrompt, installPrompt } from '#providers/install-prompt'
import { card, notificationSettings, openProfile, USER_AGENTS } from './profile-helpers'

// 65 bytes, base64url, as a VAPID public key is.
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
  keys: { p256dh: 'BOr6h2Ijl0pXQh9WpYwQzXbXkMyBYpH4S8CqWm8l8Wm0', auth: 'k8JV6sjdbhAi1n3_LDBLvA' },
}

const device = (id: number, label: string, lastSentAt: string | null = null): PushSubscriptionDto => ({
  id,
  label,
  service: 'fcm.googleapis.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSentAt,
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete (navigator as { serviceWorker?: unknown }).serviceWorker
})

/** A browser with Web Push: `permission` is what the owner answers; the worker's registration subscribes. */
function fakePushBrowser(permission: NotificationPermission = 'granted', userAgent = USER_AGENTS.chromeAndroid) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  const requestPermission = vi.fn(async () => permission)
  vi.stubGlobal('Notification', { permission: 'default', requestPermission })
  vi.stubGlobal('PushManager', class {})
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }))
  const registration = { pushManager: { getSubscription: vi.fn(async () => null), subscribe } }
  const register = vi.fn(async () => registration)
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration) },
  })
  return { requestPermission, subscribe, register }
}

/** The fake API with push on and the member's devices kept as the server would. */
function openWithPush(initial: PushSubscriptionDto[] = [], routes = {}) {
  let devices = [...initial]
  const api = openProfile({
    'GET /api/push/public-key': { publicKey: PUBLIC_KEY },
    'GET /api/push-subscriptions': () => devices,
    'POST /api/push-subscriptions': ({ body }: { body: { label: string } }) => {
      const saved = device(31, body.label)
      devices = [...devices, saved]
      return { status: 201, body: saved }
    },
    'DELETE /api/push-subscriptions/31': () => {
      devices = devices.filter(({ id }) => id !== 31)
      return { status: 204 }
    },
    ...routes,
  })
  return api
}

const notifications = () => card('Notifications')
const calls = (api: ReturnType<typeof openProfile>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path)

describe('profile: alerts on this phone', () => {
  it('says so when push is off on this server, and offers no channels', async () => {
    openProfile({ 'GET /api/push/public-key': { publicKey: null } })
    const box = await notifications()
    expect(await within(box).findByText('Alerts on phones are not set up on this server.')).toBeInTheDocument()
    expect(within(box).queryByRole('button', { name: 'Get alerts on this phone' })).not.toBeInTheDocument()
    expect(within(box).queryByRole('checkbox', { name: 'Push on your phones' })).not.toBeInTheDocument()
  })

  it('says when the browser cannot show alerts', async () => {
    openWithPush()
    const box = await notifications()
    expect(await within(box).findByText(/This browser cannot show alerts/)).toBeInTheDocument()
    expect(within(box).queryByRole('button', { name: 'Get alerts on this phone' })).not.toBeInTheDocument()
  })

  it('tells an iPhone owner to add ReviewRoute to the Home Screen first', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(USER_AGENTS.safariIphone)
    openWithPush()
    const box = await notifications()
    expect(await within(box).findByText('Add ReviewRoute to your Home Screen first')).toBeInTheDocument()
    expect(within(box).getByText(/in Safari tap Share, then Add to Home Screen/)).toBeInTheDocument()
  })

  it('explains how to allow notifications when the owner blocks them, and subscribes nothing', async () => {
    const browser = fakePushBrowser('denied')
    const api = openWithPush()
    const box = await notifications()
    await userEvent.click(await within(box).findByRole('button', { name: 'Get alerts on this phone' }))
    expect(await within(box).findByText('Notifications are blocked')).toBeInTheDocument()
    expect(within(box).getByText(/set Notifications to Allow for ReviewRoute/)).toBeInTheDocument()
    expect(browser.requestPermission).toHaveBeenCalledTimes(1)
    expect(browser.subscribe).not.toHaveBeenCalled()
    expect(calls(api, 'POST', '/api/push-subscriptions')).toHaveLength(0)
  })

  it('subscribes with the server key, sends the subscription with a device name and lists the phone', async () => {
    const browser = fakePushBrowser()
    const api = openWithPush([device(9, 'Firefox on Windows', new Date(Date.now() - 2 * 3_600_000).toISOString())])
    const box = await notifications()
    expect(await within(box).findByText('Firefox on Windows')).toBeInTheDocument()
    expect(within(box).getByText('Last alert 2 hours ago')).toBeInTheDocument()
    await userEvent.click(within(box).getByRole('button', { name: 'Get alerts on this phone' }))

    expect(await within(box).findByText('Alerts are on for this phone.')).toBeInTheDocument()
    expect(browser.register).toHaveBeenCalledWith('/dashboard-assets/sw.js', { scope: '/' })
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(PUBLIC_KEY) })
    expect(keyBytes(PUBLIC_KEY)).toHaveLength(65)
    expect(calls(api, 'POST', '/api/push-subscriptions').map((call) => call.body)).toEqual([
      { ...SUBSCRIPTION, label: 'Chrome on Android' },
    ])
    const phone = (await within(box).findByText('Chrome on Android')).closest('li') as HTMLElement
    expect(within(phone).getByText('This phone')).toBeInTheDocument()
    expect(within(phone).getByText('fcm.googleapis.com')).toBeInTheDocument()
    expect(within(phone).getByText('Added 20 Nov 2026')).toBeInTheDocument()
    expect(within(phone).getByText('No alert yet')).toBeInTheDocument()
    expect(localStorage.getItem(THIS_DEVICE_KEY)).toBe('31')
    expect(await screen.findByText('Alerts On')).toBeInTheDocument()
  })

  it("shows the server's sentence when it refuses the subscription", async () => {
    fakePushBrowser()
    openWithPush([], {
      'POST /api/push-subscriptions': { status: 422, body: { error: "This browser's push service is not one ReviewRoute sends to." } },
    })
    const box = await notifications()
    await userEvent.click(await within(box).findByRole('button', { name: 'Get alerts on this phone' }))
    expect(await within(box).findByText("This browser's push service is not one ReviewRoute sends to.")).toBeInTheDocument()
  })

  it('removes a device and offers the button again when it was this phone', async () => {
    fakePushBrowser()
    localStorage.setItem(THIS_DEVICE_KEY, '31')
    const api = openWithPush([device(31, 'Chrome on Android')])
    const box = await notifications()
    expect(await within(box).findByText('Alerts are on for this phone.')).toBeInTheDocument()
    await userEvent.click(within(box).getByRole('button', { name: 'Remove Chrome on Android' }))
    expect(await screen.findByText('Device Removed')).toBeInTheDocument()
    expect(calls(api, 'DELETE', '/api/push-subscriptions/31')).toHaveLength(1)
    await waitFor(() => expect(within(box).queryByText('Chrome on Android')).not.toBeInTheDocument())
    expect(within(box).getByRole('button', { name: 'Get alerts on this phone' })).toBeInTheDocument()
    expect(localStorage.getItem(THIS_DEVICE_KEY)).toBeNull()
  })

  it('offers to install ReviewRoute once alerts are on, with the kept install prompt', async () => {
    fakePushBrowser()
    const target = new EventTarget()
    captureInstallPrompt(target as unknown as Window)
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => undefined) })
    target.dispatchEvent(offer)
    localStorage.setItem(THIS_DEVICE_KEY, '31')
    openWithPush([device(31, 'Chrome on Android')])
    const box = await notifications()
    await userEvent.click(await within(box).findByRole('button', { name: 'Install ReviewRoute' }))
    expect(offer.prompt).toHaveBeenCalledTimes(1)
    expect(installPrompt()).toBeUndefined()
    await waitFor(() => expect(within(box).queryByRole('button', { name: 'Install ReviewRoute' })).not.toBeInTheDocument())
  })
})

describe('profile: where each kind of alert goes', () => {
  const saved = ({ body }: { body: { channels: Partial<NotificationSettingsDto['channels']> } }) => ({
    ...notificationSettings,
    channels: { ...notificationSettings.channels, ...body.channels },
  })

  it('saves one kind with push added, keeping the others', async () => {
    const api = openWithPush([], { 'PATCH /api/notification-settings': saved })
    const box = await notifications()
    const google = within(await within(box).findByRole('group', { name: 'Google reviews' }))
    expect(google.getByRole('checkbox', { name: 'Email' })).toBeChecked()
    await userEvent.click(google.getByRole('checkbox', { name: 'Push on your phones' }))
    await waitFor(() =>
      expect(calls(api, 'PATCH', '/api/notification-settings').map((call) => call.body)).toEqual([
        { channels: { googleReviews: ['email', 'push'] } },
      ])
    )
    expect(await screen.findByText('Google reviews: Email and Push on your phones.')).toBeInTheDocument()
    expect(google.getByRole('checkbox', { name: 'Push on your phones' })).toBeChecked()
    const feedback = within(within(box).getByRole('group', { name: 'New private feedback' }))
    expect(feedback.getByRole('checkbox', { name: 'Push on your phones' })).not.toBeChecked()
  })

  it('keeps a saved WhatsApp channel it does not offer, when email is turned off', async () => {
    const api = openWithPush([], {
      'GET /api/notification-settings': {
        ...notificationSettings,
        channels: { ...notificationSettings.channels, summaries: ['email', 'whatsapp'] },
      },
      'PATCH /api/notification-settings': saved,
    })
    const box = await notifications()
    const summaries = within(await within(box).findByRole('group', { name: 'Summaries' }))
    expect(summaries.queryByRole('checkbox', { name: /WhatsApp/ })).not.toBeInTheDocument()
    await userEvent.click(summaries.getByRole('checkbox', { name: 'Email' }))
    await waitFor(() =>
      expect(calls(api, 'PATCH', '/api/notification-settings').map((call) => call.body)).toEqual([
        { channels: { summaries: ['whatsapp'] } },
      ])
    )
    expect(await screen.findByText('Summaries: WhatsApp.')).toBeInTheDocument()
  })
})

describe('profile: the language of phone alerts', () => {
  it('shows the saved language and saves another one, named in its own script', async () => {
    const api = openWithPush([], {
      'GET /api/notification-settings': { ...notificationSettings, alertLanguage: 'hi' },
      'PATCH /api/notification-settings': ({ body }: { body: Partial<NotificationSettingsDto> }) => ({
        ...notificationSettings,
        ...body,
      }),
    })
    const box = await notifications()
    const language = await within(box).findByRole('combobox', { name: 'Language of phone alerts' })
    expect(within(box).getByTitle('हिंदी')).toBeInTheDocument()
    fireEvent.mouseDown(language)
    const options = await screen.findAllByTitle('தமிழ்')
    fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
    await waitFor(() =>
      expect(calls(api, 'PATCH', '/api/notification-settings').map((call) => call.body)).toEqual([{ alertLanguage: 'ta' }])
    )
    expect(await screen.findByText('Phone alerts come in தமிழ்.')).toBeInTheDocument()
  })

  it('is not offered when the server sends neither push nor WhatsApp', async () => {
    openProfile({ 'GET /api/push/public-key': { publicKey: null } })
    const box = await notifications()
    await within(box).findByText('Alerts on phones are not set up on this server.')
    expect(within(box).queryByRole('combobox', { name: 'Language of phone alerts' })).not.toBeInTheDocument()
  })
})
