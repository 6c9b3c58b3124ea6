import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Customer from '#models/customer'
import Business from '#models/business'
import type { RequestSource } from '#contract/integrations'

export type { RequestSource }

export enum RequestChannel {
  WhatsappLink = 'whatsapp_link',
  Whatsapp = 'whatsapp',
  Sms = 'sms',
  Email = 'email',
}

export enum RequestStatus {
  Created = 'created',
  /** Claimed by a worker that is sending it now (docs/decisions.md D52: `send_claimed_at` is its lease). */
  Sending = 'sending',
  Sent = 'sent',
  Delivered = 'delivered',
  Opened = 'opened',
  Rated = 'rated',
  Failed = 'failed',
  OptedOut = 'opted_out',
}

/** One personal request for a review (docs/decisions.md D32): its link `/r/{token}` and how far it got. */
export default class ReviewRequest extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare businessId: number

  @column()
  declare customerId: number

  @column()
  declare channel: RequestChannel

  @column()
  declare status: RequestStatus

  @column({ serializeAs: null })
  declare token: string

  @column()
  declare staffId: number | null

  /** Where it came from (docs/decisions.md D72): by hand, a CSV, the visit hook, an integration, a staff link. */
  @column()
  declare source: RequestSource

  @column()
  declare integrationId: number | null

  /** Not sent before this (an integration's delay); null: as soon as quiet hours allow. */
  @column.dateTime()
  declare sendAfter: DateTime | null

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime()
  declare openedAt: DateTime | null

  @column.dateTime()
  declare ratedAt: DateTime | null

  @column.dateTime()
  declare remindedAt: DateTime | null

  /** Why it failed, in the provider's words (or ours when it could not be sent at all). */
  @column()
  declare failureReason: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Customer)
  declare customer: BelongsTo<typeof Customer>

  @belongsTo(() => Business)
  declare business: BelongsTo<typeof Business>
}
