import { useState } from 'react'
import { Link } from 'react-router'
import type { UserDto } from '@reviewroute/backend/types/api'
import { SIGN_IN_URL, SIGN_UP_URL } from '@reviewroute/web-shared/constants'
import { clearToken } from '@reviewroute/web-shared/token'
import { api } from '@reviewroute/web-shared/api'
import { Logo } from './logo'

export interface NavAnchor {
  href: string
  label: string
}

interface Props {
  user: UserDto | null
  anchors?: NavAnchor[]
}

/** Signed out: anchors, Sign In and Start Free Trial. Signed in: Dashboard and a user menu. */
export function Header({ user, anchors = [] }: Props) {
  const [menuOpen, setMenuOpen] = useState(false)
  const name = user?.firstName || user?.email.split('@')[0]

  async function logOut() {
    await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined)
    clearToken()
    window.location.assign('/')
  }

  return (
    <header className="site-header">
      <div className="container site-header__row">
        <Logo />
        {anchors.length > 0 && (
          <nav className="site-header__anchors" aria-label="Page sections">
            {anchors.map((anchor) => (
              <a key={anchor.href} href={anchor.href}>
                {anchor.label}
              </a>
            ))}
          </nav>
        )}
        <div className="site-header__actions">
          {user ? (
            <>
              <Link className="button button--primary" to="/dashboard" reloadDocument>
                Dashboard
              </Link>
              <div className="user-menu">
                <button
                  type="button"
                  className="avatar"
                  aria-haspopup="menu"
                  aria-expanded={menuOpen}
                  onClick={() => setMenuOpen((open) => !open)}
                >
                  {(name ?? '?').slice(0, 1).toUpperCase()}
                </button>
                {menuOpen && (
                  <div className="user-menu__list" role="menu">
                    <p className="user-menu__name">{name}</p>
                    <a role="menuitem" href="/dashboard">
                      Dashboard
                    </a>
                    <a role="menuitem" href="/profile">
                      Profile
                    </a>
                    <button role="menuitem" type="button" onClick={logOut}>
                      Log out
                    </button>
                  </div>
                )}
              </div>
            </>
          ) : (
            <>
              <Link className="button button--ghost" to={SIGN_IN_URL}>
                Sign In
              </Link>
              <Link className="button button--primary" to={SIGN_UP_URL}>
                Start Free Trial
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
