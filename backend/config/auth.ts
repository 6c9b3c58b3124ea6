import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/auth'
import { tokensGuard, tokensUserProvider } from '@adonisjs/auth/access_tokens'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import type { JwtGuard } from '#services/identity/jwt_guard'

const authConfig = defineConfig({
  default: 'api',
  guards: {
    api: tokensGuard({
      provider: tokensUserProvider({
        tokens: 'accessTokens',
        model: () => import('#models/user'),
      }),
    }),
    // Bearer JWTs of the optional external identity provider (docs/decisions.md D1).
    jwt: {
      async resolver(): Promise<(ctx: HttpContext) => JwtGuard> {
        const { JwtGuard: Guard } = await import('#services/identity/jwt_guard')
        const { IdentityProvider } = await import('#services/identity/identity_provider')
        return (ctx) => new Guard(ctx, () => app.container.make(IdentityProvider))
      },
    },
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
