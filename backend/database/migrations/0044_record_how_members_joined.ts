import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * How a member came into a workspace (docs/decisions.md D56): `own`, the workspace's own people, or `agency`,
 * brought in by the agency that manages it (invited by one of the agency's members, or by someone the agency
 * brought in). A client's own owners can be changed or removed only by its own owners, and ending the management
 * removes everyone who came through the agency. Pending invitations carry the same, for whoever accepts them.
 * Existing members of a managed client who are also members of its agency came through it; everyone else is own.
 */
export default class extends BaseSchema {
  async up() {
    for (const table of ['workspace_members', 'workspace_invitations']) {
      this.schema.alterTable(table, (builder) => {
        builder.enum('joined_via', ['own', 'agency']).notNullable().defaultTo('own')
      })
    }
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE workspace_members m
           JOIN workspaces w ON w.id = m.workspace_id AND w.managed_by_workspace_id IS NOT NULL
           JOIN workspace_members a ON a.workspace_id = w.managed_by_workspace_id AND a.user_id = m.user_id
         SET m.joined_via = 'agency'`
      )
    })
  }

  async down() {
    for (const table of ['workspace_members', 'workspace_invitations']) {
      this.schema.alterTable(table, (builder) => {
        builder.dropColumn('joined_via')
      })
    }
  }
}
