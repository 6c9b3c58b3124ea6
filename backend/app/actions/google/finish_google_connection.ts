/*
 * Connecting a workspace's Google Business Profile (docs/decisions.md D43), its second half: Google's answer at the
 * callback, accepted only with the one-time state start_google_connection.ts recorded; the connection is stored and
 * its job queued (its locations read and linked, then every linked one's reviews imported: D44, D58).
 */
import { inject } from '@adonisjs/core'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import GoogleConnection from '#models/google_connection'
import User from '#models/user'
import { membershipsOf } from '#workspaces/tenant'
import { roleAllows } from '#contract/workspace_roles'
import { GOOGLE_CONNECTION_DENIED, mayConnectGoogle } from '#contract/google_connection'
import { clock } from '#lib/clock'
import { AppException } from '#exceptions/app_errors'
import { BusinessProfile } from '#services/google/business_profile'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'
import { IMPORT_NOT_QUEUED } from '#actions/google/queue_google_imports'

export const STATE_EXPIRED = 'This connection took too long or was already used. Please connect Google again.'
export const ACCESS_DENIED = 'You did not give ReviewRoute access to your Business Profile. Connect again and allow access.'
export const NO_REFRESH_TOKEN =
  'Google did not grant lasting access. Remove ReviewRoute from your Google account’s access and connect again.'
export const NOT_ALLOWED = 'Your role in this workspace cannot connect Google. Ask a workspace owner or manager.'

/** What google_connect_states keeps of a state: its hash. */
export const hashOfState = (state: string) => createHash('sha256').update(state).digest('hex')

@inject()
export default class FinishGoogleConnection {
  constructor(
    private google: BusinessProfile,
    private queues: QueueService
  ) {}

  /**
   * Google's answer: the state is taken (single use) whatever happens next; its user must still be an owner or a
   * manager of the whole workspace. Throws an AppException whose sentence the dashboard shows.
   */
  async handle(query: Record<string, unknown>) {
    const state = typeof query.state === 'string' ? query.state : ''
    const row =
      state.length > 0 && state.length <= 200
        ? await db.from('google_connect_states').where('state_hash', hashOfState(state)).first()
        : null
    const taken = row ? Number(await db.from('google_connect_states').where('id', row.id).delete()) : 0
    if (!row || taken !== 1 || new Date(row.expires_at).getTime() < clock.nowMs()) throw new AppException(STATE_EXPIRED)
    if (query.error !== undefined) throw new AppException(ACCESS_DENIED)
    if (typeof query.code !== 'string' || query.code === '' || query.code.length > 2000) throw new AppException(STATE_EXPIRED)

    const user = await User.find(row.user_id)
    const memberships = user ? await membershipsOf(user) : []
    const member = memberships.find((candidate) => candidate.workspaceId === row.workspace_id)
    if (!member || !roleAllows(member.role, 'write')) throw new AppException(NOT_ALLOWED)
    // A manager limited to some businesses since starting: the connection reaches every business (D58).
    if (!mayConnectGoogle(member.role, member.businessIds)) throw new AppException(GOOGLE_CONNECTION_DENIED)

    const tokens = await this.google.exchangeCode(query.code, state, encryption.decrypt<string>(row.verifier_encrypted)!)
    if (!tokens.refreshToken) throw new AppException(NO_REFRESH_TOKEN)
    const connection = await GoogleConnection.updateOrCreate(
      { workspaceId: member.workspaceId },
      {
        email: tokens.email,
        refreshTokenEncrypted: GoogleConnection.seal(tokens.refreshToken),
        accessTokenEncrypted: GoogleConnection.seal(tokens.accessToken),
        accessTokenExpiresAt: clock.now().plus({ seconds: tokens.expiresIn }),
        error: null,
        connectedByUserId: member.user.id,
      }
    )
    // Its job (locations read and linked, then the imports) queued, and said so.
    await GoogleConnection.setImportStatus(connection.workspaceId, 'queued', 'any')
    const added = await this.queues.enqueue(QueueName.GoogleReviewSync, { connectionId: connection.id })
    if (!added) await GoogleConnection.setImportStatus(connection.workspaceId, 'failed', 'any', IMPORT_NOT_QUEUED)
    return connection
  }
}
