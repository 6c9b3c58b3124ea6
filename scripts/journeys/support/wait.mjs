/*
 * Waiting in the journeys: a plain sleep and bounded polling.
 */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `probe` until it returns a truthy value or `timeoutMs` passes; throws `what` with the last value.
 * An error with `fatal: true` stops the polling at once.
 */
export async function waitFor(what, probe, { timeoutMs = 20_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs
  let last
  while (Date.now() < deadline) {
    try {
      last = await probe()
      if (last) return last
    } catch (error) {
      if (error?.fatal) throw error
      last = error
    }
    await sleep(intervalMs)
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`
  )
}
