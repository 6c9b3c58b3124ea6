import { inject } from '@adonisjs/core'
import type Payment from '#models/payment'
import GrantPlan from '#actions/billing/grant_plan'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { BadRequestError } from '#exceptions/app_errors'
import type { VerifyPaymentRequest } from '#types/api'

/**
 * Checkout's success handler for an order the caller may verify (PaymentPolicy): Razorpay's signature over order and payment id, then the
 * plan granted. The webhook may arrive first or later; GrantPlan grants once either way.
 */
@inject()
export default class VerifyPayment {
  constructor(
    private gateway: RazorpayGateway,
    private grantPlan: GrantPlan
  ) {}

  async handle(payment: Payment, input: VerifyPaymentRequest) {
    if (!this.gateway.isValidCheckoutSignature(payment.razorpayOrderId, input.razorpay_payment_id, input.razorpay_signature)) {
      throw new BadRequestError('Payment verification failed. If money was deducted, please contact support.')
    }
    await this.grantPlan.handle({ orderId: payment.razorpayOrderId, paymentId: input.razorpay_payment_id })
  }
}
