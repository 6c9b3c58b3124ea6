/*
 * GST tax invoices and credit notes (docs/decisions.md D33), issued inside the transaction that grants the
 * plan (or records the refund), so a failed grant issues nothing and takes no number. Numbers are consecutive per
 * series and Indian financial year (April-March, IST): the series' counter row is locked for the rest of the
 * transaction, so concurrent grants queue on it and a rollback gives the number back.
 */
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import type Payment from '#models/payment'
import type Subscription from '#models/subscription'
import type SubscriptionPlan from '#models/subscription_plan'
import type Refund from '#models/refund'
import BillingProfile from '#models/billing_profile'
import Invoice, { InvoiceKind } from '#models/invoice'
import User from '#models/user'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { gstStateName, splitGst } from '#contract/gst'
import { planDisplayName } from '#contract/product_rules'
import type { InvoicePartyDto } from '#types/api'

/** The Indian financial year of a moment, as invoice numbers carry it: '2026-27' from 1 April 2026 IST. */
export function financialYear(at: DateTime) {
  const ist = at.setZone(BUSINESS_TIME_ZONE)
  const start = ist.month >= 4 ? ist.year : ist.year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** `RR/2026-27/00001`, or for a credit note `RRCN/26-27/00001`: at most 16 characters, as GST requires. */
export function invoiceNumber(kind: InvoiceKind, year: string, sequence: number) {
  const prefix = env.get('INVOICE_PREFIX')
  const serial = String(sequence).padStart(5, '0')
  return kind === InvoiceKind.Invoice ? `${prefix}/${year}/${serial}` : `${prefix}CN/${year.slice(2)}/${serial}`
}

export function seller(): InvoicePartyDto {
  const stateCode = env.get('SELLER_STATE_CODE')
  return {
    legalName: env.get('SELLER_LEGAL_NAME'),
    address: env.get('SELLER_ADDRESS'),
    stateCode,
    stateName: gstStateName(stateCode) ?? stateCode,
    gstin: env.get('SELLER_GSTIN') || null,
  }
}

const seriesOf = (kind: InvoiceKind) => (kind === InvoiceKind.Invoice ? 'invoice' : 'credit')

/**
 * The next number of a series in a financial year. One statement creates the year's counter at 1 or adds 1 to it,
 * taking the row's exclusive lock until the transaction ends (an upsert locks exclusively at once: no shared lock to
 * upgrade, so concurrent grants queue instead of deadlocking), then reads back what it wrote.
 */
async function nextSequence(trx: TransactionClientContract, series: string, year: string) {
  await trx.rawQuery(
    'INSERT INTO invoice_counters (series, financial_year, last_number) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE last_number = last_number + 1',
    [series, year]
  )
  const counter = await trx.from('invoice_counters').where({ series, financial_year: year }).forUpdate().firstOrFail()
  return Number(counter.last_number)
}

/** The buyer as their billing details say now; without any (orders from before billing details), the account's name. */
/** The paying workspace's billing profile (an agency's, for a plan it bought for a client), else the buyer by name. */
async function buyerOf(trx: TransactionClientContract, workspaceId: number | null, userId: number): Promise<InvoicePartyDto> {
  const profile = workspaceId === null ? null : await BillingProfile.find(workspaceId, { client: trx })
  if (profile) {
    return {
      legalName: profile.legalName,
      address: profile.address,
      stateCode: profile.stateCode,
      stateName: gstStateName(profile.stateCode) ?? profile.stateCode,
      gstin: profile.gstin,
    }
  }
  const user = await User.findOrFail(userId, { client: trx })
  // No address on record: the place of supply is the seller's location (IGST Act, section 12(2)(b)).
  const { stateCode, stateName } = seller()
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
  return { legalName: name || user.email, address: '', stateCode, stateName, gstin: null }
}

async function issue(
  trx: TransactionClientContract,
  kind: InvoiceKind,
  issuedAt: DateTime,
  fields: Partial<Invoice> & { amount: number; buyer: InvoicePartyDto; seller: InvoicePartyDto }
) {
  const { amount, ...rest } = fields
  const year = financialYear(issuedAt)
  const sequence = await nextSequence(trx, seriesOf(kind), year)
  const split = splitGst(amount, fields.buyer.stateCode === fields.seller.stateCode)
  return Invoice.create(
    {
      ...rest,
      kind,
      series: seriesOf(kind),
      financialYear: year,
      sequence,
      number: invoiceNumber(kind, year, sequence),
      issuedAt,
      placeOfSupply: fields.buyer.stateCode,
      sac: env.get('INVOICE_SAC'),
      ...split,
    },
    { client: trx }
  )
}

const day = (at: DateTime) => at.setZone(BUSINESS_TIME_ZONE).toFormat('d LLL yyyy')

/** The tax invoice of a payment that has just been granted `subscription`. */
export async function issueInvoice(
  trx: TransactionClientContract,
  payment: Payment,
  plan: SubscriptionPlan,
  subscription: Subscription,
  issuedAt: DateTime
) {
  const months = plan.durationMonths
  const period = `${day(subscription.currentPeriodStart)} to ${day(subscription.currentPeriodEnd.minus({ days: 1 }))}`
  return issue(trx, InvoiceKind.Invoice, issuedAt, {
    amount: payment.amount,
    paymentId: payment.id,
    userId: payment.userId,
    workspaceId: payment.paidByWorkspaceId,
    seller: seller(),
    buyer: await buyerOf(trx, payment.paidByWorkspaceId, payment.userId!),
    description: `ReviewRoute Pro (${planDisplayName(plan.name)}), ${months} ${months === 1 ? 'month' : 'months'}: ${period}`,
  })
}

/** The credit note of a refund, against the payment's invoice: same parties and place of supply, the refunded amount. */
export function issueCreditNote(trx: TransactionClientContract, invoice: Invoice, refund: Refund, issuedAt: DateTime) {
  return issue(trx, InvoiceKind.CreditNote, issuedAt, {
    amount: refund.amount,
    paymentId: invoice.paymentId,
    userId: invoice.userId,
    workspaceId: invoice.workspaceId,
    refersToInvoiceId: invoice.id,
    refundId: refund.id,
    seller: invoice.seller,
    buyer: invoice.buyer,
    description: `Refund against invoice ${invoice.number}: ${invoice.description}`.slice(0, 300),
  })
}
