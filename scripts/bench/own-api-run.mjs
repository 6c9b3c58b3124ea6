/*
 * What the benches that start the compiled API on their own database, Redis and loopback WhatsApp stub share
 * (alert-latency.mjs, whatsapp-ratings.mjs): the API's settings for the stub, the stores made afresh, the API waited
 * for until healthy, the run bounded by its timeout, the timings as printed, and running as a script. Not a bench
 * itself.
 */
import { percentile } from '../lib/bench.mjs'
import { freshRedis, ownApiEnv, resetDatabase, waitForApi } from '../lib/compiled-api.mjs'

export const loopback = (port) => `http://127.0.0.1:${port}`

/**
 * ownApiEnv (its own database, Redis, queue prefix and mail folder; APP_URL on its port) with the loopback WhatsApp
 * stub (scripts/lib/whatsapp-stub.mjs) as Meta's Graph API; `name` makes the queue prefix and the mail folder's,
 * `overrides` the API's other settings.
 */
export function whatsAppBenchEnv({ name, port, database, redisPort, stub, ...overrides }) {
  return ownApiEnv({
    port,
    database,
    redisPort,
    queuePrefix: `rr-bench-${name}`,
    mailPrefix: `rr-bench-${name}-mail-`,
    APP_URL: loopback(port),
    WHATSAPP_API_BASE_URL: stub.url,
    WHATSAPP_APP_ID: stub.appId,
    WHATSAPP_APP_SECRET: stub.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'bench-verify-token',
    ...overrides,
  })
}

/** The bench's Redis emptied and its database (env.DB_DATABASE) made again from scratch. */
export async function freshStores(env, log) {
  await freshRedis(Number(env.REDIS_PORT))
  log(`preparing ${env.DB_DATABASE} from scratch`)
  await resetDatabase(env.DB_DATABASE, env)
}

/** Once the API process `proc` at `base` answers: throws unless its health is 200. */
export async function healthy(base, proc, name = 'API') {
  const health = await waitForApi(base, proc)
  if (health.status !== 200) throw new Error(`${name} not healthy: ${health.text}`)
}

export const overdue = (timeoutMs) => new Error(`the bench did not finish within ${timeoutMs / 1000} s`)

/**
 * What `body(signal)` answers, unless `timeoutMs` passes first: then `signal` aborts and this throws overdue(). The
 * timer is cleared and `signal` aborted however it ends, so that loops still going in the background stop.
 */
export async function withinTimeout(timeoutMs, body) {
  const abort = new AbortController()
  let timer
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => {
      abort.abort()
      reject(overdue(timeoutMs))
    }, timeoutMs)
  })
  try {
    return await Promise.race([deadline, body(abort.signal)])
  } finally {
    clearTimeout(timer)
    abort.abort()
  }
}

/** `p50 …, p90 …, max …` of `values`: the percentiles `at` (nearest rank) and the largest, each written by `format`. */
export function spread(values, at, format) {
  const sorted = [...values].sort((a, b) => a - b)
  return [...at.map((p) => `p${p} ${format(percentile(sorted, p))}`), `max ${format(sorted.at(-1))}`].join(', ')
}

/** When the module `meta` (its import.meta) is the script node started: runs `run`, exits 0 when it answers {ok: true}, 1 else. */
export function runAsScript(meta, run) {
  if (meta.url !== `file://${process.argv[1]}`) return
  run().then(
    (result) => process.exit(result.ok ? 0 : 1),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
