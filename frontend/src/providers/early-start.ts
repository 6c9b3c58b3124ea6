/*
 * index.html's first script (see early-requests.ts): starts the first screen's API calls and chunk preloads, and on
 * /dashboard the first paint (first-paint/first-paint.ts), drawn from those answers. The first paint's code is an
 * entry of its own, imported by the address in this script's `data-first-paint` (vite.config.ts writes it) and
 * fetched in parallel with the answers: this script stays tiny and loads nothing first, so the calls go out as soon
 * as the page starts. The dev server writes no such address: no first paint there.
 */
import type { paintFirstScreen } from '#first-paint/first-paint'
import { firstScreenAnswers, preloadFirstScreen, startEarlyRequests } from './early-requests'

const early = startEarlyRequests()
preloadFirstScreen()
const firstPaint = document.querySelector<HTMLScriptElement>('script[data-first-paint]')?.dataset.firstPaint
if (early && firstPaint && location.pathname === '/dashboard') {
  const answers = firstScreenAnswers(early)
  // The app waits for it: first-paint-wait.ts's FIRST_PAINT_KEY, written out so that this entry shares no chunk
  // with the app's (a shared chunk would be one more download before the calls go out).
  ;(window as unknown as Record<string, Promise<unknown>>).__reviewrouteFirstPaint = import(/* @vite-ignore */ firstPaint)
    .then((module: { paintFirstScreen: typeof paintFirstScreen }) => module.paintFirstScreen(answers))
    .catch(() => undefined)
}
