/** Billing details and payment history in the API's shapes (docs/decisions.md D33) for the billing screens' tests. */
import type { BillingProfileDto, InvoiceDto, PaymentHistoryDto } from '@reviewroute/backend/types/api'
import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

/** A real GSTIN of Karnataka (29) with the right check character. */
export const GSTIN = '29AAGCR4375J1ZU'

export const emptyProfile = { legalName: null, address: null, stateCode: null, gstin: null } satisfies BillingProfileDto

export const savedProfile = {
  legalName: 'Asha Traders',
  address: '12 MG Road\nBengaluru 560001',
  stateCode: '29',
  gstin: GSTIN,
} satisfies BillingProfileDto

export const payment = (overrides: Partial<PaymentHistoryDto> = {}) =>
  ({
    id: 1,
    createdAt: '2026-11-22T06:00:00.000Z',
    paidAt: '2026-11-22T06:01:00.000Z',
    planName: '12 Months Pro Plan',
    durationMonths: 12,
    amount: 249_900,
    status: 'paid',
    refundedAmount: 0,
    invoiceId: 11,
    creditNoteId: null,
    ...overrides,
  }) satisfies PaymentHistoryDto

const party = { legalName: 'ReviewRoute', address: 'Bengaluru', stateCode: '29', stateName: 'Karnataka', gstin: GSTIN }

export const invoice = (overrides: Partial<InvoiceDto> = {}) =>
  ({
    id: 11,
    number: 'RR/2026-27/00001',
    kind: 'invoice',
    issuedAt: '2026-11-22T06:01:00.000Z',
    refersTo: null,
    paymentId: 1,
    seller: party,
    buyer: { ...party, legalName: 'Asha Traders' },
    placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
    sac: '998314',
    description: 'ReviewRoute Pro, 12 months',
    taxRatePercent: 18,
    taxableValue: 211_780,
    cgst: 19_060,
    sgst: 19_060,
    igst: 0,
    total: 249_900,
    totalInWords: 'Rupees Two Thousand Four Hundred Ninety-Nine Only',
    reverseCharge: false,
    currency: 'INR',
    ...overrides,
  }) satisfies InvoiceDto

/** The form's message under a field (antd's explain line), found from the field's label. */
export const explainOf = (label: string, scope: Pick<typeof screen, 'getByLabelText'> = screen) =>
  scope.getByLabelText(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? ''

/** Searches the state Select and picks an option ("Karnataka (29)"). */
export async function chooseState(search: string, option: string, scope: Pick<typeof screen, 'getByRole'> = screen) {
  const box = scope.getByRole('combobox', { name: 'State or union territory' })
  fireEvent.mouseDown(box)
  await userEvent.type(box, search)
  const options = await screen.findAllByTitle(option)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}
