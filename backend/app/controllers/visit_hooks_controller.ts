/*
 * After each visit, automatically (docs/decisions.md D32): the owner turns on a secret address per
 * business; their billing/POS system or form tool POSTs each customer there, and a review request is created and
 * queued (email when the customer has an address, else WhatsApp Business when connected, else SMS).
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import Workspace from '#models/workspace'
import CreateReviewRequest from '#actions/requests/create_review_request'
import RotateVisitHook from '#actions/requests/rotate_visit_hook'
import TurnOffVisitHook from '#actions/requests/turn_off_visit_hook'
import BusinessPolicy from '#policies/business_policy'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'
import { visitHookValidator } from '#validators/requests'
import { FieldError, NotFoundError } from '#exceptions/app_errors'
import { appUrl } from '#lib/app_url'
import { REQUEST_REPEAT_DAYS } from '#contract/integrations'
import type { VisitHookDto } from '#types/api'

const hookUrl = (secret: string) => appUrl(`/api/hooks/visits/${secret}`)
const answer = (business: Business): VisitHookDto =>
  business.visitHookSecret ? { enabled: true, url: hookUrl(business.visitHookSecret) } : { enabled: false, url: null }

export const NO_CHANNEL =
  "This business cannot send requests for you yet: connect WhatsApp Business, set up SMS, or send the customer's email."

export default class VisitHooksController {
  async show({ bouncer, params }: HttpContext): Promise<VisitHookDto> {
    const business = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('update', business)
    return answer(business!)
  }

  /** Turns the hook on, or gives it a new address (the old one stops working). */
  @inject()
  async rotate({ bouncer, params }: HttpContext, rotateHook: RotateVisitHook): Promise<VisitHookDto> {
    const business = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('update', business)
    return answer(await rotateHook.handle(business!))
  }

  @inject()
  async destroy({ bouncer, params, response }: HttpContext, turnOffHook: TurnOffVisitHook) {
    const business = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('update', business)
    await turnOffHook.handle(business!)
    return response.noContent()
  }

  /** POST /api/hooks/visits/{secret} `{name, phone, email?, channel?}` → 202 with the queued request. */
  @inject()
  async visit({ params, request, response }: HttpContext, create: CreateReviewRequest, sms: Msg91Sms) {
    const secret = String(params.secret)
    const business = /^[A-Za-z0-9_-]{43}$/.test(secret) ? await Business.findBy('visit_hook_secret', secret) : null
    if (!business) throw new NotFoundError('Unknown hook')
    const input = await request.validateUsing(visitHookValidator)
    const workspace = await Workspace.findOrFail(business.workspaceId)
    const channel =
      input.channel ?? (input.email ? 'email' : (await whatsappAccountOf(workspace.id)) ? 'whatsapp' : sms.isConfigured ? 'sms' : null)
    if (!channel) throw new FieldError('channel', NO_CHANNEL)
    const created = await create.handle(
      workspace,
      business,
      {
        businessId: business.id,
        // The owner confirmed, turning the hook on, that their system sends only customers who agreed.
        customer: { name: input.name, phone: input.phone, email: input.email ?? null, consent: true },
        channel,
      },
      // The same rules as an integration's: a regular is asked at most once in REQUEST_REPEAT_DAYS (409 otherwise).
      { source: 'visit_hook', repeatDays: REQUEST_REPEAT_DAYS }
    )
    return response.accepted({ requestId: created.request.id, status: created.request.status, channel })
  }
}
