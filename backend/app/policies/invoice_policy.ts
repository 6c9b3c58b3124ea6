import { BasePolicy } from '@adonisjs/bouncer'
import Invoice from '#models/invoice'
import type Member from '#policies/member'
import { roleOnly, workspaceRow } from '#policies/ownership'

/** Tax invoices and credit notes: the workspace's they were issued to; its owners read them. */
export default class InvoicePolicy extends BasePolicy {
  static visible(member: Member) {
    return Invoice.query().where('workspace_id', member.workspaceId)
  }

  viewAny(member: Member) {
    return roleOnly(member, 'owner')
  }

  view(member: Member, invoice: Invoice | null) {
    return workspaceRow(member, invoice, 'owner', 'Invoice not found')
  }
}
