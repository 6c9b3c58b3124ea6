import { BaseSchema } from '@adonisjs/lucid/schema'

const INDEX = 'member_alerts_review_session_id_user_id_unique'

/**
 * A rating is one alert per member (docs/decisions.md D70): its phone alert goes ahead of the mail's 10-minute gate
 * and the mail joins it later, so two workers must not make two. Added only where it is missing.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const found = await db.rawQuery(
        'SELECT 1 FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ?',
        ['member_alerts', INDEX]
      )
      if (found[0].length > 0) return
      await db.schema.alterTable('member_alerts', (table) => {
        table.unique(['review_session_id', 'user_id'], { indexName: INDEX })
      })
    })
  }

  async down() {
    this.schema.alterTable('member_alerts', (table) => {
      table.dropUnique(['review_session_id', 'user_id'], INDEX)
    })
  }
}
