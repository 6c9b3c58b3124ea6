import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Payment from '#models/payment'
import AuditLog from '#models/audit_log'
import RefundPayment from '#actions/billing/refund_payment'
import { NotFoundError } from '#exceptions/app_errors'
import { adminPaymentRows } from '#queries/admin_rows'
import { serializeAdminPayment } from '#serializers/admin'

async function paymentAsShown(id: number) {
  const [row] = await adminPaymentRows([id])
  return serializeAdminPayment(row)
}

/**
 * An operator's refund: the billing refund (policy, Razorpay, credit note), then its audit row with the payment as
 * the console showed it before and after. Answers the payment as shown after.
 */
@inject()
export default class RefundPaymentAsOperator {
  constructor(private refunder: RefundPayment) {}

  async handle(operator: User, paymentId: number, reason: string) {
    const payment = await Payment.find(paymentId)
    if (!payment) throw new NotFoundError('Payment not found')
    const before = await paymentAsShown(payment.id)
    const result = await this.refunder.handle(payment.id, reason)
    const after = await paymentAsShown(payment.id)
    await db.transaction((trx) =>
      AuditLog.record(trx, operator, {
        action: 'payment.refund',
        targetType: 'payment',
        targetId: payment.id,
        before: { status: before.status, refund: before.refund },
        after: { refund: after.refund, kind: result.quote.kind, razorpayRefundId: result.refund.razorpayRefundId },
        reason,
      })
    )
    return after
  }
}
