import { useEffect, useState } from 'react'
import { CAMPAIGN_COUNTDOWN_SECONDS } from '@reviewroute/web-shared/constants'

const pad = (value: number) => String(value).padStart(2, '0')

/** Seconds → 'HH:MM:SS'; anything below zero (or not a number) reads 00:00:00. */
export function formatCountdown(seconds: number) {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}

/** Where this browser keeps the campaign's deadline, so a returning visitor's clock goes on instead of restarting. */
export const COUNTDOWN_DEADLINE_KEY = 'reviewroute.campaign-deadline'

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/**
 * When a countdown of `seconds` ends (ms since the epoch): the deadline this browser kept from its first visit, if it
 * is believable (a time no further off than the countdown is long; one already past stays past), else from now, kept
 * for the next visit. Storage that is off, full or refused only means the clock starts again next time.
 */
export function countdownDeadline(seconds: number, now = Date.now()) {
  const store = storage()
  try {
    const kept = store?.getItem(COUNTDOWN_DEADLINE_KEY)
    const deadline = kept ? Number(kept) : NaN
    if (Number.isSafeInteger(deadline) && deadline > 0 && deadline - now <= seconds * 1000) return deadline
  } catch {
    // Unreadable: a new deadline below.
  }
  const deadline = now + seconds * 1000
  try {
    store?.setItem(COUNTDOWN_DEADLINE_KEY, String(deadline))
  } catch {
    // Not kept: this visit still counts down.
  }
  return deadline
}

const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000))

/**
 * Seconds left of a countdown of `startSeconds` that began on this browser's first visit (countdownDeadline). Read
 * from the clock rather than counted per tick, so a throttled background tab, or a visitor coming back a day later,
 * sees the right time.
 */
export function useCountdown(startSeconds: number) {
  const [deadline, setDeadline] = useState(() => countdownDeadline(startSeconds))
  const [remaining, setRemaining] = useState(() => secondsUntil(deadline))
  // A new length restarts the clock: set while rendering, so the old count is never drawn with the new length.
  const [startedWith, setStartedWith] = useState(startSeconds)
  if (startedWith !== startSeconds) {
    const next = countdownDeadline(startSeconds)
    setStartedWith(startSeconds)
    setDeadline(next)
    setRemaining(secondsUntil(next))
  }

  useEffect(() => {
    if (secondsUntil(deadline) === 0) return
    const timer = setInterval(() => {
      const left = secondsUntil(deadline)
      setRemaining(left)
      if (left === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])

  return remaining
}

/**
 * The campaign banner. The clock is a personal 72-hour challenge to get the poster up, not an offer that
 * expires: the free trial is always there, so the banner never claims otherwise.
 */
export function CountdownBanner({ startSeconds = CAMPAIGN_COUNTDOWN_SECONDS }: { startSeconds?: number }) {
  const remaining = useCountdown(startSeconds)
  const hours = Math.round(startSeconds / 3600)
  return (
    <section className="banner lp-countdown" aria-label={`${hours}-hour challenge`}>
      <div className="container lp-countdown__row">
        <span>
          {remaining > 0
            ? `Your ${hours}-hour challenge: get your QR poster on the counter before the clock runs out.`
            : 'Time’s up, but your free trial is still waiting for you.'}
        </span>
        <strong className="lp-countdown__clock" role="timer" aria-label="Time left">
          {formatCountdown(remaining)}
        </strong>
      </div>
    </section>
  )
}
