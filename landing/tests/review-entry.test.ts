/*
 * The review bundle's entry (docs/decisions.md D62): the server's forms answer the first tap, so the takeover is
 * fetched and run only when the page has loaded and the phone is idle, and not at all once a form has been sent.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const { takeOver } = vi.hoisted(() => ({ takeOver: vi.fn(() => true) }))
vi.mock('../src/review/takeover', () => ({ takeOver }))

let idle: IdleRequestCallback[] = []

beforeEach(() => {
  vi.resetModules()
  takeOver.mockClear()
  idle = []
  window.requestIdleCallback = (callback) => idle.push(callback)
  document.body.innerHTML =
    '<div id="root"><form class="rate" method="post" action="/review/demo"><button name="rating" value="2">2</button></form></div>'
})

const runIdle = () => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }))

describe('the review entry', () => {
  it('takes over only when the loaded page is idle', async () => {
    await import('../src/review/main')
    expect(document.readyState).toBe('complete')
    expect(takeOver).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)

    runIdle()
    await vi.waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1))
    expect(takeOver).toHaveBeenCalledWith(document, expect.objectContaining({ isMobile: false }))
  })

  it('leaves the page to the server when a star was tapped before the phone was idle', async () => {
    await import('../src/review/main')
    const form = document.querySelector('form')!
    // jsdom does not send forms; the event is what the page sees of a tap on a submit button.
    form.addEventListener('submit', (event) => event.preventDefault())
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))

    runIdle()
    await import('../src/review/takeover')
    expect(takeOver).not.toHaveBeenCalled()
  })
})
