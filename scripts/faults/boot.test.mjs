/*
 * Fault: the compiled API must start every time. AdonisJS imports its preload files all at once, and on Node 20
 * that let start/routes run before start/limiter had finished now and then ("Cannot access 'registerThrottle'
 * before initialization"): the process stayed up without listening. With every preload imported at once, 1 boot
 * in 16 failed here, and 24 in 40 (5 of 8 in this test) once start/container imported the database service;
 * adonisrc.ts now imports them in turn. This boots the API BOOTS times in a row and expects each to answer
 * /api/health.
 *
 * API on 3383; no database writes (health only reads); loopback only.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { apiEnv, ensureBackendBuild, request, startApi } from '../lib/compiled-api.mjs'

const BOOTS = Number(process.env.FAULTS_BOOTS ?? 8)
const API_PORT = Number(process.env.FAULTS_BOOT_API_PORT ?? 3383)
const BOOT_TIMEOUT_MS = 20_000
const base = `http://127.0.0.1:${API_PORT}`
const env = apiEnv({ PORT: String(API_PORT), QUEUE_PREFIX: 'rr-faults-boot' })

/** Starts the API once; resolves with null when it answered, or with its output when it did not. */
async function bootOnce() {
  const api = startApi(env)
  try {
    const deadline = Date.now() + BOOT_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (api.child.exitCode !== null) return `exited with ${api.child.exitCode}:\n${api.output()}`
      // A preload that throws is printed (AdonisJS's pretty error: a line such as "   ReferenceError:"), but the
      // process lingers without listening. Log lines (pino JSON) never look like that.
      if (/^\s*[A-Za-z]*Error:\s*$/m.test(api.output())) return api.output()
      if ((await request(base, 'GET', '/api/health', { timeoutMs: 2000 })).status) return null
      await sleep(100)
    }
    return `no answer within ${BOOT_TIMEOUT_MS} ms:\n${api.output()}`
  } finally {
    await api.stop()
  }
}

test(`the compiled API starts and answers ${BOOTS} times in a row`, { timeout: BOOTS * (BOOT_TIMEOUT_MS + 6_000) + 120_000 }, async () => {
  ensureBackendBuild()
  const failures = []
  for (let boot = 1; boot <= BOOTS; boot++) {
    const failure = await bootOnce()
    if (failure) failures.push(`boot ${boot}: ${failure.slice(0, 1500)}`)
  }
  assert.deepEqual(failures, [], `${failures.length} of ${BOOTS} boots failed`)
})
