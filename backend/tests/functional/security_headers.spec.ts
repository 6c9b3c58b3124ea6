/*
 * Security headers on every kind of answer (pages, API, errors, 404s) and CORS limited to configured origins.
 */
import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { assertBrowserReady } from '#tests/helpers/browser'
import env from '#start/env'

const ANSWERS: [string, string, number][] = [
  ['GET', '/api/health', 200],
  ['GET', '/indian', 200],
  ['GET', '/no-such-page', 404],
  ['GET', '/review/no-such-code', 404],
  ['GET', '/api/my-businesses', 401],
  ['POST', '/api/auth/login', 422],
  ['GET', '/api/no-such-endpoint', 404],
]

function directives(csp: string) {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/)
      return [name, values]
    })
  )
}

test.group('Security headers', (group) => {
  isolated(group)
  group.setup(() => assertBrowserReady())

  test('{0} {1} carries CSP, nosniff, frame denial and a referrer policy')
    .with(ANSWERS)
    .run(async ({ client, assert }, [method, path, status]) => {
      const response = await client
        .request(path, method as 'GET')
        .json({})
        .redirects(0)
      assert.equal(response.status(), status)
      const headers = response.headers()
      assert.equal(headers['x-content-type-options'], 'nosniff')
      assert.equal(headers['x-frame-options'], 'DENY')
      assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin')
      const csp = directives(headers['content-security-policy'] ?? '')
      assert.deepEqual(csp['frame-ancestors'], ["'none'"])
      assert.deepEqual(csp['default-src'], ["'self'"])
      assert.notInclude(response.text(), 'at async', 'no stack trace')
    })

  test("the policy lets the dashboard load Razorpay Checkout and Meta's SDK, and nothing else from outside for scripts", async ({
    client,
    assert,
  }) => {
    const response = await client.get('/dashboard')
    const csp = directives(response.header('content-security-policy') ?? '')
    assert.deepEqual(csp['script-src'], ["'self'", 'https://checkout.razorpay.com', new URL(env.get('WHATSAPP_SDK_URL')).origin])
    // A WhatsApp voice note plays from the blob: the dashboard fetched (docs/decisions.md D67).
    assert.deepEqual(csp['media-src'], ["'self'", 'blob:'])
    assert.include(csp['frame-src'] ?? [], 'https://api.razorpay.com')
    // The website widget screen previews the widget's own page (/w/{code}) in a frame.
    assert.include(csp['frame-src'] ?? [], "'self'")
    assert.notInclude(csp['script-src'], "'unsafe-inline'")
    assert.notInclude(csp['script-src'], "'unsafe-eval'")
  })

  test('no HSTS outside production (the test server speaks plain HTTP)', async ({ client, assert }) => {
    const response = await client.get('/api/health')
    assert.isUndefined(response.header('strict-transport-security'))
  })
})

test.group('CORS', (group) => {
  isolated(group)

  test('a configured origin is allowed, credentials included, and may read x-total-count', async ({ client, assert }) => {
    const origin = env.get('CORS_ORIGINS').split(',')[0].trim()
    const response = await client.get('/api/health').header('Origin', origin)
    assert.equal(response.header('access-control-allow-origin'), origin)
    assert.equal(response.header('access-control-allow-credentials'), 'true')
    assert.include(response.header('access-control-expose-headers'), 'x-total-count')
  })

  test('another origin gets no CORS permission', async ({ client, assert }) => {
    const response = await client.get('/api/health').header('Origin', 'https://evil.example')
    assert.isUndefined(response.header('access-control-allow-origin'))
  })
})
