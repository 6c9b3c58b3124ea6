/*
 * Entry of the small customer bundle: /review/:code and /thanks. The server renders the whole page in the
 * customer's language and inlines its data with only that language's strings (#review-data), so this bundle holds
 * no texts and is the same for every language; it draws the same screen over the server's markup and takes over.
 * Without inlined data (a bare Vite dev server) there is nothing to draw with: the page stays as served.
 *
 * The server's forms answer every tap on their own, so nothing here may stand between the customer and the first
 * one (docs/decisions.md D62): this entry is a few hundred bytes, and the takeover (Preact, vite.review.config.ts)
 * is fetched and run only once the page has loaded and the phone is idle. A customer who has already tapped (a form
 * was sent, the page is leaving) is left to the server's answer.
 */
import { isMobileUserAgent } from '@reviewroute/web-shared/user-agent'
import type { Effects } from './review-page'
import './review.css'

const effects: Effects = {
  isMobile: isMobileUserAgent(),
  navigate: (url) => window.location.assign(url),
  openTab: (url) => {
    const tab = window.open(url, '_blank')
    if (tab) tab.opener = null
    return tab !== null
  },
  schedule: (fn, ms) => void window.setTimeout(fn, ms),
}

/** How long an idle moment may be waited for before the takeover loads anyway. */
const IDLE_TIMEOUT_MS = 4000

let leaving = false
// A form sent by the server's own page (a star, a language button, Submit) before the script took over: the answer
// is on its way, drawing the same screen again under the customer's finger would only cost them time.
document.addEventListener('submit', () => (leaving = true), { capture: true, once: true })
window.addEventListener('pagehide', () => (leaving = true), { once: true })

function takeOverWhenIdle() {
  if (leaving) return
  void import('./takeover').then(({ takeOver }) => {
    // When a tap is handled by the script (read by `npm run bench:review-page`).
    if (!leaving && takeOver(document, effects)) performance.mark('review-interactive')
  })
}

function whenIdle(run: () => void) {
  // Safari has no requestIdleCallback: there, the turn after the load event.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
  else setTimeout(run, 0)
}

if (document.readyState === 'complete') whenIdle(takeOverWhenIdle)
else window.addEventListener('load', () => whenIdle(takeOverWhenIdle), { once: true })
