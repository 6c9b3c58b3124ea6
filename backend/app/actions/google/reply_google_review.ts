/*
 * Answering a Google review from the inbox (docs/decisions.md D45): the reply is posted to (or deleted from) Business
 * Profile with the workspace's connection first, and only what Google accepted is stored here, with a line in the
 * workspace's activity log. Google refusing the reply (a 4xx) is a 422 with Google's own sentence; Google not
 * answering (429, 5xx, no answer) is a 503; a connection Google no longer accepts is marked lost (its owners and
 * managers mailed, as by the sync) and is a 409.
 * Nothing changes here unless Google said yes.
 */
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import GoogleConnection from '#models/google_connection'
import type GoogleReview from '#models/google_review'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import GoogleProfile, { GOOGLE_GRANT_LOST, GOOGLE_NOT_CONNECTED, GOOGLE_UNAVAILABLE, toApiError } from '#actions/google/google_profile'
import { AppException, ConflictError, ServiceUnavailableError } from '#exceptions/app_errors'
import { BusinessProfile, GoogleApiError, GoogleGrantError } from '#services/google/business_profile'
import { RedisRequestPacer, type Pacer } from '#services/google/request_pacer'
import SyncGoogleReviews from '#actions/google/sync_google_reviews'
import { clock } from '#lib/clock'

export const REVIEW_DELETED = 'This review was deleted on Google, so it can no longer be answered.'

/** Google refused the reply: its own sentence, as a 422. */
export class GoogleRefusedError extends AppException {
  static status = 422
  static code = 'E_GOOGLE_REFUSED'
}

/** Google's own words in a refusal ("Google answered 400: <its message>"). */
export const googleSentence = (error: GoogleApiError) => error.message.replace(/^Google answered \d+: /, '').trim() || error.message

@inject()
export default class ReplyGoogleReview {
  private profile: GoogleProfile
  /** User-initiated calls share the sync's pace: Google's quota is the project's, whoever asks. */
  pacer: Pacer = new RedisRequestPacer()

  constructor(readonly google: BusinessProfile) {
    this.profile = new GoogleProfile(google)
  }

  /** Posts (or replaces) the reply on Google and stores it as Google answered it. */
  async reply(member: Member, review: GoogleReview, comment: string) {
    return this.post(member.workspaceId, member.user, review, comment)
  }

  /**
   * The auto-reply's post (docs/decisions.md D48): the same call and store, logged as done by "Auto-reply" (no user)
   * with the template it used.
   */
  async autoReply(workspaceId: number, review: GoogleReview, comment: string, templateId: number) {
    return this.post(workspaceId, null, review, comment, { by: 'Auto-reply', templateId })
  }

  private async post(
    workspaceId: number,
    actor: Member['user'] | null,
    review: GoogleReview,
    comment: string,
    extra: Record<string, unknown> = {}
  ) {
    if (review.deletedAt !== null) throw new ConflictError(REVIEW_DELETED)
    const answered = review.replyComment !== null
    const reply = await this.call(workspaceId, (token) => this.google.putReply(token, review.reviewName, comment))
    await db.transaction(async (trx) => {
      review.useTransaction(trx)
      review.replyComment = reply.comment
      review.replyUpdateTime = reply.updateTime ? DateTime.fromJSDate(reply.updateTime) : clock.now()
      await review.save()
      await WorkspaceActivity.record(
        workspaceId,
        actor,
        answered ? 'google_review.reply_edited' : 'google_review.replied',
        { reviewId: review.id, businessId: review.businessId, stars: review.stars, ...extra },
        trx
      )
    })
    return review
  }

  /** Deletes the reply on Google, then here. */
  async deleteReply(member: Member, review: GoogleReview) {
    if (review.deletedAt !== null) throw new ConflictError(REVIEW_DELETED)
    await this.call(member.workspaceId, (token) => this.google.deleteReply(token, review.reviewName))
    await db.transaction(async (trx) => {
      review.useTransaction(trx)
      review.replyComment = null
      review.replyUpdateTime = null
      await review.save()
      await WorkspaceActivity.record(
        member.workspaceId,
        member.user,
        'google_review.reply_deleted',
        { reviewId: review.id, businessId: review.businessId, stars: review.stars },
        trx
      )
    })
    return review
  }

  /**
   * Calls Google with the workspace's access token, in its turn of the shared pace. A 401 drops the token and tries
   * once more with a new one; a second 401, or a refresh Google refuses, marks the connection lost.
   */
  private async call<T>(workspaceId: number, request: (token: string) => Promise<T>): Promise<T> {
    const connection = await GoogleConnection.findBy('workspace_id', workspaceId)
    if (!connection) throw new ConflictError(GOOGLE_NOT_CONNECTED)
    if (connection.error) throw new ConflictError(GOOGLE_GRANT_LOST)
    for (let attempt = 1; ; attempt++) {
      let token: string
      try {
        token = await this.profile.accessToken(connection)
        await this.pacer.acquire()
      } catch (error) {
        if (error instanceof GoogleGrantError && error.firstLoss) await this.tellLost(connection)
        throw this.shown(error)
      }
      try {
        return await request(token)
      } catch (error) {
        if (!(error instanceof GoogleApiError) || error.kind !== 'unauthorized') throw this.shown(error)
        if (attempt >= 2) {
          if (await this.profile.markLost(connection)) await this.tellLost(connection)
          logger.warn({ workspaceId }, 'Google refused the connection twice while replying; marked lost')
          throw new ConflictError(GOOGLE_GRANT_LOST)
        }
        // The access token was refused before its time: a new one, once.
        connection.accessTokenEncrypted = null
        connection.accessTokenExpiresAt = null
        await connection.save()
      }
    }
  }

  /** The owners and managers are mailed once, as when the sync finds the connection lost (D44). */
  private async tellLost(connection: GoogleConnection) {
    try {
      await new SyncGoogleReviews(this.google, this.pacer).tellLost(connection)
    } catch (error) {
      logger.warn({ err: error }, 'Could not mail that the Google connection was lost')
    }
  }

  private shown(error: unknown) {
    if (error instanceof GoogleApiError && error.kind === 'refused') {
      logger.info({ status: error.status }, 'Google refused a review reply')
      return new GoogleRefusedError(googleSentence(error))
    }
    if (error instanceof GoogleApiError || error instanceof GoogleGrantError) return toApiError(error)
    if (error instanceof AppException) return error
    // The pace's Redis, or anything else between us and Google.
    logger.warn({ err: error }, 'Could not reach Google to answer a review')
    return new ServiceUnavailableError(GOOGLE_UNAVAILABLE)
  }
}
