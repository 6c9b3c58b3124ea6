import env from '#start/env'

/** AI reply drafts (docs/decisions.md D46): any OpenAI-compatible Chat Completions API. */
export default {
  /** Empty: drafting is off (`POST /api/google-reviews/{id}/draft` is a 404 and the dashboard hides its button). */
  apiKey: env.get('AI_API_KEY'),
  /** The API's base, up to and including its version (`…/v1`); the client adds `/chat/completions`. */
  baseUrl: env.get('AI_BASE_URL') || 'https://api.openai.com/v1',
  model: env.get('AI_MODEL') || 'gpt-4o-mini',
  /** Past it the draft is a 503 and the person can try again. */
  timeoutMs: 20_000,
}
