import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import GoogleConnection from '#models/google_connection'
import type Member from '#policies/member'
import { BusinessProfile } from '#services/google/business_profile'

/**
 * Forgets the workspace's Google connection and its locations (docs/decisions.md D43); the refresh token is revoked
 * at Google first, best effort (a demo connection's never reached Google, D59).
 */
@inject()
export default class DisconnectGoogle {
  constructor(private google: BusinessProfile) {}

  async handle(member: Member) {
    const connection = await GoogleConnection.findBy('workspace_id', member.workspaceId)
    if (!connection) return
    try {
      if (!connection.demo) await this.google.revoke(connection.refreshToken()!)
    } catch (error) {
      logger.warn({ err: error }, 'Revoking the Google token failed; the connection is forgotten anyway')
    }
    await db.transaction(async (trx) => {
      await trx.from('google_locations').where('workspace_id', member.workspaceId).delete()
      await trx.from('google_connections').where('id', connection.id).delete()
    })
  }
}
