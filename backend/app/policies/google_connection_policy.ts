import { BasePolicy } from '@adonisjs/bouncer'
import type Member from '#policies/member'
import { roleOnly } from '#policies/ownership'

/**
 * The workspace's Google Business Profile connection and its locations (docs/decisions.md D43): every member sees
 * whether it is connected and which locations it has; owners and managers connect, disconnect and link them.
 */
export default class GoogleConnectionPolicy extends BasePolicy {
  view(member: Member) {
    return roleOnly(member, 'read')
  }

  manage(member: Member) {
    return roleOnly(member, 'write')
  }
}
