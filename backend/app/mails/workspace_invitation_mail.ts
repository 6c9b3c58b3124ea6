import type { DateTime } from 'luxon'
import { AppMail, linkTo } from '#mails/app_mail'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { ROLE_LABELS, type WorkspaceRole } from '#contract/workspace_roles'
import { oneLine, plainWorkspaceName } from '#contract/workspace_names'

/**
 * An invitation to a workspace (docs/decisions.md D42): who invites, to which workspace, with which role, and the
 * single-use link `/invite?token=…` (7 days). Sent to an address that may have no account yet.
 */
export default class WorkspaceInvitationMail extends AppMail {
  protected template = 'workspace_invitation'
  protected kind = 'workspace-invitation'
  protected recipient: string
  subject: string

  constructor(
    private invitation: { email: string; role: WorkspaceRole; expiresAt: DateTime },
    private workspaceName: string,
    private inviterName: string,
    private token: string
  ) {
    super()
    // Names are plain text in a mail, whatever was stored before they were checked (docs/decisions.md D56).
    this.workspaceName = plainWorkspaceName(workspaceName)
    this.inviterName = oneLine(inviterName)
    this.recipient = invitation.email
    this.subject = `${this.inviterName} invited you to ${this.workspaceName} on ReviewRoute`
  }

  protected content() {
    return {
      heading: `Join ${this.workspaceName}`,
      inviter: this.inviterName,
      workspace: this.workspaceName,
      role: ROLE_LABELS[this.invitation.role].toLowerCase(),
      expires: this.invitation.expiresAt.setZone(BUSINESS_TIME_ZONE).setLocale('en-IN').toFormat('d LLLL yyyy'),
      button: { label: 'Accept the invitation', url: linkTo(`/invite?token=${encodeURIComponent(this.token)}`) },
      reason: `You get this mail because ${this.inviterName} invited this address. If you do not know them, ignore it.`,
      profileUrl: null,
    }
  }
}
