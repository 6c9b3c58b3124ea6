import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Customers reached by email alone (docs/product-rules.md#customers-and-channels): the phone becomes optional, a
 * customer keeps at least one of phone and email, and a business has one customer without a phone per address.
 * `email_without_phone` is the address of a customer who has no phone (else NULL), computed by the database so its
 * unique index lets an import or a quick send merge on it as they merge on the phone. The phone becomes VARCHAR (its
 * values are still '+91' and 10 digits): MariaDB keeps CHAR columns out of generated columns' expressions.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE customers MODIFY phone VARCHAR(13) CHARACTER SET ascii NULL')
      await db.rawQuery(
        `ALTER TABLE customers
           ADD COLUMN email_without_phone VARCHAR(254) GENERATED ALWAYS AS (IF(phone IS NULL, email, NULL)) STORED,
           ADD CONSTRAINT customers_phone_or_email CHECK (phone IS NOT NULL OR email IS NOT NULL),
           ADD UNIQUE INDEX customers_business_id_email_without_phone_unique (business_id, email_without_phone)`
      )
    })
  }

  async down() {
    this.defer(async (db) => {
      // Customers without a phone cannot stay once the phone is required again (their requests go with them).
      await db.rawQuery('DELETE FROM customers WHERE phone IS NULL')
      await db.rawQuery(
        `ALTER TABLE customers
           DROP INDEX customers_business_id_email_without_phone_unique,
           DROP CONSTRAINT customers_phone_or_email,
           DROP COLUMN email_without_phone`
      )
      await db.rawQuery('ALTER TABLE customers MODIFY phone CHAR(13) CHARACTER SET ascii NOT NULL')
    })
  }
}
