import '@testing-library/jest-dom/vitest'
import { afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { fakeMediaQueryList } from './media'

/*
 * findBy* and waitFor wait for what the screen shows; Testing Library's default gives up after 1 s, a clock that a
 * busy 2-core machine (two suites at a time under npm test) passes while a lazy chunk loads. They wait up to 15 s
 * instead: a passing test takes no longer, a failing one says so later.
 */
configure({ asyncUtilTimeout: 15_000 })

/*
 * user-event waits a timer tick after every key and pointer action by default (`delay: 0`), and the tests call its
 * direct API (`userEvent.type(…)`), which takes that default: a macrotask per typed character, each one a wait for a
 * busy machine's event loop. Every action here runs with `delay: null`, its events dispatched one after the other
 * inside React's act(), so typing costs only the renders it causes. A test still waits for what the screen shows.
 * The direct API keeps its own behaviour otherwise (unlike setup(), it leaves a test's navigator.clipboard alone).
 */
vi.mock('@testing-library/user-event', async (importOriginal) => {
  const actual = (await importOriginal()) as typeof import('@testing-library/user-event')
  const original = actual.default
  // Where each direct call takes its options (`clear` and `tab` take none that set the delay).
  const optionsAt: Record<string, number> = {
    click: 1,
    dblClick: 1,
    tripleClick: 1,
    hover: 1,
    unhover: 1,
    keyboard: 1,
    pointer: 1,
    paste: 1,
    copy: 0,
    cut: 0,
    type: 2,
    upload: 2,
    selectOptions: 2,
    deselectOptions: 2,
  }
  const calls = original as unknown as Record<string, (...args: unknown[]) => unknown>
  const direct = Object.fromEntries(
    Object.entries(optionsAt).map(([name, at]) => [
      name,
      (...args: unknown[]) => {
        const withDelay = [...args]
        withDelay[at] = { delay: null, ...(args[at] as object | undefined) }
        return calls[name](...withDelay)
      },
    ])
  )
  const setup: typeof original.setup = (options) => original.setup({ delay: null, ...options })
  const userEvent = { ...original, ...direct, setup } as typeof original
  return { ...actual, default: userEvent, userEvent }
})

afterEach(() => {
  cleanup()
  localStorage.clear()
})

// jsdom lacks the layout APIs antd's grid, tables and overlays ask for.
// Set for every file, also where files share a window (vite.config.ts, the `shared` project): a file starts on a screen
// that matches no breakpoint, whatever width the last file set (chrome-helpers' setViewport).
window.matchMedia = (query: string) => fakeMediaQueryList(query, false)
if (!('ResizeObserver' in window)) {
  ;(window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
// antd measures scrollbars through getComputedStyle(el, '::pseudo'), which jsdom does not implement.
const computed = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => computed(element)
