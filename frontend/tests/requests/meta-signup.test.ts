/*
 * Meta's Embedded Signup pieces (lib/meta-signup.ts): the SDK's script loaded once and initialised for the app, the
 * signup window's messages read from Meta's origin only, and FB.login's options for both kinds of number.
 * An isolated test file: the loader keeps the SDK it initialised.
 */
import { afterEach, describe, expect, it } from 'vitest'
import {
  cancelledText,
  isMetaOrigin,
  loadFacebookSdk,
  loginOptions,
  readSignupMessage,
  SDK_LOAD_ERROR,
  stepInWords,
} from '#lib/meta-signup'
import { fakeMetaSdk, sdkScripts } from './fake-meta-sdk'
import { SIGNUP_CONFIG } from './request-fixtures'

const SDK_URL = SIGNUP_CONFIG.sdkUrl

afterEach(() => {
  delete window.FB
  delete window.fbAsyncInit
  sdkScripts().forEach((script) => script.remove())
})

describe("Meta's SDK loader", () => {
  it('adds the script once, and initialises the SDK once for the app when it has run', async () => {
    const meta = fakeMetaSdk()
    const first = loadFacebookSdk(SIGNUP_CONFIG)
    const second = loadFacebookSdk(SIGNUP_CONFIG)
    expect(sdkScripts()).toHaveLength(1)
    const [script] = sdkScripts()
    expect(script.async).toBe(true)
    expect(script.crossOrigin).toBe('anonymous')
    expect(await first).toBe(meta.sdk)
    expect(await second).toBe(meta.sdk)
    expect(meta.sdk.init).toHaveBeenCalledTimes(1)
    expect(meta.sdk.init).toHaveBeenCalledWith({ appId: '1234567890', autoLogAppEvents: true, xfbml: true, version: 'v23.0' })
    // Loaded: nothing more is added or initialised.
    expect(await loadFacebookSdk(SIGNUP_CONFIG)).toBe(meta.sdk)
    expect(sdkScripts()).toHaveLength(1)
    expect(meta.sdk.init).toHaveBeenCalledTimes(1)
    meta.remove()
  })

  it('rejects with a sentence when the script fails, and may be retried', async () => {
    const attempt = loadFacebookSdk(SIGNUP_CONFIG)
    sdkScripts()[0].dispatchEvent(new Event('error'))
    await expect(attempt).rejects.toThrow(SDK_LOAD_ERROR)
    expect(sdkScripts()).toHaveLength(0)

    const meta = fakeMetaSdk()
    expect(await loadFacebookSdk(SIGNUP_CONFIG)).toBe(meta.sdk)
    meta.remove()
  })

  it('rejects when the script loads without defining FB (a blocker, a wrong address)', async () => {
    const attempt = loadFacebookSdk(SIGNUP_CONFIG)
    sdkScripts()[0].dispatchEvent(new Event('load'))
    await expect(attempt).rejects.toThrow(SDK_LOAD_ERROR)
  })
})

describe("the signup window's messages", () => {
  const message = (event: string, data: Record<string, unknown> = {}, origin = 'https://www.facebook.com') => ({
    origin,
    data: JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event, data }),
  })

  it('reads the account and number of a new number, of one without a number yet, and of the app’s number', () => {
    const ids = { waba_id: '102290129340398', phone_number_id: '106540352242922' }
    expect(readSignupMessage(message('FINISH', ids), SDK_URL)).toEqual({
      kind: 'finish',
      wabaId: '102290129340398',
      phoneNumberId: '106540352242922',
      coexistence: false,
    })
    expect(readSignupMessage(message('FINISH_ONLY_WABA', { waba_id: '102290129340398' }), SDK_URL)).toEqual({
      kind: 'finish',
      wabaId: '102290129340398',
      phoneNumberId: null,
      coexistence: false,
    })
    expect(readSignupMessage(message('FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING', ids), SDK_URL)).toMatchObject({ coexistence: true })
  })

  it('reads where the window was closed, and Meta’s error in its words', () => {
    expect(readSignupMessage(message('CANCEL', { current_step: 'PHONE_NUMBER_VERIFICATION' }), SDK_URL)).toEqual({
      kind: 'cancel',
      step: 'PHONE_NUMBER_VERIFICATION',
    })
    expect(readSignupMessage(message('CANCEL'), SDK_URL)).toEqual({ kind: 'cancel', step: null })
    expect(readSignupMessage(message('ERROR', { error_message: 'Your business is not verified' }), SDK_URL)).toEqual({
      kind: 'error',
      message: 'Your business is not verified',
    })
    // Meta reports some errors on a CANCEL event.
    expect(readSignupMessage(message('CANCEL', { error_message: 'Session expired' }), SDK_URL)).toEqual({
      kind: 'error',
      message: 'Session expired',
    })
  })

  it("takes messages from Meta's pages and the SDK's origin only, and only its own kind", () => {
    const finish = (origin: string) => readSignupMessage(message('FINISH', { waba_id: '1', phone_number_id: '2' }, origin), SDK_URL)
    expect(finish('https://web.facebook.com')).not.toBeNull()
    expect(finish('https://connect.facebook.net')).not.toBeNull()
    expect(finish('https://evilfacebook.com')).toBeNull()
    expect(finish('http://www.facebook.com')).toBeNull()
    expect(finish('https://example.com')).toBeNull()
    expect(isMetaOrigin('https://facebook.com', SDK_URL)).toBe(true)
    expect(isMetaOrigin('null', SDK_URL)).toBe(false)
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: 'not json' }, SDK_URL)).toBeNull()
    expect(readSignupMessage({ origin: 'https://www.facebook.com', data: { type: 'WA_EMBEDDED_SIGNUP' } }, SDK_URL)).toBeNull()
    expect(
      readSignupMessage({ origin: 'https://www.facebook.com', data: JSON.stringify({ type: 'OTHER', event: 'FINISH' }) }, SDK_URL)
    ).toBeNull()
    expect(readSignupMessage(message('FINISH', { phone_number_id: '2' }), SDK_URL)).toBeNull()
  })

  it('says the step in words', () => {
    expect(stepInWords('PHONE_NUMBER_VERIFICATION')).toBe('phone number verification')
    expect(cancelledText('BUSINESS_ACCOUNT_SELECTION')).toBe("You closed Meta's window at the step: business account selection.")
    expect(cancelledText(null)).toBe("You closed Meta's window before finishing.")
  })
})

describe("FB.login's options", () => {
  it('asks for a code with the app’s configuration, prefilled with the business', () => {
    expect(
      loginOptions(SIGNUP_CONFIG, {
        coexistence: false,
        business: { name: 'Chai Point Cafe', phone: '9845011111', website: 'https://chaipoint.example' },
      })
    ).toEqual({
      config_id: '987654321',
      response_type: 'code',
      override_default_response_type: true,
      extras: {
        setup: {
          business: { name: 'Chai Point Cafe', phone: { code: 91, number: '9845011111' }, website: 'https://chaipoint.example' },
        },
        featureType: undefined,
        sessionInfoVersion: '3',
        version: 'v4',
      },
    })
  })

  it('opens the WhatsApp Business app’s onboarding for coexistence, leaving out what is not known', () => {
    const options = loginOptions(SIGNUP_CONFIG, { coexistence: true, business: { name: 'Chai Point Cafe', phone: null } })
    expect(options.extras.featureType).toBe('whatsapp_business_app_onboarding')
    expect(options.extras.setup.business).toEqual({ name: 'Chai Point Cafe' })
  })
})
