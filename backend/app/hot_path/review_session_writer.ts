/*
 * Stores customers' ratings with group commit: while one write is on its way to MySQL, the ratings that
 * arrive meanwhile wait and then go together. A lone rating is written at once (no timer, no added latency);
 * under load, one statement carries many rows.
 *
 * A batch is one multi-row INSERT in autocommit: a single statement is atomic and durable on its own, so it
 * needs no BEGIN/COMMIT round trips. A rating with feedback needs its id (for the owner's alert). MySQL and
 * MariaDB give the rows of one simple multi-row INSERT consecutive ids when innodb_autoinc_lock_mode is 0 or 1
 * (MariaDB's default; docker/compose.yml sets 1 for MySQL 8, whose default 2 interleaves them): then the ids
 * are LAST_INSERT_ID() + i × auto_increment_increment. The writer reads both settings once a minute; with any other
 * mode, rows with feedback are inserted one by one in the batch's transaction, each with its own id.
 *
 * Each caller's promise settles only after its own row is committed, so "acknowledged" still means "stored"
 * (docs/decisions.md D5). If a batch fails on a row's data (an integrity or data error, such as a business deleted a
 * moment ago), its rows are retried one by one, so the bad row fails alone and the others are stored; any
 * other failure (the database is unreachable) fails the batch and every row waiting behind it at once.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import { isRowError } from '#lib/db_errors'
import { analyticsReads } from '#hot_path/analytics_reads'

export interface SessionRow {
  business_id: number
  rating: number
  feedback: string | null
  redirected: boolean
  client_fingerprint: string
  created_at: Date
  /** Only when the customer ticked "contact me" after a 1-3 rating (docs/decisions.md D31). */
  contact_name: string | null
  contact_phone: string | null
  /** The review request whose personal link the customer came from (docs/decisions.md D32). */
  review_request_id: number | null
  /** The staff member whose link or QR the customer came through (docs/decisions.md D32). */
  staff_id: number | null
  /** The customer page's language the rating was given in (docs/decisions.md D65). */
  language: string | null
}

interface Waiting {
  row: SessionRow
  resolve: (id: number | null) => void
  reject: (error: unknown) => void
}

const MAX_BATCH = 500
const ID_SETTINGS_MAX_AGE_MS = 60_000
const COLUMNS = [
  'business_id',
  'rating',
  'feedback',
  'redirected',
  'client_fingerprint',
  'created_at',
  'contact_name',
  'contact_phone',
  'review_request_id',
  'staff_id',
  'language',
] as const
const ROW_PLACEHOLDERS = `(${COLUMNS.map(() => '?').join(', ')})`

/** One INSERT of these rows (written as SQL: this runs for every rating); the first row's id. */
async function insertRows(client: QueryClientContract | TransactionClientContract, rows: SessionRow[]) {
  const [result] = await client.rawQuery(
    `INSERT INTO review_sessions (${COLUMNS.join(', ')}) VALUES ${rows.map(() => ROW_PLACEHOLDERS).join(', ')}`,
    // A null feedback is bound as NULL; Lucid's binding type just does not list null.
    rows.flatMap((row) => COLUMNS.map((column) => row[column])) as RawQueryBindings
  )
  return Number(result.insertId)
}

/** The step between the ids of one multi-row INSERT's rows, or null when they need not be consecutive. */
export async function consecutiveIdStep(): Promise<number | null> {
  const [[settings]] = await db.rawQuery('SELECT @@innodb_autoinc_lock_mode AS mode, @@auto_increment_increment AS step')
  return Number(settings.mode) <= 1 ? Number(settings.step) : null
}

/**
 * A committed row: its business's analytics changed, so reads from now on must not join a computation begun
 * before (analytics_reads.ts); then the caller hears back (with the id when the rating has feedback).
 */
function stored(waiting: Waiting, id: number | null | undefined) {
  analyticsReads.forget(waiting.row.business_id)
  waiting.resolve(waiting.row.feedback ? (id ?? null) : null)
}

export class ReviewSessionWriter {
  #queue: Waiting[] = []
  #writing = false
  #idStep: Promise<number | null> | undefined
  #idStepReadAt = 0

  /** `readIdStep`: how to learn whether one INSERT's ids are consecutive (tests pass their own). */
  constructor(private readIdStep: () => Promise<number | null> = consecutiveIdStep) {}

  /** Resolves once the row is committed: with its id when it has feedback, otherwise with null. */
  insert(row: SessionRow): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ row, resolve, reject })
      if (!this.#writing) void this.#drain()
    })
  }

  async #drain() {
    this.#writing = true
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MAX_BATCH)
        await this.#write(batch)
      }
    } finally {
      this.#writing = false
    }
  }

  async #write(batch: Waiting[]) {
    let ids: (number | null)[]
    try {
      const step = await this.#consecutiveIdStep()
      const together = step !== null || batch.every((waiting) => !waiting.row.feedback)
      ids = together ? await this.#writeTogether(batch, step ?? 1) : await this.#writeFeedbackAlone(batch)
    } catch (error) {
      if (!isRowError(error) || batch.length === 1) return this.#fail(batch, error)
      // A row's own data failed the batch: each row alone, so only the bad one fails.
      for (const [index, waiting] of batch.entries()) {
        try {
          stored(waiting, await insertRows(db.connection(), [waiting.row]))
        } catch (rowError) {
          if (!isRowError(rowError)) return this.#fail(batch.slice(index), rowError)
          waiting.reject(rowError)
        }
      }
      return
    }
    batch.forEach((waiting, index) => stored(waiting, ids[index]))
  }

  /**
   * Rejects these rows. When the database is unreachable (not a row's fault), every row waiting behind them
   * would only wait for the same error, so they are rejected at once too.
   */
  #fail(rows: Waiting[], error: unknown) {
    if (!isRowError(error)) {
      this.#idStep = undefined // read again once the database answers
      rows = [...rows, ...this.#queue.splice(0)]
    }
    for (const waiting of rows) waiting.reject(error)
  }

  /** The server's auto-increment settings, read at most once a minute (a restarted server may have others). */
  #consecutiveIdStep() {
    if (!this.#idStep || Date.now() - this.#idStepReadAt > ID_SETTINGS_MAX_AGE_MS) {
      this.#idStep = this.readIdStep()
      this.#idStepReadAt = Date.now()
    }
    return this.#idStep
  }

  /** Every row in one INSERT; ids counted from the first (consecutive, see the top of this file). */
  async #writeTogether(batch: Waiting[], step: number) {
    const first = await insertRows(
      db.connection(),
      batch.map((waiting) => waiting.row)
    )
    return batch.map((_, index) => first + index * step)
  }

  /** Ids may interleave: rows without feedback together, each with feedback alone, in one transaction. */
  #writeFeedbackAlone(batch: Waiting[]) {
    return db.transaction(async (trx) => {
      const plain = batch.filter((waiting) => !waiting.row.feedback)
      if (plain.length > 0)
        await insertRows(
          trx,
          plain.map((waiting) => waiting.row)
        )
      const ids: (number | null)[] = []
      for (const waiting of batch) ids.push(waiting.row.feedback ? await insertRows(trx, [waiting.row]) : null)
      return ids
    })
  }
}

export const reviewSessionWriter = new ReviewSessionWriter()
