/*
 * "Continue with Google" (docs/decisions.md D29): start sends the browser to the provider, the provider sends it
 * back to callback, and the site page /auth/callback trades the one-time code for our access token. What the
 * round trip needs (state, nonce, PKCE verifier) travels in an encrypted HTTP-only cookie, so a callback is
 * accepted only in the browser that started it.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import SignInWithOidc from '#actions/auth/sign_in_with_oidc'
import { AppException, NotFoundError } from '#exceptions/app_errors'
import { OidcClient, type PendingSignIn } from '#services/identity/oidc_client'
import { oidcExchangeValidator } from '#validators/auth'
import { serializeUser } from '#serializers/users'
import type { AuthResponse, OidcConfigResponse } from '#types/api'

const COOKIE = 'rr_oidc'
const COOKIE_OPTIONS = { path: '/api/auth/oidc', httpOnly: true, sameSite: 'lax', maxAge: '10m' } as const
const MAX_REDIRECT_LENGTH = 2000

export const OIDC_CANCELLED = 'You cancelled signing in with Google. Sign in another way, or try again.'
export const OIDC_EXPIRED = 'This sign-in took too long or was started in another browser. Please try again.'
export const OIDC_UNAVAILABLE = 'Signing in with Google is not available right now. Please use your email and password.'
export const OIDC_FAILED = 'Signing in with Google did not work. Please try again.'

interface PendingCookie extends PendingSignIn {
  redirect: string
  mode: 'signin' | 'signup'
}

/** The site page that finishes the sign-in; it checks `redirect` with the same rule as the sign-in page. */
const callbackPage = (params: Record<string, string>) => `/auth/callback?${new URLSearchParams(params)}`

export default class OidcController {
  @inject()
  config(_: HttpContext, oidcClient: OidcClient): OidcConfigResponse {
    return { enabled: oidcClient.isConfigured, name: oidcClient.name }
  }

  @inject()
  async start({ request, response }: HttpContext, oidcClient: OidcClient) {
    if (!oidcClient.isConfigured) throw new NotFoundError()
    const mode = request.qs().mode === 'signup' ? 'signup' : 'signin'
    const rawRedirect = request.qs().redirect
    const redirect = typeof rawRedirect === 'string' && rawRedirect.length <= MAX_REDIRECT_LENGTH ? rawRedirect : ''
    try {
      const { url, pending } = await oidcClient.start()
      response.encryptedCookie(COOKIE, { ...pending, redirect, mode } satisfies PendingCookie, COOKIE_OPTIONS)
      return response.redirect(url.href)
    } catch (error) {
      logger.warn({ err: error }, 'OpenID discovery failed')
      return response.redirect(callbackPage({ error: OIDC_UNAVAILABLE, mode, redirect }))
    }
  }

  @inject()
  async callback({ request, response }: HttpContext, oidcClient: OidcClient, signIn: SignInWithOidc) {
    if (!oidcClient.isConfigured) throw new NotFoundError()
    const pending = request.encryptedCookie(COOKIE) as PendingCookie | null
    response.clearCookie(COOKIE, COOKIE_OPTIONS)
    const back = { mode: pending?.mode ?? 'signin', redirect: pending?.redirect ?? '' }
    const query = request.qs()

    if (query.error === 'access_denied') return response.redirect(callbackPage({ error: OIDC_CANCELLED, ...back }))
    if (!pending || typeof pending.state !== 'string' || query.state !== pending.state) {
      return response.redirect(callbackPage({ error: OIDC_EXPIRED, ...back }))
    }
    try {
      const claims = await oidcClient.finish(new URL(request.completeUrl(true)).search, pending)
      const code = await signIn.codeFor(claims)
      return response.redirect(callbackPage({ code, redirect: pending.redirect }))
    } catch (error) {
      // Our own sentences (an address the provider did not verify) go to the page; anything else is logged.
      if (error instanceof AppException && error.status < 500) return response.redirect(callbackPage({ error: error.message, ...back }))
      logger.warn({ err: error }, 'OpenID sign-in failed')
      return response.redirect(callbackPage({ error: OIDC_FAILED, ...back }))
    }
  }

  @inject()
  async exchange({ request }: HttpContext, signIn: SignInWithOidc): Promise<AuthResponse> {
    const { code } = await request.validateUsing(oidcExchangeValidator)
    const { user, token } = await signIn.exchange(code, request.header('user-agent'))
    return { token, user: serializeUser(user) }
  }
}
