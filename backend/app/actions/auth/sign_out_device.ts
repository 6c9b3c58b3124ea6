import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { NotFoundError } from '#exceptions/app_errors'

/** Signs one of the user's devices out (its access token goes); another user's token is a 404 like any unknown one. */
export default class SignOutDevice {
  async handle(user: User, tokenId: number | string) {
    const deleted = await db.from('auth_access_tokens').where('id', tokenId).where('tokenable_id', user.id).delete()
    if (!Number(deleted)) throw new NotFoundError('Session not found')
  }
}
