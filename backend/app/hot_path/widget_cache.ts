/*
 * The website widget's public answers (GET /api/widget/{code}, docs/decisions.md D49), kept in memory for five
 * minutes per business: the widget is on every page of the owner's site, and its answer changes rarely.
 *
 * What keeps it correct: the code that changes what the answer shows (the owner's layout and sites, a review pinned or
 * hidden, the business's settings) calls `forgetBusiness` once its write is committed: this process forgets at once,
 * the others when the message over Redis arrives (invalidations.ts, docs/decisions.md D54), or after the TTL when Redis
 * is down. A value read from the
 * database is stored only if nothing was forgotten while it was read (a generation counter), so a read racing a write
 * cannot put the old answer back. Times are our clock's, so tests move them. Reviews the sync brings show within the
 * TTL, as on Google's own widgets.
 */
import { clock } from '#lib/clock'
import { invalidations } from '#hot_path/invalidations'
import { WIDGET_CACHE_SECONDS } from '#contract/widget'
import type { WidgetDataDto } from '#types/api'

const MAX_ENTRIES = 10_000

/** An answer with what the route needs besides it: the business's allowed sites (null: any). */
export interface WidgetEntry {
  data: WidgetDataDto
  allowedSites: string[] | null
}

export class WidgetCache {
  #entries = new Map<number, { entry: WidgetEntry; expiresAt: number }>()
  #generation = 0

  constructor(public ttlMs: number) {}

  /** The business's answer, from memory or from `load`. */
  async get(businessId: number, load: () => Promise<WidgetEntry>): Promise<WidgetEntry> {
    const cached = this.#entries.get(businessId)
    if (cached && cached.expiresAt > clock.nowMs()) return cached.entry
    if (cached) this.#entries.delete(businessId)
    const generation = this.#generation
    const entry = await load()
    if (this.ttlMs > 0 && generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!)
      this.#entries.set(businessId, { entry, expiresAt: clock.nowMs() + this.ttlMs })
    }
    return entry
  }

  /** Whether an answer of the business is held (tests). */
  has(businessId: number) {
    const cached = this.#entries.get(businessId)
    return cached !== undefined && cached.expiresAt > clock.nowMs()
  }

  /** The business's answer changed (its write committed): it is built again on the next request, in every process. */
  forgetBusiness(businessId: number) {
    this.forgetHere(businessId)
    invalidations.publish('widget', businessId)
  }

  /** Forgets in this process only: what a message from another process does. */
  forgetHere(businessId: number) {
    this.#generation += 1
    this.#entries.delete(businessId)
  }

  clear() {
    this.#generation += 1
    this.#entries.clear()
  }
}

export const widgetCache = new WidgetCache(WIDGET_CACHE_SECONDS * 1000)
invalidations.register('widget', { forget: (id) => widgetCache.forgetHere(id), clear: () => widgetCache.clear() })
