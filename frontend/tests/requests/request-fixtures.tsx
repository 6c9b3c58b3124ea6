/* The request screens under test: the app's providers, the selected business, and a spy in place of WhatsApp. */
import type {
  CustomerDto,
  RequestChannelsDto,
  RequestChannelState,
  ReviewRequestDto,
  WhatsAppAccountDto,
  WhatsAppSignupConfigDto,
} from '@reviewroute/backend/types/api'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { BusinessesProvider } from '#hooks/use-businesses'
import { WhatsAppOpenerProvider } from '#components/requests/whatsapp-opener'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

export const list = (rows: unknown[], total = rows.length) => ({ status: 200, body: rows, headers: { 'x-total-count': String(total) } })

export const customer = (overrides: Partial<CustomerDto> = {}) =>
  ({
    id: 1,
    businessId: 7,
    name: 'Priya Sharma',
    phone: '+919876543210',
    email: null,
    language: null,
    ratedLanguage: null,
    consentAt: '2026-11-21T10:00:00.000Z',
    optedOutAt: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  }) satisfies CustomerDto

export const reviewRequest = (overrides: Partial<ReviewRequestDto> = {}) =>
  ({
    id: 11,
    businessId: 7,
    customerId: 1,
    customerName: 'Priya Sharma',
    customerPhone: '+919876543210',
    customerEmail: null,
    channel: 'whatsapp_link',
    status: 'sent',
    link: 'http://localhost:3333/r/abcdefghijklmnop',
    sentAt: '2026-11-21T10:00:00.000Z',
    openedAt: null,
    ratedAt: null,
    failureReason: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    source: 'manual',
    integrationId: null,
    sendAfter: null,
    whatsappUrl: 'https://wa.me/919876543210?text=Hello%20Priya',
    ...overrides,
  }) satisfies ReviewRequestDto

export const WHATSAPP_BUSINESS_NEEDS =
  'WhatsApp Business needs your WhatsApp Business number connected, with an approved template: connect it under "WhatsApp Business" on the Review requests page.'
export const SMS_NEEDS =
  'SMS needs a DLT-registered sender and template (TRAI rules), and this ReviewRoute server has none set up yet. Send with your WhatsApp or by email.'

/** What a WhatsApp Business message costs in the fixtures (WHATSAPP_PRICE_INR's default). */
export const WHATSAPP_PRICE_INR = 0.115

/**
 * GET /api/businesses/7/request-channels: by default a new business's (its own WhatsApp and email work). WhatsApp
 * Business's state carries its price unless the override names one.
 */
export const requestChannels = ({
  whatsapp,
  ...overrides
}: Partial<Omit<RequestChannelsDto, 'whatsapp'>> & { whatsapp?: RequestChannelState & { pricePerMessageInr?: number } } = {}) =>
  ({
    whatsapp_link: { available: true, needs: 'phone' },
    email: { available: true, needs: 'email' },
    whatsapp: {
      pricePerMessageInr: WHATSAPP_PRICE_INR,
      ...(whatsapp ?? { available: false, needs: 'phone', reason: WHATSAPP_BUSINESS_NEEDS }),
    },
    sms: { available: false, needs: 'phone', reason: SMS_NEEDS },
    language: { language: 'en', source: 'english' },
    whatsappLanguages: [],
    ...overrides,
  }) satisfies RequestChannelsDto

export const CHANNELS_ROUTE = 'GET /api/businesses/7/request-channels'

/** What the dashboard opens Meta's Embedded Signup with (the server's WHATSAPP_* settings). */
export const SIGNUP_CONFIG: WhatsAppSignupConfigDto = {
  appId: '1234567890',
  configId: '987654321',
  sdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
  apiVersion: 'v23.0',
}

/** GET /api/whatsapp-account of a workspace with no number connected; no Embedded Signup unless the override gives one. */
export const whatsAppAccount = (overrides: Partial<WhatsAppAccountDto> = {}) =>
  ({
    connected: false,
    wabaId: null,
    phoneNumberId: null,
    displayPhoneNumber: null,
    verifiedName: null,
    qualityRating: null,
    messagingLimit: null,
    coexistence: false,
    accessTokenSet: false,
    templates: [],
    notice: null,
    embeddedSignup: null,
    ...overrides,
  }) satisfies WhatsAppAccountDto

/** A number connected through Embedded Signup, with an approved English and a rejected Hindi template. */
export const connectedWhatsApp = (overrides: Partial<WhatsAppAccountDto> = {}) =>
  whatsAppAccount({
    connected: true,
    wabaId: '102290129340398',
    phoneNumberId: '106540352242922',
    displayPhoneNumber: '+91 98450 67890',
    verifiedName: 'Chai Point Cafe',
    qualityRating: 'GREEN',
    messagingLimit: 'TIER_1K',
    accessTokenSet: true,
    templates: [
      { name: 'review_request', language: 'en', status: 'APPROVED', reason: null },
      { name: 'review_request_hi', language: 'hi', status: 'REJECTED', reason: 'Promotional content in a utility template' },
    ],
    ...overrides,
  })

export const LIMIT_SENTENCE =
  'Usage limit exceeded: this business has sent its 50 free review requests this month. Upgrade to Pro to keep asking.'

/** Renders a request screen for the owner of business 7 with `fetch` answered by `routes`; `open` stands in for WhatsApp. */
export function openScreen(element: ReactElement, routes: Routes, path = '/dashboard/send') {
  signIn()
  const api = fakeApi({ 'GET /api/businesses': list([fixtures.business()]), [CHANNELS_ROUTE]: requestChannels(), ...routes })
  const open = vi.fn()
  renderScreen(
    <WhatsAppOpenerProvider value={open}>
      <BusinessesProvider>{element}</BusinessesProvider>
    </WhatsAppOpenerProvider>,
    { path }
  )
  return { api, open }
}
