/*
 * The customer's two calls (open a review link, submit a rating) read the same rows on every request: the
 * business behind the short code, and whether its owner may collect reviews now. This keeps both in memory
 * for a few seconds (REVIEW_LINK_CACHE_MS; 0 turns it off), so a busy link costs no database round trip.
 *
 * What keeps it correct:
 * - every write in this process goes through the models, whose hooks forget the affected entries at once,
 *   and once more when the write's transaction commits (Business, User and Subscription call `forgetNowAndOnCommit` with
 *   `forgetBusiness` / `forgetOwner`); another process (an API replica, the worker) sees a change after at
 *   most the TTL;
 * - a value read from the database is stored only if nothing was forgotten while it was being read
 *   (`generation`), so a read racing a write cannot put the old state back;
 * - only unlimited access (a running trial or a paid period) is remembered, and never past the instant it
 *   ends by our clock, so the free plan's monthly cap is always counted exactly (plan_limits.ts).
 */
import { LRUCache } from 'lru-cache'
import type { DateTime } from 'luxon'
import env from '#start/env'
import { clock } from '#lib/clock'
import type Business from '#models/business'
import type { LucidRow } from '@adonisjs/lucid/types/model'

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

  /** Grows with every forget: a value read before the latest forget may be stale and is not stored. */
  get generation() {
    return this.#generation
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

  /** Whether the owner is known to have unlimited access right now. */
  isUnlimited(ownerId: number) {
    const until = this.#unlimitedUntil?.get(ownerId)
    if (until === undefined) return false
    if (until > clock.nowMs()) return true
    this.#unlimitedUntil!.delete(ownerId)
    return false
  }

  /**
   * Remembers that the owner has unlimited access until `until` (the end of the trial or paid period), as read
   * from the database after `generation` was taken.
   */
  rememberUnlimited(ownerId: number, until: DateTime | null, generation: number) {
    if (generation !== this.#generation) return
    if (until && until.isValid && until.toMillis() > clock.nowMs()) this.#unlimitedUntil?.set(ownerId, until.toMillis())
  }

  /** Runs `forget` now and, when the model was saved in a transaction, again once it commits. */
  forgetNowAndOnCommit(model: LucidRow, forget: () => void) {
    forget()
    model.$trx?.after('commit', forget)
  }

  forgetBusiness(businessId: number) {
    this.#generation += 1
    if (!this.#businesses) return
    for (const [code, business] of this.#businesses.entries()) {
      if (business.id === businessId) this.#businesses.delete(code)
    }
  }

  forgetOwner(ownerId: number) {
    this.#generation += 1
    this.#unlimitedUntil?.delete(ownerId)
  }

  clear() {
    this.#businesses?.clear()
    this.#unlimitedUntil?.clear()
  }
}

export const reviewLinkCache = new ReviewLinkCache(env.get('REVIEW_LINK_CACHE_MS'))
