import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { AlertChannel } from '#lib/notification_enums'

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed'

/** How one channel of an alert fared (docs/decisions.md D70); WhatsApp's statuses arrive by its webhook. */
export default class MemberAlertDelivery extends BaseModel {
  static table = 'member_alert_deliveries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare memberAlertId: number

  @column()
  declare channel: AlertChannel

  @column()
  declare status: DeliveryStatus

  /** WhatsApp's message id, which its statuses name. */
  @column()
  declare providerMessageId: string | null

  @column()
  declare failure: string | null

  @column.dateTime()
  declare sentAt: DateTime

  /** When the status was last told. */
  @column.dateTime()
  declare at: DateTime
}
