/*
 * The customer page as served: the built review.html with the business inlined as JSON (no API round trip
 * before the rating screen) and the business name, address and stars pre-painted, so a slow phone shows them
 * before any script has run. The script then takes over the same markup's place.
 */
import type { InlinedReview, ReviewLinkDto } from '#types/api'
import { escapeHtml, jsonForScript } from '#lib/html'

const STAR = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z"/></svg>'

export type { InlinedReview }

function prepaint(link: ReviewLinkDto) {
  const { name, address } = link.business
  const stars = Array.from({ length: 5 }, () => `<span class="star">${STAR}</span>`).join('')
  return (
    `<main class="card"><header class="business"><h1 class="business__name" elementtiming="business-name">${escapeHtml(name)}</h1>` +
    `<p class="business__address">${escapeHtml(address)}</p></header>` +
    `<section class="rate"><div class="stars">${stars}</div></section></main>`
  )
}

export function renderReviewPage(template: string, data: InlinedReview | null) {
  let html = template
    .replace('<!--review-head-->', data ? `<script id="review-data" type="application/json">${jsonForScript(data)}</script>` : '')
    .replace('<!--review-prepaint-->', data?.link ? prepaint(data.link) : '')
  if (data?.link) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(data.link.business.name)} · Rate your visit</title>`)
  return html
}
