/*
 * Builds the widget's elements from the data answer. Everything from the data goes in as text (textContent) or as
 * an attribute; a link is only ever an http(s) address. The words are the answer's labels, in the business's
 * language; each review's text keeps its own (lang and dir from the text itself).
 */
import type { WidgetData, WidgetLabels, WidgetLayout, WidgetReview } from './types'

type Attrs = Record<string, string | number | boolean | null | undefined>
type Child = Node | string | null | undefined | false

/** An element with attributes (null/false leave one out) and children (strings become text nodes). */
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue
    element.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) {
    if (child || child === '') element.append(child)
  }
  return element
}

/** The address when it is an absolute http(s) one, else null (never a javascript: or data: link). */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** "{count} reviews" with the count put in ("{{count}}" too, the messages' own form). */
const fill = (template: string, key: string, value: string) => template.split(`{{${key}}}`).join(value).split(`{${key}}`).join(value)

function number(language: string, value: number, digits = 0) {
  try {
    return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
  } catch {
    return value.toFixed(digits)
  }
}

function month(language: string, iso: string) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  try {
    return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric' }).format(date)
  } catch {
    return iso.slice(0, 7)
  }
}

const SVG = 'http://www.w3.org/2000/svg'

/** Google's "G", the attribution mark. */
function googleMark(size: number) {
  const svg = document.createElementNS(SVG, 'svg')
  svg.setAttribute('viewBox', '0 0 48 48')
  svg.setAttribute('width', String(size))
  svg.setAttribute('height', String(size))
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('class', 'g')
  const paths: [string, string][] = [
    ['#EA4335', 'M24 9.5c3.5 0 6.7 1.2 9.2 3.6l6.9-6.9C35.9 2.4 30.5 0 24 0 14.6 0 6.6 5.4 2.6 13.3l8 6.2C12.6 13.6 17.8 9.5 24 9.5z'],
    ['#4285F4', 'M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.4-4.7 7l7.6 5.9c4.4-4.1 6.8-10.1 6.8-17.3z'],
    ['#FBBC05', 'M10.5 28.5c-.5-1.4-.8-2.9-.8-4.5s.3-3.1.8-4.5l-8-6.2C.9 16.5 0 20.1 0 24s.9 7.5 2.6 10.7l7.9-6.2z'],
    ['#34A853', 'M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.4-4.1-13.3-9.7l-8 6.2C6.6 42.6 14.6 48 24 48z'],
  ]
  for (const [colour, d] of paths) {
    const path = document.createElementNS(SVG, 'path')
    path.setAttribute('fill', colour)
    path.setAttribute('d', d)
    svg.append(path)
  }
  return svg
}

/** Five stars filled to `value` (0-5), with the rating as words for screen readers. */
function stars(value: number, labels: WidgetLabels, spoken: string) {
  const filled = Math.max(0, Math.min(5, value))
  const gold = h('span', { 'aria-hidden': 'true' }, '★★★★★')
  // Through the CSSOM, which a page's Content-Security-Policy allows where it forbids style attributes.
  gold.style.width = `${(filled / 5) * 100}%`
  return h('span', { 'class': 'st', 'role': 'img', 'aria-label': fill(labels.ratingOutOf, 'rating', spoken) }, '★★★★★', gold)
}

function link(href: string | null, attrs: Attrs, ...children: Child[]) {
  // Without a usable address the words stay, as plain text.
  return href ? h('a', { href, target: '_blank', rel: 'noopener', ...attrs }, ...children) : h('span', attrs, ...children)
}

function writeButton(data: WidgetData) {
  return link(safeUrl(data.business.reviewUrl), { class: 'write' }, data.labels.writeReview)
}

/** The business's rating: "4.6 ★★★★★ 128 reviews on Google" (the count links to the listing). */
function summary(data: WidgetData, withMark: boolean) {
  const { labels, language, rating } = data
  const head = h('div', { class: 'head' })
  if (withMark) head.append(googleMark(20))
  if (typeof rating.average === 'number') {
    const average = number(language, rating.average, 1)
    head.append(h('span', { 'class': 'avg', 'aria-hidden': 'true' }, average), stars(rating.average, labels, average))
  }
  const count = fill(labels.reviewsOnGoogle, 'count', number(language, rating.count))
  return { head, count: link(safeUrl(data.business.listingUrl), { class: 'count' }, count) }
}

function card(review: WidgetReview, data: WidgetData) {
  const { labels, language } = data
  const photo = safeUrl(review.photoUrl)
  const name = review.reviewer || '·'
  const initial = () => h('span', { 'class': 'ini', 'aria-hidden': 'true' }, [...name.trim()][0]?.toUpperCase() ?? '·')
  const avatar = photo
    ? h('img', { src: photo, alt: '', width: 36, height: 36, loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' })
    : initial()
  // A photo that does not load (moved, blocked by the site's policy) shows the initial, not a broken image.
  if (photo) avatar.addEventListener('error', () => avatar.replaceWith(initial()), { once: true })
  const when = month(language, review.time)
  return h(
    'li',
    { class: 'card' },
    h(
      'div',
      { class: 'who' },
      avatar,
      h(
        'div',
        { class: 'nw' },
        h('span', { class: 'name', dir: 'auto' }, name),
        h(
          'span',
          { class: 'meta' },
          stars(review.stars, labels, number(language, review.stars)),
          when && h('time', { datetime: review.time }, when)
        )
      )
    ),
    // The text's own language is unknown: dir=auto and an empty lang keep the page's and ours off it.
    h('p', { class: 'text', dir: 'auto', lang: '' }, review.text),
    link(safeUrl(data.business.listingUrl), { class: 'more', hidden: true }, labels.readMore)
  )
}

/** Shows "Read more" under each text the clamp has cut (measured once laid out). */
export function markClamped(root: ParentNode) {
  for (const text of root.querySelectorAll<HTMLElement>('.text')) {
    const more = text.nextElementSibling as HTMLElement | null
    if (more && text.scrollHeight > text.clientHeight + 1) more.hidden = false
  }
}

function nav(label: string, glyph: string, controls: string) {
  return h(
    'button',
    { 'type': 'button', 'class': 'nav', 'aria-label': label, 'aria-controls': controls },
    h('span', { 'aria-hidden': 'true' }, glyph)
  )
}

let ids = 0

/**
 * The carousel's behaviour: previous/next scroll the track by its width (smoothly unless reduced motion is asked
 * for), the arrow keys do the same from anywhere in the widget, and a button at its end says so (aria-disabled keeps
 * the focus on it).
 */
function carousel(region: HTMLElement, track: HTMLElement, previous: HTMLElement, next: HTMLElement) {
  const reduced = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
  const update = () => {
    const end = track.scrollWidth - track.clientWidth - 2
    previous.setAttribute('aria-disabled', String(track.scrollLeft <= 2))
    next.setAttribute('aria-disabled', String(track.scrollLeft >= end))
  }
  const go = (step: number) => {
    if (typeof track.scrollBy === 'function') track.scrollBy({ left: step * track.clientWidth, behavior: reduced() ? 'auto' : 'smooth' })
    else track.scrollLeft += step * track.clientWidth
    update()
  }
  previous.addEventListener('click', () => go(-1))
  next.addEventListener('click', () => go(1))
  region.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    go(event.key === 'ArrowRight' ? 1 : -1)
  })
  track.addEventListener('scroll', update, { passive: true })
  // Also once laid out (the first observation), and when the page resizes the widget.
  if (typeof ResizeObserver === 'function') new ResizeObserver(update).observe(track)
  update()
}

/** The widget for `layout` (with no reviews, every layout shows the badge's content). */
export function render(data: WidgetData, layout: WidgetLayout): HTMLElement {
  const { labels, business } = data
  const reviews = Array.isArray(data.reviews) ? data.reviews : []
  const label = `${business.name} · ${labels.poweredByGoogle}`
  const lang = data.language || 'en'

  if (layout === 'badge' || reviews.length === 0) {
    const { head, count } = summary(data, false)
    if (!head.childElementCount) head.append(h('span', { class: 'nm' }, business.name))
    return h(
      'div',
      { 'class': 'w badge', 'role': 'region', 'aria-label': label, lang, 'data-layout': layout },
      googleMark(28),
      h('div', { class: 'sum' }, head, count),
      writeButton(data)
    )
  }

  const { head, count } = summary(data, true)
  head.append(count)
  const id = `rr-reviews-${++ids}`
  const by = h('span', { class: 'by' }, labels.poweredByGoogle)
  const list = h('ul', { id, class: layout === 'list' ? 'scroll' : 'track' }, ...reviews.map((review) => card(review, data)))

  if (layout === 'list') {
    // The list scrolls inside its fixed box; it takes the focus so that the keyboard can scroll it too.
    list.setAttribute('tabindex', '0')
    list.setAttribute('aria-label', labels.poweredByGoogle)
    return h(
      'div',
      { 'class': 'w list', 'role': 'region', 'aria-label': label, lang, 'data-layout': layout },
      head,
      list,
      h('div', { class: 'foot' }, by, writeButton(data))
    )
  }

  const previous = nav(labels.previous, '‹', id)
  const next = nav(labels.next, '›', id)
  const region = h(
    'div',
    { 'class': 'w carousel', 'role': 'region', 'aria-label': label, lang, 'data-layout': layout },
    head,
    list,
    h('div', { class: 'foot' }, previous, next, by, writeButton(data))
  )
  carousel(region, list, previous, next)
  return region
}
