/*
 * Profile, Notifications: the number for WhatsApp alerts (D69): a code sent on WhatsApp proves it,
 * the server's refusals in its words, and the WhatsApp channel offered only by a server that sends it, usable once
 * a number is proved.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { NotificationSettingsDto } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { whatsappNumberText } from '#components/profile/whatsapp-alerts'
import type { Routes } from '../helpers'
import { card, notificationSettings, openProfile } from './profile-helpers'

const PHONE = '+919845067890'
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const settingsWith = (whatsapp: Partial<NotificationSettingsDto['whatsapp']>): NotificationSettingsDto => ({
  ...notificationSettings,
  whatsapp: { ...notificationSettings.whatsapp, ...whatsapp },
})

/** The profile with WhatsApp alerts on this server (push too, unless `push` is false). */
function openWithWhatsApp(routes: Routes = {}, { push = true, phone = null as string | null } = {}) {
  return openProfile({
    'GET /api/notification-settings': settingsWith({ available: true, phone, verifiedAt: phone ? '2026-11-20T10:00:00.000Z' : null }),
    'GET /api/push/public-key': { publicKey: push ? PUBLIC_KEY : null },
    'GET /api/push-subscriptions': [],
    'POST /api/profile/whatsapp-alerts': ({ body }: { body: { phone: string } }) => ({
      status: 202,
      body: { phone: body.phone, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() },
    }),
    'POST /api/profile/whatsapp-alerts/verify': { phone: PHONE, verifiedAt: new Date().toISOString() },
    'DELETE /api/profile/whatsapp-alerts': { status: 204 },
    'PATCH /api/notification-settings': ({ body }: { body: { channels: Partial<NotificationSettingsDto['channels']> } }) => ({
      ...notificationSettings,
      channels: { ...notificationSettings.channels, ...body.channels },
      whatsapp: { available: true, phone: PHONE, verifiedAt: '2026-11-20T10:00:00.000Z' },
    }),
    ...routes,
  })
}

const notifications = () => card('Notifications')
const bodiesOf = (api: ReturnType<typeof openProfile>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path).map((call) => call.body)
const whatsappBox = (box: HTMLElement, group: string) =>
  within(within(box).getByRole('group', { name: group })).getByRole('checkbox', { name: 'WhatsApp' })

async function askForCode(box: HTMLElement, digits = '98450 67890') {
  await userEvent.type(await within(box).findByLabelText('Mobile number on WhatsApp'), digits)
  await userEvent.click(within(box).getByRole('button', { name: /Send code/ }))
}

describe('profile: WhatsApp alerts', () => {
  it('formats a number as it is read out', () => {
    expect(whatsappNumberText(PHONE)).toBe('+91 98450 67890')
    expect(whatsappNumberText('+14155550100')).toBe('+14155550100')
  })

  it('proves a number with the code sent on WhatsApp, then removes it', async () => {
    const api = openWithWhatsApp()
    const box = await notifications()
    await askForCode(box)
    expect(await within(box).findByLabelText('Enter the code we sent on WhatsApp to +91 98450 67890')).toBeInTheDocument()
    expect(within(box).getByText('It expires in 10 minutes.')).toBeInTheDocument()
    expect(bodiesOf(api, 'POST', '/api/profile/whatsapp-alerts')).toEqual([{ phone: PHONE }])
    // The calls are the person's, in no workspace.
    const sent = api.calls.find((call) => call.path === '/api/profile/whatsapp-alerts')!
    expect(sent.headers['X-Workspace-Id']).toBeUndefined()

    await userEvent.type(within(box).getByLabelText(/Enter the code/), '123456')
    await userEvent.click(within(box).getByRole('button', { name: /Verify/ }))
    expect(await within(box).findByText('Alerts go to +91 98450 67890 on WhatsApp')).toBeInTheDocument()
    expect(bodiesOf(api, 'POST', '/api/profile/whatsapp-alerts/verify')).toEqual([{ code: '123456' }])
    expect(await screen.findByText('WhatsApp Alerts On')).toBeInTheDocument()

    await userEvent.click(within(box).getByRole('button', { name: /Remove/ }))
    expect(await within(box).findByLabelText('Mobile number on WhatsApp')).toHaveValue('')
    expect(bodiesOf(api, 'DELETE', '/api/profile/whatsapp-alerts')).toHaveLength(1)
    expect(within(box).queryByText(/Alerts go to/)).not.toBeInTheDocument()
    expect(await screen.findByText('WhatsApp Alerts Off')).toBeInTheDocument()
  })

  it("shows the server's refusals in its words: the number, too many codes, a wrong code", async () => {
    const meta = 'WhatsApp: (#131026) Message undeliverable'
    let answer: unknown = { status: 422, body: { error: meta, errors: [{ field: 'phone', message: meta }] } }
    openWithWhatsApp({
      'POST /api/profile/whatsapp-alerts': () => answer,
      'POST /api/profile/whatsapp-alerts/verify': {
        status: 422,
        body: {
          error: 'That code is not right. 4 tries left.',
          errors: [{ field: 'code', message: 'That code is not right. 4 tries left.' }],
        },
      },
    })
    const box = await notifications()
    await askForCode(box)
    expect(await within(box).findByText(meta)).toBeInTheDocument()

    answer = {
      status: 429,
      body: { error: 'Too many codes asked for. Please try again in 40 minutes.' },
      headers: { 'Retry-After': '2400' },
    }
    await userEvent.click(within(box).getByRole('button', { name: /Send code/ }))
    expect(await within(box).findByText('Too many codes asked for. Please try again in 40 minutes.')).toBeInTheDocument()

    answer = { status: 202, body: { phone: PHONE, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() } }
    await userEvent.click(within(box).getByRole('button', { name: /Send code/ }))
    await userEvent.type(await within(box).findByLabelText(/Enter the code/), '000000')
    await userEvent.click(within(box).getByRole('button', { name: /Verify/ }))
    expect(await within(box).findByText('That code is not right. 4 tries left.')).toBeInTheDocument()

    // Another number: the field again, with the number typed before.
    await userEvent.click(within(box).getByRole('button', { name: 'Use another number' }))
    expect(within(box).getByLabelText('Mobile number on WhatsApp')).toHaveValue('9845067890')
  })

  it('says when WhatsApp alerts are off on the server (503)', async () => {
    openWithWhatsApp({
      'POST /api/profile/whatsapp-alerts': { status: 503, body: { error: 'WhatsApp alerts are not set up on this ReviewRoute server.' } },
    })
    const box = await notifications()
    await askForCode(box)
    expect(await within(box).findByText('WhatsApp alerts are not set up on this ReviewRoute server.')).toBeInTheDocument()
  })

  it('sends no code for a number that is not a mobile', async () => {
    const api = openWithWhatsApp()
    const box = await notifications()
    await userEvent.type(await within(box).findByLabelText('Mobile number on WhatsApp'), '12345')
    expect(within(box).getByRole('button', { name: /Send code/ })).toBeDisabled()
    expect(within(box).getByText(/Indian mobile numbers start with 6, 7, 8 or 9/)).toBeInTheDocument()
    expect(bodiesOf(api, 'POST', '/api/profile/whatsapp-alerts')).toHaveLength(0)
  })
})

describe('profile: the WhatsApp channel', () => {
  it('is offered disabled until a number is proved, then saves with the others', async () => {
    const api = openWithWhatsApp()
    const box = await notifications()
    await within(box).findByRole('group', { name: 'Summaries' })
    for (const group of ['New private feedback', 'Google reviews', 'Summaries']) expect(whatsappBox(box, group)).toBeDisabled()
    expect(within(box).getByText('Add your WhatsApp number first')).toBeInTheDocument()
    expect(whatsappBox(box, 'Summaries')).toHaveAccessibleDescription('Add your WhatsApp number first')

    await askForCode(box)
    await userEvent.type(await within(box).findByLabelText(/Enter the code/), '123456')
    await userEvent.click(within(box).getByRole('button', { name: /Verify/ }))
    await waitFor(() => expect(whatsappBox(box, 'New private feedback')).toBeEnabled())
    expect(within(box).queryByText('Add your WhatsApp number first')).not.toBeInTheDocument()

    await userEvent.click(whatsappBox(box, 'New private feedback'))
    await waitFor(() =>
      expect(bodiesOf(api, 'PATCH', '/api/notification-settings')).toEqual([{ channels: { feedback: ['email', 'whatsapp'] } }])
    )
    expect(await screen.findByText('New private feedback: Email and WhatsApp.')).toBeInTheDocument()
    await waitFor(() => expect(whatsappBox(box, 'New private feedback')).toBeChecked())
  })

  it('is usable at once for a proved number, with push off on the server', async () => {
    openWithWhatsApp({}, { push: false, phone: PHONE })
    const box = await notifications()
    expect(await within(box).findByText('Alerts go to +91 98450 67890 on WhatsApp')).toBeInTheDocument()
    await within(box).findByRole('group', { name: 'Summaries' })
    expect(whatsappBox(box, 'Summaries')).toBeEnabled()
    expect(within(box).queryByRole('checkbox', { name: 'Push on your phones' })).not.toBeInTheDocument()
  })

  it('is not offered, nor the number asked for, when the server sends no WhatsApp alerts', async () => {
    openProfile({ 'GET /api/push/public-key': { publicKey: PUBLIC_KEY }, 'GET /api/push-subscriptions': [] })
    const box = await notifications()
    expect(await within(box).findByText('WhatsApp alerts are not sent from this server.')).toBeInTheDocument()
    await within(box).findByRole('group', { name: 'Summaries' })
    expect(within(box).queryByRole('checkbox', { name: 'WhatsApp' })).not.toBeInTheDocument()
    expect(within(box).queryByRole('button', { name: /Send code/ })).not.toBeInTheDocument()
    expect(within(box).queryByLabelText('Mobile number on WhatsApp')).not.toBeInTheDocument()
  })
})
