/*
 * The customer's two calls (open a review link, submit a rating) read the same rows on every request: the
 * business behind the short code, and whether its owner may collect reviews now. This keeps both in memory
 * for a few seconds (REVIEW_LINK_CACHE_MS; 0 turns it off), so a busy link costs no database round trip.
 *
 * What keeps it correct:
 * - every write in this process goes through the models, whose hooks forget the affected entries at once
 *   (Business, User and Subscription call `forgetBusiness` / `forgetOwner`); another process (an API replica,
 *   the worker) sees a change after at most the TTL;
 * - only unlimited access (a running trial or a paid period) is remembered, and never past the instant it
 *   ends by our clock, so the free plan's monthly cap is always counted exactly (plan_limits.ts).
 */
import { LRUCache } from 'lru-cache'
import type { DateTime } from 'luxon'
import env from '#start/env'
import { clock } from '#lib/clock'
import type Business from '#models/business'

const MAX_ENTRIES = 10_000

export class ReviewLinkCache {
  #businesses: LRUCache<string, Business> | null = null
  #unlimitedUntil: LRUCache<number, number> | null = null

  constructor(ttlMs: number) {
    this.configure(ttlMs)
  }

  /** Replaces the cache with an empty one of this TTL; 0 turns caching off. */
  configure(ttlMs: number) {
    this.#businesses = ttlMs > 0 ? new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs }) : null
    this.#unlimitedUntil = ttlMs > 0 ? new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs }) : null
  }

  get enabled() {
    return this.#businesses !== null
  }

  /** The business behind a short code (already lower-cased), from memory or from `load`. */
  async business(code: string, load: () => Promise<Business | null>): Promise<Business | null> {
    const cached = this.#businesses?.get(code)
    if (cached) return cached
    const business = await load()
    if (business) this.#businesses?.set(code, business)
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

  /** Remembers that the owner has unlimited access until `until` (the end of the trial or paid period). */
  rememberUnlimited(ownerId: number, until: DateTime | null) {
    if (until && until.isValid && until.toMillis() > clock.nowMs()) this.#unlimitedUntil?.set(ownerId, until.toMillis())
  }

  forgetBusiness(businessId: number) {
    if (!this.#businesses) return
    for (const [code, business] of this.#businesses.entries()) {
      if (business.id === businessId) this.#businesses.delete(code)
    }
  }

  forgetOwner(ownerId: number) {
    this.#unlimitedUntil?.delete(ownerId)
  }

  clear() {
    this.#businesses?.clear()
    this.#unlimitedUntil?.clear()
  }
}

export const reviewLinkCache = new ReviewLinkCache(env.get('REVIEW_LINK_CACHE_MS'))
