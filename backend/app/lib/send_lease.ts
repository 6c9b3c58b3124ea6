/*
 * One lease for every send (docs/decisions.md D52). A send claims its row before calling the provider, by one
 * conditional UPDATE that stamps the claim time: the row must be due and not held, or held longer than the lease
 * (SEND_LEASE_SECONDS), which only a worker that died can leave behind. Success writes the outcome and drops the
 * stamp; failure drops the stamp (the row is due again) but only while it is still this claim's. Sweeps and a
 * job's retry find the same rows through `claimable`, so a send lost with its worker goes again once its lease is
 * over: at least once, rarely twice (the worker may have died after the provider took it).
 */
import { DelayedError, type Job } from 'bullmq'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { clock } from '#lib/clock'
import env from '#start/env'

type Query = DatabaseQueryBuilderContract<any>

export const sendLeaseMs = () => env.get('SEND_LEASE_SECONDS') * 1000

export class SendLease {
  /**
   * `table`: the rows sent (by `id`); `column`: their claim time; `due`: the rows still to be sent, held or not,
   * as conditions on `table` (columns named `table.column`, so a sweep may join).
   */
  constructor(
    readonly table: string,
    readonly column: string,
    private due: (query: Query) => unknown
  ) {}

  /** Claims older than this were left by a dead worker. */
  staleBefore() {
    return new Date(clock.nowMs() - sendLeaseMs())
  }

  /** Narrows `query` (on `table`) to the rows a run may claim now: due, and not held or held too long. */
  claimable(query: Query = db.from(this.table)) {
    const column = `${this.table}.${this.column}`
    return query.where((due) => void this.due(due)).where((free) => free.whereNull(column).orWhere(column, '<', this.staleBefore()))
  }

  /**
   * Takes the row (also writing `changes`); answers the claim time, which `release` needs, or null when it is not
   * claimable (sent, not due, or held by a live lease).
   */
  async claim(id: number, changes: Record<string, unknown> = {}): Promise<Date | null> {
    // Whole seconds, as DATETIME keeps them: `release` finds the claim by its exact time.
    const claimedAt = clock.now().startOf('second').toJSDate()
    const claimed = await this.claimable(db.from(this.table).where(`${this.table}.id`, id)).update({ [this.column]: claimedAt, ...changes })
    return Number(claimed) ? claimedAt : null
  }

  /** The row was sent: its outcome, and no lease (a slower holder of an older claim can no longer release it). */
  done(id: number, outcome: Record<string, unknown>) {
    return db
      .from(this.table)
      .where('id', id)
      .update({ [this.column]: null, ...outcome })
  }

  /** The send failed: the row is due again (with `changes`), unless another run has claimed it since. */
  release(id: number, claimedAt: Date, changes: Record<string, unknown> = {}) {
    return db
      .from(this.table)
      .where('id', id)
      .where(this.column, claimedAt)
      .update({ [this.column]: null, ...changes })
  }

  /**
   * Batch sends (alerts, digests): claims every claimable row of `query` (on `table`) at `claimedAt` (whole seconds);
   * answers how many. The batch is then the rows `ofClaim(claimedAt)`.
   */
  async claimAll(query: Query, claimedAt: Date) {
    return Number(await this.claimable(query).update({ [this.column]: claimedAt }))
  }

  /** The rows of one batch claim (narrowed by `query`). */
  ofClaim(claimedAt: Date, query: Query = db.from(this.table)) {
    return query.where(`${this.table}.${this.column}`, claimedAt)
  }

  /** The batch was sent: its rows' outcome, and no lease. */
  doneAll(claimedAt: Date, outcome: Record<string, unknown>, query?: Query) {
    return this.ofClaim(claimedAt, query).update({ [this.column]: null, ...outcome })
  }

  /** The batch failed: its rows are due again. */
  releaseAll(claimedAt: Date, query?: Query) {
    return this.ofClaim(claimedAt, query).update({ [this.column]: null })
  }

  /**
   * When the live lease on a due row ends (epoch ms of the clock), or null when nobody holds it. `of`: the row's id,
   * or rows (a query on `table`): the last of their leases to end.
   */
  async heldUntil(of: number | Query): Promise<number | null> {
    const query = typeof of === 'number' ? db.from(this.table).where('id', of) : of
    const row = await query
      .where((due) => void this.due(due))
      .where(`${this.table}.${this.column}`, '>=', this.staleBefore())
      .max(`${this.table}.${this.column} as held`)
      .first()
    return row?.held ? new Date(row.held).getTime() + sendLeaseMs() : null
  }
}

/**
 * A job's run (BullMQ's retry of a job whose worker died, or a second enqueue) found its row held by a live lease:
 * rather than finish having done nothing, the job waits for the lease to end and runs again, when a lease left by
 * a dead worker can be claimed. Without a job (a direct call) it just answers.
 */
export async function retryWhenLeaseEnds(job: Job | undefined, until: number) {
  if (!job) return
  await job.moveToDelayed(Date.now() + Math.max(0, until - clock.nowMs()) + 1000, job.token)
  throw new DelayedError()
}
