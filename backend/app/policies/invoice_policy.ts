import { BasePolicy } from '@adonisjs/bouncer'
import Invoice from '#models/invoice'
import type User from '#models/user'
import { ownerOnly } from '#policies/ownership'

/** Tax invoices and credit notes: the user's they were issued to. */
export default class InvoicePolicy extends BasePolicy {
  static visible(user: User) {
    return Invoice.query().where('user_id', user.id)
  }

  view(user: User, invoice: Invoice | null) {
    return ownerOnly(user, invoice?.userId, 'Invoice not found')
  }
}
