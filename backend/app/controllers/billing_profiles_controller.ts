/*
 * The workspace's billing details for tax invoices (docs/decisions.md D33): legal name, address, state (its GST state code
 * decides CGST + SGST or IGST) and an optional GSTIN, checked for its shape, check character and state.
 */
import type { HttpContext } from '@adonisjs/core/http'
import BillingProfile from '#models/billing_profile'
import WorkspacePolicy from '#policies/workspace_policy'
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
  async show({ tenant, bouncer }: HttpContext): Promise<BillingProfileDto> {
    await bouncer.with(WorkspacePolicy).authorize('manageBilling')
    return serialize(await BillingProfile.find(tenant.member.workspaceId))
  }

  async update({ tenant, bouncer, request }: HttpContext): Promise<BillingProfileDto> {
    await bouncer.with(WorkspacePolicy).authorize('manageBilling')
    const input = await request.validateUsing(billingProfileValidator)
    const gstin = input.gstin || null
    const problem = gstin ? gstinProblem(gstin, input.stateCode) : null
    if (problem) throw new FieldError('gstin', problem)
    const profile = await BillingProfile.updateOrCreate(
      { workspaceId: tenant.member.workspaceId },
      { userId: tenant.member.user.id, legalName: input.legalName, address: input.address, stateCode: input.stateCode, gstin }
    )
    return serialize(profile)
  }
}
