import env from '#start/env'

/** Google Business Profile (docs/decisions.md D43). */
export default {
  /** Empty: connecting Google is off (the connect screen says Google is not configured). */
  clientId: env.get('GOOGLE_OAUTH_CLIENT_ID'),
  clientSecret: env.get('GOOGLE_OAUTH_CLIENT_SECRET'),
  authorizeUrl: env.get('GOOGLE_OAUTH_AUTHORIZE_URL'),
  tokenUrl: env.get('GOOGLE_OAUTH_TOKEN_URL'),
  revokeUrl: env.get('GOOGLE_OAUTH_REVOKE_URL'),
  /** Empty: Google's own hosts, one per API; set (a stub, a proxy): every Business Profile call goes to that base. */
  apiBaseUrl: env.get('GOOGLE_API_BASE_URL'),
  timeoutMs: env.get('GOOGLE_API_TIMEOUT_MS'),
  /** Business Profile requests a minute, shared by every worker through Redis (docs/decisions.md D44). */
  qpm: env.get('GOOGLE_API_QPM'),
  /** The secret path segment of the Pub/Sub push endpoint; empty: push is off. */
  pubsubToken: env.get('GOOGLE_PUBSUB_TOKEN'),
  /** projects/{p}/topics/{t}: each account of a new connection is told to publish its review notifications there. */
  pubsubTopic: env.get('GOOGLE_PUBSUB_TOPIC'),
  /** The redirect URI to register with the OAuth client. */
  redirectUri: `${env.get('APP_URL').replace(/\/+$/, '')}/api/google/connect/callback`,
}
