/*
 * The customer page exactly as the server sends it (backend/app/web/review_page.ts renders it here), put into the
 * test document, and the bundle's takeover run over it: the tests meet the page the way a phone does.
 */
import { vi } from 'vitest'
import { renderReviewPage, pageLanguage, type Screen } from '../../backend/app/web/review_page'
import type { ReviewLanguage } from '@reviewroute/backend/contract/review_messages/index'
import type { ReviewLinkDto } from '@reviewroute/backend/types/api'
import type { Effects } from '#review/review-page'
import { takeOver } from '#review/takeover'

export const GOOGLE = 'https://search.google.com/local/writereview?placeid=abc'

export const link = (overrides: Partial<ReviewLinkDto> = {}, business: Partial<ReviewLinkDto['business']> = {}): ReviewLinkDto => ({
  business: {
    name: 'Sharma Sweets',
    address: 'MG Road, Pune',
    shortUrl: 'sharma',
    googleReviewUrl: GOOGLE,
    complianceMode: false,
    language: null,
    ...business,
  },
  canSubmitReview: true,
  reviewCount: 120,
  ...overrides,
})

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Rate your visit · ReviewRoute</title><!--review-head--></head>' +
  '<body><div id="root"><!--review-prepaint--></div><!--review-templates--></body></html>'

export interface Served {
  language?: ReviewLanguage
  screen?: Screen
  link?: ReviewLinkDto | null
  /** Opened from a review request's personal link. */
  requestToken?: string
  /** Opened from a staff member's link or QR. */
  staffCode?: string
}

/** Puts the server's page into the document (scripts not run, as before the bundle arrives). */
export function serve({ language = 'en', screen = { view: 'rate' }, link: served = link(), requestToken, staffCode }: Served = {}) {
  const html = renderReviewPage(TEMPLATE, { code: 'sharma', link: served, requestToken, staffCode, ...pageLanguage(language) }, screen)
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  document.documentElement.lang = parsed.documentElement.lang
  document.head.innerHTML = parsed.head.innerHTML
  document.body.innerHTML = parsed.body.innerHTML
  return document.getElementById('root')!.cloneNode(true) as HTMLElement
}

export function effects({ isMobile = true, tabOpens = true } = {}) {
  return { isMobile, navigate: vi.fn(), openTab: vi.fn(() => tabOpens), schedule: vi.fn() } satisfies Effects
}

/** The server's page, then the bundle taking it over. */
export function open<E extends Effects = ReturnType<typeof effects>>(served: Served = {}, fx: E = effects() as Effects as E) {
  serve(served)
  if (!takeOver(document, fx)) throw new Error('nothing to take over')
  return fx
}

/** Markup as a browser compares it: adjacent text merged, attribute order ignored. */
export function sameMarkup(a: Node, b: Node) {
  const [x, y] = [a.cloneNode(true), b.cloneNode(true)]
  x.normalize()
  y.normalize()
  return x.isEqualNode(y)
}
