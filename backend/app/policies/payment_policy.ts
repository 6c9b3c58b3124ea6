import { BasePolicy } from '@adonisjs/bouncer'
import type Payment from '#models/payment'
import type User from '#models/user'
import { ownerOnly } from '#policies/ownership'

/** Razorpay orders and their payments: the user's who started them. */
export default class PaymentPolicy extends BasePolicy {
  /** Verifying a checkout's payment (and reading it). */
  view(user: User, payment: Payment | null) {
    return ownerOnly(user, payment?.userId, 'Payment not found')
  }
}
