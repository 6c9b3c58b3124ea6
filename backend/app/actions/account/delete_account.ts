import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import { penalizeLoginFailures } from '#start/limiter'
import { BadRequestError } from '#exceptions/app_errors'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { analyticsReads } from '#hot_path/analytics_reads'
import AccountDeletedMail from '#mails/account_deleted_mail'
import { clock } from '#lib/clock'

export const WRONG_PASSWORD = 'That password is not correct.'
export const NO_PASSWORD =
  'This account signs in through your identity provider and has no password. Set one with "Forgot password?" first.'

/** The account's password, asked again before something that cannot be undone; wrong tries count as failed logins. */
export async function confirmPassword(user: User, password: string) {
  if (!user.password) throw new BadRequestError(NO_PASSWORD)
  await penalizeLoginFailures(`user:${user.id}`, async () => {
    if (!(await user.verifyPassword(password))) throw new BadRequestError(WRONG_PASSWORD)
  })
}

/**
 * Deletes an owner's account (docs/decisions.md D29): the password first (counted against the account's
 * sign-in lock), then the account with its businesses, ratings, page views, subscriptions and tokens (the
 * database cascades them). Payments stay as tax records with the owner no longer named; contact messages
 * stay without the account. Afterwards the address can sign up again, and gets a last mail saying what went and
 * what stays (AccountDeletedMail).
 */
export default class DeleteAccount {
  async handle(user: User, password: string) {
    await confirmPassword(user, password)
    // The workspaces nobody else owns go with the account (docs/decisions.md D42); in the others the user's
    // membership goes and what they added stays.
    const workspaceIds = await Workspace.soleOwnedBy(user.id)
    const businesses: { id: number; name: string }[] = await db
      .from('businesses')
      .whereIn('workspace_id', workspaceIds)
      .orderBy('id')
      .select('id', 'name')
    const businessIds = businesses.map((row) => row.id)
    await db.transaction(async (trx) => {
      await trx.from('workspaces').whereIn('id', workspaceIds).delete()
      await trx.from('users').where('id', user.id).delete()
      for (const id of businessIds) reviewLinkCache.forgetBusiness(id, trx)
      for (const id of workspaceIds) reviewLinkCache.forgetWorkspace(id, trx)
    })
    for (const id of businessIds) analyticsReads.forget(id)
    const account = { email: user.email, firstName: user.firstName, businessNames: businesses.map((row) => row.name) }
    await mail.use().sendLater(new AccountDeletedMail(account, clock.now()))
  }
}
