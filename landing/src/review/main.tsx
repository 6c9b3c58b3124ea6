/*
 * Entry of the small customer bundle: /review/:code and /thanks. The server renders the whole page in the
 * customer's language and inlines its data with only that language's strings (#review-data), so this bundle holds
 * no texts and is the same for every language; it draws the same screen over the server's markup and takes over.
 * Without inlined data (a bare Vite dev server) there is nothing to draw with: the page stays as served.
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

// React and the screens load after the first HTML, not beside it: listed in the page as preloads they would share a
// slow line with the render-blocking CSS and hold back the first paint, when the server's form already works.
void import('./takeover').then(({ takeOver }) => {
  // When a tap is handled by the script (read by `npm run bench:review-page`).
  if (takeOver(document, effects)) performance.mark('review-interactive')
})
