/*
 * The OpenID Connect relying party behind "Continue with Google" (docs/decisions.md D29), on openid-client:
 * discovery at the configured issuer, authorization code with PKCE (S256), state and nonce; the ID token's
 * signature (the provider's JWKS), issuer, audience, expiry and nonce are checked by the library.
 */
import * as openid from 'openid-client'
import oidcConfig from '#config/oidc'

export type OidcConfig = typeof oidcConfig

/** What has to survive the trip to the provider and back (kept in an encrypted, HTTP-only cookie). */
export interface PendingSignIn {
  state: string
  nonce: string
  verifier: string
}

export interface OidcClaims {
  sub: string
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
  picture?: string
}

/** Plain HTTP is accepted only for a provider on this machine (tests and local runs), never for a real one. */
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)

export class OidcClient {
  #configuration: Promise<openid.Configuration> | null = null

  constructor(private config: OidcConfig = oidcConfig) {}

  get isConfigured() {
    return Boolean(this.config.issuer && this.config.clientId)
  }

  get name() {
    return this.config.name
  }

  /** The provider's metadata, discovered once; a failed discovery is tried again on the next sign-in. */
  private configuration() {
    this.#configuration ??= (async () => {
      const issuer = new URL(this.config.issuer)
      const insecure = issuer.protocol === 'http:' && isLoopback(issuer)
      return openid.discovery(
        issuer,
        this.config.clientId,
        this.config.clientSecret || undefined,
        this.config.clientSecret ? undefined : openid.None(),
        { execute: insecure ? [openid.allowInsecureRequests] : [], timeout: Math.ceil(this.config.timeoutMs / 1000) }
      )
    })().catch((error) => {
      this.#configuration = null
      throw error
    })
    return this.#configuration
  }

  /** Where to send the browser, and the secrets to check the answer against. */
  async start(): Promise<{ url: URL; pending: PendingSignIn }> {
    const configuration = await this.configuration()
    const pending = { state: openid.randomState(), nonce: openid.randomNonce(), verifier: openid.randomPKCECodeVerifier() }
    const url = openid.buildAuthorizationUrl(configuration, {
      redirect_uri: this.config.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await openid.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    })
    return { url, pending }
  }

  /**
   * Trades the code in the callback's query for tokens (the code verifier proves it is us who started) and
   * returns the verified ID token's claims. Throws on any mismatch: state, nonce, issuer, audience, signature.
   */
  async finish(callbackQuery: string, pending: PendingSignIn): Promise<OidcClaims> {
    const configuration = await this.configuration()
    // The address the provider sent the browser to, as registered there (not as a proxy may have rewritten it).
    const callbackUrl = new URL(this.config.redirectUri)
    callbackUrl.search = callbackQuery
    const tokens = await openid.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    if (!claims) throw new Error('the provider sent no ID token')
    return claims as unknown as OidcClaims
  }
}
