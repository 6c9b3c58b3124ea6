import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ChangePassword from '#actions/auth/change_password'
import { changePasswordValidator } from '#validators/auth'
import type { ChangePasswordResponse } from '#types/api'
import { currentTokenId } from '#auth/current_token'

/** The signed-in owner's own password. */
export default class PasswordsController {
  @inject()
  async update(ctx: HttpContext, changePassword: ChangePassword): Promise<ChangePasswordResponse> {
    const { auth, request } = ctx
    const input = await request.validateUsing(changePasswordValidator)
    const user = auth.getUserOrFail()
    await changePassword.handle(user, currentTokenId(ctx), input)
    return { success: true, message: 'Your password has been changed. Other devices have been signed out.' }
  }
}
