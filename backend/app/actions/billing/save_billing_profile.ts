import BillingProfile from '#models/billing_profile'
import type Member from '#policies/member'
import { FieldError } from '#exceptions/app_errors'
import { gstinProblem } from '#contract/gst'

export interface BillingDetails {
  legalName: string
  address: string
  stateCode: string
  /** Empty or absent: none. */
  gstin?: string | null
}

/**
 * The member's workspace's billing details for its tax invoices (docs/decisions.md D33), made or replaced: a GSTIN
 * must have its shape, check character and the chosen state (else a field error, and nothing is saved).
 */
export default class SaveBillingProfile {
  async handle(by: Member, input: BillingDetails) {
    const gstin = input.gstin || null
    const problem = gstin ? gstinProblem(gstin, input.stateCode) : null
    if (problem) throw new FieldError('gstin', problem)
    return BillingProfile.updateOrCreate(
      { workspaceId: by.workspaceId },
      { userId: by.user.id, legalName: input.legalName, address: input.address, stateCode: input.stateCode, gstin }
    )
  }
}
