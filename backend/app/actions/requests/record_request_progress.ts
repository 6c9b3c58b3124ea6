import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { clock } from '#lib/clock'
import { RequestStatus } from '#models/review_request'
import { OptOuts } from '#actions/requests/opt_outs'

/** Statuses a request moves on from when its link is opened; rated and opted-out requests keep theirs. */
const BEFORE_OPENED = [RequestStatus.Created, RequestStatus.Sending, RequestStatus.Sent, RequestStatus.Delivered, RequestStatus.Failed]

/**
 * How far a review request got (docs/decisions.md D32), each step one conditional UPDATE so steps never go
 * backwards: opened when its link is opened, rated when a rating came through it, opted out from its stop link.
 */
export default class RecordRequestProgress {
  async opened(requestId: number) {
    const now = clock.now().toJSDate()
    await db.from('review_requests').where('id', requestId).whereNull('opened_at').update({ opened_at: now, updated_at: now })
    await db.from('review_requests').where('id', requestId).whereIn('status', BEFORE_OPENED).update({ status: RequestStatus.Opened })
  }

  /**
   * A rating came through the request: with the page's `language`, its customer's rated language too, in the same
   * statement (the rating's hot path; docs/decisions.md D65).
   */
  async rated(requestId: number, language: string | null = null, inside?: TransactionClientContract) {
    const now = clock.now().toJSDate()
    await (inside ?? db).rawQuery(
      `UPDATE review_requests r JOIN customers c ON c.id = r.customer_id
          SET r.status = ?, r.rated_at = COALESCE(r.rated_at, ?), r.opened_at = COALESCE(r.opened_at, ?), r.updated_at = ?,
              c.rated_language = COALESCE(?, c.rated_language)
        WHERE r.id = ? AND r.status <> ?`,
      [RequestStatus.Rated, now, now, now, language, requestId, RequestStatus.OptedOut]
    )
  }

  /**
   * The customer of this request asks for no more requests from its business: the customer and the request say so,
   * and the business's opt-out list keeps their number and address past the customer row.
   */
  async optedOut(requestId: number, customerId: number, inside?: TransactionClientContract) {
    const now = clock.now()
    const optOut = async (trx: TransactionClientContract) => {
      const customer = await trx.from('customers').where('id', customerId).select('business_id', 'phone', 'email').first()
      if (customer) await OptOuts.record(trx, customer.business_id, { phone: customer.phone, email: customer.email }, now)
      await trx
        .from('customers')
        .where('id', customerId)
        .whereNull('opted_out_at')
        .update({ opted_out_at: now.toJSDate(), updated_at: now.toJSDate() })
      await trx.from('review_requests').where('id', requestId).update({ status: RequestStatus.OptedOut, updated_at: now.toJSDate() })
    }
    // In the caller's transaction when given (the WhatsApp chat's, which also records the message), else its own.
    await (inside ? optOut(inside) : db.transaction(optOut))
  }
}
