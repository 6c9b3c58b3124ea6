import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A device a member gets alerts on by Web Push (docs/decisions.md D68). */
export default class PushSubscription extends BaseModel {
  static table = 'push_subscriptions'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** The push service's address for this browser; a secret of the device, never sent back. */
  @column({ serializeAs: null })
  declare endpoint: string

  @column({ serializeAs: null })
  declare endpointHash: string

  @column({ serializeAs: null, columnName: 'p256dh' })
  declare p256dh: string

  @column({ serializeAs: null })
  declare auth: string

  @column()
  declare label: string | null

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare lastSentAt: DateTime | null
}
