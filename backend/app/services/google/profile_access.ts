/*
 * The one way to call a workspace's Business Profile with its connection (docs/decisions.md D43-D45): an access token
 * (the stored one until shortly before it expires, else refreshed from the refresh token), the call in its turn of
 * the shared pace (request_pacer.ts), and once more with a new token when Google answers 401 before the token's
 * time. A refresh token Google refuses, or a second 401, marks the connection lost: its error set, its access token
 * dropped, and (by the one caller that found it working) its owners and managers mailed. The caller then gets
 * GoogleConnectionLost. The review sync, the inbox's replies, auto-reply and the locations all call Google this way.
 */
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import GoogleConnection, { whereWorking } from '#models/google_connection'
import User from '#models/user'
import GoogleConnectionLostMail from '#mails/google_connection_lost_mail'
import { joinRecipients } from '#queries/notification_recipients'
import { ConflictError, ServiceUnavailableError } from '#exceptions/app_errors'
import { BusinessProfile, GoogleApiError, GoogleGrantError } from '#services/google/business_profile'
import { RedisRequestPacer, type Pacer } from '#services/google/request_pacer'
import { clock } from '#lib/clock'

export const GOOGLE_NOT_CONFIGURED = 'Google Business Profile is not configured on this server yet.'
export const GOOGLE_NO_QUOTA =
  'Google has not given this app access to Business Profile yet (its API quota is still zero). Please try again once access is approved.'
export const GOOGLE_UNAVAILABLE = 'Google is not answering right now. Please try again in a moment.'
export const GOOGLE_REFUSED = 'Google refused the request. Please try again, or connect Google again.'
export const GOOGLE_NOT_CONNECTED = 'Connect a Google account first.'
export const GOOGLE_GRANT_LOST = 'Google no longer accepts this connection (access was removed or expired). Connect Google again.'

/** An access token is used until a minute before Google says it expires. */
const EXPIRY_MARGIN_SECONDS = 60

/** The connection can no longer be used (marked lost, its owners told): a job must not be retried. */
export class GoogleConnectionLost extends Error {
  constructor() {
    super(GOOGLE_GRANT_LOST)
  }
}

/** A 503 with the sentence for what Google answered, or a 409 when the connection is lost; other errors pass. */
export function toApiError(error: unknown): unknown {
  if (error instanceof GoogleApiError) {
    logger.warn({ err: error }, 'Google Business Profile call failed')
    if (error.kind === 'quota') return new ServiceUnavailableError(GOOGLE_NO_QUOTA)
    if (error.kind === 'unavailable') return new ServiceUnavailableError(GOOGLE_UNAVAILABLE)
    return new ServiceUnavailableError(GOOGLE_REFUSED)
  }
  if (error instanceof GoogleGrantError || error instanceof GoogleConnectionLost) return new ConflictError(GOOGLE_GRANT_LOST)
  return error
}

export class ProfileAccess {
  constructor(
    readonly google: BusinessProfile = new BusinessProfile(),
    /** Google's quota is the project's, whoever asks: every caller shares the pace unless it passes its own. */
    readonly pacer: Pacer = new RedisRequestPacer(),
    private mailer: MailerContract<MailTransportContract> = mail.use()
  ) {}

  /**
   * `request` with the connection's access token, in its turn of `pacer`. A 401 drops the token and tries once more
   * with a new one; a second 401, or a refresh Google refuses, marks the connection lost and throws
   * GoogleConnectionLost. Google's other answers (GoogleApiError) and the pace's failures pass as they are.
   */
  async call<T>(connection: GoogleConnection, request: (token: string) => Promise<T>, pacer: Pacer = this.pacer): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken(connection)
      await pacer.acquire()
      try {
        return await request(token)
      } catch (error) {
        if (!(error instanceof GoogleApiError) || error.kind !== 'unauthorized') throw error
        if (attempt >= 2) {
          logger.warn({ workspaceId: connection.workspaceId }, 'Google refused the connection twice; marked lost')
          throw await this.lost(connection)
        }
        // The access token was refused before its time: a new one, once.
        connection.accessTokenEncrypted = null
        connection.accessTokenExpiresAt = null
        await connection.save()
      }
    }
  }

  /** A working access token: the stored one until shortly before it expires, else a refreshed one. */
  private async accessToken(connection: GoogleConnection) {
    const cached = connection.accessToken()
    const expiresAt = connection.accessTokenExpiresAt
    if (cached && expiresAt && expiresAt.toMillis() - EXPIRY_MARGIN_SECONDS * 1000 > clock.nowMs()) return cached
    const working = connection.error === null
    try {
      const tokens = await this.google.refresh(connection.refreshToken()!)
      const sealed = GoogleConnection.seal(tokens.accessToken)
      const refreshedUntil = clock.now().plus({ seconds: tokens.expiresIn })
      const refreshSealed = tokens.refreshToken ? GoogleConnection.seal(tokens.refreshToken) : null
      // A connection that was working is stored only while it still is: another caller may have marked it lost
      // meanwhile (its own second 401), and a token stored after that would bring a lost connection back.
      if (working) {
        const stored = await whereWorking(db.from('google_connections').where('id', connection.id)).update({
          access_token_encrypted: sealed,
          access_token_expires_at: refreshedUntil.toJSDate(),
          ...(refreshSealed ? { refresh_token_encrypted: refreshSealed } : {}),
          updated_at: new Date(),
        })
        if (Number(stored) !== 1) {
          connection.error = GOOGLE_GRANT_LOST
          throw new GoogleConnectionLost()
        }
      }
      connection.accessTokenEncrypted = sealed
      connection.accessTokenExpiresAt = refreshedUntil
      if (refreshSealed) connection.refreshTokenEncrypted = refreshSealed
      connection.error = null
      // Stored above (the model now matches the row), or the connection comes back from lost with it.
      if (working) connection.$hydrateOriginals()
      else await connection.save()
      return tokens.accessToken
    } catch (error) {
      if (error instanceof GoogleGrantError) throw await this.lost(connection)
      throw error
    }
  }

  /** Marks the connection lost; the one caller that found it working mails its people. */
  private async lost(connection: GoogleConnection) {
    if (await this.markLost(connection)) await this.tellLost(connection)
    return new GoogleConnectionLost()
  }

  /**
   * Google no longer accepts the connection: its error is set and its access token dropped. True for the one caller
   * that found it working (of jobs failing together, one tells the owners).
   */
  private async markLost(connection: GoogleConnection) {
    const changed = await whereWorking(db.from('google_connections').where('id', connection.id)).update({
      error: GOOGLE_GRANT_LOST,
      access_token_encrypted: null,
      access_token_expires_at: null,
      updated_at: new Date(),
    })
    connection.error = GOOGLE_GRANT_LOST
    connection.accessTokenEncrypted = null
    connection.accessTokenExpiresAt = null
    return Number(changed) === 1
  }

  /** Mails the people who run the workspace's businesses (verified addresses) that the connection was lost (D44). */
  private async tellLost(connection: GoogleConnection) {
    try {
      const recipients = await User.query()
        .whereIn('id', joinRecipients(db.from('businesses as b')).where('b.workspace_id', connection.workspaceId).select('m.user_id'))
        .whereNotNull('email_verified_at')
        .orderBy('id')
      for (const user of recipients) {
        try {
          await this.mailer.send(new GoogleConnectionLostMail(user, connection.email))
        } catch (error) {
          logger.warn({ err: error, userId: user.id }, 'could not mail that the Google connection was lost')
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'Could not mail that the Google connection was lost')
    }
  }
}
