import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import RefundPayment from '#actions/billing/refund_payment'
import { AppException } from '#exceptions/app_errors'

/**
 * Refunds a payment by the refund policy through Razorpay, ends its plan and issues the credit note
 * (docs/decisions.md D33): `node ace billing:refund 42 --reason "Asked within 48 hours"`.
 */
export default class BillingRefund extends BaseCommand {
  static commandName = 'billing:refund'
  static description = 'Refund a payment by the refund policy (Razorpay refund, plan ended, credit note issued)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The payment id (payments.id)' })
  declare paymentId: string

  @flags.string({ description: 'Why (kept with the refund and sent to Razorpay as a note)' })
  declare reason?: string

  async run() {
    const id = Number(this.paymentId)
    if (!Number.isSafeInteger(id) || id < 1) {
      this.logger.error('The payment id is a positive whole number')
      this.exitCode = 1
      return
    }
    const refund = await this.app.container.make(RefundPayment)
    try {
      const result = await refund.handle(id, this.reason?.trim() || 'Refund by the refund policy')
      const rupees = (result.quote.amount / 100).toFixed(2)
      this.logger.success(
        `refunded ₹${rupees} (${result.quote.kind === 'full' ? 'in full' : 'pro rata'}) as ${result.refund.razorpayRefundId}, ${result.refund.status}`
      )
      this.logger.info(
        result.creditNote ? `credit note ${result.creditNote.number}` : 'the credit note follows when Razorpay reports the refund processed'
      )
    } catch (error) {
      if (!(error instanceof AppException)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
    }
  }
}
