/*
 * Meta's JavaScript SDK, simulated: when the page adds the SDK's script, a fake script "runs" as Meta's would (defines
 * window.FB, calls the page's fbAsyncInit, fires load), and the signup window's messages are MessageEvents posted from
 * Meta's origin. `login` records FB.login's calls; `answer` calls the latest one's callback as Meta does on closing.
 */
import { act } from '@testing-library/react'
import { vi } from 'vitest'
import type { FacebookSdk, LoginResponse } from '#lib/meta-signup'
import { SIGNUP_CONFIG } from './request-fixtures'

export const META_ORIGIN = 'https://www.facebook.com'

export const sdkScripts = (sdkUrl = SIGNUP_CONFIG.sdkUrl) => [...document.querySelectorAll<HTMLScriptElement>(`script[src="${sdkUrl}"]`)]

export function fakeMetaSdk(sdkUrl = SIGNUP_CONFIG.sdkUrl) {
  const sdk = { init: vi.fn<FacebookSdk['init']>(), login: vi.fn<FacebookSdk['login']>() }
  const run = () => {
    for (const script of sdkScripts(sdkUrl)) {
      if (script.dataset.ran) continue
      script.dataset.ran = 'yes'
      window.FB = sdk
      window.fbAsyncInit?.()
      script.dispatchEvent(new Event('load'))
    }
  }
  const observer = new MutationObserver(run)
  observer.observe(document.head, { childList: true })

  /** A message of the signup window (`WA_EMBEDDED_SIGNUP` unless `type` says otherwise), from `origin`. */
  const post = (event: string, data: Record<string, unknown> = {}, { origin = META_ORIGIN, type = 'WA_EMBEDDED_SIGNUP' } = {}) =>
    act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin, data: JSON.stringify({ type, event, data, version: '3' }) }))
    })

  /** FB.login's callback, as Meta calls it when its window closes: with the code when signed up. */
  const answer = (response: LoginResponse) =>
    act(async () => {
      const callback = sdk.login.mock.calls.at(-1)?.[0]
      if (!callback) throw new Error('FB.login was not called')
      callback(response)
    })

  /** Takes the fake off the page: the next load adds and runs the script again. */
  const remove = () => {
    observer.disconnect()
    delete window.FB
    delete window.fbAsyncInit
    for (const script of sdkScripts(sdkUrl)) script.remove()
  }

  return { sdk, post, answer, remove }
}
