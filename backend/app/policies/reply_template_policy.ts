import { BasePolicy } from '@adonisjs/bouncer'
import type Member from '#policies/member'
import ReplyTemplate from '#models/reply_template'
import { roleOnly, workspaceRow } from '#policies/ownership'

export const TEMPLATE_NOT_FOUND = 'Template not found'

/**
 * Reply templates (docs/decisions.md D46) belong to the workspace, not to a business: every member reads them, owners
 * and managers (a manager limited to some businesses too) write them; another workspace's template is a 404.
 */
export default class ReplyTemplatePolicy extends BasePolicy {
  /** The templates the member may list (with `viewAny`): those of the workspace they act in. */
  static visible(member: Member) {
    return ReplyTemplate.query().where('workspace_id', member.workspaceId)
  }

  viewAny(member: Member) {
    return roleOnly(member, 'read')
  }

  create(member: Member) {
    return roleOnly(member, 'write')
  }

  manage(member: Member, template: ReplyTemplate | null) {
    return workspaceRow(member, template, 'write', TEMPLATE_NOT_FOUND)
  }
}
