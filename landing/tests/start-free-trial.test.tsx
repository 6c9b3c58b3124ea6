/*
 * Start Free Trial keeps the address docs/decisions.md D14 fixes (outside tools depend on it): sign-up, then
 * /billing?source=signup, where the required phone modal opens once. What the new owner finds there is the
 * dashboard's side of docs/decisions.md D39 (frontend tests/billing: the trial-start card).
 */
import { screen } from '@testing-library/react'
import { SIGN_UP_URL } from '@reviewroute/web-shared/constants'
import { safeRedirect } from '@reviewroute/web-shared/redirect'
import RootPage from '#site/pages/root'
import { mockFetch, renderAt } from './helpers'

beforeEach(() => {
  mockFetch({}, () => ({ body: [] }))
})
afterEach(() => vi.unstubAllGlobals())

describe('Start Free Trial', () => {
  it('signs up, then goes to /billing?source=signup (docs/decisions.md D14)', () => {
    const url = new URL(SIGN_UP_URL, 'http://localhost')
    expect(url.pathname).toBe('/auth')
    expect(url.searchParams.get('mode')).toBe('signup')
    expect(url.searchParams.get('redirect')).toBe('/billing?source=signup')
    // The sign-in page follows it (only same-site paths are followed).
    expect(safeRedirect('/billing?source=signup')).toBe('/billing?source=signup')
  })

  it("is where the landing page's Start Free Trial buttons go", async () => {
    renderAt('/', <RootPage />)
    const links = await screen.findAllByRole('link', { name: 'Start Free Trial' })
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) {
      const href = new URL(link.getAttribute('href')!, 'http://localhost')
      expect(link.getAttribute('href')).toBe(SIGN_UP_URL)
      expect(href.searchParams.get('redirect')).toBe('/billing?source=signup')
    }
  })
})
