import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangePassword from '#actions/auth/change_password'
import { changePasswordValidator } from '#validators/auth'
import type { ChangePasswordResponse } from '#types/api'

/** The signed-in owner's own password. */
export default class PasswordsController {
  @inject()
  async update({ auth, request }: HttpContext, changePassword: ChangePassword): Promise<ChangePasswordResponse> {
    const input = await request.validateUsing(changePasswordValidator)
    const user = auth.getUserOrFail()
    const current = auth.authenticatedViaGuard === 'api' ? String(auth.use('api').getUserOrFail().currentAccessToken.identifier) : null
    await changePassword.handle(user, current, input)
    return { success: true, message: 'Your password has been changed. Other devices have been signed out.' }
  }
}
