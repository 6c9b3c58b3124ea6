/*
 * The workspace's billing details for tax invoices (docs/decisions.md D33): legal name, address, state (its GST state code
 * decides CGST + SGST or IGST) and an optional GSTIN, checked for its shape, check character and state.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import BillingProfile from '#models/billing_profile'
import WorkspacePolicy from '#policies/workspace_policy'
import SaveBillingProfile from '#actions/billing/save_billing_profile'
import { billingProfileValidator } from '#validators/billing'
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

  @inject()
  async update({ tenant, bouncer, request }: HttpContext, saveProfile: SaveBillingProfile): Promise<BillingProfileDto> {
    await bouncer.with(WorkspacePolicy).authorize('manageBilling')
    const input = await request.validateUsing(billingProfileValidator)
    return serialize(await saveProfile.handle(tenant.member, input))
  }
}
