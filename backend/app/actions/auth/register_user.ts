import User from '#models/user'
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

const EMAIL_TAKEN = 'An account with this email already exists'

/** Creates an account with its 7-day trial (starting now) and signs it in. */
export default class RegisterUser {
  async handle(input: RegisterInput) {
    if (await User.findBy('email', input.email)) throw new FieldError('email', EMAIL_TAKEN)

    const now = clock.now()
    let user: User
    try {
      user = await User.create({
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
    const token = await User.accessTokens.create(user)
    return { user, token: token.value!.release() }
  }
}
