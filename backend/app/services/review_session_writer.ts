/*
 * Stores customers' ratings with group commit: while one write is on its way to MySQL, the ratings that
 * arrive meanwhile wait and then go together in one transaction. A lone rating is written at once (no timer,
 * no added latency); under load, one commit carries many rows.
 *
 * In a batch, ratings without feedback go in one multi-row INSERT; each rating with feedback gets its own
 * INSERT in the same transaction, because its id is needed for the owner's alert (auto-increment ids of a
 * multi-row INSERT are not guaranteed to be consecutive on MySQL 8).
 *
 * Each caller's promise settles only after its own row is committed, so "acknowledged" still means "stored"
 * (DECISIONS 5). If a batch fails on a row's data (an integrity or data error, such as a business deleted a
 * moment ago), its rows are retried one by one, so the bad row fails alone and the others are stored; any
 * other failure (the database is unreachable) fails the batch and every row waiting behind it at once.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { isRowError } from '#lib/db_errors'
import { analyticsReads } from '#services/analytics_reads'

export interface SessionRow {
  business_id: number
  rating: number
  feedback: string | null
  redirected: boolean
  client_fingerprint: string
  created_at: Date
}

interface Waiting {
  row: SessionRow
  resolve: (id: number | null) => void
  reject: (error: unknown) => void
}

const MAX_BATCH = 500

/** One row; its id. */
async function insertOne(client: QueryClientContract | TransactionClientContract, row: SessionRow) {
  const [id] = await client.insertQuery().table('review_sessions').insert(row)
  return Number(id)
}

/**
 * A committed row: its business's analytics changed, so reads from now on must not join a computation begun
 * before (analytics_reads.ts); then the caller hears back (with the id when the rating has feedback).
 */
function stored(waiting: Waiting, id: number | null) {
  analyticsReads.forget(waiting.row.business_id)
  waiting.resolve(waiting.row.feedback ? id : null)
}

export class ReviewSessionWriter {
  #queue: Waiting[] = []
  #writing = false

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
    let ids: Map<Waiting, number>
    try {
      ids = batch.length === 1 ? new Map([[batch[0], await insertOne(db.connection(), batch[0].row)]]) : await this.#writeTogether(batch)
    } catch (error) {
      if (!isRowError(error)) {
        // The database is unreachable: the rows waiting behind this batch would only wait for the same error.
        for (const waiting of [...batch, ...this.#queue.splice(0)]) waiting.reject(error)
        return
      }
      if (batch.length === 1) return batch[0].reject(error)
      for (const waiting of batch) {
        await insertOne(db.connection(), waiting.row).then((id) => stored(waiting, id), waiting.reject)
      }
      return
    }
    for (const waiting of batch) stored(waiting, ids.get(waiting) ?? null)
  }

  #writeTogether(batch: Waiting[]) {
    return db.transaction(async (trx) => {
      const ids = new Map<Waiting, number>()
      const plain = batch.filter((waiting) => !waiting.row.feedback)
      if (plain.length > 0) await trx.insertQuery().table('review_sessions').multiInsert(plain.map((waiting) => waiting.row))
      for (const waiting of batch) {
        if (waiting.row.feedback) ids.set(waiting, await insertOne(trx, waiting.row))
      }
      return ids
    })
  }
}

export const reviewSessionWriter = new ReviewSessionWriter()
