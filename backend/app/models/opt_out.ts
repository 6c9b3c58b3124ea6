import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** Who asked: their number ('+91' and 10 digits) and, when known, their address. */
export interface OptOutContact {
  phone?: string | null
  email?: string | null
}

/**
 * A number or an address that asked a business for no more review requests (docs/product-rules.md#opt-outs). Kept
 * apart from the customer row, which the owner may delete and add again: the list is what every new customer and
 * every send is checked against. One row per number and per address, so changing one leaves the other covering.
 */
export default class OptOut extends BaseModel {
  static table = 'opt_outs'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare businessId: number

  @column()
  declare phone: string | null

  /** Lower-cased. */
  @column()
  declare email: string | null

  @column.dateTime()
  declare createdAt: DateTime

  /** The list's form of an address: customers' addresses are stored lower-cased too. */
  static emailOf(email: string | null | undefined) {
    return email ? email.trim().toLowerCase() : null
  }

  /** Whether the business's list has this number or this address. */
  static async covers(businessId: number, who: OptOutContact, client: QueryClientContract = db.connection()) {
    const email = this.emailOf(who.email)
    if (!who.phone && !email) return false
    const found = await this.query({ client })
      .where('business_id', businessId)
      .where((query) => {
        if (who.phone) query.orWhere('phone', who.phone)
        if (email) query.orWhere('email', email)
      })
      .first()
    return found !== null
  }
}
