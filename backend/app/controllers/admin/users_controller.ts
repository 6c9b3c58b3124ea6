/*
 * Operators and owners' accounts (docs/decisions.md D34): the list (search, plan and trial state, businesses, last
 * seen), one with their businesses and payments, and the writes — extend the trial, grant or end a plan, disable or
 * enable the account — each an action that writes its audit row with the change.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { paginate } from '#lib/list_query'
import { ADMIN_USER_LIST } from '#queries/list_specs'
import { adminBusinessRows, adminPaymentRows, adminUserDetailIds, adminUserRows } from '#queries/admin_rows'
import { extendTrialValidator, grantPlanValidator, reasonValidator } from '#validators/admin'
import { NotFoundError } from '#exceptions/app_errors'
import ExtendTrial from '#actions/admin/extend_trial'
import GrantComplimentaryPlan from '#actions/admin/grant_complimentary_plan'
import EndPlan from '#actions/admin/end_plan'
import SetUserDisabled from '#actions/admin/set_user_disabled'
import { serializeAdminBusiness, serializeAdminPayment, serializeAdminUser } from '#serializers/admin'
import type { AdminUserDetailDto, AdminUserDto } from '#types/api'

async function shown(users: User[]) {
  const rows = await adminUserRows(users)
  return rows.map(serializeAdminUser)
}

async function one(user: User) {
  const [row] = await shown([user])
  return row
}

export default class AdminUsersController {
  async index(ctx: HttpContext): Promise<AdminUserDto[]> {
    return shown(await paginate(ctx, User.query(), ADMIN_USER_LIST, (user: User) => user))
  }

  async show({ params }: HttpContext): Promise<AdminUserDetailDto> {
    const user = await User.find(params.id)
    if (!user) throw new NotFoundError('User not found')
    const { businessIds, paymentIds } = await adminUserDetailIds(user.id)
    const [shownUser, businesses, payments] = await Promise.all([one(user), adminBusinessRows(businessIds), adminPaymentRows(paymentIds)])
    return {
      ...shownUser,
      businessList: businesses.map(serializeAdminBusiness),
      payments: payments.map(serializeAdminPayment),
    }
  }

  @inject()
  async extendTrial({ auth, params, request }: HttpContext, extendTrial: ExtendTrial): Promise<AdminUserDto> {
    const { days, reason } = await request.validateUsing(extendTrialValidator)
    return one(await extendTrial.handle(auth.getUserOrFail(), params.id, days, reason))
  }

  @inject()
  async grantPlan({ auth, params, request }: HttpContext, grantPlan: GrantComplimentaryPlan): Promise<AdminUserDto> {
    const { months, reason } = await request.validateUsing(grantPlanValidator)
    return one(await grantPlan.handle(auth.getUserOrFail(), params.id, months, reason))
  }

  @inject()
  async endPlan({ auth, params, request }: HttpContext, endPlan: EndPlan): Promise<AdminUserDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    return one(await endPlan.handle(auth.getUserOrFail(), params.id, reason))
  }

  @inject()
  async disable(ctx: HttpContext, setDisabled: SetUserDisabled): Promise<AdminUserDto> {
    const { reason } = await ctx.request.validateUsing(reasonValidator)
    return one(await setDisabled.handle(ctx.auth.getUserOrFail(), ctx.params.id, true, reason))
  }

  @inject()
  async enable(ctx: HttpContext, setDisabled: SetUserDisabled): Promise<AdminUserDto> {
    const { reason } = await ctx.request.validateUsing(reasonValidator)
    return one(await setDisabled.handle(ctx.auth.getUserOrFail(), ctx.params.id, false, reason))
  }
}
