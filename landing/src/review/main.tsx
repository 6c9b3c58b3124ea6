/*
 * Entry of the small customer bundle: /review/:code and /thanks. The server renders the whole page in the
 * customer's language and inlines its data with only that language's strings (#review-data), so this bundle holds
 * no texts and is the same for every language; it draws the same screen over the server's markup and takes over.
 * Without inlined data (a bare Vite dev server) there is nothing to draw with: the page stays as served.
 *
 * The server's forms answer every tap on their own, so nothing here may stand between the customer and the first
 * one (docs/decisions.md D62): this entry is a few hundred bytes (it only shows a 1-3 star's feedback form, which
 * the server put in the page, without waiting for the server to send it again), and the takeover (Preact,
 * vite.review.config.ts) is fetched and run only once the page has loaded and the phone is idle. A customer who has already tapped (a form
 * was sent, the page is leaving) is left to the server's answer.
 */
import './review.css'

/** How long an idle moment may be waited for before the takeover loads anyway. */
const IDLE_TIMEOUT_MS = 4000

/**
 * A tap on a star that the server answers with a feedback form, which it also put in the page (a
 * `<template data-feedback-rating>`, identical to its answer): that form is shown at once, under the address the
 * server's answer would have, instead of after a round trip; it posts as always, and the inlined data says so too,
 * so the takeover, when the phone is idle, takes over the feedback form as on the server's own feedback page. The
 * browser's Back asks the server for the stars again. Answers whether it did (a 4-5 star, or a page without the
 * form, goes to the server).
 */
function showFeedbackAtOnce(event: SubmitEvent) {
  const star = event.submitter
  if (!(star instanceof HTMLButtonElement) || star.name !== 'rating') return false
  const template = document.querySelector<HTMLTemplateElement>(`template[data-feedback-rating="${star.value}"]`)
  const stars = star.closest('main')
  const feedback = template?.content.firstElementChild?.cloneNode(true)
  const action = feedback instanceof HTMLElement ? feedback.querySelector('form')?.getAttribute('action') : null
  const data = document.getElementById('review-data')
  if (!stars || !(feedback instanceof HTMLElement) || !action || !data?.textContent) return false
  event.preventDefault()
  data.textContent = JSON.stringify({ ...JSON.parse(data.textContent), view: 'feedback', rating: Number(star.value) })
  stars.replaceWith(feedback)
  scrollTo(0, 0)
  history.pushState(null, '', action)
  // Back (or Forward again): the server's page for that address, the stars or this form.
  addEventListener('popstate', () => location.reload())
  return true
}

let leaving = false
// A form sent by the server's own page (a star, a language button, Submit) before the script took over: the answer
// is on its way, drawing the same screen again under the customer's finger would only cost them time. A 1-3 star
// whose form was shown at once leaves nothing on its way.
document.addEventListener('submit', (event) => (leaving = !showFeedbackAtOnce(event as SubmitEvent)), { capture: true, once: true })
window.addEventListener('pagehide', () => (leaving = true), { once: true })

function takeOverWhenIdle() {
  if (leaving) return
  void import('./takeover').then(({ takeOver, browserEffects }) => {
    // When a tap is handled by the script (read by `npm run bench:review-page`).
    if (!leaving && takeOver(document, browserEffects())) performance.mark('review-interactive')
  })
}

function whenIdle(run: () => void) {
  // Safari has no requestIdleCallback: there, the turn after the load event.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
  else setTimeout(run, 0)
}

if (document.readyState === 'complete') whenIdle(takeOverWhenIdle)
else window.addEventListener('load', () => whenIdle(takeOverWhenIdle), { once: true })
