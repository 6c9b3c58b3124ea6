import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import CheckInvitation from '#actions/workspaces/check_invitation'
import { acceptInvitationValidator } from '#validators/workspaces'
import type { InvitationCheckResponse } from '#types/api'

/** An invitation as its page reads it before anyone signs in (docs/decisions.md D57); accepting is the workspaces'. */
export default class InvitationsController {
  /** POST /api/invitations/check {token} → who invites, to which workspace, as what, which address; 400 when unusable. */
  @inject()
  async check({ request }: HttpContext, checkInvitation: CheckInvitation): Promise<InvitationCheckResponse> {
    const { token } = await request.validateUsing(acceptInvitationValidator)
    return checkInvitation.handle(token)
  }
}
