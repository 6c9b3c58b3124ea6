import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import type Member from '#policies/member'
import { businessRow } from '#policies/ownership'

/**
 * A business's integrations (docs/decisions.md D72), always reached through their business: owners and managers of
 * the business add, change, test and remove them; viewers read them and their event log.
 */
export default class IntegrationPolicy extends BasePolicy {
  view(member: Member, business: Business | null) {
    return businessRow(member, business, 'read')
  }

  manage(member: Member, business: Business | null) {
    return businessRow(member, business, 'write')
  }
}
