/*
 * The hand-over from the first paint (first-paint.ts) to the app: the app calls dismissFirstPaint() in the same
 * commit that draws its own version of the screen (or anything else), so there is never a frame with both or
 * neither; from then on no first paint is drawn (`data-app-drawn` on <html>). Until then the app's loading states
 * stay under the first paint. Nothing else happens when there was no first paint.
 */
export const FIRST_PAINT_ID = 'first-paint'
/** What a screen reader hears meanwhile (the first paint itself is hidden from it: it shows, it does not respond). */
export const FIRST_PAINT_STATUS_ID = 'first-paint-status'
/** On <html> while the first paint shows: styles.css keeps the app's root (`inert` meanwhile) out of sight. */
export const FIRST_PAINT_CLASS = 'first-paint'
const APP_DRAWN = 'data-app-drawn'

export function dismissFirstPaint(doc: Document = document) {
  doc.documentElement.setAttribute(APP_DRAWN, '')
  doc.getElementById(FIRST_PAINT_ID)?.remove()
  doc.getElementById(FIRST_PAINT_STATUS_ID)?.remove()
  doc.getElementById('root')?.removeAttribute('inert')
  doc.documentElement.classList.remove(FIRST_PAINT_CLASS)
}

/** Whether the app has shown its own screen (dismissFirstPaint() has run). */
export const appHasDrawn = (doc: Document = document) => doc.documentElement.hasAttribute(APP_DRAWN)
