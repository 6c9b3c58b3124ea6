/*
 * A connection's locations (docs/decisions.md D43): read from Google, stored, and linked to the workspace's
 * businesses by place id. Called on a member's click (GET /api/google/locations) and by a new connection's job, so
 * not paced: the sync's pace is for the reviews.
 */
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Business from '#models/business'
import type GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import { clock } from '#lib/clock'
import { isDuplicateKey } from '#lib/db_errors'
import { ProfileAccess, GoogleConnectionLost } from '#services/google/profile_access'
import { unpaced } from '#services/google/request_pacer'

@inject()
export default class SyncGoogleLocations {
  constructor(private access: ProfileAccess) {}

  /**
   * Reads every account's locations from Google and stores them: new ones added, gone ones removed, and a location
   * whose place id is one of the workspace's businesses' linked to it (unless the owner unlinked it by hand). With
   * `watch`, the accounts are first told to push their review notifications.
   */
  async handle(connection: GoogleConnection, { watch = false } = {}) {
    // A demo connection's locations are the seeded ones (docs/decisions.md D59).
    if (connection.demo) return GoogleLocation.query().where('workspace_id', connection.workspaceId).orderBy('title').orderBy('name')
    const google = this.access.google
    const accounts = await this.access.call(connection, (token) => google.listAccounts(token), unpaced)
    if (watch) await this.watchReviews(connection, accounts)
    const found = []
    for (const account of accounts) {
      found.push(...(await this.access.call(connection, (token) => google.listLocations(token, account.name), unpaced)))
    }

    const workspaceId = connection.workspaceId
    const existing = await GoogleLocation.query().where('workspace_id', workspaceId)
    const stored = new Map(existing.map((row) => [row.name, row]))
    const seen = new Set<string>()
    for (const location of found) {
      if (seen.has(location.name)) continue
      seen.add(location.name)
      const row = stored.get(location.name) ?? new GoogleLocation().merge({ workspaceId, name: location.name, businessId: null })
      row.merge({ title: location.title, address: location.address, placeId: location.placeId })
      await row.save()
      stored.set(location.name, row)
    }
    const gone = [...stored.values()].filter((row) => !seen.has(row.name))
    if (gone.length > 0)
      await GoogleLocation.query()
        .whereIn(
          'id',
          gone.map((row) => row.id)
        )
        .delete()

    const rows = [...stored.values()].filter((row) => seen.has(row.name))
    await this.autoLink(workspaceId, rows)
    return rows.sort((a, b) => a.title.localeCompare(b.title) || a.name.localeCompare(b.name))
  }

  /**
   * A new connection's accounts publish their review notifications to GOOGLE_PUBSUB_TOPIC, which pushes them to
   * POST /api/webhooks/google/{GOOGLE_PUBSUB_TOKEN} (docs/decisions.md D44). Best effort: without it the 15-minute
   * sync still finds every review, so a refusal is logged and the connection goes on (unless it was lost).
   */
  private async watchReviews(connection: GoogleConnection, accounts: { name: string }[]) {
    const topic = this.access.google.pushTopic
    if (!topic) return
    for (const account of accounts) {
      try {
        await this.access.call(connection, (token) => this.access.google.watchReviews(token, account.name, topic), unpaced)
      } catch (error) {
        if (error instanceof GoogleConnectionLost) throw error
        logger.warn({ err: error, account: account.name }, 'Google did not take the Pub/Sub topic for review notifications')
      }
    }
  }

  /**
   * Links each unlinked location to the business with its place id, unless the owner unlinked it by hand; a location
   * linked here is due for its import in the same write (queue_google_imports.ts).
   */
  private async autoLink(workspaceId: number, rows: GoogleLocation[]) {
    const unlinked = rows.filter((row) => row.businessId === null && row.placeId && !row.unlinkedByHand)
    if (unlinked.length === 0) return
    const linked = new Set(rows.flatMap((row) => row.businessId ?? []))
    const businesses = await Business.query()
      .where('workspace_id', workspaceId)
      .whereIn(
        'place_id',
        unlinked.map((row) => row.placeId!)
      )
      .whereNotIn('id', db.from('google_locations').whereNotNull('business_id').select('business_id'))
    for (const row of unlinked) {
      const business = businesses.find((candidate) => candidate.placeId === row.placeId && !linked.has(candidate.id))
      if (!business) continue
      try {
        row.businessId = business.id
        row.importDueAt = clock.now()
        await row.save()
        linked.add(business.id)
      } catch (error) {
        // Linked by a concurrent request a moment ago (and made due by it).
        if (!isDuplicateKey(error)) throw error
        row.businessId = null
        row.importDueAt = null
      }
    }
  }
}
