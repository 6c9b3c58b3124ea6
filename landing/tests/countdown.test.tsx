import { act, render, screen } from '@testing-library/react'
import { CountdownBanner, formatCountdown } from '#site/components/countdown-banner'
import { CAMPAIGN_COUNTDOWN_SECONDS } from '@reviewroute/web-shared/constants'

describe('formatCountdown', () => {
  test('writes seconds as HH:MM:SS with leading zeros', () => {
    expect(formatCountdown(CAMPAIGN_COUNTDOWN_SECONDS)).toBe('72:00:00')
    expect(formatCountdown(3 * 3600 + 4 * 60 + 5)).toBe('03:04:05')
    expect(formatCountdown(59)).toBe('00:00:59')
  })

  test('never shows a negative or broken time', () => {
    expect(formatCountdown(0)).toBe('00:00:00')
    expect(formatCountdown(-5)).toBe('00:00:00')
    expect(formatCountdown(Number.NaN)).toBe('00:00:00')
    expect(formatCountdown(1.9)).toBe('00:00:01')
  })
})

describe('CountdownBanner', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const clock = () => screen.getByRole('timer')
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

  test('starts at 72 hours', () => {
    render(<CountdownBanner />)
    expect(clock()).toHaveTextContent('72:00:00')
  })

  test('ticks down once a second', () => {
    render(<CountdownBanner />)
    advance(1000)
    expect(clock()).toHaveTextContent('71:59:59')
    advance(59_000)
    expect(clock()).toHaveTextContent('71:59:00')
  })

  test('stops at 00:00:00 and never goes below it', () => {
    render(<CountdownBanner />)
    advance(CAMPAIGN_COUNTDOWN_SECONDS * 1000)
    expect(clock()).toHaveTextContent('00:00:00')
    advance(5 * 60 * 60 * 1000)
    expect(clock()).toHaveTextContent('00:00:00')
    expect(vi.getTimerCount()).toBe(0)
    expect(screen.getByText(/your free trial is still waiting/i)).toBeInTheDocument()
  })
})
