/*
 * A real OpenID Connect provider on loopback (the `oidc-provider` package, certified by the OpenID Foundation)
 * standing in for Google in the backend's tests and the journeys: discovery, JWKS, authorization code with PKCE
 * required, and its own development login and consent pages (any listed account id signs in, no password check).
 * `authorize()` walks those pages over HTTP for tests that have no browser.
 */
import { createServer } from 'node:http'
import Provider from 'oidc-provider'

/**
 * Starts the provider. `accounts` maps a login (the subject) to its claims: { email, email_verified, given_name,
 * family_name }. The client is confidential (client_secret_post), as Google's web clients are.
 */
export async function startOidcProvider({
  redirectUris,
  clientId = 'reviewroute-test',
  clientSecret = 'reviewroute-test-secret',
  accounts = {},
}) {
  const known = new Map(Object.entries(accounts))
  const server = createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${server.address().port}`

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // Google puts the profile and email claims in the ID token itself; so does this provider.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['reviewroute-test-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, id) {
      if (!known.has(id)) return undefined
      return { accountId: id, claims: async () => ({ sub: id, ...known.get(id) }) }
    },
  })
  // Development pages and http on loopback are what this is for; keep the test output quiet about them.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error))
  server.on('request', provider.callback())

  return {
    issuer,
    clientId,
    clientSecret,
    /** Adds or replaces an account the login page accepts. */
    setAccount(sub, claims) {
      known.set(sub, claims)
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * Follows the provider's pages from `authorizationUrl` as `login` would in a browser (login form, then consent)
 * and returns the address it finally sends the browser to: the relying party's callback with `code` and
 * `state`, or with `error`. Only requests to the provider's origin are made.
 */
export async function authorize(authorizationUrl, login, { consent = true } = {}) {
  const origin = new URL(authorizationUrl).origin
  const jar = new Map()
  const remember = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }
  const request = async (url, init = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    })
    remember(response)
    return response
  }

  let url = authorizationUrl
  for (let step = 0; step < 12; step++) {
    const response = await request(url)
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, url)
      if (next.origin !== origin) return next.href
      url = next.href
      continue
    }
    const html = await response.text()
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1]
    if (!action || !prompt) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`)
    if (prompt === 'consent' && !consent) throw new Error('consent refused')
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt })
    const submitted = await request(new URL(action, url).href, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const after = submitted.headers.get('location')
    if (!after) throw new Error(`the provider answered ${submitted.status} to the ${prompt} form`)
    const next = new URL(after, url)
    if (next.origin !== origin) return next.href
    url = next.href
  }
  throw new Error('the provider never sent the browser back')
}
