import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Who an owner's tax invoices are made out to (docs/decisions.md D33). */
export default class BillingProfile extends BaseModel {
  static table = 'billing_profiles'

  /** One per workspace (docs/decisions.md D42): its plans are invoiced to it. */
  @column({ isPrimary: true })
  declare workspaceId: number

  /** Who last saved it. */
  @column()
  declare userId: number | null

  @column()
  declare legalName: string

  @column()
  declare address: string

  /** The GST state code of the owner's state or union territory: it decides CGST + SGST or IGST. */
  @column()
  declare stateCode: string

  @column()
  declare gstin: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
