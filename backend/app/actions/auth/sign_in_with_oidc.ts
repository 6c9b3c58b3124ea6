import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { createAccount } from '#actions/auth/create_account'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import { AccountDisabledError, BadRequestError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import { normalizeEmail } from '#lib/email'
import { isDuplicateKey } from '#lib/db_errors'
import { deviceLabel } from '#lib/user_agent'
import { SIGN_IN_CODE_MINUTES, TRIAL_DAYS } from '#lib/constants'
import type { OidcClaims } from '#services/identity/oidc_client'

export const UNVERIFIED_PROVIDER_EMAIL =
  'Your Google account did not share a verified email address, so we cannot sign you in with it. Use your email and password instead.'
export const INVALID_SIGN_IN_CODE = 'This sign-in has expired or was already used. Please try again.'

/**
 * "Continue with Google" (docs/decisions.md D29). The account is the one already linked to the provider's
 * subject; otherwise the one with the same address, linked only because the provider says the address is
 * verified; otherwise a new account with its trial, its address verified. The browser gets a one-time code,
 * never the provider's tokens, and trades it for our access token (`exchange`).
 */
export default class SignInWithOidc {
  async codeFor(claims: OidcClaims): Promise<string> {
    const user = await this.ownerOf(claims)
    return AccountToken.issue(user, AccountTokenPurpose.SignInCode, { minutes: SIGN_IN_CODE_MINUTES })
  }

  async exchange(code: string, userAgent?: string | null) {
    const user = await db.transaction(async (trx) => {
      const row = await AccountToken.consume(AccountTokenPurpose.SignInCode, code, trx)
      const owner = row ? await User.find(row.userId, { client: trx }) : null
      if (!owner) throw new BadRequestError(INVALID_SIGN_IN_CODE)
      if (owner.disabledAt) throw new AccountDisabledError()
      return owner
    })
    const token = await User.accessTokens.create(user, ['*'], { name: deviceLabel(userAgent) })
    return { user, token: token.value!.release() }
  }

  private async ownerOf(claims: OidcClaims): Promise<User> {
    const linked = await User.findBy('oidc_subject', claims.sub)
    if (linked) return linked

    const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : ''
    if (!email || claims.email_verified !== true || email.length > 254) throw new BadRequestError(UNVERIFIED_PROVIDER_EMAIL)

    const now = clock.now()
    const existing = await User.findBy('email', email)
    if (existing) return this.link(existing, claims.sub)
    try {
      return await createAccount({
        email,
        oidcSubject: claims.sub,
        password: null,
        firstName: claims.given_name?.slice(0, 100) ?? null,
        lastName: claims.family_name?.slice(0, 100) ?? null,
        profileImageUrl: claims.picture?.slice(0, 2048) ?? null,
        emailVerifiedAt: now,
        trialStartsAt: now,
        trialEndsAt: now.plus({ days: TRIAL_DAYS }),
      })
    } catch (error) {
      // Two callbacks for the same new person at once: the other one created the account.
      if (isDuplicateKey(error)) {
        const raced = (await User.findBy('oidc_subject', claims.sub)) ?? (await User.findBy('email', email))
        if (raced) return raced
      }
      throw error
    }
  }

  /**
   * Links the account that has the provider's verified address. When that address was never verified here, whoever
   * signed up with it may not own it (an account made in advance to catch the real owner): its password and
   * sessions go, so only the address's owner is left holding the account.
   */
  private async link(user: User, subject: string) {
    return db.transaction(async (trx) => {
      user.useTransaction(trx)
      if (!user.emailVerifiedAt) {
        user.password = null
        user.emailVerifiedAt = clock.now()
        await trx.from('auth_access_tokens').where('tokenable_id', user.id).delete()
      }
      user.oidcSubject = subject
      await user.save()
      return user
    })
  }
}
