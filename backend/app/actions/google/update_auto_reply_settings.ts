import Workspace from '#models/workspace'
import { starsToMask } from '#models/reply_template'
import type Member from '#policies/member'
import { clock } from '#lib/clock'

export interface AutoReplySettings {
  enabled: boolean
  delayHours: number
  stars: number[]
}

/**
 * The workspace's auto-reply rules (docs/decisions.md D48). Turning it on stamps the time, so only reviews written
 * from then on are answered by it.
 */
export default class UpdateAutoReplySettings {
  async handle(by: Member, settings: AutoReplySettings) {
    const workspace = await Workspace.findOrFail(by.workspaceId)
    if (settings.enabled && !workspace.autoReplyEnabled) workspace.autoReplyEnabledAt = clock.now()
    workspace.autoReplyEnabled = settings.enabled
    workspace.autoReplyDelayHours = settings.delayHours
    workspace.autoReplyStarsMask = starsToMask(settings.stars)
    await workspace.save()
    return workspace
  }
}
