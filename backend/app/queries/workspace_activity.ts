/*
 * The workspace's activity log as its list reads it (docs/decisions.md D42): each line with the name its actor has
 * now (`actor_name`; the address kept on the line when the account is gone).
 */
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type WorkspaceActivity from '#models/workspace_activity'

/** `lines` (the policy's lines of the member's workspace) with their actor's name. */
export function withActorNames(lines: ModelQueryBuilderContract<typeof WorkspaceActivity>) {
  return lines
    .select('workspace_activity.*')
    .select(
      db
        .from('users')
        .whereColumn('users.id', 'workspace_activity.user_id')
        .select(db.raw("TRIM(CONCAT_WS(' ', first_name, last_name))"))
        .as('actor_name')
    )
}
