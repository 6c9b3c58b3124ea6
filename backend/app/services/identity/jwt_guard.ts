/*
 * An AdonisJS auth guard for bearer JWTs of the external identity provider. Sits beside the access-token
 * guard; the auth middleware tries the access token first.
 */
import { errors, symbols } from '@adonisjs/auth'
import type { AuthClientResponse, GuardContract } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import FindOrCreateExternalUser from '#actions/auth/find_or_create_external_user'
import type { IdentityProvider } from '#services/identity/identity_provider'

export class JwtGuard implements GuardContract<User> {
  declare [symbols.GUARD_KNOWN_EVENTS]: {}
  readonly driverName = 'jwt' as const
  authenticationAttempted = false
  isAuthenticated = false
  user?: User

  constructor(
    private ctx: HttpContext,
    private resolveProvider: () => Promise<IdentityProvider>
  ) {}

  private unauthorized() {
    return new errors.E_UNAUTHORIZED_ACCESS('Unauthorized access', { guardDriverName: this.driverName })
  }

  async authenticate(): Promise<User> {
    if (this.authenticationAttempted) return this.getUserOrFail()
    this.authenticationAttempted = true

    const header = this.ctx.request.header('authorization') ?? ''
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
    const provider = await this.resolveProvider()
    if (!token || !provider.isConfigured || token.split('.').length !== 3) throw this.unauthorized()

    let claims
    try {
      claims = await provider.verify(token)
    } catch {
      throw this.unauthorized()
    }
    this.user = await new FindOrCreateExternalUser().handle(claims)
    this.isAuthenticated = true
    return this.user
  }

  async check() {
    try {
      await this.authenticate()
      return true
    } catch (error) {
      if (error instanceof errors.E_UNAUTHORIZED_ACCESS) return false
      throw error
    }
  }

  getUserOrFail(): User {
    if (!this.user) throw this.unauthorized()
    return this.user
  }

  async authenticateAsClient(): Promise<AuthClientResponse> {
    throw new Error('Sign provider tokens in tests instead of using loginAs with the jwt guard')
  }
}
