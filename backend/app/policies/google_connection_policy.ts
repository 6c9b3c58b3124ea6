import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type Member from '#policies/member'
import { roleOnly } from '#policies/ownership'
import { GOOGLE_CONNECTION_DENIED, mayConnectGoogle } from '#contract/google_connection'

/**
 * The workspace's Google Business Profile connection and its locations (docs/decisions.md D43, D58): every member sees
 * whether it is connected and which locations it has. Connecting and disconnecting reach every business of the
 * workspace: owners, and managers of the whole workspace (a manager limited to some businesses is a 403).
 */
export default class GoogleConnectionPolicy extends BasePolicy {
  view(member: Member) {
    return roleOnly(member, 'read')
  }

  manage(member: Member) {
    const role = roleOnly(member, 'write')
    if (role !== true) return role
    return mayConnectGoogle(member.role, member.businessIds) ? true : AuthorizationResponse.deny(GOOGLE_CONNECTION_DENIED, 403)
  }
}
