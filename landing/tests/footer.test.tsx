/*
 * The footer's Product links (docs/screens.md#site-routes): a signed-out visitor's "Pricing" and "Analytics" open the home page's pricing
 * section and analytics feature, not the dashboard's sign-in; a signed-in owner's go to the dashboard.
 */
import { Suspense } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { SessionProvider } from '#site/session'
import { Footer } from '#site/components/footer'
import IndianRedesignedPage from '#site/pages/indian-redesigned'
import NotFoundPage from '#site/pages/not-found'
import { USER } from './helpers'

// The plans for the pricing section; the footer's health check answers ok.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input).includes('/api/billing/subscription-plans') ? [] : { status: 'ok' }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    })
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const productLink = (name: string) => within(screen.getByRole('navigation', { name: 'Product' })).getByRole('link', { name })

function renderSite(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/" element={<IndianRedesignedPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </SessionProvider>
    </MemoryRouter>
  )
}

describe('footer Product links', () => {
  test('signed out, Pricing and Analytics point at sections of the home page that exist', async () => {
    renderSite('/')
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
    renderSite('/no-such-page')
    await userEvent.click(productLink(label))
    expect(await screen.findByRole('heading', { level: 1, name: /Let Google hear it/ })).toBeInTheDocument()
    expect(scrolled).toContain(document.getElementById(id))
    await screen.findByText('All systems operational')
  })

  test('signed in, they go to the dashboard', async () => {
    render(
      <MemoryRouter>
        <Footer user={USER} />
      </MemoryRouter>
    )
    expect(productLink('Pricing')).toHaveAttribute('href', '/billing')
    expect(productLink('Analytics')).toHaveAttribute('href', '/dashboard/analytics')
    await screen.findByText('All systems operational')
  })
})
