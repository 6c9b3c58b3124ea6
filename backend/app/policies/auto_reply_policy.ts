import { BasePolicy } from '@adonisjs/bouncer'
import type Member from '#policies/member'
import { roleOnly } from '#policies/ownership'

/**
 * The workspace's auto-reply rules (docs/decisions.md D48): every member sees them; only owners change them, since
 * they post in the business's name without anyone reading the reply first.
 */
export default class AutoReplyPolicy extends BasePolicy {
  view(member: Member) {
    return roleOnly(member, 'read')
  }

  manage(member: Member) {
    return roleOnly(member, 'owner')
  }
}
