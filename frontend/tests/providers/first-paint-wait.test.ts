/*
 * The app waits for the first paint (providers/first-paint-wait.ts): the early script leaves its progress on the
 * window, and main.tsx draws once it has settled, at once without one, or after APP_WAITS_MS.
 * An isolated test file: it runs the early script's module, whose work is done on import.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APP_WAITS_MS, FIRST_PAINT_KEY, firstPaintSettled } from '#providers/first-paint-wait'

type Keyed = Record<string, unknown>

afterEach(() => {
  delete (window as unknown as Keyed)[FIRST_PAINT_KEY]
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the app waits for the first paint', () => {
  it('draws at once where no first paint is on its way', async () => {
    let settled = false
    void firstPaintSettled().then(() => (settled = true))
    await Promise.resolve()
    await Promise.resolve()
    expect(settled).toBe(true)
  })

  it('waits for the first paint to draw, and no longer', async () => {
    let drawn!: (value: boolean) => void
    ;(window as unknown as Keyed)[FIRST_PAINT_KEY] = new Promise<boolean>((resolve) => (drawn = resolve))
    let settled = false
    const waiting = firstPaintSettled().then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    drawn(true)
    await waiting
    expect(settled).toBe(true)
  })

  it('gives up on a first paint that never ends after APP_WAITS_MS', async () => {
    vi.useFakeTimers()
    ;(window as unknown as Keyed)[FIRST_PAINT_KEY] = new Promise(() => undefined)
    let settled = false
    void firstPaintSettled().then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(APP_WAITS_MS - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
  })

  it("is what index.html's early script leaves on /dashboard, settled even when the first paint fails", async () => {
    history.replaceState(null, '', '/dashboard')
    localStorage.setItem('reviewroute.token', 'a-token-long-enough-to-be-sent-0123456789')
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined))
    )
    document.head.innerHTML = '<script type="module" data-first-paint="/no-such-first-paint.js"></script>'

    await import('#providers/early-start')
    const painting = (window as unknown as Keyed)[FIRST_PAINT_KEY]
    expect(painting).toBeInstanceOf(Promise)
    await expect(painting).resolves.toBeUndefined()
    await firstPaintSettled()
  })
})
