import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { AuthResponse, OidcExchangeRequest } from '@reviewroute/backend/types/api'
import { api, ApiError, NETWORK_ERROR } from '@reviewroute/web-shared/api'
import { setToken } from '@reviewroute/web-shared/token'
import { safeRedirect } from '@reviewroute/web-shared/redirect'
import { AuthCard } from '#site/components/auth-card'

const INCOMPLETE = 'This sign-in link is incomplete. Please try again.'

/** What the server put in the address when it sent the browser back, read once: the code leaves the address at once. */
function readCallback() {
  const params = new URLSearchParams(window.location.search)
  return {
    code: params.get('code'),
    error: params.get('error'),
    mode: params.get('mode') === 'signup' ? 'signup' : 'signin',
    redirect: safeRedirect(params.get('redirect')),
  }
}

/** The address without the single-use code, so a reload or the history never offers it again. */
function dropCode() {
  const url = new URL(window.location.href)
  if (!url.searchParams.has('code')) return
  url.searchParams.delete('code')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}

/**
 * /auth/callback?code=…&redirect=/path (or ?error=…): where "Continue with Google" comes back (docs/decisions.md D29).
 * The one-time code becomes our own token, stored like a password sign-in's; a refusal says why and leads back to
 * the sign-in page with the same mode and destination.
 */
export default function AuthCallbackPage() {
  const [callback] = useState(readCallback)
  const [failure, setFailure] = useState<string | null>(callback.error ?? (callback.code ? null : INCOMPLETE))
  // The code is single use: React's development double effect must not spend it twice.
  const exchanged = useRef(false)

  useEffect(() => {
    dropCode()
    if (!callback.code || callback.error || exchanged.current) return
    exchanged.current = true
    const body: OidcExchangeRequest = { code: callback.code }
    api<AuthResponse>('/api/auth/oidc/exchange', { method: 'POST', body, auth: false })
      .then(({ token }) => {
        setToken(token)
        window.location.replace(callback.redirect)
      })
      .catch((error) => setFailure(error instanceof ApiError ? error.message : NETWORK_ERROR))
  }, [callback])

  if (!failure) {
    return (
      <AuthCard title="Signing you in…">
        <p className="muted" role="status" aria-busy="true">
          One moment.
        </p>
      </AuthCard>
    )
  }
  const back = new URLSearchParams({ mode: callback.mode, redirect: callback.redirect })
  return (
    <AuthCard title="We could not sign you in">
      <p className="alert alert--red" role="alert">
        {failure}
      </p>
      <Link className="button button--primary button--large" to={`/auth?${back}`}>
        Back to sign in
      </Link>
    </AuthCard>
  )
}
