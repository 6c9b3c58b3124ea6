/*
 * A small load balancer on loopback, in front of the API replicas the way nginx would be: round robin over the
 * upstreams, the client's address appended to X-Forwarded-For, and nginx's `proxy_next_upstream error` rule:
 * a request that could not reach its upstream (connection refused or reset before any answer) goes to the next
 * one, but a POST/PATCH/PUT/DELETE that was already sent is never sent again (nginx does not retry
 * non-idempotent requests): it is answered 502. An upstream that refused a connection is left out for a while
 * (nginx's max_fails=1 fail_timeout). Each answer names its replica in `x-replica`.
 */
import { createServer, request as httpRequest } from 'node:http'

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS'])
/** How long an upstream that failed is skipped (nginx's fail_timeout). */
const FAIL_TIMEOUT_MS = 10_000

/**
 * `upstreams`: [{name, port}] on 127.0.0.1. Resolves to {url, port, stats, close()}; `stats` counts answers per
 * replica, retries to another replica and 502s.
 */
export async function startBalancer(upstreams, { port = 0 } = {}) {
  const state = upstreams.map((upstream) => ({ ...upstream, downUntil: 0 }))
  const stats = { byReplica: Object.fromEntries(upstreams.map((u) => [u.name, 0])), retried: 0, badGateway: 0 }
  let next = 0

  /** The next upstream in turn that is not marked down (all down: the next in turn anyway, as nginx does). */
  const pick = (tried) => {
    const now = Date.now()
    for (let i = 0; i < state.length; i++) {
      const candidate = state[(next + i) % state.length]
      if (tried.has(candidate) || candidate.downUntil > now) continue
      next = (state.indexOf(candidate) + 1) % state.length
      return candidate
    }
    return state.find((candidate) => !tried.has(candidate)) ?? null
  }

  /** Sends the buffered request to one upstream; rejects with {sent} telling whether it reached the upstream. */
  const forward = (upstream, clientRequest, body, headers) =>
    new Promise((resolve, reject) => {
      let connected = false
      const outgoing = httpRequest(
        // A fresh connection each time (no agent): whether it connected tells whether the request was sent.
        { host: '127.0.0.1', port: upstream.port, method: clientRequest.method, path: clientRequest.url, headers, agent: false },
        resolve
      )
      outgoing.on('socket', (socket) => socket.once('connect', () => (connected = true)))
      outgoing.on('error', (error) => reject(Object.assign(error, { sent: connected })))
      outgoing.end(body)
    })

  const server = createServer(async (clientRequest, clientResponse) => {
    const chunks = []
    for await (const chunk of clientRequest) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const forwardedFor = [clientRequest.headers['x-forwarded-for'], clientRequest.socket.remoteAddress].filter(Boolean).join(', ')
    const headers = {
      ...clientRequest.headers,
      'x-forwarded-for': forwardedFor,
      'x-forwarded-proto': 'http',
      'connection': 'close',
      'content-length': String(body.length),
    }
    delete headers['transfer-encoding']
    const tried = new Set()
    for (let upstream = pick(tried); upstream; upstream = pick(tried)) {
      tried.add(upstream)
      try {
        const answer = await forward(upstream, clientRequest, body, headers)
        stats.byReplica[upstream.name]++
        clientResponse.writeHead(answer.statusCode, { ...answer.headers, 'x-replica': upstream.name })
        answer.pipe(clientResponse)
        answer.on('error', () => clientResponse.destroy())
        return
      } catch (error) {
        upstream.downUntil = Date.now() + FAIL_TIMEOUT_MS
        if (error.sent && !IDEMPOTENT.has(clientRequest.method)) break
        stats.retried++
      }
    }
    stats.badGateway++
    clientResponse.writeHead(502, { 'content-type': 'application/json' })
    clientResponse.end(JSON.stringify({ message: 'Bad gateway' }))
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const listening = server.address().port
  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
