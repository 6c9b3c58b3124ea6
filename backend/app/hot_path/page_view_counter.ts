/*
 * Page views of customer review links (page_views_daily), and the website widget's answers (widget_views,
 * docs/decisions.md D49), counted in memory and written in one upsert per interval (PAGE_VIEW_FLUSH_MS, default 1 s;
 * 0 writes every view at once). A busy link then costs one small write a second instead of one per visit, and
 * replicas add to the same rows (INSERT … ON DUPLICATE KEY UPDATE views = views + …).
 *
 * Readers in this process call `flush()` first (analytics does), so an owner never sees a count behind their
 * own replica. At most one interval of views is lost if the process dies without shutting down. A write that
 * fails because the database is unreachable keeps its counts for the next try (up to MAX_PENDING keys); one
 * that fails on a row (a business deleted meanwhile) is retried row by row and the bad rows are dropped.
 */
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { todayIst } from '#lib/time'
import { isRowError } from '#lib/db_errors'

const MAX_PENDING = 50_000

interface PendingViews {
  businessId: number
  day: string
  views: number
}

/** Rows in key order, so two replicas' upserts take their row locks in the same order (no deadlock). */
const byKey = (a: PendingViews, b: PendingViews) => a.businessId - b.businessId || a.day.localeCompare(b.day)

/** The tables counted this way: (business_id, day, views) with that primary key. */
export type ViewsTable = 'page_views_daily' | 'widget_views'

function upsert(table: ViewsTable, batch: PendingViews[]) {
  batch.sort(byKey)
  return db.rawQuery(
    `INSERT INTO ${table} (business_id, day, views) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE views = views + VALUES(views)`,
    batch.flatMap((entry) => [entry.businessId, entry.day, entry.views])
  )
}

export class PageViewCounter {
  #pending = new Map<string, PendingViews>()
  #timer: NodeJS.Timeout | null = null
  #flushing: Promise<void> = Promise.resolve()

  constructor(
    public intervalMs: number,
    readonly table: ViewsTable = 'page_views_daily'
  ) {}

  /** Counts one view of the business today (IST). Resolves once it is stored when not buffering. */
  async record(businessId: number) {
    const day = todayIst()
    this.#add(businessId, day, 1)
    if (this.intervalMs <= 0) return this.flush()
    this.#arm()
  }

  #arm() {
    this.#timer ??= setTimeout(() => void this.flush().catch(() => {}), this.intervalMs).unref()
  }

  get pendingViews() {
    let total = 0
    for (const entry of this.#pending.values()) total += entry.views
    return total
  }

  /** Writes every counted view; flushes run one after another, so none is written twice. */
  flush(): Promise<void> {
    const run = this.#flushing.then(() => this.#write())
    this.#flushing = run.catch(() => {})
    return run
  }

  async #write() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    if (this.#pending.size === 0) return
    const batch = [...this.#pending.values()]
    this.#pending.clear()
    try {
      await upsert(this.table, batch)
    } catch (error) {
      if (!isRowError(error)) return this.#keep(batch, error)
      await this.#writeOneByOne(batch)
    }
  }

  /** After a row error: each entry alone, dropping those that fail on their row. */
  async #writeOneByOne(batch: PendingViews[]) {
    for (const [index, entry] of batch.entries()) {
      try {
        await upsert(this.table, [entry])
      } catch (error) {
        if (!isRowError(error)) return this.#keep(batch.slice(index), error)
        logger.info({ businessId: entry.businessId, views: entry.views, table: this.table }, 'views of a removed business dropped')
      }
    }
  }

  /**
   * The database could not be reached: the unwritten entries wait for the next flush, by the timer or by the
   * next caller (with PAGE_VIEW_FLUSH_MS=0, another view of the same tick retries them, and fails if it fails).
   */
  #keep(unwritten: PendingViews[], error: unknown): never {
    for (const entry of unwritten) this.#add(entry.businessId, entry.day, entry.views)
    logger.warn({ err: error, views: unwritten.length, table: this.table }, 'views not stored yet; kept for the next flush')
    if (this.intervalMs > 0) this.#arm()
    throw error
  }

  #add(businessId: number, day: string, views: number) {
    const key = `${businessId}|${day}`
    const entry = this.#pending.get(key)
    if (entry) entry.views += views
    else if (this.#pending.size < MAX_PENDING) this.#pending.set(key, { businessId, day, views })
  }
}

export const pageViewCounter = new PageViewCounter(env.get('PAGE_VIEW_FLUSH_MS'))
/** The website widget's answers (docs/decisions.md D49), at the same interval. */
export const widgetViewCounter = new PageViewCounter(env.get('PAGE_VIEW_FLUSH_MS'), 'widget_views')
