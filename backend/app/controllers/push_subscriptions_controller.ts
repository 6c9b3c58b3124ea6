/*
 * Alerts on this phone (docs/decisions.md D68): the server's VAPID public key for the browser's subscribe, and the
 * member's devices, listed and removed. A device is the signed-in person's, whatever workspace they look at.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PushSubscription from '#models/push_subscription'
import SavePushSubscription from '#actions/push/save_push_subscription'
import { NotFoundError } from '#exceptions/app_errors'
import { WebPush } from '#services/push/web_push'
import { pushSubscriptionValidator } from '#validators/push'
import type { PushPublicKeyDto, PushSubscriptionDto } from '#types/api'

const serialize = (subscription: PushSubscription): PushSubscriptionDto => ({
  id: subscription.id,
  label: subscription.label,
  service: new URL(subscription.endpoint).host,
  createdAt: subscription.createdAt.toISO()!,
  lastSentAt: subscription.lastSentAt?.toISO() ?? null,
})

export default class PushSubscriptionsController {
  @inject()
  async publicKey(_: HttpContext, push: WebPush): Promise<PushPublicKeyDto> {
    return { publicKey: push.publicKey }
  }

  async index({ auth }: HttpContext): Promise<PushSubscriptionDto[]> {
    const rows = await PushSubscription.query().where('user_id', auth.getUserOrFail().id).orderBy('id')
    return rows.map(serialize)
  }

  @inject()
  async store({ auth, request, response }: HttpContext, save: SavePushSubscription) {
    const input = await request.validateUsing(pushSubscriptionValidator)
    return response.created(serialize(await save.handle(auth.getUserOrFail(), input)))
  }

  async destroy({ auth, params, response }: HttpContext) {
    const deleted = await PushSubscription.query().where('id', params.id).where('user_id', auth.getUserOrFail().id).delete()
    if (!Number(deleted[0] ?? deleted)) throw new NotFoundError('Device not found')
    return response.noContent()
  }
}
