/*
 * Auto-reply rules (docs/decisions.md D48): for a workspace whose owner turned them on and whose Google connection
 * works, each 4- or 5-star review in the rule's stars that is still unanswered `delayHours` after it was written,
 * and was written after the rule was turned on, gets one of the workspace's templates for its stars, posted through
 * the inbox's reply (the same call, store and activity line, done by "Auto-reply"). Templates in the review's
 * language (guessed from its script, as for AI drafts) come first; among them the review's id picks one, so
 * consecutive reviews rotate through them. No template for the stars: nothing is posted. A template holding control or
 * text-direction characters is never used, and the names filled in lose theirs (docs/product-rules.md#google-reviews).
 * Each review is claimed by one conditional UPDATE before Google is called, so two workers never post twice; Google
 * failing clears the claim for the next sweep, up to MAX_ATTEMPTS tries.
 */
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Workspace from '#models/workspace'
import GoogleConnection from '#models/google_connection'
import GoogleReview from '#models/google_review'
import ReplyTemplate, { maskToStars } from '#models/reply_template'
import ReplyGoogleReview from '#actions/google/reply_google_review'
import { reviewLanguage } from '#contract/text_language'
import { ConflictError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import { hasControlCharacters, withoutControlCharacters } from '#contract/plain_text'
import { fillTemplate } from '#contract/reply_templates'

export const AUTO_REPLY_STARS = [4, 5]
export const MAX_ATTEMPTS = 3
/** A claim older than this (a worker that died between the claim and Google's answer) may be taken again. */
const STALE_CLAIM_MINUTES = 30
/** Reviews answered per workspace per sweep; the rest wait for the next one. */
const BATCH = 50

export interface AutoReplyResult {
  posted: number
  failed: number
}

/** The template for a review: those for its stars, in its language first, rotated by the review's id. */
export function pickTemplate(templates: ReplyTemplate[], review: Pick<GoogleReview, 'id' | 'stars' | 'comment'>) {
  const forStars = templates.filter((template) => template.stars.includes(review.stars))
  if (forStars.length === 0) return null
  const language = reviewLanguage(review.comment)
  const inLanguage = forStars.filter((template) => template.language === language)
  const pool = inLanguage.length > 0 ? inLanguage : forStars
  return pool[review.id % pool.length]
}

@inject()
export default class AutoReplyGoogleReviews {
  constructor(private replier: ReplyGoogleReview) {}

  /** A sweep: every workspace with the rules on and a working connection (the sync's 15 minutes run it). */
  async handle(): Promise<AutoReplyResult> {
    const workspaces = await Workspace.query()
      .where('auto_reply_enabled', true)
      .whereNotNull('auto_reply_enabled_at')
      .whereIn('id', GoogleConnection.workingWorkspaceIds())
      .orderBy('id')
    const total: AutoReplyResult = { posted: 0, failed: 0 }
    for (const workspace of workspaces) {
      const result = await this.workspace(workspace)
      total.posted += result.posted
      total.failed += result.failed
    }
    return total
  }

  private async workspace(workspace: Workspace): Promise<AutoReplyResult> {
    const result: AutoReplyResult = { posted: 0, failed: 0 }
    const stars = maskToStars(workspace.autoReplyStarsMask).filter((star) => AUTO_REPLY_STARS.includes(star))
    if (!workspace.autoReplyEnabled || !workspace.autoReplyEnabledAt || stars.length === 0) return result
    // A template stored with control or text-direction characters (before replies were checked) is never posted.
    const stored = await ReplyTemplate.query().where('workspace_id', workspace.id).orderBy('id')
    const templates = stored.filter((template) => !hasControlCharacters(template.body, { lines: true }))
    const answerable = templates.flatMap((template) => template.stars).filter((star) => stars.includes(star))
    if (answerable.length === 0) return result
    const now = clock.now()
    const reviews = await GoogleReview.query()
      .whereIn('business_id', db.from('businesses').where('workspace_id', workspace.id).select('id'))
      .whereIn('stars', [...new Set(answerable)])
      .whereNull('deleted_at')
      .whereNull('reply_comment')
      .where('create_time', '<=', now.minus({ hours: workspace.autoReplyDelayHours }).toJSDate())
      .where('create_time', '>=', workspace.autoReplyEnabledAt.toJSDate())
      .where('auto_reply_attempts', '<', MAX_ATTEMPTS)
      .where((query) =>
        query
          .whereNull('auto_reply_claimed_at')
          .orWhere('auto_reply_claimed_at', '<', now.minus({ minutes: STALE_CLAIM_MINUTES }).toJSDate())
      )
      .orderBy('create_time')
      .orderBy('id')
      .limit(BATCH)
    const names = new Map<number, string>()
    for (const business of await db.from('businesses').where('workspace_id', workspace.id).select('id', 'name')) {
      names.set(Number(business.id), business.name)
    }
    for (const review of reviews) {
      const template = pickTemplate(templates, review)
      if (!template) continue
      if (!(await this.claim(review, now.toJSDate()))) continue
      // A reviewer's (or business's) name carrying them does not carry them into a public reply.
      const comment = withoutControlCharacters(
        fillTemplate(template.body, { reviewer: review.reviewerName, business: names.get(review.businessId) ?? '' }),
        {
          lines: true,
        }
      )
      try {
        await this.replier.handle({ workspaceId: workspace.id, autoReplyTemplateId: template.id }, review, comment)
        result.posted++
      } catch (error) {
        result.failed++
        await GoogleReview.query().where('id', review.id).update({ auto_reply_claimed_at: null })
        logger.warn({ err: error, reviewId: review.id, workspaceId: workspace.id }, 'auto-reply not posted; the next sweep tries again')
        // The connection is gone or lost: the rest of this workspace waits for it.
        if (error instanceof ConflictError) break
      }
    }
    return result
  }

  /** One worker wins the review: a conditional UPDATE that only the first can make. */
  private async claim(review: GoogleReview, now: Date) {
    const stale = new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000)
    const affected = await db
      .from('google_reviews')
      .where('id', review.id)
      .whereNull('reply_comment')
      .where('auto_reply_attempts', '<', MAX_ATTEMPTS)
      .where((query) => query.whereNull('auto_reply_claimed_at').orWhere('auto_reply_claimed_at', '<', stale))
      .update({ auto_reply_claimed_at: now, auto_reply_attempts: db.knexRawQuery('auto_reply_attempts + 1') })
    return Number(Array.isArray(affected) ? affected[0] : affected) === 1
  }
}
