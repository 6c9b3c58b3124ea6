import { useEffect, useState } from 'react'
import { CAMPAIGN_COUNTDOWN_SECONDS } from '@reviewroute/web-shared/constants'

const pad = (value: number) => String(value).padStart(2, '0')

/** Seconds → 'HH:MM:SS'; anything below zero (or not a number) reads 00:00:00. */
export function formatCountdown(seconds: number) {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}

/**
 * Seconds left of a countdown that starts when the component mounts. Read from the clock rather than counted
 * per tick, so a throttled background tab still shows the right time when the visitor comes back.
 */
export function useCountdown(startSeconds: number) {
  const [remaining, setRemaining] = useState(startSeconds)
  // A new start restarts the clock: set while rendering, so the old count is never drawn with the new start.
  const [startedWith, setStartedWith] = useState(startSeconds)
  if (startedWith !== startSeconds) {
    setStartedWith(startSeconds)
    setRemaining(startSeconds)
  }

  useEffect(() => {
    if (startSeconds <= 0) return
    const endsAt = Date.now() + startSeconds * 1000
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
      setRemaining(left)
      if (left === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [startSeconds])

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
