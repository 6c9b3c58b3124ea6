import { BaseSchema } from '@adonisjs/lucid/schema'
import { POSITIVE_RATING_MIN, TOPIC_KEYWORDS } from '#lib/constants'

/**
 * The funnel's top complaint topics (docs/product-rules.md) count keyword mentions over the newest low-rated feedbacks.
 * Matching every keyword against every text on each analytics call cost ~20 ms per 1,000 feedbacks, so
 * MySQL now computes it once per row, in stored generated columns:
 * - `is_complaint`: 1 for a low rating with feedback text (the rows the topic window reads), else 0;
 * - `complaint_topics`: one bit per topic of TOPIC_KEYWORDS, in its order, set when the text mentions one
 *   of the topic's words (the same LOWER(feedback) LIKE '%word%' test as before).
 * An index on (business, is_complaint, newest first, topics) makes the window an index-only read.
 * Changing TOPIC_KEYWORDS needs a new migration that redefines `complaint_topics`.
 */
export const topicBitsSql = () =>
  Object.values(TOPIC_KEYWORDS)
    .map((words, bit) => `((${words.map((word) => `LOWER(feedback) LIKE '%${word.replace(/['\\%_]/g, '')}%'`).join(' OR ')}) << ${bit})`)
    .join(' | ')

export default class extends BaseSchema {
  async up() {
    const complaint = `rating < ${Number(POSITIVE_RATING_MIN)} AND feedback IS NOT NULL`
    this.schema.raw(
      `ALTER TABLE review_sessions
         ADD COLUMN is_complaint TINYINT(1) GENERATED ALWAYS AS (IF(${complaint}, 1, 0)) STORED,
         ADD COLUMN complaint_topics SMALLINT UNSIGNED GENERATED ALWAYS AS (IF(${complaint}, ${topicBitsSql()}, 0)) STORED,
         ADD INDEX review_sessions_complaints_idx (business_id, is_complaint, created_at, id, complaint_topics)`
    )
  }

  async down() {
    this.schema.raw(
      `ALTER TABLE review_sessions
         DROP INDEX review_sessions_complaints_idx,
         DROP COLUMN complaint_topics,
         DROP COLUMN is_complaint`
    )
  }
}
