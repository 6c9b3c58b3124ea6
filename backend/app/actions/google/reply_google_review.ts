/*
 * Answering a Google review (docs/decisions.md D45): the reply is posted to Business Profile with the workspace's
 * connection first, and only what Google accepted is stored here, with a line in the workspace's activity log.
 * Google refusing the reply (a 4xx) is a 422 with Google's own sentence; Google not answering (429, 5xx, no answer)
 * is a 503; a connection Google no longer accepts is marked lost (its owners and managers mailed, as by the sync) and
 * is a 409. Nothing changes here unless Google said yes. Deleting a reply (delete_google_reply.ts) calls Google the
 * same way (`answerOnGoogle`).
 */
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import GoogleConnection from '#models/google_connection'
import type GoogleReview from '#models/google_review'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { AppException, ConflictError, ServiceUnavailableError } from '#exceptions/app_errors'
import { GoogleApiError } from '#services/google/business_profile'
import { GOOGLE_GRANT_LOST, GOOGLE_NOT_CONNECTED, GOOGLE_UNAVAILABLE, ProfileAccess, toApiError } from '#services/google/profile_access'
import { clock } from '#lib/clock'

export const REVIEW_DELETED = 'This review was deleted on Google, so it can no longer be answered.'

/** Google refused the reply: its own sentence, as a 422. */
export class GoogleRefusedError extends AppException {
  static status = 422
  static code = 'E_GOOGLE_REFUSED'
}

/** Google's own words in a refusal ("Google answered 400: <its message>"). */
export const googleSentence = (error: GoogleApiError) => error.message.replace(/^Google answered \d+: /, '').trim() || error.message

/**
 * Who answers: a member (`from: 'whatsapp'`: an alert's "Post reply", docs/decisions.md D70), or auto-reply (no
 * user) with the template it used (D48).
 */
export type ReplyAuthor =
  (Pick<Member, 'workspaceId' | 'user'> & { from?: 'whatsapp' }) | { workspaceId: number; autoReplyTemplateId: number }

/**
 * `request` sent with the workspace's connection through the one access path, its failures as the inbox shows them;
 * null, and nothing sent, for a demo connection (docs/decisions.md D59): its replies are stored here only.
 */
export async function answerOnGoogle<T>(
  access: ProfileAccess,
  workspaceId: number,
  request: (token: string) => Promise<T>
): Promise<{ answer: T } | null> {
  const connection = await GoogleConnection.findBy('workspace_id', workspaceId)
  if (connection?.demo) return null
  if (!connection) throw new ConflictError(GOOGLE_NOT_CONNECTED)
  if (!connection.isWorking) throw new ConflictError(GOOGLE_GRANT_LOST)
  try {
    return { answer: await access.call(connection, request) }
  } catch (error) {
    throw shown(error)
  }
}

function shown(error: unknown) {
  if (error instanceof GoogleApiError && error.kind === 'refused') {
    logger.info({ status: error.status }, 'Google refused a review reply')
    return new GoogleRefusedError(googleSentence(error))
  }
  const api = toApiError(error)
  if (api instanceof AppException) return api
  // The pace's Redis, or anything else between us and Google.
  logger.warn({ err: error }, 'Could not reach Google to answer a review')
  return new ServiceUnavailableError(GOOGLE_UNAVAILABLE)
}

@inject()
export default class ReplyGoogleReview {
  constructor(private access: ProfileAccess) {}

  /**
   * Posts (or replaces) the reply on Google and stores it as Google answered it; auto-reply's post is logged as done
   * by "Auto-reply" (no user) with the template it used.
   */
  async handle(author: ReplyAuthor, review: GoogleReview, comment: string) {
    if (review.deletedAt !== null) throw new ConflictError(REVIEW_DELETED)
    const answered = review.replyComment !== null
    const sent = await answerOnGoogle(this.access, author.workspaceId, (token) =>
      this.access.google.putReply(token, review.reviewName, comment)
    )
    const reply = sent?.answer ?? { comment, updateTime: null }
    const actor = 'user' in author ? author.user : null
    const extra =
      'user' in author
        ? 'from' in author && author.from
          ? { via: author.from }
          : {}
        : { by: 'Auto-reply', templateId: author.autoReplyTemplateId }
    await db.transaction(async (trx) => {
      review.useTransaction(trx)
      review.replyComment = reply.comment
      review.replyUpdateTime = reply.updateTime ? DateTime.fromJSDate(reply.updateTime) : clock.now()
      await review.save()
      await WorkspaceActivity.record(
        author.workspaceId,
        actor,
        answered ? 'google_review.reply_edited' : 'google_review.replied',
        { reviewId: review.id, businessId: review.businessId, stars: review.stars, ...extra, ...(sent ? {} : { demo: true }) },
        trx
      )
    })
    return review
  }
}
