import env from '#start/env'

export default {
  /** Empty: search the built-in demo catalogue instead (docs/decisions.md D4). */
  googleApiKey: env.get('GOOGLE_PLACES_API_KEY'),
  googleBaseUrl: env.get('GOOGLE_PLACES_BASE_URL'),
  timeoutMs: env.get('GOOGLE_PLACES_TIMEOUT_MS'),
}
