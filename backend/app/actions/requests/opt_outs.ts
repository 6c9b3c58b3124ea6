import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import OptOut, { type OptOutContact } from '#models/opt_out'
import { clock } from '#lib/clock'

/** Rows per statement when customers are marked in bulk (an import). */
const CHUNK = 500

/**
 * Writes to a business's opt-out list (docs/product-rules.md#opt-outs): whatever opts a customer out records them
 * here, and whatever adds or changes customers marks those the list covers.
 */
export const OptOuts = {
  /** Puts the number and the address on the business's list; one already there keeps its first time. */
  async record(client: QueryClientContract, businessId: number, who: OptOutContact, at = clock.now()) {
    const email = OptOut.emailOf(who.email)
    const rows = [...(who.phone ? [[who.phone, null]] : []), ...(email ? [[null, email]] : [])]
    if (rows.length === 0) return
    await client.rawQuery(
      `INSERT INTO ${OptOut.table} (business_id, phone, email, created_at) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')}
       ON DUPLICATE KEY UPDATE id = id`,
      rows.flatMap(([phone, address]) => [businessId, phone, address, at.toJSDate()]) as RawQueryBindings
    )
  },

  /**
   * Marks the business's customers with these numbers or addresses opted out, as of when they asked, when the list
   * has their number or their address: a customer deleted and added again, typed in or imported stays opted out.
   */
  async markCustomers(client: QueryClientContract, businessId: number, customers: OptOutContact[]) {
    const now = clock.now().toJSDate()
    for (let start = 0; start < customers.length; start += CHUNK) {
      const chunk = customers.slice(start, start + CHUNK)
      const phones = [...new Set(chunk.flatMap((customer) => customer.phone ?? []))]
      const emails = [...new Set(chunk.flatMap((customer) => OptOut.emailOf(customer.email) ?? []))]
      // These customers: by number, and those without one by address.
      const these = [
        ...(phones.length ? [`c.phone IN (${phones.map(() => '?').join(', ')})`] : []),
        ...(emails.length ? [`(c.phone IS NULL AND c.email IN (${emails.map(() => '?').join(', ')}))`] : []),
      ].join(' OR ')
      if (!these) continue
      // One statement per key, so each reaches the list through its own unique index.
      for (const key of ['phone', 'email'] as const) {
        await client.rawQuery(
          `UPDATE customers c JOIN ${OptOut.table} o ON o.business_id = c.business_id AND o.${key} = c.${key}
              SET c.opted_out_at = o.created_at, c.updated_at = ?
            WHERE c.business_id = ? AND (${these}) AND c.opted_out_at IS NULL`,
          [now, businessId, ...phones, ...emails]
        )
      }
    }
  },
}
