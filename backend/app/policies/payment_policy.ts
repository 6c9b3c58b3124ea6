import { BasePolicy } from '@adonisjs/bouncer'
import type Payment from '#models/payment'
import type Member from '#policies/member'
import { workspaceRow } from '#policies/ownership'

/**
 * Razorpay orders and their payments: the paying workspace's (an agency's, for a plan bought for a client); its
 * owners handle them.
 */
export default class PaymentPolicy extends BasePolicy {
  /** Verifying a checkout's payment (and reading it). */
  view(member: Member, payment: Payment | null) {
    return workspaceRow(member, payment && { workspaceId: payment.paidByWorkspaceId }, 'owner', 'Payment not found')
  }
}
