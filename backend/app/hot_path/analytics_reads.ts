/*
 * Concurrent reads of one business's analytics share one computation ("single flight"): a request that
 * arrives while the same figures are being computed waits for that computation instead of starting its own.
 * Nothing is kept once it has answered, so a burst of reads of a large business costs the database one set of
 * queries instead of one per request, and an answer is at most one computation older than the request.
 *
 * A write in this process that changes a business's figures (a stored rating, a resolved feedback, a changed
 * business) calls `forget`, so a read that starts after the write never joins a computation that began before
 * it. A write on another replica is not seen by a computation already running here: a read there may miss it
 * by that computation's duration (milliseconds; up to a few seconds for a business of millions of sessions
 * that the nightly rollup has not reached), as it would had it arrived that much earlier.
 */
export class AnalyticsReads {
  #inFlight = new Map<string, { businessId: number; answer: Promise<unknown> }>()

  /** The answer of `compute`, shared with every request of the same `key` of `businessId` meanwhile. */
  share<T>(businessId: number, key: string, compute: () => Promise<T>): Promise<T> {
    const flightKey = `${businessId}:${key}`
    const running = this.#inFlight.get(flightKey)
    if (running) return running.answer as Promise<T>
    const answer = compute().finally(() => {
      if (this.#inFlight.get(flightKey)?.answer === answer) this.#inFlight.delete(flightKey)
    })
    this.#inFlight.set(flightKey, { businessId, answer })
    return answer
  }

  /** Later reads of this business compute afresh (those already waiting keep the answer they joined). */
  forget(businessId: number) {
    for (const [key, flight] of this.#inFlight) {
      if (flight.businessId === businessId) this.#inFlight.delete(key)
    }
  }

  get inFlight() {
    return this.#inFlight.size
  }
}

export const analyticsReads = new AnalyticsReads()
