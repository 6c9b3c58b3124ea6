import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'

/** Signs every device of the user out, the one asking included. */
export default class SignOutEverywhere {
  async handle(user: User) {
    await db.from('auth_access_tokens').where('tokenable_id', user.id).delete()
  }
}
