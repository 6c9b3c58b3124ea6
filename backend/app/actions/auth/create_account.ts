import db from '@adonisjs/lucid/services/db'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import User from '#models/user'
import Workspace from '#models/workspace'

/**
 * A new owner account and its personal workspace, together (docs/decisions.md D42): every account starts as the
 * owner of one workspace, the one that gets the trial.
 */
export async function createAccount(attributes: Partial<ModelAttributes<User>>) {
  return db.transaction(async (trx) => {
    const user = await User.create(attributes, { client: trx })
    await Workspace.createPersonal(user, trx)
    return user
  })
}
