import User from '#models/user'
import { penalizeLoginFailures } from '#start/limiter'
import { deviceLabel } from '#lib/user_agent'
import { AccountDisabledError } from '#exceptions/app_errors'

/**
 * Email + password sign-in. Failures are counted per account (its id), or per normalised address when no
 * account has it, never per the address as typed: every spelling the database treats as one account shares
 * one lock (docs/product-rules.md#rate-limits).
 */
export default class SignIn {
  async handle(email: string, password: string, userAgent?: string | null) {
    const account = await User.findBy('email', email)
    const lockKey = account ? `user:${account.id}` : `email:${email}`
    const user = await penalizeLoginFailures(lockKey, () => User.verifyCredentials(email, password))
    if (user.disabledAt) throw new AccountDisabledError()
    const token = await User.accessTokens.create(user, ['*'], { name: deviceLabel(userAgent) })
    return { user, token: token.value!.release() }
  }
}
