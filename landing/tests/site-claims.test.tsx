/*
 * Two facts every page of the site states in the same words (docs/product-rules.md): which business keeps working
 * after the trial (the contract's AFTER_TRIAL_RULE, as the dashboard says it), and the customer page's nine
 * languages (content/languages.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { screen, within } from '@testing-library/react'
import { AFTER_TRIAL_RULE } from '@reviewroute/backend/contract/product_rules'
import { REVIEW_LANGUAGES } from '@reviewroute/backend/contract/review_messages/index'
import { CUSTOMER_PAGE_LANGUAGES, LANGUAGE_COUNT, LANGUAGE_LIST } from '#site/content/languages'
import AboutPage from '#site/pages/about'
import GrowPage from '#site/pages/grow'
import HelpPage from '#site/pages/help'
import IndianPage from '#site/pages/indian'
import IndianRedesignedPage from '#site/pages/indian-redesigned'
import PrivacyPage from '#site/pages/privacy'
import TermsPage from '#site/pages/terms'
import { mockFetch, NEVER, renderAt } from './helpers'

const NINE = ['English', 'Hindi', 'Bengali', 'Marathi', 'Telugu', 'Tamil', 'Gujarati', 'Kannada', 'Malayalam']
const pageText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ')
const section = (id: string) => document.getElementById(id)!.textContent!.replace(/\s+/g, ' ')

beforeEach(() => {
  mockFetch({ 'GET /api/billing/subscription-plans': () => ({ body: [] }) }, NEVER)
})
afterEach(() => vi.unstubAllGlobals())

describe('after the trial, the oldest business keeps working', () => {
  it('the help says it under the free plan and the trial, in the rule’s words', () => {
    renderAt('/help', <HelpPage />)
    expect(section('free-plan')).toContain(AFTER_TRIAL_RULE)
    expect(section('free-plan')).toContain('Free accounts get 1 business and 50 reviews per business per month')
    expect(section('trial')).toContain(AFTER_TRIAL_RULE)
    expect(section('trial')).not.toContain('your review links keep working within the free limits')
  })

  it('the FAQ answers "What happens when my trial ends?" with it', () => {
    renderAt('/indian', <IndianPage />)
    const faq = document.getElementById('faq')!
    const question = within(faq).getByText('What happens when my trial ends?')
    expect(question.closest('details')).toHaveTextContent(AFTER_TRIAL_RULE)
    expect(pageText()).not.toContain('your review link keeps working for 1 business')
  })

  it('the pricing section says it under the plans’ heading', () => {
    renderAt('/indian-redesigned', <IndianRedesignedPage />)
    expect(document.getElementById('pricing')).toHaveTextContent(AFTER_TRIAL_RULE)
  })

  it('the terms say it where the trial ends', () => {
    renderAt('/terms', <TermsPage />)
    expect(section('trial')).toContain(AFTER_TRIAL_RULE)
  })
})

describe('the customer page speaks nine languages', () => {
  it('names exactly the customer page’s languages, in its order', () => {
    expect(CUSTOMER_PAGE_LANGUAGES).toEqual(NINE)
    expect(CUSTOMER_PAGE_LANGUAGES).toHaveLength(REVIEW_LANGUAGES.length)
    expect(LANGUAGE_COUNT).toBe('nine languages')
    expect(LANGUAGE_LIST).toBe('English, Hindi, Bengali, Marathi, Telugu, Tamil, Gujarati, Kannada and Malayalam')
  })

  it('the help’s section lists all nine', () => {
    renderAt('/help', <HelpPage />)
    expect(screen.getByRole('heading', { name: 'Customer page in nine languages' })).toBeInTheDocument()
    for (const language of NINE) expect(section('languages')).toContain(language)
  })

  it('the landing pages’ features and FAQ list all nine', () => {
    renderAt('/grow', <GrowPage />)
    expect(document.getElementById('features')).toHaveTextContent(LANGUAGE_LIST)
    const question = within(document.getElementById('faq')!).getByText('Can my customers rate in Hindi or their own language?')
    expect(question.closest('details')).toHaveTextContent(`The rating page speaks nine languages: ${LANGUAGE_LIST}.`)
    expect(pageText()).toContain(`in their own language (${LANGUAGE_LIST})`)
  })

  it('the about and privacy pages do not say two', () => {
    renderAt('/about', <AboutPage />)
    expect(pageText()).toContain(`The customer page speaks ${LANGUAGE_LIST}`)
    document.body.innerHTML = ''
    renderAt('/privacy', <PrivacyPage />)
    expect(pageText()).toContain('one of its nine languages')
  })

  it('no file of the site says "English and Hindi" or the like any more', () => {
    const root = join(__dirname, '../src/site')
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : []
      })
    const twoLanguages = /English (and|or) Hindi|Hindi (and|or) English|Hindi as well as English|Speaks Hindi too/i
    const offenders = files(root).filter((path) => twoLanguages.test(readFileSync(path, 'utf8')))
    expect(offenders).toEqual([])
  })
})
