/*
 * The pace of Business Profile requests for every worker process together (docs/decisions.md D44): at most `qpm`
 * a minute, spaced evenly. One Redis key holds the time the next request may go; each caller reserves the next slot
 * atomically (a Lua script, Redis's own clock so the workers' clocks do not matter) and waits until it comes.
 *
 * Not BullMQ's queue limiter: it counts jobs, and a job here makes a varying number of requests (an import pages
 * through hundreds of reviews, an incremental sync one page). Not @adonisjs/limiter: its windows are fixed, so up to
 * twice the limit can go out across a window's edge, and it refuses rather than queues. Evenly spaced slots keep
 * every sliding minute under the limit, and the queue of waiting callers is as long as the workers' concurrency.
 */
import redis from '@adonisjs/redis/services/main'
import googleConfig from '#config/google'
import queueConfig from '#config/queue'

const RESERVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
if next < now then next = now end
redis.call('SET', KEYS[1], tostring(next + interval), 'PX', math.ceil(math.max(60000, next + interval - now + 1000)))
return next - now
`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface Pacer {
  /** Resolves when this caller's request may go. */
  acquire(): Promise<void>
}

export class RedisRequestPacer implements Pacer {
  private interval: number

  constructor(
    qpm: number = googleConfig.qpm,
    private key = `${queueConfig.prefix}:google-api-pace`
  ) {
    this.interval = 60_000 / Math.max(1, qpm)
  }

  /** Throws when Redis cannot be reached a few times running: the job fails and is retried later. */
  async acquire() {
    let wait = 0
    for (let attempt = 1; ; attempt++) {
      try {
        wait = Number(await redis.connection().eval(RESERVE_SCRIPT, 1, this.key, String(this.interval)))
        break
      } catch (error) {
        // The connection is made lazily and refuses commands until it is ready.
        if (attempt >= 5) throw error
        await sleep(200 * attempt)
      }
    }
    if (wait > 0) await sleep(wait)
  }
}

/** No pacing: the service outside the sync (connecting, listing locations on a member's click). */
export const unpaced: Pacer = { acquire: async () => {} }
