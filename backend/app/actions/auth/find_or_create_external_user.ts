import { normalizeEmail } from '#lib/email'
import User from '#models/user'
import { createAccount } from '#actions/auth/create_account'
import { clock } from '#lib/clock'
import { TRIAL_DAYS } from '#lib/constants'
import { isDuplicateKey } from '#lib/db_errors'
import type { ExternalClaims } from '#services/identity/identity_provider'

/**
 * The local owner behind a provider token, created on first sight with a fresh trial. An existing account is
 * linked by email only when the provider says the email is verified; otherwise a placeholder address is used
 * until the sync-user job fetches the real profile.
 */
export default class FindOrCreateExternalUser {
  async handle(claims: ExternalClaims): Promise<User> {
    const existing = await User.findBy('external_id', claims.sub)
    if (existing) return existing

    const email = claims.email ? normalizeEmail(claims.email) : undefined
    if (email && claims.email_verified === true) {
      const byEmail = await User.query().where('email', email).whereNull('external_id').first()
      if (byEmail) {
        byEmail.externalId = claims.sub
        await byEmail.save()
        return byEmail
      }
    }

    const now = clock.now()
    const emailFree = email && !(await User.findBy('email', email))
    try {
      return await createAccount({
        externalId: claims.sub,
        // Kept in the subject's own case: subjects that differ only in case are different accounts.
        email: emailFree ? email : `${claims.sub.replace(/[^A-Za-z0-9_-]/g, '')}@users.idp.invalid`,
        password: null,
        firstName: claims.given_name ?? claims.first_name ?? null,
        lastName: claims.family_name ?? claims.last_name ?? null,
        profileImageUrl: claims.picture ?? claims.image_url ?? null,
        trialStartsAt: now,
        trialEndsAt: now.plus({ days: TRIAL_DAYS }),
      })
    } catch (error) {
      // Two first requests at once: the other one created it.
      if (isDuplicateKey(error)) {
        const raced = await User.findBy('external_id', claims.sub)
        if (raced) return raced
      }
      throw error
    }
  }
}
