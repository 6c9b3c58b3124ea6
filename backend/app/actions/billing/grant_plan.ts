import { inject } from '@adonisjs/core'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Payment from '#models/payment'
import Workspace from '#models/workspace'
import WorkspaceActivity from '#models/workspace_activity'
import User from '#models/user'
import Subscription from '#models/subscription'
import SubscriptionPlan from '#models/subscription_plan'
import { clock } from '#lib/clock'
import { PaymentStatus, SubscriptionStatus } from '#lib/billing_enums'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { issueInvoice } from '#actions/billing/issue_invoice'
import { QueueService } from '#queue/queue_service'
import { QueueName, receiptJobId } from '#queue/queues'

interface Capture {
  orderId: string
  paymentId: string | null
  /** The amount Razorpay says was paid, when it says; it must match the order we created. */
  amount?: number
}

/**
 * A plan of `months` for a workspace from `now`, or from the end of the plan already running, so plans stack
 * instead of overlapping. The caller holds the workspace's row lock, so two grants at once read each other's plan.
 * Answers the new subscription and the running plan it follows. `userId` is who bought or granted it.
 */
export async function stackPlan(
  trx: TransactionClientContract,
  grant: { userId: number; workspaceId: number; planId: number; paymentId: number | null; months: number; now: DateTime }
) {
  const running = await Subscription.currentFor(grant.workspaceId, grant.now, trx)
  const start = running ? running.currentPeriodEnd : grant.now
  // The workspace's remembered access ends with the change, here and once the grant commits.
  reviewLinkCache.forgetWorkspace(grant.workspaceId, trx)
  const subscription = await Subscription.create(
    {
      userId: grant.userId,
      workspaceId: grant.workspaceId,
      planId: grant.planId,
      paymentId: grant.paymentId,
      status: SubscriptionStatus.Active,
      currentPeriodStart: start,
      currentPeriodEnd: start.plus({ months: grant.months }),
    },
    { client: trx }
  )
  return { subscription, running }
}

/**
 * Turns a paid order into Pro access: `durationMonths` from now (or from the end of a period still running).
 * The payment row is locked, so checkout verification and webhooks arriving together grant once; a paid
 * order is never moved back, and `subscriptions.payment_id` is unique as a last guard. The owner's row is
 * locked too, so a second order paid at the same time starts where the first one's period ends. The tax invoice is
 * issued in the same transaction (docs/decisions.md D33) and the receipt mail queued once it commits.
 */
@inject()
export default class GrantPlan {
  constructor(private queues: QueueService) {}

  async handle(capture: Capture, outer?: TransactionClientContract): Promise<Subscription | null> {
    const work = async (trx: TransactionClientContract) => {
      const payment = await Payment.query({ client: trx }).where('razorpay_order_id', capture.orderId).forUpdate().first()
      // No order, or its buyer or workspace is gone since: there is nobody to grant a plan to.
      if (!payment || payment.userId === null || payment.workspaceId === null) return null
      const { userId, workspaceId } = payment
      // Serialises one workspace's grants: two orders paid at the same moment stack instead of overlapping. Taken
      // before any plain read, so this transaction's snapshot already includes the other grant's subscription.
      await Workspace.query({ client: trx }).where('id', workspaceId).forUpdate().firstOrFail()
      if (payment.status === PaymentStatus.Paid) {
        return Subscription.query({ client: trx }).where('payment_id', payment.id).first()
      }
      if (capture.amount !== undefined && capture.amount !== payment.amount) {
        logger.error({ orderId: capture.orderId, expected: payment.amount, got: capture.amount }, 'payment amount mismatch')
        return null
      }

      if (capture.paymentId) {
        const elsewhere = await Payment.query({ client: trx })
          .where('razorpay_payment_id', capture.paymentId)
          .whereNot('id', payment.id)
          .first()
        if (elsewhere) {
          logger.error({ orderId: capture.orderId, paymentId: capture.paymentId }, 'payment id already used by another order')
          return null
        }
      }

      const now = clock.now()
      payment.merge({ status: PaymentStatus.Paid, razorpayPaymentId: capture.paymentId, paidAt: now, failureReason: null })
      await payment.useTransaction(trx).save()

      const plan = await SubscriptionPlan.findOrFail(payment.planId, { client: trx })
      const { subscription } = await stackPlan(trx, {
        userId,
        workspaceId,
        planId: plan.id,
        paymentId: payment.id,
        months: plan.durationMonths,
        now,
      })
      // The tax invoice in the same transaction: no grant without its invoice, no number used by a failed grant.
      const invoice = await issueInvoice(trx, payment, plan, subscription, now)
      const buyer = await User.find(userId, { client: trx })
      await WorkspaceActivity.record(workspaceId, buyer, 'plan.bought', { planName: plan.name, paymentId: payment.id }, trx)
      // The receipt mail (with the PDF) once it is all committed; the sweep mails it if this enqueue is lost.
      trx.after(
        'commit',
        () => void this.queues.enqueue(QueueName.ReceiptMail, { invoiceId: invoice.id }, { jobId: receiptJobId(invoice.id) })
      )
      return subscription
    }
    return outer ? work(outer) : db.transaction(work)
  }
}
