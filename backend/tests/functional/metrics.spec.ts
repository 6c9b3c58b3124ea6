/*
 * Metrics and liveness (docs/decisions.md D34): GET /metrics only to the METRICS_TOKEN bearer (404 without a token
 * configured, with another, or with none), counting requests by route pattern (health checks included) and the
 * ratings stored; the database pool and queue gauges; /api/health/live answers while the process runs.
 */
import { test } from '@japa/runner'
import env from '#start/env'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { isolated } from '#tests/helpers/setup'

const TOKEN = 'metrics-token-for-tests-0123456789'

/** The value of one sample line, e.g. `http_requests_total{method="GET",route="/api/health",status="200"}`. */
function sample(text: string, name: string, labels: Record<string, string>) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  const line = text.split('\n').find((row) => row.startsWith(`${name}{`) && wanted.every((label) => row.includes(label)))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0
}

test.group('Metrics', (group) => {
  isolated(group)
  group.each.setup(() => {
    const previous = env.get('METRICS_TOKEN')
    env.set('METRICS_TOKEN', TOKEN)
    return () => env.set('METRICS_TOKEN', previous)
  })

  test('404 without the token, with another, and when none is configured', async ({ client }) => {
    ;(await client.get('/metrics')).assertStatus(404)
    ;(await client.get('/metrics').bearerToken('not-the-token')).assertStatus(404)
    env.set('METRICS_TOKEN', '')
    ;(await client.get('/metrics').bearerToken('')).assertStatus(404)
  })

  test('a token of the right length with a non-ASCII character, or of another length, gets the same 404', async ({ client, assert }) => {
    const wrong = await client.get('/metrics').bearerToken('not-the-token')
    const bearers = [`é${TOKEN.slice(1)}`, `${TOKEN.slice(0, -1)}ñ`, `${TOKEN}x`, TOKEN.slice(0, -1), 'é']

    for (const bearer of bearers) {
      const response = await client.get('/metrics').bearerToken(bearer)
      assert.equal(response.status(), 404, bearer)
      assert.deepEqual(response.body(), wrong.body(), bearer)
    }
  })

  test('requests are counted by route pattern (health checks too), ratings stored by kind', async ({ client, assert }) => {
    const read = async () => (await client.get('/metrics').bearerToken(TOKEN)).text()
    const before = await read()
    const { business } = await ownerWithBusiness()
    for (let index = 0; index < 3; index++) (await client.get('/api/health/live')).assertStatus(200)
    ;(await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5 })).assertStatus(200)
    ;(await client.get(`/api/business/by-url/${business.shortUrl}`)).assertStatus(200)

    const response = await client.get('/metrics').bearerToken(TOKEN)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'text/plain')
    const after = response.text()
    const live = { method: 'GET', route: '/api/health/live', status: '200' }
    assert.equal(sample(after, 'http_requests_total', live) - sample(before, 'http_requests_total', live), 3)
    const byUrl = { method: 'GET', route: '/api/business/by-url/:shortUrl', status: '200' }
    assert.equal(sample(after, 'http_requests_total', byUrl) - sample(before, 'http_requests_total', byUrl), 1)
    assert.notInclude(after, business.shortUrl, 'labels carry patterns, never codes')
    assert.equal(
      sample(after, 'reviewroute_ratings_stored_total', { kind: 'positive' }) -
        sample(before, 'reviewroute_ratings_stored_total', { kind: 'positive' }),
      1
    )
    assert.match(after, /http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/health\/live"\}/)
    assert.match(after, /reviewroute_db_pool_connections\{state="used"\} \d+/)
    assert.match(after, /reviewroute_queue_jobs\{queue="receipt-mail",state="failed"\} \d+/)
    assert.match(after, /reviewroute_process_resident_memory_bytes \d+/)
  })
})
