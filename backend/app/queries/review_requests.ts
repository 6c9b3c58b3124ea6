/*
 * A review request found by its personal link's token (docs/decisions.md D32). A string that is not a token as we
 * make them finds nothing without asking the database.
 */
import db from '@adonisjs/lucid/services/db'
import { isRequestToken } from '#lib/request_tokens'

/** The request of this token for this business (a token of another business's request links nothing). */
export async function requestIdOf(token: string, businessId: number): Promise<number | null> {
  if (!isRequestToken(token)) return null
  const row = await db.from('review_requests').where({ token, business_id: businessId }).select('id').first()
  return row ? Number(row.id) : null
}

export async function requestOfToken(token: string) {
  if (!isRequestToken(token)) return null
  return db.from('review_requests').where('token', token).first()
}
