/*
 * A workspace's Google Business Profile (docs/decisions.md D43): connecting it (the one-time state of a trip to
 * Google's consent screen), access tokens refreshed from the stored refresh token, and its locations read from
 * Google, stored, and linked to the workspace's businesses by place id or by hand.
 */
import { inject } from '@adonisjs/core'
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import logger from '@adonisjs/core/services/logger'
import Business from '#models/business'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import type Member from '#policies/member'
import { membershipsOf } from '#workspaces/tenant'
import User from '#models/user'
import { roleAllows } from '#contract/workspace_roles'
import { clock } from '#lib/clock'
import { isDuplicateKey } from '#lib/db_errors'
import { AppException, ConflictError, ServiceUnavailableError } from '#exceptions/app_errors'
import { BusinessProfile, GoogleApiError, GoogleGrantError, pkcePair } from '#services/google/business_profile'

export const GOOGLE_NOT_CONFIGURED = 'Google Business Profile is not configured on this server yet.'
export const GOOGLE_NO_QUOTA =
  'Google has not given this app access to Business Profile yet (its API quota is still zero). Please try again once access is approved.'
export const GOOGLE_UNAVAILABLE = 'Google is not answering right now. Please try again in a moment.'
export const GOOGLE_REFUSED = 'Google refused the request. Please try again, or connect Google again.'
export const GOOGLE_NOT_CONNECTED = 'Connect a Google account first.'
export const GOOGLE_GRANT_LOST = 'Google no longer accepts this connection (access was removed or expired). Connect Google again.'
export const STATE_EXPIRED = 'This connection took too long or was already used. Please connect Google again.'
export const ACCESS_DENIED = 'You did not give ReviewRoute access to your Business Profile. Connect again and allow access.'
export const NO_REFRESH_TOKEN =
  'Google did not grant lasting access. Remove ReviewRoute from your Google account’s access and connect again.'
export const NOT_ALLOWED = 'Your role in this workspace cannot connect Google. Ask a workspace owner or manager.'

const STATE_TTL_MINUTES = 10
/** An access token is used until a minute before Google says it expires. */
const EXPIRY_MARGIN_SECONDS = 60

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex')

/** A 503 with the sentence for what Google answered, or a 409 when the grant is gone; other errors pass. */
export function toApiError(error: unknown): unknown {
  if (error instanceof GoogleApiError) {
    logger.warn({ err: error }, 'Google Business Profile call failed')
    if (error.kind === 'quota') return new ServiceUnavailableError(GOOGLE_NO_QUOTA)
    if (error.kind === 'unavailable') return new ServiceUnavailableError(GOOGLE_UNAVAILABLE)
    return new ServiceUnavailableError(GOOGLE_REFUSED)
  }
  if (error instanceof GoogleGrantError) return new ConflictError(GOOGLE_GRANT_LOST)
  return error
}

@inject()
export default class GoogleProfile {
  constructor(readonly google: BusinessProfile) {}

  /** Records the state and PKCE verifier of a connection starting now; returns where the browser goes. */
  async start(member: Member) {
    const state = randomBytes(32).toString('base64url')
    const { verifier, challenge } = await pkcePair()
    const now = clock.now()
    await db.from('google_connect_states').where('expires_at', '<', now.toJSDate()).delete()
    await db.table('google_connect_states').insert({
      state_hash: hashOf(state),
      workspace_id: member.workspaceId,
      user_id: member.user.id,
      verifier_encrypted: encryption.encrypt(verifier),
      expires_at: now.plus({ minutes: STATE_TTL_MINUTES }).toJSDate(),
      created_at: now.toJSDate(),
    })
    return this.google.authorizationUrl(state, challenge)
  }

  /**
   * Google's answer: the state is taken (single use) whatever happens next; its user must still be an owner or
   * manager of its workspace. Throws an AppException whose sentence the dashboard shows.
   */
  async finish(query: Record<string, unknown>) {
    const state = typeof query.state === 'string' ? query.state : ''
    const row =
      state.length > 0 && state.length <= 200 ? await db.from('google_connect_states').where('state_hash', hashOf(state)).first() : null
    const taken = row ? Number(await db.from('google_connect_states').where('id', row.id).delete()) : 0
    if (!row || taken !== 1 || new Date(row.expires_at).getTime() < clock.nowMs()) throw new AppException(STATE_EXPIRED)
    if (query.error !== undefined) throw new AppException(ACCESS_DENIED)
    if (typeof query.code !== 'string' || query.code === '' || query.code.length > 2000) throw new AppException(STATE_EXPIRED)

    const user = await User.find(row.user_id)
    const memberships = user ? await membershipsOf(user) : []
    const member = memberships.find((candidate) => candidate.workspaceId === row.workspace_id)
    if (!member || !roleAllows(member.role, 'write')) throw new AppException(NOT_ALLOWED)

    const tokens = await this.google.exchangeCode(query.code, state, encryption.decrypt<string>(row.verifier_encrypted)!)
    if (!tokens.refreshToken) throw new AppException(NO_REFRESH_TOKEN)
    return GoogleConnection.updateOrCreate(
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
  }

  /** A working access token: the stored one until shortly before it expires, else a refreshed one. */
  async accessToken(connection: GoogleConnection) {
    const cached = connection.accessToken()
    const expiresAt = connection.accessTokenExpiresAt
    if (cached && expiresAt && expiresAt.toMillis() - EXPIRY_MARGIN_SECONDS * 1000 > clock.nowMs()) return cached
    try {
      const tokens = await this.google.refresh(connection.refreshToken()!)
      connection.accessTokenEncrypted = GoogleConnection.seal(tokens.accessToken)
      connection.accessTokenExpiresAt = clock.now().plus({ seconds: tokens.expiresIn })
      if (tokens.refreshToken) connection.refreshTokenEncrypted = GoogleConnection.seal(tokens.refreshToken)
      connection.error = null
      await connection.save()
      return tokens.accessToken
    } catch (error) {
      if (error instanceof GoogleGrantError) error.firstLoss = await this.markLost(connection)
      throw error
    }
  }

  /**
   * Google no longer accepts the connection: its error is set and its access token dropped. True for the one caller
   * that found it working (of jobs failing together, one tells the owners).
   */
  async markLost(connection: GoogleConnection) {
    const changed = await db
      .from('google_connections')
      .where('id', connection.id)
      .whereNull('error')
      .update({ error: GOOGLE_GRANT_LOST, access_token_encrypted: null, access_token_expires_at: null, updated_at: new Date() })
    connection.error = GOOGLE_GRANT_LOST
    connection.accessTokenEncrypted = null
    connection.accessTokenExpiresAt = null
    return Number(changed) === 1
  }

  /** Forgets the connection and its locations; the refresh token is revoked at Google first, best effort. */
  async disconnect(member: Member) {
    const connection = await GoogleConnection.findBy('workspace_id', member.workspaceId)
    if (!connection) return
    try {
      await this.google.revoke(connection.refreshToken()!)
    } catch (error) {
      logger.warn({ err: error }, 'Revoking the Google token failed; the connection is forgotten anyway')
    }
    await db.transaction(async (trx) => {
      await trx.from('google_locations').where('workspace_id', member.workspaceId).delete()
      await trx.from('google_connections').where('id', connection.id).delete()
    })
  }

  /**
   * Reads every account's locations from Google and stores them: new ones added, gone ones removed, and a location
   * whose place id is one of the workspace's businesses' linked to it.
   */
  async syncLocations(connection: GoogleConnection, { watch = false } = {}) {
    const accessToken = await this.accessToken(connection)
    const accounts = await this.google.listAccounts(accessToken)
    if (watch) await this.watchReviews(accessToken, accounts)
    const found = []
    for (const account of accounts) found.push(...(await this.google.listLocations(accessToken, account.name)))

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
   * sync still finds every review, so a refusal is logged and the connection goes on.
   */
  private async watchReviews(accessToken: string, accounts: { name: string }[]) {
    const topic = this.google.pushTopic
    if (!topic) return
    for (const account of accounts) {
      try {
        await this.google.watchReviews(accessToken, account.name, topic)
      } catch (error) {
        logger.warn({ err: error, account: account.name }, 'Google did not take the Pub/Sub topic for review notifications')
      }
    }
  }

  private async autoLink(workspaceId: number, rows: GoogleLocation[]) {
    const unlinked = rows.filter((row) => row.businessId === null && row.placeId)
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
        await row.save()
        linked.add(business.id)
      } catch (error) {
        // Linked by a concurrent request a moment ago.
        if (!isDuplicateKey(error)) throw error
        row.businessId = null
      }
    }
  }

  /** Links the location to the business (moving the business's link from any other location), or unlinks it. */
  async link(location: GoogleLocation, businessId: number | null) {
    await db.transaction(async (trx) => {
      if (businessId !== null) {
        await trx.from('google_locations').where('business_id', businessId).whereNot('id', location.id).update({ business_id: null })
      }
      location.useTransaction(trx)
      location.businessId = businessId
      await location.save()
    })
  }
}
