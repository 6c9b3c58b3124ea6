/*
 * The product as replicas: three compiled API processes (backend/build, `bin/server.js`) and two workers
 * (`ace queue:work`), all with one APP_KEY, on their own database (reviewroute_replicas), their own redis-server
 * (no persistence, REPLICAS_REDIS_PORT, default 6397) with its own queue prefix, and one SMTP server; in front of
 * the APIs a round-robin balancer (balancer.mjs) that appends X-Forwarded-For as nginx does. Loopback only.
 *
 * Before it starts, the database is dropped and prepared again (db:prepare: migrations and seeds) and any
 * leftover redis-server on the port is shut down, so nothing carries over from an earlier run. `stop()` ends every
 * process it started; if the test process exits without calling it (a failure, Ctrl-C), the children are killed
 * with SIGKILL on the way out, so nothing is left listening on the ports.
 */
import { readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  ace,
  apiEnv,
  ensureBackendBuild,
  mysqlConnection,
  redisCli,
  resetDatabase,
  startApi,
  startRedis,
  startWorker,
  stopRedis,
  waitForApi,
} from '../../lib/compiled-api.mjs'
import { startBalancer } from './balancer.mjs'
import { startSlowSmtp } from './smtp.mjs'

export const DATABASE = 'reviewroute_replicas'
export const QUEUE_PREFIX = 'rr-replicas'
export const REDIS_PORT = Number(process.env.REPLICAS_REDIS_PORT ?? 6397)
/** The balancer listens here; the replicas on the next ports (3371-3373). */
export const BALANCER_PORT = Number(process.env.REPLICAS_PORT ?? 3370)
export const REPLICA_NAMES = ['A', 'B', 'C']
export const WORKER_NAMES = ['W1', 'W2']
export const SEND_LEASE_SECONDS = 10

const portAnswers = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

/** Every process started here, for the last-resort kill on exit. */
const started = new Set()
/** Their ids, on disk: a run killed outright (SIGKILL) cannot clean up, so the next run ends what it left. */
const pidFile = join(tmpdir(), `rr-replicas-${BALANCER_PORT}.pids`)
const recordPids = () => writeFileSync(pidFile, [...started].map((proc) => proc.child.pid).join('\n'))

/** Ends the processes an earlier run left, by their recorded ids, only if each is still a process of a build. */
function endLeftovers() {
  let pids = []
  let ended = 0
  try {
    pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number)
  } catch {
    return 0
  }
  for (const pid of pids) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      const cwd = readlinkSync(`/proc/${pid}/cwd`)
      if (cwd.endsWith('/backend/build') && /bin\/server\.js|queue:work/.test(command)) {
        process.kill(pid, 'SIGKILL')
        ended++
      }
    } catch {}
  }
  rmSync(pidFile, { force: true })
  return ended
}
const killAll = () => {
  for (const proc of started) {
    try {
      proc.child.kill('SIGKILL')
    } catch {}
  }
}
process.once('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll()
    redisCli(REDIS_PORT, 'shutdown', 'nosave')
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })
}

export async function startCluster({ workerConcurrency = 3 } = {}) {
  ensureBackendBuild()
  if (endLeftovers()) await sleep(500)
  const ports = [BALANCER_PORT, ...REPLICA_NAMES.map((_, i) => BALANCER_PORT + 1 + i)]
  for (const port of ports) {
    if (await portAnswers(port)) throw new Error(`port ${port} is in use: stop what listens there (or set REPLICAS_PORT)`)
  }
  redisCli(REDIS_PORT, 'shutdown', 'nosave') // a leftover of an interrupted run, if any
  await startRedis(REDIS_PORT)
  const smtp = await startSlowSmtp()
  const balancerUrl = `http://127.0.0.1:${BALANCER_PORT}`
  const env = apiEnv({
    DB_DATABASE: DATABASE,
    REDIS_PORT: String(REDIS_PORT),
    QUEUE_PREFIX,
    APP_URL: balancerUrl,
    CORS_ORIGINS: balancerUrl,
    // The balancer appends to X-Forwarded-For: the client is the right-most address that is not loopback (D53).
    TRUST_PROXY: 'loopback',
    LIMITER_STORE: 'redis',
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'off',
    WORKER_CONCURRENCY: String(workerConcurrency),
    REQUEST_QUIET_HOURS: 'off',
    REQUEST_SEND_PER_MINUTE: '100000',
    // A send claimed by a worker that died is sent again once its lease is over (docs/decisions.md D52): short here.
    SEND_LEASE_SECONDS: String(SEND_LEASE_SECONDS),
  })
  await resetDatabase(DATABASE, env)

  const track = (proc) => {
    started.add(proc)
    recordPids()
    proc.exited.then(() => started.delete(proc))
    return proc
  }
  const replicas = REPLICA_NAMES.map((name, i) => {
    const port = BALANCER_PORT + 1 + i
    const proc = track(startApi({ ...env, PORT: String(port) }))
    proc.name = `api ${name}`
    return { name, port, url: `http://127.0.0.1:${port}`, proc }
  })
  const workers = WORKER_NAMES.map((name) => {
    const proc = track(startWorker(env))
    proc.name = `worker ${name}`
    return proc
  })
  const balancer = await startBalancer(
    replicas.map(({ name, port }) => ({ name, port })),
    { port: BALANCER_PORT }
  )
  const db = await mysqlConnection(DATABASE)

  const cluster = {
    url: balancer.url,
    balancer,
    replicas,
    workers,
    smtp,
    db,
    env,
    /** Runs an ace command of the build against the replicas' database and Redis; its output. */
    ace: (args) => ace(args, env),
    /** SIGKILL, as an out-of-memory kill or a lost node would; resolves once the process is gone. */
    async kill(proc) {
      proc.child.kill('SIGKILL')
      await proc.exited
    },
    /** The last lines of every process's output, for a failure message. */
    logs: () => [...replicas.map((r) => r.proc), ...workers].map((proc) => `--- ${proc.name}\n${proc.output().slice(-1500)}`).join('\n'),
    async stop() {
      await Promise.allSettled([...replicas.map((r) => r.proc.stop(3000)), ...workers.map((w) => w.stop(3000))])
      await Promise.allSettled([balancer.close(), smtp.close(), db.end()])
      await stopRedis(REDIS_PORT)
      rmSync(pidFile, { force: true })
    },
  }
  try {
    for (const replica of replicas) {
      const health = await waitForApi(replica.url, replica.proc, 60_000)
      if (health.status !== 200) throw new Error(`${replica.proc.name} health ${health.status}: ${health.text}`)
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return cluster
}
