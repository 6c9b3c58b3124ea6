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

/** For the hand-over's frame: styles.css keeps the app's transitions off, so nothing fades in from hidden. */
const HANDOVER_CLASS = 'first-paint-handover'

export function dismissFirstPaint(doc: Document = document) {
  const html = doc.documentElement
  html.setAttribute(APP_DRAWN, '')
  const layer = doc.getElementById(FIRST_PAINT_ID)
  if (!layer) return
  layer.remove()
  doc.getElementById(FIRST_PAINT_STATUS_ID)?.remove()
  doc.getElementById('root')?.removeAttribute('inert')
  html.classList.add(HANDOVER_CLASS)
  html.classList.remove(FIRST_PAINT_CLASS)
  doc.defaultView?.requestAnimationFrame(() => html.classList.remove(HANDOVER_CLASS))
}

/** Whether the app has shown its own screen (dismissFirstPaint() has run). */
export const appHasDrawn = (doc: Document = document) => doc.documentElement.hasAttribute(APP_DRAWN)
