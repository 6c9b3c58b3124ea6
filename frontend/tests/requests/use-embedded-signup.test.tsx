/*
 * The Embedded Signup hook against a simulated Meta SDK (fake-meta-sdk.ts): the SDK loads on demand, FB.login opens
 * with the options for the kind of number, and only the window's FINISH message together with FB.login's code hands
 * them on; a closed window, Meta's error and the server's refusal end the attempt with what they said.
 * An isolated test file: the loader keeps the SDK it initialised.
 */
import { act, renderHook, waitFor } from '@testing-library/react'
import { ApiError } from '@reviewroute/web-shared/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FINISH_WAIT_MS, NO_NUMBER, useEmbeddedSignup } from '#components/requests/use-embedded-signup'
import { fakeMetaSdk, sdkScripts } from './fake-meta-sdk'
import { SIGNUP_CONFIG } from './request-fixtures'

const IDS = { waba_id: '102290129340398', phone_number_id: '106540352242922' }
const BUSINESS = { name: 'Chai Point Cafe', phone: '9845011111' }

let meta: ReturnType<typeof fakeMetaSdk>
beforeEach(() => {
  meta = fakeMetaSdk()
})
afterEach(() => {
  meta.remove()
  vi.useRealTimers()
})

function render(connect = vi.fn(async (): Promise<unknown> => undefined), config: typeof SIGNUP_CONFIG | null = SIGNUP_CONFIG) {
  const hook = renderHook(() => useEmbeddedSignup({ config, business: BUSINESS, connect }))
  return { ...hook, connect }
}

/** Opens Meta's window for the kind of number and waits for FB.login. */
async function openWindow(result: ReturnType<typeof render>['result'], coexistence = false) {
  await act(async () => {
    void result.current.open(coexistence)
  })
  await waitFor(() => expect(meta.sdk.login).toHaveBeenCalled())
}

describe('useEmbeddedSignup', () => {
  it('loads nothing until asked, then the SDK once, on prepare', async () => {
    const { result } = render()
    expect(sdkScripts()).toHaveLength(0)
    act(() => result.current.prepare())
    await waitFor(() => expect(meta.sdk.init).toHaveBeenCalledTimes(1))
    expect(sdkScripts()).toHaveLength(1)
    await openWindow(result)
    expect(sdkScripts()).toHaveLength(1)
    expect(meta.sdk.init).toHaveBeenCalledTimes(1)
  })

  it('connects a new number once both the FINISH message and the code have come, in either order', async () => {
    const { result, connect } = render()
    await openWindow(result)
    expect(result.current.state).toEqual({ step: 'open', coexistence: false })
    expect(meta.sdk.login.mock.calls[0][1]).toMatchObject({
      config_id: '987654321',
      response_type: 'code',
      extras: { setup: { business: { name: 'Chai Point Cafe', phone: { code: 91, number: '9845011111' } } }, featureType: undefined },
    })
    await meta.post('FINISH', IDS)
    expect(connect).not.toHaveBeenCalled()
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(connect).toHaveBeenCalledWith({
      code: 'AQD-code',
      wabaId: '102290129340398',
      phoneNumberId: '106540352242922',
      coexistence: false,
    })
    await waitFor(() => expect(result.current.state).toEqual({ step: 'connected' }))

    // The code first this time.
    await openWindow(result)
    await meta.answer({ authResponse: { code: 'AQD-second' } })
    expect(connect).toHaveBeenCalledTimes(1)
    await meta.post('FINISH', IDS)
    expect(connect).toHaveBeenLastCalledWith(expect.objectContaining({ code: 'AQD-second' }))
  })

  it('connects the number of the WhatsApp Business app (coexistence)', async () => {
    const { result, connect } = render()
    await openWindow(result, true)
    expect(meta.sdk.login.mock.calls[0][1].extras.featureType).toBe('whatsapp_business_app_onboarding')
    await meta.post('FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING', IDS)
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(connect).toHaveBeenCalledWith(expect.objectContaining({ coexistence: true, phoneNumberId: '106540352242922' }))
  })

  it('shows "Connecting…" while the server works, then its refusal in its words', async () => {
    let refuse!: (error: unknown) => void
    const connect = vi.fn(() => new Promise((_, reject) => (refuse = reject)))
    const { result } = render(connect)
    await openWindow(result)
    await meta.post('FINISH', IDS)
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(result.current.state).toEqual({ step: 'connecting', coexistence: false })
    const sentence = 'Meta says: this number is already registered to another account.'
    await act(async () => refuse(new ApiError(422, sentence, { error: sentence })))
    expect(result.current.state).toEqual({
      step: 'stopped',
      kind: 'failed',
      message: 'Meta says: this number is already registered to another account.',
    })
  })

  it('says at which step the owner closed the window, whichever of the callback and the message comes first', async () => {
    const { result, connect } = render()
    await openWindow(result)
    await meta.post('CANCEL', { current_step: 'PHONE_NUMBER_VERIFICATION' })
    await meta.answer({ authResponse: null, status: 'unknown' })
    expect(result.current.state).toEqual({
      step: 'stopped',
      kind: 'cancelled',
      message: "You closed Meta's window at the step: phone number verification.",
    })

    await openWindow(result)
    await meta.answer({ authResponse: null })
    expect(result.current.state).toMatchObject({ kind: 'cancelled', message: "You closed Meta's window before finishing." })
    await meta.post('CANCEL', { current_step: 'WABA_PHONE_PROFILE_PICKER' })
    expect(result.current.state).toMatchObject({ message: "You closed Meta's window at the step: waba phone profile picker." })
    expect(connect).not.toHaveBeenCalled()
  })

  it("shows Meta's error in its words, and ignores messages from anywhere else", async () => {
    const { result, connect } = render()
    await openWindow(result)
    await meta.post('FINISH', IDS, { origin: 'https://evil.example' })
    await meta.post('FINISH', IDS, { type: 'SOMETHING_ELSE' })
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(connect).not.toHaveBeenCalled()
    await meta.post('ERROR', { error_message: 'Your business portfolio is restricted' })
    expect(result.current.state).toEqual({ step: 'stopped', kind: 'failed', message: 'Your business portfolio is restricted' })
    // Over: a late FINISH changes nothing.
    await meta.post('FINISH', IDS)
    expect(connect).not.toHaveBeenCalled()
  })

  it('gives up when Meta never says which number was chosen', async () => {
    const { result, connect } = render()
    await openWindow(result)
    await meta.post('FINISH_ONLY_WABA', { waba_id: '102290129340398' })
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(result.current.state).toEqual({ step: 'stopped', kind: 'failed', message: NO_NUMBER })

    await openWindow(result)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await meta.answer({ authResponse: { code: 'AQD-code' } })
    expect(result.current.state).toMatchObject({ step: 'open' })
    act(() => vi.advanceTimersByTime(FINISH_WAIT_MS))
    expect(result.current.state).toEqual({ step: 'stopped', kind: 'failed', message: NO_NUMBER })
    expect(connect).not.toHaveBeenCalled()
  })

  it('stops listening once unmounted, and offers nothing without a configuration', async () => {
    const { result, connect, unmount } = render()
    await openWindow(result)
    const callback = meta.sdk.login.mock.calls[0][0]
    unmount()
    await meta.post('FINISH', IDS)
    act(() => callback({ authResponse: { code: 'AQD-code' } }))
    expect(connect).not.toHaveBeenCalled()

    const none = render(vi.fn(), null)
    expect(none.result.current.available).toBe(false)
    await act(async () => none.result.current.open(false))
    expect(none.result.current.state).toEqual({ step: 'idle' })
  })
})
