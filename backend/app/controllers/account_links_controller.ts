/*
 * The account links mailed to an owner (docs/decisions.md D29): password reset, email verification and the link
 * that moves an account to a new address.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import RequestPasswordReset from '#actions/auth/request_password_reset'
import ResetPassword from '#actions/auth/reset_password'
import SendVerification from '#actions/auth/send_verification'
import VerifyEmail from '#actions/auth/verify_email'
import ChangeEmail from '#actions/auth/change_email'
import { INVALID_RESET_LINK } from '#actions/auth/reset_password'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import { BadRequestError } from '#exceptions/app_errors'
import { changeEmailValidator, forgotPasswordValidator, resetPasswordValidator, verifyEmailValidator } from '#validators/auth'
import { serializeUser } from '#serializers/users'
import type { AcceptedMessageResponse, AuthResponse, ResetTokenCheckResponse, VerifyEmailResponse } from '#types/api'

const RESET_MAIL_SENT = 'If an account uses this email, a link to reset its password is on its way. It works for 60 minutes.'
const VERIFICATION_SENT = 'A verification link is on its way to your email address.'

export default class AccountLinksController {
  @inject()
  async forgotPassword({ request, response }: HttpContext, requestReset: RequestPasswordReset) {
    const { email } = await request.validateUsing(forgotPasswordValidator)
    await requestReset.handle(email)
    return response.accepted({ message: RESET_MAIL_SENT } satisfies AcceptedMessageResponse)
  }

  @inject()
  async resetPassword({ request }: HttpContext, resetPassword: ResetPassword): Promise<AuthResponse> {
    const { token, password } = await request.validateUsing(resetPasswordValidator)
    const result = await resetPassword.handle(token, password, request.header('user-agent'))
    return { token: result.token, user: serializeUser(result.user) }
  }

  /** Whether a reset link still works, without using it: the reset page says so on open. */
  async checkResetToken({ request }: HttpContext): Promise<ResetTokenCheckResponse> {
    const { token } = await request.validateUsing(verifyEmailValidator)
    if (!(await AccountToken.isUsable(AccountTokenPurpose.PasswordReset, token))) throw new BadRequestError(INVALID_RESET_LINK)
    return { valid: true }
  }

  @inject()
  async verifyEmail({ request }: HttpContext, verifyEmail: VerifyEmail): Promise<VerifyEmailResponse> {
    const { token } = await request.validateUsing(verifyEmailValidator)
    return { user: serializeUser(await verifyEmail.handle(token)) }
  }

  @inject()
  async resendVerification({ auth, response }: HttpContext, sendVerification: SendVerification) {
    await sendVerification.handle(auth.getUserOrFail())
    return response.accepted({ message: VERIFICATION_SENT } satisfies AcceptedMessageResponse)
  }

  @inject()
  async changeEmail({ auth, request, response }: HttpContext, changeEmail: ChangeEmail) {
    const input = await request.validateUsing(changeEmailValidator)
    await changeEmail.handle(auth.getUserOrFail(), input)
    const message = `We sent a link to ${input.email}. Your account uses the new address once you open it.`
    return response.accepted({ message } satisfies AcceptedMessageResponse)
  }
}
