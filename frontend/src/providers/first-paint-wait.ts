/*
 * The app waits for the first paint (docs/decisions.md D63). On a repeat visit the app's files are at hand at once
 * (the service worker), so the app would start drawing right after the HTML: on a phone that holds the main thread
 * for most of a second, while the first paint, which only waits for the first screen's answers, could have shown
 * the overview's figures. index.html's early script leaves the first paint's progress on the window
 * (early-start.ts); main.tsx waits for it, for at most APP_WAITS_MS, before it draws. On a first visit the app's
 * files arrive long after the first paint, so nothing waits; without a first paint (another screen, no token, a
 * wide screen) there is nothing to wait for.
 */
export const FIRST_PAINT_KEY = '__reviewrouteFirstPaint'
export const APP_WAITS_MS = 1500

/** Where early-start.ts leaves it (a promise that settles, never rejects). */
type WithFirstPaint = Window & { [FIRST_PAINT_KEY]?: Promise<unknown> }

/** Resolves once the first paint has drawn or given up, at once without one, or after APP_WAITS_MS. */
export function firstPaintSettled(win: Window = window): Promise<unknown> {
  const painting = (win as WithFirstPaint)[FIRST_PAINT_KEY]
  if (!painting) return Promise.resolve()
  return Promise.race([painting, new Promise((resolve) => win.setTimeout(resolve, APP_WAITS_MS))])
}
