import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import Business from '#models/business'
import GoogleRatingSnapshot from '#models/google_rating_snapshot'
import { PlacesDirectory } from '#services/places/places_directory'
import { NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { googleReviewUrl } from '#lib/constants'
import { generateShortCode } from '#lib/short_code'
import { isDuplicateKey } from '#lib/db_errors'
import { todayIst } from '#lib/time'
import GetBillingStatus from '#actions/billing/get_billing_status'
import { BUSINESS_LIMIT_MESSAGE, FREE_PLAN_BUSINESS_LIMIT } from '#contract/product_rules'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

const SHORT_CODE_ATTEMPTS = 5

/**
 * Adds a Google listing to the member's workspace with a fresh review code. Selecting a place the workspace already
 * has returns that business instead of a duplicate (docs/product-rules.md#review-links-and-short-codes); the free
 * plan keeps one (docs/product-rules.md#free-plan-limits).
 */
@inject()
export default class SelectBusiness {
  constructor(
    private places: PlacesDirectory,
    private billingStatus: GetBillingStatus
  ) {}

  /**
   * `member` may add businesses to their workspace (BusinessPolicy.create); the business is the workspace's. A new
   * business asks customers as `complianceMode` says (docs/decisions.md D51); a place the workspace already has
   * keeps its own choice, which the business's settings change.
   */
  async handle(
    member: Member,
    placeId: string,
    { complianceMode = false }: { complianceMode?: boolean } = {}
  ): Promise<{ business: Business; created: boolean }> {
    const { workspace, user } = member
    const existing = await Business.query().where('workspace_id', workspace.id).where('place_id', placeId).first()
    if (existing) return { business: existing, created: false }

    // Outside the transaction: a slow Google answer must not hold a row lock.
    const place = await this.places.details(placeId)
    if (!place) throw new NotFoundError('We could not find that business. Please search again.')

    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (trx) => {
          // Serialises one workspace's concurrent adds, so the plan's business limit cannot be raced.
          await Workspace.query({ client: trx }).where('id', workspace.id).forUpdate().firstOrFail()
          const again = await Business.query({ client: trx }).where('workspace_id', workspace.id).where('place_id', placeId).first()
          if (again) return { business: again, created: false }
          await this.assertCanAdd(workspace, trx)

          const business = await Business.create(
            {
              workspaceId: workspace.id,
              userId: user.id,
              placeId: place.place_id,
              name: place.name,
              address: place.address,
              rating: place.rating,
              reviewCount: place.reviewCount,
              shortUrl: await this.codeNoAliasHas(trx),
              googleReviewUrl: googleReviewUrl(place.place_id),
              complianceMode,
            },
            { client: trx }
          )
          // The Google rating history starts with the figures the business joined with (docs/decisions.md D35).
          await GoogleRatingSnapshot.record(business.id, todayIst(), place, trx)
          await WorkspaceActivity.record(workspace.id, user, 'business.added', { businessId: business.id, name: business.name }, trx)
          return { business, created: true }
        })
      } catch (error) {
        if (!isDuplicateKey(error, 'short_url') || attempt >= SHORT_CODE_ATTEMPTS) throw error
      }
    }
  }

  /** A fresh random code that is not an earlier code of some business (the businesses' own codes are unique in the table). */
  private async codeNoAliasHas(trx: TransactionClientContract) {
    for (;;) {
      const code = generateShortCode()
      if (!(await trx.from('review_link_aliases').where('code', code).first())) return code
    }
  }

  private async assertCanAdd(workspace: Workspace, trx: TransactionClientContract) {
    const { isLimited } = await this.billingStatus.handle(workspace)
    if (!isLimited) return
    const row = await db.from('businesses').useTransaction(trx).where('workspace_id', workspace.id).count('* as total').first()
    if (Number(row?.total ?? 0) >= FREE_PLAN_BUSINESS_LIMIT) throw new UpgradeRequiredError(BUSINESS_LIMIT_MESSAGE)
  }
}
