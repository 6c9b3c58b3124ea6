/*
 * "Continue with Google" on the sign-in page (docs/decisions.md D29): offered only when the server says the identity
 * provider is configured. A plain link, not a fetch: the server answers with the provider's page, then comes back to
 * /auth/callback.
 */
import { useEffect, useState } from 'react'
import type { OidcConfigResponse } from '@reviewroute/backend/types/api'
import { api } from '@reviewroute/web-shared/api'
import { safeRedirect } from '@reviewroute/web-shared/redirect'

export type AuthMode = 'signin' | 'signup'

/** Where the button goes: the server's start of the provider's flow, with a same-origin path to come back to. */
export function oidcStartUrl(mode: AuthMode, redirect: string | null) {
  return `/api/auth/oidc/start?${new URLSearchParams({ mode, redirect: safeRedirect(redirect) })}`
}

/** Google's four-colour G, as its sign-in button guidelines draw it. */
function GoogleMark() {
  return (
    <svg className="oidc-button__mark" viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  )
}

/** The provider's button and an "or" above the email form, or nothing while unknown, off or unreachable. */
export function OidcSignIn({ mode, redirect }: { mode: AuthMode; redirect: string | null }) {
  const [config, setConfig] = useState<OidcConfigResponse | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    api<OidcConfigResponse>('/api/auth/oidc/config', { auth: false, signal: controller.signal })
      .then(setConfig)
      .catch(() => setConfig(null))
    return () => controller.abort()
  }, [])

  if (!config?.enabled) return null
  return (
    <>
      <a className="oidc-button" href={oidcStartUrl(mode, redirect)}>
        {config.name === 'Google' && <GoogleMark />}
        <span>Continue with {config.name}</span>
      </a>
      <div className="auth__divider" role="separator" aria-label="or">
        <span aria-hidden="true">or</span>
      </div>
    </>
  )
}
