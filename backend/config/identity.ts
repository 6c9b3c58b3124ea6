import env from '#start/env'

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

export default {
  /** Both set: bearer JWTs from this issuer are accepted (docs/decisions.md D1). */
  issuer: env.get('IDP_ISSUER'),
  jwksUrl: env.get('IDP_JWKS_URL'),
  /** Allowed `azp` values; empty allows any. */
  authorizedParties: list(env.get('IDP_AUTHORIZED_PARTIES')),
  /** Optional backend API (Clerk's format) used by the sync-user job to refresh profiles. */
  apiUrl: env.get('IDP_API_URL'),
  apiSecret: env.get('IDP_API_SECRET'),
}
