/*
 * TRUST_PROXY behind a balancer that APPENDS to X-Forwarded-For (docs/decisions.md D53): a small Node proxy on
 * 127.0.0.1 adds the address it saw to the header, as nginx's `$proxy_add_x_forwarded_for` and the cloud
 * balancers do. Clients reach it from other loopback addresses (127.0.0.2, 127.0.0.3), so the proxy's own
 * address (the one trusted) and the clients' differ. Real API processes run with the setting under test and
 * the in-memory limiter store, so each starts with empty counters; they read this run's database, where the
 * business rated here is committed and deleted after.
 */
import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { childProcessEnv, closedPort } from '#tests/helpers/child_processes'

/** Sign-in attempts one address gets a minute (start/limiter.ts loginByIp). */
const LOGINS_PER_MINUTE = 20
/** Ratings without a device cookie one address may send one business a minute, in the child APIs. */
const RATINGS_PER_MINUTE = 3

/** One HTTP exchange from a chosen loopback address; resolves with the status and the body. */
function send(
  port: number,
  path: string,
  { from, headers = {}, body }: { from: string; headers?: Record<string, string>; body?: unknown }
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: payload === undefined ? 'GET' : 'POST',
        localAddress: from,
        headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
        timeout: 10_000,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      }
    )
    request.on('timeout', () => request.destroy(new Error(`${path} timed out`)))
    request.on('error', reject)
    request.end(payload)
  })
}

/**
 * The balancer: forwards every request to the API from 127.0.0.1 with `X-Forwarded-For: <what the client sent>,
 * <the client's socket address>` (nginx's `$proxy_add_x_forwarded_for`).
 */
async function appendingProxy(apiPort: number) {
  const server: Server = createHttpServer((incoming, outgoing) => {
    const seen = incoming.socket.remoteAddress!
    const sent = incoming.headers['x-forwarded-for']
    const forwardedFor = sent ? `${Array.isArray(sent) ? sent.join(', ') : sent}, ${seen}` : seen
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: apiPort,
        localAddress: '127.0.0.1',
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      }
    )
    upstream.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A real API process (TypeScript sources, like the queue spec's) with `TRUST_PROXY=setting`. */
async function startApi(setting: string) {
  const port = await closedPort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'ts-node-maintained/register/esm', 'bin/server.js'], {
    cwd: app.makePath(),
    env: childProcessEnv('trust-proxy', {
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: setting,
      LIMITER_STORE: 'memory',
      RATING_IP_LIMIT_PER_MINUTE: String(RATINGS_PER_MINUTE),
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-8000)))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API (TRUST_PROXY=${setting}) exited: ${stderr}`)
    const live = await send(port, '/api/health/live', { from: '127.0.0.1' }).catch(() => null)
    if (live?.status === 200) break
    if (Date.now() > deadline) throw new Error(`the API (TRUST_PROXY=${setting}) did not answer: ${stderr}`)
    await sleep(100)
  }
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

const signIn = (port: number, from: string, n: number, forgedFor?: string) =>
  send(port, '/api/auth/login', {
    from,
    headers: forgedFor ? { 'x-forwarded-for': forgedFor } : {},
    body: { email: `spray-${n}@example.in`, password: 'guess-1234' },
  })

/** `count` sign-ins from `from`, each with a different forged X-Forwarded-For; their statuses in order. */
async function forgedSignIns(port: number, from: string, count: number) {
  const statuses: number[] = []
  for (let n = 1; n <= count; n++) statuses.push((await signIn(port, from, n, `203.0.113.${n}`)).status)
  return statuses
}

const allowed = (count: number) => Array(count).fill(400)

test.group('TRUST_PROXY behind a balancer that appends to X-Forwarded-For', () => {
  test('trusting the balancer only: a forged header changing every time still trips the sign-in limit, per real client', async ({
    assert,
  }) => {
    const api = await startApi('127.0.0.1')
    const proxy = await appendingProxy(api.port)
    try {
      const attacker = await forgedSignIns(proxy.port, '127.0.0.2', LOGINS_PER_MINUTE + 2)
      assert.deepEqual(attacker, [...allowed(LOGINS_PER_MINUTE), 429, 429])
      // The limit is the client's, not the balancer's: another client behind the same balancer still signs in.
      assert.equal((await signIn(proxy.port, '127.0.0.3', 99, '203.0.113.1')).status, 400)
      // Without any header of its own the attacker is the same address, still blocked.
      assert.equal((await signIn(proxy.port, '127.0.0.2', 100)).status, 429)
    } finally {
      await proxy.close()
      await api.stop()
    }
  }).timeout(90_000)

  test('trusting the balancer only: a forged header does not buy more ratings without a device cookie', async ({ assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const api = await startApi('127.0.0.1/32')
    const proxy = await appendingProxy(api.port)
    try {
      const rate = (from: string, n: number) =>
        send(proxy.port, `/api/review/${business.shortUrl}/submit`, {
          from,
          headers: { 'x-forwarded-for': `198.51.100.${n}` },
          body: { rating: 2 },
        })
      const statuses: number[] = []
      for (let n = 1; n <= RATINGS_PER_MINUTE + 2; n++) statuses.push((await rate('127.0.0.2', n)).status)
      assert.deepEqual(statuses, [...Array(RATINGS_PER_MINUTE).fill(200), 429, 429])
      assert.equal((await rate('127.0.0.3', 1)).status, 200)
    } finally {
      await proxy.close()
      await api.stop()
      await owner.delete()
    }
  }).timeout(90_000)

  test('TRUST_PROXY=true behind an appending balancer lets the client choose its address (why it is only for a balancer that overwrites the header)', async ({
    assert,
  }) => {
    const api = await startApi('true')
    const proxy = await appendingProxy(api.port)
    try {
      const attacker = await forgedSignIns(proxy.port, '127.0.0.2', LOGINS_PER_MINUTE + 2)
      assert.deepEqual(attacker, allowed(LOGINS_PER_MINUTE + 2))
    } finally {
      await proxy.close()
      await api.stop()
    }
  }).timeout(90_000)

  test('TRUST_PROXY=false ignores the header: forged addresses share the socket address and its limit', async ({ assert }) => {
    const api = await startApi('false')
    try {
      const attacker = await forgedSignIns(api.port, '127.0.0.2', LOGINS_PER_MINUTE + 2)
      assert.deepEqual(attacker, [...allowed(LOGINS_PER_MINUTE), 429, 429])
      assert.equal((await signIn(api.port, '127.0.0.3', 99, '127.0.0.2')).status, 400)
    } finally {
      await api.stop()
    }
  }).timeout(90_000)

  test('a TRUST_PROXY that is no address stops boot with a sentence naming it', async ({ assert }) => {
    const error = await startApi('loopback,10.0.0.0/33').then(
      async (api) => {
        await api.stop()
        return null
      },
      (failure: Error) => failure.message
    )
    assert.match(error ?? 'it booted', /exited: [\s\S]*TRUST_PROXY must be false, true .* "10\.0\.0\.0\/33" is not one/)
  }).timeout(90_000)
})
