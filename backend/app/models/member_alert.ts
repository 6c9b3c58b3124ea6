import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import MemberAlertDelivery from '#models/member_alert_delivery'
import type { AlertKind } from '#lib/notification_enums'
import type { ReviewLanguage } from '#contract/review_messages/index'

/** An alert's template on ReviewRoute's number: its body's parameters, its quick replies' actions, its link's path. */
export interface AlertTemplateMessage {
  template: string
  /** The template's language: the member's alert language when the alert was made (docs/decisions.md D71). */
  language?: ReviewLanguage
  parameters: string[]
  actions: ('call' | 'resolve' | 'draft')[]
  path: string
}

/** What a tap on an alert did (docs/decisions.md D70), as Profile lists it. */
export type AlertOutcome = 'opened' | 'called_back' | 'resolved' | 'reply_drafted' | 'reply_posted'

/**
 * One alert to one member (docs/decisions.md D70): a private low rating, a Google review or a summary, the channels
 * it went by (deliveries) and what the member did with it.
 */
export default class MemberAlert extends BaseModel {
  static table = 'member_alerts'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare businessId: number | null

  @column()
  declare kind: AlertKind

  @column()
  declare reviewSessionId: number | null

  @column()
  declare googleReviewId: number | null

  @column()
  declare stars: number | null

  /** What the alert said, in a line ("2★ private rating at Chai Point"). */
  @column()
  declare title: string

  /** Its first words, as a notification shows them. */
  @column()
  declare body: string | null

  /** The dashboard path the alert opens. */
  @column()
  declare url: string | null

  /** The template message it goes out as on WhatsApp; null: it has none (WhatsApp is not its channel). */
  @column({
    prepare: (value) => (value === null ? null : JSON.stringify(value)),
    consume: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  })
  declare whatsappMessage: AlertTemplateMessage | null

  /** Quiet hours: nothing went to the phone yet, and goes then. */
  @column.dateTime()
  declare heldUntil: DateTime | null

  /** A WhatsApp message waiting: for the push to go unopened, or for the member's quiet hours to end. */
  @column.dateTime()
  declare whatsappDueAt: DateTime | null

  @column.dateTime()
  declare pushOpenedAt: DateTime | null

  @column()
  declare action: AlertOutcome | null

  @column.dateTime()
  declare actionAt: DateTime | null

  /** The reply drafted in the chat for a Google review, which "Post reply" posts. */
  @column({ serializeAs: null })
  declare draft: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @hasMany(() => MemberAlertDelivery, { foreignKey: 'memberAlertId' })
  declare deliveries: HasMany<typeof MemberAlertDelivery>
}
