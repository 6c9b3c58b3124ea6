/*
 * The one ownership rule (docs/decisions.md D2), which every policy asks: a business is its owner's, and what a
 * business holds (ratings and feedback, customers, review requests, staff) is its business's owner's; invoices and
 * payments are the user's they were issued to. Anyone else gets the row's 404, so a stranger cannot tell another
 * owner's row from one that does not exist. Lists are narrowed by the same rule as a query.
 */
import db from '@adonisjs/lucid/services/db'
import { AuthorizationResponse } from '@adonisjs/bouncer'
import Business from '#models/business'
import type User from '#models/user'

/** The businesses the user owns. */
export function ownedBusinesses(user: User) {
  return Business.query().where('user_id', user.id)
}

/** The ids of the businesses the user owns, as a subquery for lists (`whereIn('business_id', …)`). */
export function ownedBusinessIds(user: User) {
  return db.from('businesses').select('id').where('user_id', user.id)
}

/** Allowed when the row exists and `ownerId` is the user's; else the row's own 404 (never a 403). */
export function ownerOnly(user: User, ownerId: number | null | undefined, notFound: string) {
  return ownerId !== undefined && ownerId !== null && ownerId === user.id ? true : AuthorizationResponse.deny(notFound, 404)
}

/*
 * A child row names its business; the user's business ids are read once per request (the user object is the
 * request's own) however many rows a request checks.
 */
const businessIdsByUser = new WeakMap<User, Promise<Set<number>>>()

function businessIdsOf(user: User) {
  let ids = businessIdsByUser.get(user)
  if (!ids) {
    ids = ownedBusinessIds(user).then((rows: { id: number }[]) => new Set(rows.map((row) => Number(row.id))))
    businessIdsByUser.set(user, ids)
    // A failed read is not remembered: the next check asks again.
    ids.catch(() => businessIdsByUser.delete(user))
  }
  return ids
}

/** Allowed when the row exists and its business is the user's; else the row's own 404. */
export async function businessOwnerOnly(user: User, row: { businessId: number } | null, notFound: string) {
  if (!row) return AuthorizationResponse.deny(notFound, 404)
  const ids = await businessIdsOf(user)
  return ids.has(row.businessId) ? true : AuthorizationResponse.deny(notFound, 404)
}
