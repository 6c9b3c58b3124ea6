/*
 * The site sells asking every customer, not review gating (docs/decisions.md D51). Google's review policy forbids
 * asking only happy customers, so no block of text may say that low ratings stay private, or that happy customers go
 * to Google and unhappy ones to the owner, unless it names the owner's choice in the words of web-shared/routing.ts.
 * Every page that explains where a rating goes names both choices, and none says "compliance mode" (the dashboard's
 * word, not the owner's).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReactElement } from 'react'
import type { BusinessDto, PlaceDto } from '@reviewroute/backend/types/api'
import { ROUTING } from '@reviewroute/web-shared/routing'
import { BusinessResult } from '#site/components/business-result'
import AboutPage from '#site/pages/about'
import AddBusinessPage from '#site/pages/add-business'
import CampaignPage from '#site/pages/campaign'
import GrowPage from '#site/pages/grow'
import HelpPage from '#site/pages/help'
import IndianPage from '#site/pages/indian'
import IndianRedesignedPage from '#site/pages/indian-redesigned'
import TermsPage from '#site/pages/terms'
import { mockFetch, NEVER, renderAt } from './helpers'

const LABELS = [ROUTING.byRating.label, ROUTING.everyone.label]

const LOW = String.raw`(?:1\s*[-–]\s*3|1 to 3|1, 2 or 3|one to three)\)?[-\s]*stars?`
/** Sentences that present filtering by rating as what the product does. */
const GATING = [
  // "1-3 stars come to you privately", "ratings of 1 to 3 stars stay with you as private feedback"
  new RegExp(`${LOW}[^.!?]*\\bprivate(?:ly)?\\b`, 'i'),
  // "unhappy ones talk to you first", "keeps unhappy feedback private"
  /\bunhappy\b[^.!?]*\b(?:private(?:ly)?|first|to you)\b/i,
  // "happy customers reach Google", "Delighted customers go straight to your Google review page"
  /\b(?:happy|happiest|delighted|satisfied)\b[^.!?]*\b(?:go|goes|reach|reaches|land|lands|sent|taken)\b[^.!?]*\bGoogle\b/i,
  // "sends the delighted ones straight to Google"
  /\b(?:sends?|takes?)\s+(?:the\s+)?(?:happy|happiest|delighted|satisfied)\b[^.!?]*\bGoogle\b/i,
]

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

const BLOCK = 'p, li, h1, h2, h3, h4, summary, blockquote, figcaption, td, dd, legend, label, div'

/**
 * The text of every block (paragraph, list item, heading, label…) as a reader meets it: its own words and those of
 * its inline parts (a <strong>, a link), not those of the blocks inside it, which are blocks of their own.
 */
function blocks(root: ParentNode = document.body): string[] {
  const found = new Map<Element, string>()
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const block = node.parentElement?.closest(BLOCK)
    if (block) found.set(block, (found.get(block) ?? '') + node.textContent)
  }
  return [...found.values()].map(squash).filter(Boolean)
}

/** Blocks that sell gating: a gating sentence, and neither choice named. */
const gatingClaims = (texts: string[]) =>
  texts.filter((text) => GATING.some((pattern) => pattern.test(text)) && !LABELS.some((label) => text.includes(label)))

const pageText = () => squash(document.body.textContent ?? '')

function expectHonestRouting() {
  expect(gatingClaims(blocks())).toEqual([])
  expect(pageText()).not.toMatch(/compliance mode/i)
}

function expectBothChoices(root: ParentNode = document.body) {
  const text = squash(root.textContent ?? '')
  for (const label of LABELS) expect(text).toContain(label)
}

beforeEach(() => {
  mockFetch({ 'GET /api/billing/subscription-plans': () => ({ body: [] }) }, NEVER)
})
afterEach(() => vi.unstubAllGlobals())

describe('the checks themselves', () => {
  it('catch the ways the site used to sell gating', () => {
    expect(
      gatingClaims([
        'Customers tap a star rating. 4-5 stars open your Google review page; 1-3 stars come to you as private feedback you can act on.',
        'Delighted customers go straight to your Google review page with one tap. Unhappy ones write to you privately first.',
        'Happy customers reach Google',
        'Customers who had a poor experience (1 to 3 stars) can tell you privately what went wrong.',
        'ReviewRoute collects more Google reviews and keeps unhappy feedback private.',
        'It asks every one of them at the counter, and sends the delighted ones straight to Google.',
      ])
    ).toHaveLength(6)
  })

  it('let a sentence through when it names the choice', () => {
    expect(
      gatingClaims([`${ROUTING.byRating.label}: ${ROUTING.byRating.text}`, `${ROUTING.everyone.label}: ${ROUTING.everyone.text}`])
    ).toEqual([])
  })
})

const PAGES: [string, ReactElement][] = [
  ['/', <IndianRedesignedPage />],
  ['/indian', <IndianPage />],
  ['/boost', <CampaignPage />],
  ['/grow', <GrowPage />],
  ['/help', <HelpPage />],
  ['/terms', <TermsPage />],
  ['/about', <AboutPage />],
  ['/add-business', <AddBusinessPage />],
]

describe('pages that explain where a rating goes', () => {
  it.each(PAGES)('%s never sells filtering by rating, and names both choices', (url, page) => {
    renderAt(url, page)
    expectHonestRouting()
    expectBothChoices()
  })

  it('the help explains the customer’s way for both choices where it explains routing', () => {
    renderAt('/help', <HelpPage />)
    expectBothChoices(document.getElementById('routing')!)
  })

  it('the terms recommend “Everyone may post on Google” by its name', () => {
    renderAt('/terms', <TermsPage />)
    const google = squash(document.getElementById('google')!.textContent!)
    expect(google).toContain(`We recommend “${ROUTING.everyone.label}”`)
  })
})

describe('a listing picked on /add-business', () => {
  const place: PlaceDto = {
    place_id: 'demo_chai-point',
    name: 'Chai Point',
    address: 'Koramangala, Bengaluru',
    rating: 4.3,
    reviewCount: 12,
  }

  it.each([
    [false, ROUTING.byRating.label],
    [true, ROUTING.everyone.label],
  ])('with complianceMode %s, says how its customers will be asked: %s', (complianceMode, label) => {
    renderAt('/add-business', <BusinessResult place={place} business={null} complianceMode={complianceMode} onBack={() => {}} />)
    expect(gatingClaims(blocks())).toEqual([])
    expect(pageText()).toContain(label)
  })

  it('an added business shows its own choice: picking a place the workspace has keeps it', () => {
    const business: BusinessDto = {
      id: 9,
      placeId: place.place_id,
      name: place.name,
      address: place.address,
      rating: place.rating,
      reviewCount: place.reviewCount,
      shortUrl: 'k7m2p9x',
      reviewUrl: 'https://reviews.example.in/review/k7m2p9x',
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=demo_chai-point',
      complianceMode: true,
      language: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    }
    renderAt('/add-business', <BusinessResult place={place} business={business} complianceMode={false} onBack={() => {}} />)
    expect(pageText()).toContain(ROUTING.everyone.label)
    expect(pageText()).not.toContain(ROUTING.byRating.label)
  })
})

describe('the site’s meta description', () => {
  it('does not promise to keep unhappy customers private', () => {
    const html = readFileSync(join(__dirname, '../index.html'), 'utf8')
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]
    expect(gatingClaims([description])).toEqual([])
  })
})
