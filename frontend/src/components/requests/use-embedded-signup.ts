/*
 * Meta's Embedded Signup window for the WhatsApp Business card (lib/meta-signup.ts): `prepare` loads Meta's SDK (on the
 * owner's first click, so the window opens at once on the next), `open` opens the window for a new number or for the
 * number in the owner's WhatsApp Business app (coexistence) and listens to what it posts. Once both the window's FINISH
 * message (the account and number) and FB.login's code have arrived, `connect` hands them to the server; its refusal
 * shows in the server's words. Closing the window or Meta's error ends the attempt with what they said.
 */
import type { WhatsAppEmbeddedSignupRequest, WhatsAppSignupConfigDto } from '@reviewroute/backend/types/api'
import { useCallback, useEffect, useRef, useState } from 'react'
import { cancelledText, loadFacebookSdk, loginOptions, readSignupMessage, type SignupBusiness, type SignupMessage } from '#lib/meta-signup'
import { errorText } from '#providers/http'

export type SignupState =
  | { step: 'idle' }
  /** Meta's window is loading or open. */
  | { step: 'open'; coexistence: boolean }
  /** Meta is done: the server is connecting the number. */
  | { step: 'connecting'; coexistence: boolean }
  | { step: 'connected' }
  /** Closed, refused by Meta, or refused by the server: what to show. */
  | { step: 'stopped'; kind: 'cancelled' | 'failed'; message: string }

/** How long the window's account and number may lag behind FB.login's code before the attempt gives up. */
export const FINISH_WAIT_MS = 20_000

export const NO_NUMBER = 'Meta did not say which number you chose. Please try again, and choose or add a phone number in its window.'
const CONNECT_FAILED = 'Could not connect your number. Please try again.'

interface Attempt {
  coexistence: boolean
  finish?: Extract<SignupMessage, { kind: 'finish' }>
  code?: string
  /** FB.login's callback has come (the window is closed). */
  closed?: boolean
  /** Where the owner closed the window, when Meta said. */
  cancelled?: { step: string | null }
  /** Handed to the server, or given up: later messages change nothing. */
  over?: boolean
}

interface Options {
  /** null: the server has no Embedded Signup configured (only the manual form is offered). */
  config: WhatsAppSignupConfigDto | null
  business: SignupBusiness
  /** Hands what Meta gave to the server (POST /api/whatsapp-account/embedded-signup); a rejection is shown in its words. */
  connect(request: WhatsAppEmbeddedSignupRequest): Promise<unknown>
}

export function useEmbeddedSignup({ config, business, connect }: Options) {
  const [state, setState] = useState<SignupState>({ step: 'idle' })
  const attempt = useRef<Attempt | null>(null)
  const stopListening = useRef<(() => void) | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // The latest props, for the window's callbacks (they outlive the render that opened it).
  const latest = useRef({ business, connect })
  useEffect(() => {
    latest.current = { business, connect }
  })

  const clear = useCallback(() => {
    stopListening.current?.()
    stopListening.current = null
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }, [])
  // Gone from the screen: the window's late answers change nothing.
  useEffect(
    () => () => {
      attempt.current = null
      clear()
    },
    [clear]
  )

  /** Loads Meta's SDK without opening anything (the owner is about to choose); a failure shows when they do. */
  const prepare = useCallback(() => {
    if (config) loadFacebookSdk(config).catch(() => undefined)
  }, [config])

  const settle = useCallback(
    (current: Attempt) => {
      if (attempt.current !== current || current.over) return
      const { finish, code } = current
      if (finish && code) {
        current.over = true
        clear()
        if (!finish.phoneNumberId) return setState({ step: 'stopped', kind: 'failed', message: NO_NUMBER })
        setState({ step: 'connecting', coexistence: current.coexistence })
        const request: WhatsAppEmbeddedSignupRequest = {
          code,
          wabaId: finish.wabaId,
          phoneNumberId: finish.phoneNumberId,
          coexistence: finish.coexistence || current.coexistence,
        }
        latest.current.connect(request).then(
          () => attempt.current === current && setState({ step: 'connected' }),
          (error: unknown) =>
            attempt.current === current && setState({ step: 'stopped', kind: 'failed', message: errorText(error, CONNECT_FAILED) })
        )
      } else if (current.cancelled || (current.closed && !code)) {
        // Not over: Meta's CANCEL message may still come after the callback, with the step the window was closed at.
        setState({ step: 'stopped', kind: 'cancelled', message: cancelledText(current.cancelled?.step ?? null) })
      } else if (code && !timer.current) {
        timer.current = setTimeout(() => {
          if (attempt.current !== current || current.over) return
          current.over = true
          clear()
          setState({ step: 'stopped', kind: 'failed', message: NO_NUMBER })
        }, FINISH_WAIT_MS)
      }
    },
    [clear]
  )

  const open = useCallback(
    async (coexistence: boolean) => {
      if (!config) return
      clear()
      const current: Attempt = { coexistence }
      attempt.current = current
      setState({ step: 'open', coexistence })
      const receive = (event: MessageEvent) => {
        const message = readSignupMessage(event, config.sdkUrl)
        if (!message || attempt.current !== current || current.over) return
        if (message.kind === 'error') {
          current.over = true
          clear()
          setState({ step: 'stopped', kind: 'failed', message: message.message })
          return
        }
        if (message.kind === 'finish') current.finish = message
        else current.cancelled = { step: message.step }
        settle(current)
      }
      window.addEventListener('message', receive)
      stopListening.current = () => window.removeEventListener('message', receive)
      let sdk
      try {
        sdk = await loadFacebookSdk(config)
      } catch (error) {
        if (attempt.current !== current) return
        current.over = true
        clear()
        setState({ step: 'stopped', kind: 'failed', message: (error as Error).message })
        return
      }
      if (attempt.current !== current) return
      // Meta's SDK wants a plain function here, not an async one.
      sdk.login(
        (response) => {
          current.closed = true
          current.code = response?.authResponse?.code || undefined
          settle(current)
        },
        loginOptions(config, { coexistence, business: latest.current.business })
      )
    },
    [config, clear, settle]
  )

  /** Back to the choice (the owner dismissed what the last attempt said). */
  const reset = useCallback(() => {
    attempt.current = null
    clear()
    setState({ step: 'idle' })
  }, [clear])

  return { state, prepare, open, reset, available: config !== null }
}
