/*
 * The footer's Product links (docs/screens.md#site-routes): a signed-out visitor's "Pricing" and "Analytics" open the home page's pricing
 * section and analytics feature, not the dashboard's sign-in; a signed-in owner's go to the dashboard.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { Footer } from '#site/components/footer'
import IndianRedesignedPage from '#site/pages/indian-redesigned'
import NotFoundPage from '#site/pages/not-found'
import { mockFetch, renderAt, USER } from './helpers'

// The plans for the pricing section; the footer's health check answers ok.
beforeEach(() => {
  mockFetch({ 'GET /api/billing/subscription-plans': () => ({ body: [] }) }, () => ({ body: { status: 'ok' } }))
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const productLink = (name: string) => within(screen.getByRole('navigation', { name: 'Product' })).getByRole('link', { name })

const SITE = (
  <Routes>
    <Route path="/" element={<IndianRedesignedPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
)

describe('footer Product links', () => {
  test('signed out, Pricing and Analytics point at sections of the home page that exist', async () => {
    renderAt('/', SITE)
    expect(productLink('Pricing')).toHaveAttribute('href', '/#pricing')
    expect(productLink('Analytics')).toHaveAttribute('href', '/#analytics')
    expect(document.getElementById('pricing')).toHaveTextContent('Pricing')
    expect(document.getElementById('analytics')).toHaveTextContent('Know what is working')
    await screen.findByText('All systems operational')
  })

  test.each([
    ['Pricing', 'pricing'],
    ['Analytics', 'analytics'],
  ])('from another page, %s opens the home page scrolled to its section', async (label, id) => {
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this)
    })
    renderAt('/no-such-page', SITE)
    await userEvent.click(productLink(label))
    expect(await screen.findByRole('heading', { level: 1, name: /Let Google hear it/ })).toBeInTheDocument()
    expect(scrolled).toContain(document.getElementById(id))
    await screen.findByText('All systems operational')
  })

  test('signed in, they go to the dashboard', async () => {
    renderAt('/', <Footer user={USER} />)
    expect(productLink('Pricing')).toHaveAttribute('href', '/billing')
    expect(productLink('Analytics')).toHaveAttribute('href', '/dashboard/analytics')
    await screen.findByText('All systems operational')
  })
})
