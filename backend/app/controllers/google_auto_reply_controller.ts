/*
 * Auto-reply rules (docs/decisions.md D48): the workspace's setting. Every member reads it; owners change it. Turning
 * it on stamps the time, so only reviews written from then on are answered by it.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type Workspace from '#models/workspace'
import { maskToStars } from '#models/reply_template'
import AutoReplyPolicy from '#policies/auto_reply_policy'
import UpdateAutoReplySettings from '#actions/google/update_auto_reply_settings'
import { autoReplyValidator } from '#validators/auto_reply'
import type { AutoReplyDto } from '#types/api'

const serialize = (workspace: Workspace): AutoReplyDto => ({
  enabled: workspace.autoReplyEnabled,
  delayHours: workspace.autoReplyDelayHours,
  stars: maskToStars(workspace.autoReplyStarsMask).filter((star) => star >= 4),
})

export default class GoogleAutoReplyController {
  /** GET /api/google/auto-reply: the workspace the request acts in, as its member was read. */
  async show({ tenant, bouncer }: HttpContext): Promise<AutoReplyDto> {
    await bouncer.with(AutoReplyPolicy).authorize('view')
    return serialize(tenant.member.workspace)
  }

  /** PUT /api/google/auto-reply {enabled, delayHours, stars} */
  @inject()
  async update({ tenant, bouncer, request }: HttpContext, updateSettings: UpdateAutoReplySettings): Promise<AutoReplyDto> {
    await bouncer.with(AutoReplyPolicy).authorize('manage')
    const fields = await request.validateUsing(autoReplyValidator)
    return serialize(await updateSettings.handle(tenant.member, fields))
  }
}
