/*
 * The owner's billing details for tax invoices (docs/decisions.md D33): legal name, address, state (its GST state code
 * decides CGST + SGST or IGST) and an optional GSTIN, checked for its shape, check character and state.
 */
import type { HttpContext } from '@adonisjs/core/http'
import BillingProfile from '#models/billing_profile'
import { billingProfileValidator } from '#validators/billing'
import { FieldError } from '#exceptions/app_errors'
import { gstinProblem } from '#contract/gst'
import type { BillingProfileDto } from '#types/api'

const serialize = (profile: BillingProfile | null): BillingProfileDto => ({
  legalName: profile?.legalName ?? null,
  address: profile?.address ?? null,
  stateCode: profile?.stateCode ?? null,
  gstin: profile?.gstin ?? null,
})

export default class BillingProfilesController {
  async show({ auth }: HttpContext): Promise<BillingProfileDto> {
    return serialize(await BillingProfile.find(auth.getUserOrFail().id))
  }

  async update({ auth, request }: HttpContext): Promise<BillingProfileDto> {
    const input = await request.validateUsing(billingProfileValidator)
    const gstin = input.gstin || null
    const problem = gstin ? gstinProblem(gstin, input.stateCode) : null
    if (problem) throw new FieldError('gstin', problem)
    const profile = await BillingProfile.updateOrCreate(
      { userId: auth.getUserOrFail().id },
      { legalName: input.legalName, address: input.address, stateCode: input.stateCode, gstin }
    )
    return serialize(profile)
  }
}
