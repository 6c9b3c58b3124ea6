/*
 * A member opens the connection's locations (GET /api/google/locations, docs/decisions.md D43, D58): read from
 * Google, stored, linked by place id, and the import of every location due (linked now, here or by the connection's
 * job at the same moment) queued.
 */
import { inject } from '@adonisjs/core'
import type GoogleLocation from '#models/google_location'
import type Member from '#policies/member'
import SyncGoogleLocations from '#actions/google/sync_google_locations'
import QueueGoogleImports from '#actions/google/queue_google_imports'
import { connectionOf } from '#queries/google_connections'
import { GOOGLE_NOT_CONNECTED, toApiError } from '#services/google/profile_access'
import { ConflictError } from '#exceptions/app_errors'

@inject()
export default class ReadGoogleLocations {
  constructor(
    private syncLocations: SyncGoogleLocations,
    private queueImports: QueueGoogleImports
  ) {}

  async handle(member: Member): Promise<GoogleLocation[]> {
    const connection = await connectionOf(member)
    if (!connection) throw new ConflictError(GOOGLE_NOT_CONNECTED)
    let rows: GoogleLocation[]
    try {
      rows = await this.syncLocations.handle(connection)
    } catch (error) {
      throw toApiError(error)
    }
    await this.queueImports.handle(member.workspaceId)
    return rows
  }
}
