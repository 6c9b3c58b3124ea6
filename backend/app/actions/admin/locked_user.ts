import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { NotFoundError } from '#exceptions/app_errors'

/** The user an operator write changes, locked for the write's transaction; 404 when there is none. */
export async function lockedUserOrFail(trx: TransactionClientContract, id: number) {
  const user = await User.query({ client: trx }).where('id', id).forUpdate().first()
  if (!user) throw new NotFoundError('User not found')
  return user
}
