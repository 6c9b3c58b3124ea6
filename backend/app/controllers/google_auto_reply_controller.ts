/*
 * Auto-reply rules (docs/decisions.md D48): the workspace's setting. Every member reads it; owners change it. Turning
 * it on stamps the time, so only reviews written from then on are answered by it.
 */
import type { HttpContext } from '@adonisjs/core/http'
import Workspace from '#models/workspace'
import { maskToStars, starsToMask } from '#models/reply_template'
import AutoReplyPolicy from '#policies/auto_reply_policy'
import { autoReplyValidator } from '#validators/auto_reply'
import { clock } from '#lib/clock'
import type { AutoReplyDto } from '#types/api'

const serialize = (workspace: Workspace): AutoReplyDto => ({
  enabled: workspace.autoReplyEnabled,
  delayHours: workspace.autoReplyDelayHours,
  stars: maskToStars(workspace.autoReplyStarsMask).filter((star) => star >= 4),
})

export default class GoogleAutoReplyController {
  /** GET /api/google/auto-reply */
  async show({ tenant, bouncer }: HttpContext): Promise<AutoReplyDto> {
    await bouncer.with(AutoReplyPolicy).authorize('view')
    return serialize(await Workspace.findOrFail(tenant.member.workspaceId))
  }

  /** PUT /api/google/auto-reply {enabled, delayHours, stars} */
  async update({ tenant, bouncer, request }: HttpContext): Promise<AutoReplyDto> {
    await bouncer.with(AutoReplyPolicy).authorize('manage')
    const fields = await request.validateUsing(autoReplyValidator)
    const workspace = await Workspace.findOrFail(tenant.member.workspaceId)
    if (fields.enabled && !workspace.autoReplyEnabled) workspace.autoReplyEnabledAt = clock.now()
    workspace.autoReplyEnabled = fields.enabled
    workspace.autoReplyDelayHours = fields.delayHours
    workspace.autoReplyStarsMask = starsToMask(fields.stars)
    await workspace.save()
    return serialize(workspace)
  }
}
