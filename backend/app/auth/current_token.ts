import type { HttpContext } from '@adonisjs/core/http'

/** The id of the access token this request was made with, when it is one of ours (a provider's JWT is not). */
export const currentTokenId = ({ auth }: HttpContext) =>
  auth.authenticatedViaGuard === 'api' ? String(auth.use('api').getUserOrFail().currentAccessToken.identifier) : null
