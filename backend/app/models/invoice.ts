import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export enum InvoiceKind {
  Invoice = 'invoice',
  CreditNote = 'credit_note',
}

/** A party on an invoice as it was when issued (the API's InvoicePartyDto). */
export interface InvoiceParty {
  legalName: string
  address: string
  stateCode: string
  stateName: string
  gstin: string | null
}

const json = {
  prepare: (value: unknown) => JSON.stringify(value),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
}

/**
 * A GST tax invoice for a granted payment, or a credit note for its refund (docs/decisions.md D33), with the
 * parties as they were when it was issued; amounts in paise. Never changed once issued.
 */
export default class Invoice extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare number: string

  @column()
  declare kind: InvoiceKind

  @column()
  declare series: string

  @column()
  declare financialYear: string

  @column()
  declare sequence: number

  @column()
  declare paymentId: number

  /** Null once the owner deleted their account: the invoice is kept as a tax record. */
  @column()
  declare userId: number | null

  /** The workspace whose billing profile it is made out to (an agency's, for a plan bought for a client). */
  @column()
  declare workspaceId: number | null

  @column()
  declare refersToInvoiceId: number | null

  @column()
  declare refundId: number | null

  @column.dateTime()
  declare issuedAt: DateTime

  @column(json)
  declare seller: InvoiceParty

  @column(json)
  declare buyer: InvoiceParty

  @column()
  declare placeOfSupply: string

  @column()
  declare sac: string

  @column()
  declare description: string

  @column()
  declare taxableValue: number

  @column()
  declare cgst: number

  @column()
  declare sgst: number

  @column()
  declare igst: number

  @column()
  declare total: number

  @column.dateTime()
  declare mailedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
