import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import RegisterUser from '#actions/auth/register_user'
import { loginValidator, registerValidator } from '#validators/auth'
import { serializeUser } from '#serializers/users'
import type { AuthResponse } from '#types/api'
import SignIn from '#actions/auth/sign_in'

export default class AuthController {
  @inject()
  async register({ request, response }: HttpContext, registerUser: RegisterUser) {
    const input = await request.validateUsing(registerValidator)
    const { user, token } = await registerUser.handle(input, request.header('user-agent'))
    return response.created({ token, user: serializeUser(user) } satisfies AuthResponse)
  }

  @inject()
  async login({ request }: HttpContext, signIn: SignIn): Promise<AuthResponse> {
    const { email, password } = await request.validateUsing(loginValidator)
    const { user, token } = await signIn.handle(email, password, request.header('user-agent'))
    return { token, user: serializeUser(user) }
  }

  /** Revokes the access token used; a provider JWT is revoked at the provider, not here. */
  async logout({ auth, response }: HttpContext) {
    if (auth.authenticatedViaGuard === 'api') {
      const user = auth.use('api').getUserOrFail()
      await User.accessTokens.delete(user, user.currentAccessToken.identifier)
    }
    return response.noContent()
  }
}
