import { act, render, screen } from '@testing-library/react'
import { COUNTDOWN_DEADLINE_KEY, CountdownBanner, formatCountdown } from '#site/components/countdown-banner'
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
  beforeEach(() => {
    localStorage.clear()
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

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

  const HOUR = 60 * 60 * 1000

  test('a returning visitor finds the clock where it got to, not back at 72 hours', () => {
    const first = render(<CountdownBanner />)
    advance(2 * HOUR)
    expect(clock()).toHaveTextContent('70:00:00')
    first.unmount()
    // Away for an hour (the tab closed), then the page again.
    vi.setSystemTime(Date.now() + HOUR)
    render(<CountdownBanner />)
    expect(clock()).toHaveTextContent('69:00:00')
    advance(1000)
    expect(clock()).toHaveTextContent('68:59:59')
  })

  test('back after the deadline: time is up, and the clock does not start again', () => {
    render(<CountdownBanner />).unmount()
    vi.setSystemTime(Date.now() + 73 * HOUR)
    render(<CountdownBanner />)
    expect(clock()).toHaveTextContent('00:00:00')
    expect(screen.getByText(/your free trial is still waiting/i)).toBeInTheDocument()
    advance(5000)
    expect(clock()).toHaveTextContent('00:00:00')
    expect(vi.getTimerCount()).toBe(0)
  })

  test.each([
    ['not a number', 'soon'],
    ['further off than 72 hours', () => String(Date.now() + 100 * HOUR)],
    ['empty', ''],
  ])('a kept deadline that cannot be right (%s) starts a fresh 72 hours, kept for next time', (_, kept) => {
    localStorage.setItem(COUNTDOWN_DEADLINE_KEY, typeof kept === 'function' ? kept() : kept)
    render(<CountdownBanner />)
    expect(clock()).toHaveTextContent('72:00:00')
    expect(Number(localStorage.getItem(COUNTDOWN_DEADLINE_KEY))).toBe(Date.now() + CAMPAIGN_COUNTDOWN_SECONDS * 1000)
  })

  test('storage that refuses (private mode, full) still counts down this visit', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    render(<CountdownBanner />)
    expect(clock()).toHaveTextContent('72:00:00')
    advance(1000)
    expect(clock()).toHaveTextContent('71:59:59')
  })
})
