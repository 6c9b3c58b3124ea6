/*
 * The customer's two calls (open a review link, submit a rating) read the same rows on every request: the
 * business behind the short code, and whether its workspace may collect reviews now. This keeps both in memory
 * for a few seconds (REVIEW_LINK_CACHE_MS; 0 turns it off), so a busy link costs no database round trip.
 *
 * What keeps it correct (docs/architecture.md#review-link-cache):
 * - the code that changes a business or a workspace's access says so, by calling `forgetBusiness` / `forgetWorkspace`
 *   (the actions, the review writer, the jobs), at once and again when its transaction commits; models do not
 *   do it behind the caller's back, so a raw query has to call them too. Every other process (API replicas, the
 *   workers) is told over Redis and forgets within milliseconds (invalidations.ts); the TTL is the fallback
 *   while Redis is down;
 * - a value read from the database is stored only if nothing was forgotten while it was being read (a
 *   generation counter kept inside this class), so a read racing a write cannot put the old state back;
 * - only unlimited access (a running trial or a paid period) is remembered, and never past the instant it
 *   ends by our clock, so the free plan's monthly cap is always counted exactly (check_review_allowance.ts).
 */
import { LRUCache } from 'lru-cache'
import type { DateTime } from 'luxon'
import env from '#start/env'
import { clock } from '#lib/clock'
import type Business from '#models/business'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { invalidations, type InvalidationKind } from '#hot_path/invalidations'

const MAX_ENTRIES = 10_000

export class ReviewLinkCache {
  #businesses: LRUCache<string, Business> | null = null
  #unlimitedUntil: LRUCache<number, number> | null = null
  #generation = 0

  constructor(ttlMs: number) {
    this.configure(ttlMs)
  }

  /** Replaces the cache with an empty one of this TTL; 0 turns caching off. */
  configure(ttlMs: number) {
    this.#businesses = ttlMs > 0 ? new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs }) : null
    this.#unlimitedUntil = ttlMs > 0 ? new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs }) : null
  }

  /** The business behind a short code (already lower-cased), from memory or from `load`. */
  async business(code: string, load: () => Promise<Business | null>): Promise<Business | null> {
    const cached = this.#businesses?.get(code)
    if (cached) return cached
    const generation = this.#generation
    const business = await load()
    if (business && generation === this.#generation) this.#businesses?.set(code, business)
    return business
  }

  /**
   * Whether the workspace has unlimited access now: from memory, or from `load`, which reads when that access
   * ends (null: it is limited). Only an end still ahead is remembered, and only until it comes.
   */
  async unlimitedAccess(workspaceId: number, load: () => Promise<DateTime | null>): Promise<boolean> {
    const until = this.#unlimitedUntil?.get(workspaceId)
    if (until !== undefined) {
      if (until > clock.nowMs()) return true
      this.#unlimitedUntil!.delete(workspaceId)
    }
    const generation = this.#generation
    const end = await load()
    if (!end || !end.isValid || end.toMillis() <= clock.nowMs()) return false
    if (generation === this.#generation) this.#unlimitedUntil?.set(workspaceId, end.toMillis())
    return true
  }

  /** A business changed or went: its code is read again. With `trx`, also once the transaction commits. */
  forgetBusiness(businessId: number, trx?: TransactionClientContract | null) {
    this.#forget(trx, 'business', businessId)
  }

  /**
   * A workspace's trial or paid period changed: its access is read again. With `trx`, also after commit. A user's
   * trial is their personal workspace's: forget that one.
   */
  forgetWorkspace(workspaceId: number, trx?: TransactionClientContract | null) {
    this.#forget(trx, 'workspace', workspaceId)
  }

  /** Forgets here at once (and after commit), and tells the other processes once the change is visible to them. */
  #forget(trx: TransactionClientContract | null | undefined, kind: 'business' | 'workspace', id: number) {
    this.forgetHere(kind, id)
    if (trx) {
      trx.after('commit', () => {
        this.forgetHere(kind, id)
        invalidations.publish(kind, id)
      })
    } else invalidations.publish(kind, id)
  }

  /** Forgets in this process only: what a message from another process does. */
  forgetHere(kind: Extract<InvalidationKind, 'business' | 'workspace'>, id: number) {
    this.#generation += 1
    if (kind === 'workspace') {
      this.#unlimitedUntil?.delete(id)
      return
    }
    if (!this.#businesses) return
    for (const [code, business] of this.#businesses.entries()) {
      if (business.id === id) this.#businesses.delete(code)
    }
  }

  clear() {
    this.#generation += 1
    this.#businesses?.clear()
    this.#unlimitedUntil?.clear()
  }
}

export const reviewLinkCache = new ReviewLinkCache(env.get('REVIEW_LINK_CACHE_MS'))
invalidations.register('business', {
  forget: (id) => reviewLinkCache.forgetHere('business', id),
  clear: () => reviewLinkCache.clear(),
})
invalidations.register('workspace', {
  forget: (id) => reviewLinkCache.forgetHere('workspace', id),
  clear: () => reviewLinkCache.clear(),
})
