import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { UserDto } from '@reviewroute/backend/types/api'
import { APP_VERSION, SALES_EMAIL, SUPPORT_EMAIL, WHATSAPP_SUPPORT } from '@reviewroute/web-shared/constants'
import { Logo } from './logo'

/** The status line reads the real health check instead of claiming one. */
function useStatusLine() {
  const [status, setStatus] = useState('Checking system status…')
  useEffect(() => {
    fetch('/api/health')
      .then((response) => setStatus(response.ok ? 'All systems operational' : 'Some services are degraded'))
      .catch(() => setStatus('System status unavailable'))
  }, [])
  return status
}

/**
 * Signed out, "Analytics" and "Pricing" open the home page's sections (the dashboard would only ask to sign in);
 * signed in, the dashboard's pages.
 */
export function Footer({ user }: { user: UserDto | null }) {
  const status = useStatusLine()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <Logo />
          <p className="muted">
            More Google reviews for India's small businesses: every customer is asked, and you hear about problems early.
          </p>
          <p className="site-footer__social">
            <a href="https://www.instagram.com/" rel="noopener noreferrer" target="_blank">
              Instagram
            </a>
            <a href="https://www.linkedin.com/" rel="noopener noreferrer" target="_blank">
              LinkedIn
            </a>
            <a href={WHATSAPP_SUPPORT} rel="noopener noreferrer" target="_blank">
              Chat on WhatsApp
            </a>
          </p>
        </div>
        <nav aria-label="Product">
          <h3>Product</h3>
          <a href="/dashboard">Dashboard</a>
          {user ? (
            <>
              <a href="/dashboard/analytics">Analytics</a>
              <a href="/billing">Pricing</a>
            </>
          ) : (
            <>
              <Link to="/#analytics">Analytics</Link>
              <Link to="/#pricing">Pricing</Link>
            </>
          )}
          <a href="/add-business#features">Features</a>
        </nav>
        <nav aria-label="Support">
          <h3>Support</h3>
          <Link to="/help">Help Center</Link>
          <Link to="/contact">Contact</Link>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>
        </nav>
        <nav aria-label="Legal">
          <h3>Legal</h3>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/cancellation-refund">Cancellation &amp; Refund</Link>
          <span>Cookie Policy</span>
          <span>Data Processing</span>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <span>© {new Date().getFullYear()} ReviewRoute</span>
        <span className="site-footer__status">
          <span className="dot" aria-hidden="true" /> {status}
        </span>
        <span>v{APP_VERSION}</span>
      </div>
    </footer>
  )
}
