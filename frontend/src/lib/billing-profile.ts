/*
 * Who the tax invoices are made out to (docs/decisions.md D33, GET/PUT /api/billing/profile): the state choices,
 * when the details are complete enough to pay, the payment dialog's one-line summary, and the purchase's 422 that
 * asks for them. The GST rules themselves are the server's (backend/contract/gst.ts).
 */
import type { BillingProfileDto, BillingProfileRequest } from '@reviewroute/backend/types/api'
import { GST_STATES, gstStateName } from '@reviewroute/backend/contract/gst'
import { fieldErrors } from '@reviewroute/web-shared/api'

export const BILLING_PROFILE_PATH = '/api/billing/profile'

/** The purchase's 422 field, and its sentence when the server sends none. */
export const BILLING_PROFILE_ERROR_FIELD = 'billingProfile'
export const BILLING_DETAILS_NEEDED = 'Add your billing details (name, address and state) before you pay: they go on your tax invoice.'

/** "Karnataka (29)" */
export const stateLabel = (code: string) => `${gstStateName(code) ?? code} (${code})`

export const STATE_OPTIONS = GST_STATES.map((state) => ({ value: state.code, label: stateLabel(state.code) }))

/** Name, address and state are what an invoice cannot go without; the GSTIN is optional. */
export function hasBillingDetails(profile: BillingProfileDto | null | undefined): profile is BillingProfileDto {
  return Boolean(profile?.legalName?.trim() && profile.address?.trim() && profile.stateCode)
}

/** "Invoice to: Asha Traders, Karnataka · GSTIN 29AAGCR4375J1ZU" */
export function invoiceToText(profile: BillingProfileDto) {
  const state = profile.stateCode ? (gstStateName(profile.stateCode) ?? profile.stateCode) : null
  const to = [profile.legalName, state].filter(Boolean).join(', ')
  return `Invoice to: ${to}${profile.gstin ? ` · GSTIN ${profile.gstin}` : ''}`
}

/** The form's values as the API takes them: trimmed, the GSTIN upper-cased, an empty GSTIN removed (null). */
export function billingProfileRequest(values: {
  legalName: string
  address: string
  stateCode: string
  gstin?: string | null
}): BillingProfileRequest {
  const gstin = values.gstin?.replace(/\s+/g, '').toUpperCase()
  return { legalName: values.legalName.trim(), address: values.address.trim(), stateCode: values.stateCode, gstin: gstin || null }
}

/** The sentence of create-payment's 422 on `billingProfile` (no billing details yet), else null. */
export const billingProfileMissing = (error: unknown): string | null => {
  const errors = fieldErrors(error)
  return BILLING_PROFILE_ERROR_FIELD in errors ? errors[BILLING_PROFILE_ERROR_FIELD] || BILLING_DETAILS_NEEDED : null
}
