/*
 * The review bundle's entry (docs/decisions.md D62): the server's forms answer the first tap, so the takeover is
 * fetched and run only when the page has loaded and the phone is idle, and not at all once a form has been sent.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const { takeOver } = vi.hoisted(() => ({ takeOver: vi.fn(() => true) }))
vi.mock('../src/review/takeover', () => ({ takeOver, browserEffects: () => ({ isMobile: false }) }))

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

describe('a 1-3 star tap', () => {
  const page = (templates: string) =>
    '<script id="review-data" type="application/json">{"code":"demo","view":"rate","language":"hi"}</script>' +
    '<div id="root"><main class="card"><form class="rate" method="post" action="/review/demo">' +
    '<button class="star" type="submit" name="rating" value="2">2</button><button class="star" type="submit" name="rating" value="5">5</button>' +
    `</form></main>${templates}</div>`
  const feedbackTemplate =
    '<template data-feedback-rating="2"><main class="card"><form class="feedback" method="post" action="/review/demo/feedback?rating=2&amp;lang=hi">' +
    '<textarea name="feedback"></textarea></form></main></template>'
  /** A tap on the star `value`: the submit event a browser fires, with the button as its submitter. */
  const tap = (value: string) => {
    const button = document.querySelector<HTMLButtonElement>(`button[value="${value}"]`)!
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button })
    button.form!.dispatchEvent(event)
    return event
  }

  beforeEach(() => history.replaceState(null, '', '/review/demo'))

  it("shows the feedback form the server put in the page at once, under the address of the server's answer", async () => {
    document.body.innerHTML = page(feedbackTemplate)
    await import('../src/review/main')
    const event = tap('2')

    expect(event.defaultPrevented).toBe(true)
    expect(document.querySelector('form.rate')).toBeNull()
    expect(document.querySelector('#root > main form.feedback textarea')).not.toBeNull()
    expect(location.pathname + location.search).toBe('/review/demo/feedback?rating=2&lang=hi')

    // The inlined data says so, for the takeover when the phone is idle.
    expect(JSON.parse(document.getElementById('review-data')!.textContent!)).toEqual({
      code: 'demo',
      view: 'feedback',
      rating: 2,
      language: 'hi',
    })
    runIdle()
    await vi.waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1))
  })

  it('leaves a 4-5 star, or a page without the form, to the server', async () => {
    document.body.innerHTML = page(feedbackTemplate)
    await import('../src/review/main')
    expect(tap('5').defaultPrevented).toBe(false)
    expect(document.querySelector('form.rate')).not.toBeNull()

    vi.resetModules()
    document.body.innerHTML = page('')
    await import('../src/review/main')
    expect(tap('2').defaultPrevented).toBe(false)
    expect(location.pathname).toBe('/review/demo')
  })
})
