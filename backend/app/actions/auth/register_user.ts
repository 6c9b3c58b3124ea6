import { inject } from '@adonisjs/core'
import User from '#models/user'
import { createAccount } from '#actions/auth/create_account'
import { deviceLabel } from '#lib/user_agent'
import SendVerification from '#actions/auth/send_verification'
import { clock } from '#lib/clock'
import { TRIAL_DAYS } from '#lib/constants'
import { FieldError } from '#exceptions/app_errors'
import { isDuplicateKey } from '#lib/db_errors'

interface RegisterInput {
  email: string
  password: string
  firstName?: string
  lastName?: string
}

export const EMAIL_TAKEN = 'An account with this email already exists'

/** Creates an account with its 7-day trial (starting now), mails the verification link and signs it in. */
@inject()
export default class RegisterUser {
  constructor(private sendVerification: SendVerification) {}

  async handle(input: RegisterInput, userAgent?: string | null) {
    if (await User.findBy('email', input.email)) throw new FieldError('email', EMAIL_TAKEN)

    const now = clock.now()
    let user: User
    try {
      user = await createAccount({
        email: input.email,
        password: input.password,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        trialStartsAt: now,
        trialEndsAt: now.plus({ days: TRIAL_DAYS }),
      })
    } catch (error) {
      if (isDuplicateKey(error)) throw new FieldError('email', EMAIL_TAKEN)
      throw error
    }
    await this.sendVerification.handle(user)
    const token = await User.accessTokens.create(user, ['*'], { name: deviceLabel(userAgent) })
    return { user, token: token.value!.release() }
  }
}
