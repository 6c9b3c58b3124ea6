/*
 * The WhatsApp Business card: connecting through Meta's Embedded Signup against a simulated SDK (fake-meta-sdk.ts) for
 * a new number and for the WhatsApp Business app's number, a closed window, Meta's error and the server's refusal;
 * the manual form under "Advanced" (alone without Embedded Signup); the connected number with its templates; Meta's
 * notices as a banner. An isolated test file: the SDK loader keeps the SDK it initialised.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WhatsAppAccountDto } from '@reviewroute/backend/types/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WhatsAppBusinessCard } from '#components/requests/whatsapp-business-card'
import { fixtures, type Routes } from '../helpers'
import { fakeMetaSdk, sdkScripts } from './fake-meta-sdk'
import { connectedWhatsApp, openScreen, SIGNUP_CONFIG, whatsAppAccount } from './request-fixtures'

const IDS = { waba_id: '102290129340398', phone_number_id: '106540352242922' }
const SIGNUP_PATH = '/api/whatsapp-account/embedded-signup'
const NOT_CONNECTED = whatsAppAccount({ embeddedSignup: SIGNUP_CONFIG })

let meta: ReturnType<typeof fakeMetaSdk>
beforeEach(() => {
  meta = fakeMetaSdk()
})
afterEach(() => {
  meta.remove()
  vi.restoreAllMocks()
})

function openCard(account: WhatsAppAccountDto, routes: Routes = {}) {
  return openScreen(
    <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point' }} />,
    { 'GET /api/whatsapp-account': account, 'GET /api/auth/user': { ...fixtures.user, phone: '+919845011111' }, ...routes },
    '/dashboard/requests'
  )
}

const signups = (api: ReturnType<typeof openScreen>['api']) => api.calls.filter((call) => call.path === SIGNUP_PATH)

/** "Connect WhatsApp Business", then one of the two kinds of number; resolves once Meta's window is open. */
async function connectWith(choice: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name: /Connect WhatsApp Business/ }))
  await userEvent.click(await screen.findByRole('button', { name: choice }))
  await waitFor(() => expect(meta.sdk.login).toHaveBeenCalledTimes(1))
}

/** "Connect a new number" once more, when the last attempt's spinner has gone; resolves once Meta's window is open again. */
async function tryAgain() {
  const again = screen.getByRole('button', { name: /Connect a new number/ })
  await waitFor(() => expect(again).not.toHaveClass('ant-btn-loading'))
  await userEvent.click(again)
  await waitFor(() => expect(meta.sdk.login).toHaveBeenCalledTimes(2))
}

describe('Connect WhatsApp Business through Meta', () => {
  it('loads Meta’s SDK only on the click, then connects a new number and shows it', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const { api } = openCard(NOT_CONNECTED, { [`POST ${SIGNUP_PATH}`]: () => held.then(() => connectedWhatsApp()) })
    const connect = await screen.findByRole('button', { name: /Connect WhatsApp Business/ })
    expect(sdkScripts()).toHaveLength(0)
    await userEvent.click(connect)
    await waitFor(() =>
      expect(meta.sdk.init).toHaveBeenCalledWith({ appId: '1234567890', autoLogAppEvents: true, xfbml: true, version: 'v23.0' })
    )
    expect(sdkScripts()).toHaveLength(1)
    expect(screen.getByText(/you keep chatting in the app and ReviewRoute sends from the same number/)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Connect a new number' }))
    await waitFor(() => expect(meta.sdk.login).toHaveBeenCalledTimes(1))
    expect(meta.sdk.login.mock.calls[0][1]).toEqual({
      config_id: '987654321',
      response_type: 'code',
      override_default_response_type: true,
      extras: {
        setup: { business: { name: 'Chai Point', phone: { code: 91, number: '9845011111' } } },
        featureType: undefined,
        sessionInfoVersion: '3',
        version: 'v4',
      },
    })
    expect(await screen.findByText(/Finish in Meta's window/)).toBeInTheDocument()

    await meta.post('FINISH', IDS)
    expect(signups(api)).toHaveLength(0)
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(await screen.findByText('Connecting…')).toBeInTheDocument()
    expect(signups(api)).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { code: 'AQD-code', wabaId: '102290129340398', phoneNumberId: '106540352242922', coexistence: false },
      }),
    ])
    release()

    expect(await screen.findByText('+91 98450 67890')).toBeInTheDocument()
    expect(screen.getByText('Connected', { selector: '.ant-tag' })).toBeInTheDocument()
    expect(screen.queryByText('Connecting…')).not.toBeInTheDocument()
    expect(screen.getByText('Chai Point Cafe')).toBeInTheDocument()
    expect(screen.getByText('High (green)')).toHaveClass('ant-tag-green')
    expect(screen.getByText('1,000 customers a day')).toBeInTheDocument()
    expect(screen.queryByText('Coexistence: your WhatsApp Business app')).not.toBeInTheDocument()
  })

  it('connects the number of the WhatsApp Business app (coexistence)', async () => {
    const { api } = openCard(NOT_CONNECTED, { [`POST ${SIGNUP_PATH}`]: connectedWhatsApp({ coexistence: true }) })
    await connectWith(/Use the number in my WhatsApp Business app/)
    expect(meta.sdk.login.mock.calls[0][1].extras.featureType).toBe('whatsapp_business_app_onboarding')
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    await meta.post('FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING', IDS)
    expect(await screen.findByText('Coexistence: your WhatsApp Business app')).toBeInTheDocument()
    expect(signups(api)[0].body).toEqual({
      code: 'AQD-code',
      wabaId: '102290129340398',
      phoneNumberId: '106540352242922',
      coexistence: true,
    })
  })

  it('says at which step the owner closed Meta’s window, and lets them try again', async () => {
    const { api } = openCard(NOT_CONNECTED)
    await connectWith(/Connect a new number/)
    await meta.post('CANCEL', { current_step: 'PHONE_NUMBER_VERIFICATION' })
    await meta.answer({ authResponse: null })
    expect(await screen.findByText("You closed Meta's window at the step: phone number verification.")).toBeInTheDocument()
    expect(signups(api)).toHaveLength(0)
    // The choices stay: another try opens Meta's window again.
    await tryAgain()
    expect(screen.queryByText(/You closed Meta's window/)).not.toBeInTheDocument()
  })

  it("shows Meta's error in its words", async () => {
    openCard(NOT_CONNECTED)
    await connectWith(/Connect a new number/)
    await meta.post('ERROR', { error_message: 'This business portfolio is restricted from using WhatsApp.' })
    expect(await screen.findByText('This business portfolio is restricted from using WhatsApp.')).toBeInTheDocument()
  })

  it('shows the server’s 422 and 503 sentences', async () => {
    const refused = 'Meta refused the number: (#133005) Two-step verification PIN mismatch.'
    const unreachable = 'Could not reach Meta. Please try again in a few minutes.'
    let attempt = 0
    openCard(NOT_CONNECTED, {
      [`POST ${SIGNUP_PATH}`]: () =>
        ++attempt === 1 ? { status: 422, body: { error: refused } } : { status: 503, body: { error: unreachable } },
    })
    await connectWith(/Connect a new number/)
    await meta.post('FINISH', IDS)
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(await screen.findByText(refused)).toBeInTheDocument()
    expect(screen.queryByText('+91 98450 67890')).not.toBeInTheDocument()

    await tryAgain()
    await meta.post('FINISH', IDS)
    await meta.answer({ authResponse: { code: 'AQD-second' } })
    expect(await screen.findByText(unreachable)).toBeInTheDocument()
  })

  it('folds the manual form under "Advanced", and offers only it without Embedded Signup', async () => {
    openCard(NOT_CONNECTED)
    await screen.findByRole('button', { name: /Connect WhatsApp Business/ })
    expect(screen.queryByLabelText('Phone number ID')).not.toBeInTheDocument()
    await userEvent.click(screen.getByText(/^Advanced/))
    expect(await screen.findByLabelText('Phone number ID')).toBeInTheDocument()
    expect(screen.getByLabelText('Access token')).toBeInTheDocument()
  })

  it('offers only the manual form when the server has no Embedded Signup', async () => {
    openCard(whatsAppAccount())
    expect(await screen.findByLabelText('Phone number ID')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Connect WhatsApp Business/ })).not.toBeInTheDocument()
    expect(screen.queryByText(/^Advanced/)).not.toBeInTheDocument()
    expect(sdkScripts()).toHaveLength(0)
  })
})

describe('the connected number', () => {
  it('lists each template’s language, state and Meta’s reason, and says what goes in English', async () => {
    openCard(
      connectedWhatsApp({
        qualityRating: 'YELLOW',
        messagingLimit: 'TIER_250',
        templates: [
          { name: 'review_request', language: 'en', status: 'APPROVED', reason: null },
          { name: 'review_request_hi', language: 'hi', status: 'PENDING', reason: null },
          { name: 'review_request_ta', language: 'ta', status: 'REJECTED', reason: 'Invalid format' },
          { name: 'review_request_bn', language: 'bn', status: 'PAUSED', reason: 'Low quality: customers blocked it' },
          { name: 'review_request_ml', language: 'ml', status: 'DISABLED', reason: 'Paused twice for low quality' },
        ],
      })
    )
    const table = await screen.findByRole('region', { name: 'Message templates' })
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement
    expect(row('review_request')).toHaveTextContent('English')
    expect(within(row('review_request')).getByText('Approved')).toHaveClass('ant-tag-green')
    expect(row('review_request_hi')).toHaveTextContent('हिंदी (Hindi)')
    expect(within(row('review_request_hi')).getByText('Pending')).toHaveClass('ant-tag-gold')
    expect(row('review_request_ta')).toHaveTextContent('தமிழ் (Tamil)')
    expect(within(row('review_request_ta')).getByText('Rejected')).toHaveClass('ant-tag-red')
    expect(row('review_request_ta')).toHaveTextContent('Invalid format')
    expect(within(row('review_request_bn')).getByText('Paused')).toHaveClass('ant-tag-orange')
    expect(row('review_request_bn')).toHaveTextContent('Low quality: customers blocked it')
    expect(within(row('review_request_ml')).getByText('Disabled')).toBeInTheDocument()
    expect(row('review_request_ml')).toHaveTextContent('Paused twice for low quality')
    expect(screen.getByText('Requests in a language without an approved template go in English.')).toBeInTheDocument()
    expect(screen.getByText('Medium (yellow)')).toHaveClass('ant-tag-gold')
    expect(screen.getByText('250 customers a day')).toBeInTheDocument()
  })

  it('shows a red quality rating', async () => {
    openCard(connectedWhatsApp({ qualityRating: 'RED', messagingLimit: null }))
    expect(await screen.findByText('Low (red)')).toHaveClass('ant-tag-red')
    expect(screen.getByText('Not known yet')).toBeInTheDocument()
  })
})

describe("Meta's notices", () => {
  it('warns about a quality change', async () => {
    openCard(
      connectedWhatsApp({
        qualityRating: 'YELLOW',
        notice: { kind: 'quality', message: 'Your number’s quality rating fell to medium.', at: '2026-11-21T10:00:00.000Z' },
      })
    )
    const banner = (await screen.findByText('Your number’s quality rating fell to medium.')).closest('.ant-alert') as HTMLElement
    expect(banner).toHaveClass('ant-alert-warning')
    expect(within(banner).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument()
  })

  it('shows a removed connection as an error, and Reconnect opens Meta’s window for the same kind of number', async () => {
    openCard(
      whatsAppAccount({
        embeddedSignup: SIGNUP_CONFIG,
        coexistence: true,
        notice: { kind: 'disconnected', message: 'Meta removed ReviewRoute’s access to your number.', at: '2026-11-21T10:00:00.000Z' },
      })
    )
    const banner = (await screen.findByText('Meta removed ReviewRoute’s access to your number.')).closest('.ant-alert') as HTMLElement
    expect(banner).toHaveClass('ant-alert-error')
    await userEvent.click(within(banner).getByRole('button', { name: 'Reconnect' }))
    await waitFor(() => expect(meta.sdk.login).toHaveBeenCalledTimes(1))
    expect(meta.sdk.login.mock.calls[0][1].extras.featureType).toBe('whatsapp_business_app_onboarding')
  })
})
