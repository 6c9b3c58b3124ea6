/*
 * Meta's Embedded Signup for WhatsApp Business: Meta's JavaScript SDK, loaded once from the server's `sdkUrl` when the
 * owner first asks to connect (never on other screens, never in the app's first download), the options FB.login opens
 * the signup window with, and the `WA_EMBEDDED_SIGNUP` messages that window posts back, read into what they tell.
 */
import type { WhatsAppSignupConfigDto } from '@reviewroute/backend/types/api'

export const SDK_LOAD_ERROR = "Could not load Meta's sign-up window. Check your connection and try again."

export interface LoginResponse {
  /** Signed up: the code the server exchanges for the business's token. Absent when the window was closed. */
  authResponse?: { code?: string } | null
  status?: string
}

/** What the signup window is prefilled with: the business's name, its Indian mobile and its website, when known. */
export interface SignupBusiness {
  name: string
  /** Ten digits. */
  phone?: string | null
  website?: string | null
}

export interface LoginOptions {
  config_id: string
  response_type: 'code'
  override_default_response_type: true
  extras: {
    setup: { business: { name: string; phone?: { code: 91; number: string }; website?: string } }
    featureType: 'whatsapp_business_app_onboarding' | undefined
    sessionInfoVersion: '3'
    version: 'v4'
  }
}

export interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void
  login(callback: (response: LoginResponse) => void, options: LoginOptions): void
}

declare global {
  interface Window {
    FB?: FacebookSdk
    fbAsyncInit?: () => void
  }
}

let loading: Promise<FacebookSdk> | null = null
/** The SDK once initialised: `init` runs once per SDK on the page. */
let ready: FacebookSdk | null = null

/**
 * Resolves with `window.FB`, initialised for the app: adds the SDK's script the first time and initialises it when the
 * SDK calls `window.fbAsyncInit` (or, at the latest, when the script has run). A failed load may be retried.
 */
export function loadFacebookSdk(config: WhatsAppSignupConfigDto): Promise<FacebookSdk> {
  if (ready && window.FB === ready) return Promise.resolve(ready)
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const initialise = () => {
      const sdk = window.FB
      if (!sdk) return false
      if (ready !== sdk) {
        sdk.init({ appId: config.appId, autoLogAppEvents: true, xfbml: true, version: config.apiVersion })
        ready = sdk
      }
      resolve(sdk)
      return true
    }
    window.fbAsyncInit = () => void initialise()
    // Already on the page (another screen loaded it): nothing to download.
    if (initialise()) return
    const script = document.createElement('script')
    script.src = config.sdkUrl
    script.async = true
    script.defer = true
    script.crossOrigin = 'anonymous'
    script.onload = () => {
      if (!initialise()) reject(new Error(SDK_LOAD_ERROR))
    }
    script.onerror = () => {
      script.remove()
      reject(new Error(SDK_LOAD_ERROR))
    }
    document.head.append(script)
  }).finally(() => {
    // Settled: a success is kept in `ready`, and a failure may be retried.
    loading = null
  })
  return loading
}

/** FB.login's options: the app's signup configuration, a code to exchange, and the business to prefill. */
export function loginOptions(
  config: WhatsAppSignupConfigDto,
  { coexistence, business }: { coexistence: boolean; business: SignupBusiness }
) {
  return {
    config_id: config.configId,
    response_type: 'code',
    override_default_response_type: true,
    extras: {
      setup: {
        business: {
          name: business.name,
          ...(business.phone ? { phone: { code: 91, number: business.phone } } : {}),
          ...(business.website ? { website: business.website } : {}),
        },
      },
      featureType: coexistence ? 'whatsapp_business_app_onboarding' : undefined,
      sessionInfoVersion: '3',
      version: 'v4',
    },
  } satisfies LoginOptions
}

/** What the signup window told: the account and number chosen, where the owner closed it, or Meta's error. */
export type SignupMessage =
  | { kind: 'finish'; wabaId: string; phoneNumberId: string | null; coexistence: boolean }
  | { kind: 'cancel'; step: string | null }
  | { kind: 'error'; message: string }

const FINISH_EVENTS: Record<string, boolean> = {
  FINISH: false,
  FINISH_ONLY_WABA: false,
  FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING: true,
}

/** Meta's own pages (https://www.facebook.com, https://web.facebook.com, …), or the SDK's own address. */
export function isMetaOrigin(origin: string, sdkUrl: string) {
  try {
    if (origin === new URL(sdkUrl).origin) return true
    const { protocol, hostname } = new URL(origin)
    return protocol === 'https:' && (hostname === 'facebook.com' || hostname.endsWith('.facebook.com'))
  } catch {
    return false
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** A `message` event of the signup window, read; null for anything else (another sender, another kind of message). */
export function readSignupMessage(event: Pick<MessageEvent, 'origin' | 'data'>, sdkUrl: string): SignupMessage | null {
  if (!isMetaOrigin(event.origin, sdkUrl) || typeof event.data !== 'string') return null
  let payload: { type?: unknown; event?: unknown; data?: Record<string, unknown> | null }
  try {
    payload = JSON.parse(event.data)
  } catch {
    return null
  }
  if (payload?.type !== 'WA_EMBEDDED_SIGNUP' || typeof payload.event !== 'string') return null
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {}
  // Meta may report an error on a CANCEL event too: its words win.
  const error = text(data.error_message)
  if (payload.event === 'ERROR' || error) return { kind: 'error', message: error ?? 'Meta could not finish the sign-up.' }
  if (payload.event === 'CANCEL') return { kind: 'cancel', step: text(data.current_step) }
  if (payload.event in FINISH_EVENTS) {
    const wabaId = text(data.waba_id)
    if (!wabaId) return null
    return { kind: 'finish', wabaId, phoneNumberId: text(data.phone_number_id), coexistence: FINISH_EVENTS[payload.event] }
  }
  return null
}

/** 'PHONE_NUMBER_VERIFICATION' → 'phone number verification'. */
export const stepInWords = (step: string) =>
  step
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase()

/** What a closed signup window says: the step the owner left at, when Meta told it. */
export const cancelledText = (step: string | null) =>
  step ? `You closed Meta's window at the step: ${stepInWords(step)}.` : "You closed Meta's window before finishing."
