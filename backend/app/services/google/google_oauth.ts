/*
 * Google's OAuth 2.0 for Business Profile access (docs/decisions.md D43) on openid-client, the library behind
 * "Continue with Google": the authorization code flow with PKCE (S256) and state, refresh and revocation.
 *
 * Google's endpoints are configured one by one (no discovery: a stub on loopback stands in for each in tests), and
 * the ID token that comes with the `email` scope is read from the token endpoint's own answer over TLS: the library
 * checks its issuer, audience and times; its signature is not needed for a token received straight from Google.
 */
import * as openid from 'openid-client'
import googleConfig from '#config/google'

export type GoogleConfig = typeof googleConfig

/** Google's issuer: what an ID token from the token endpoint names in `iss`. */
export const GOOGLE_ISSUER = 'https://accounts.google.com'

export interface GoogleTokens {
  accessToken: string
  expiresIn: number
  refreshToken: string | null
  email: string | null
}

/** Why a token call failed: Google said the grant is gone, or answered `status` (0: could not be reached). */
export type GoogleOAuthFailure = { grantLost: true; message: string } | { grantLost: false; status: number; message: string }

/** Reads openid-client's errors as what Google answered. */
export function oauthFailure(error: unknown): GoogleOAuthFailure {
  if (error instanceof openid.ResponseBodyError) {
    const message = `Google answered ${error.status}: ${error.error_description ?? error.error}`
    return error.error === 'invalid_grant' ? { grantLost: true, message } : { grantLost: false, status: error.status, message }
  }
  if (error instanceof openid.WWWAuthenticateChallengeError) {
    return { grantLost: false, status: error.status, message: `Google answered ${error.status}` }
  }
  const cause = (error as { cause?: unknown } | null)?.cause
  if (cause instanceof Response) return { grantLost: false, status: cause.status, message: `Google answered ${cause.status}` }
  return { grantLost: false, status: 0, message: `Google could not be reached: ${(error as Error).message}` }
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export async function pkcePair() {
  const verifier = openid.randomPKCECodeVerifier()
  return { verifier, challenge: await openid.calculatePKCECodeChallenge(verifier) }
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)

export class GoogleOAuth {
  #configuration: openid.Configuration | null = null

  constructor(
    private config: GoogleConfig,
    private scopes: string[]
  ) {}

  private get configuration() {
    if (this.#configuration) return this.#configuration
    const endpoints = [this.config.authorizeUrl, this.config.tokenUrl, this.config.revokeUrl].map((url) => new URL(url))
    const configuration = new openid.Configuration(
      {
        issuer: GOOGLE_ISSUER,
        authorization_endpoint: endpoints[0].href,
        token_endpoint: endpoints[1].href,
        revocation_endpoint: endpoints[2].href,
      },
      this.config.clientId,
      undefined,
      openid.ClientSecretPost(this.config.clientSecret)
    )
    configuration.timeout = Math.ceil(this.config.timeoutMs / 1000)
    // Plain http only for a stand-in on this machine; Google itself is https.
    if (endpoints.some((url) => url.protocol === 'http:') && endpoints.every(isLoopback)) openid.allowInsecureRequests(configuration)
    this.#configuration = configuration
    return configuration
  }

  /** Where the browser goes to grant access: offline (a refresh token) and consent (always a new one). */
  authorizationUrl(state: string, challenge: string) {
    return openid.buildAuthorizationUrl(this.configuration, {
      redirect_uri: this.config.redirectUri,
      scope: this.scopes.join(' '),
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
  }

  /** The callback's code for tokens; `state` was matched by the caller against its one-time record. */
  async exchangeCode(code: string, state: string, verifier: string): Promise<GoogleTokens> {
    const callback = new URL(this.config.redirectUri)
    callback.search = new URLSearchParams({ code, state }).toString()
    const answer = await openid.authorizationCodeGrant(this.configuration, callback, { pkceCodeVerifier: verifier, expectedState: state })
    const email = answer.claims()?.email
    return { ...tokensOf(answer), email: typeof email === 'string' ? email : null }
  }

  async refresh(refreshToken: string): Promise<GoogleTokens> {
    return { ...tokensOf(await openid.refreshTokenGrant(this.configuration, refreshToken)), email: null }
  }

  /** Throws when Google could not be asked or refused; a revoked token counts as revoked. */
  revoke(token: string) {
    return openid.tokenRevocation(this.configuration, token)
  }
}

function tokensOf(answer: openid.TokenEndpointResponse) {
  return {
    accessToken: answer.access_token,
    expiresIn: typeof answer.expires_in === 'number' ? answer.expires_in : 3600,
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
  }
}
