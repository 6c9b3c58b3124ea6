import env from '#start/env'

/**
 * "Continue with Google" (docs/decisions.md D29): any OpenID Connect provider found by discovery at the issuer;
 * the button shows only when the issuer and the client id are set. The provider sends the browser back to
 * {APP_URL}/api/auth/oidc/callback, which is the redirect URI to register there.
 */
export default {
  issuer: env.get('OIDC_ISSUER'),
  clientId: env.get('OIDC_CLIENT_ID'),
  /** Empty for a public client (PKCE alone); set for Google, which wants client_secret_post. */
  clientSecret: env.get('OIDC_CLIENT_SECRET'),
  /** The provider's name on the button: "Continue with Google". */
  name: env.get('OIDC_NAME'),
  timeoutMs: env.get('OIDC_TIMEOUT_MS'),
  redirectUri: `${env.get('APP_URL').replace(/\/+$/, '')}/api/auth/oidc/callback`,
}
