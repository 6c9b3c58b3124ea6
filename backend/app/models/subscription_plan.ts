import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { PlanType } from '#lib/billing_enums'

export default class SubscriptionPlan extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare planType: PlanType

  @column()
  declare name: string

  /** Paise. */
  @column()
  declare totalPrice: number

  @column()
  declare durationMonths: number

  @column()
  declare durationDays: number

  @column({ prepare: (value: string[]) => JSON.stringify(value), consume: (value: string) => JSON.parse(value) })
  declare features: string[]

  @column()
  declare tag: string | null

  @column()
  declare sortOrder: number

  @column({ consume: (value) => Boolean(value) })
  declare isActive: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
