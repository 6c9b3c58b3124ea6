/*
 * "Continue with Google" (docs/decisions.md D29) against a real OpenID provider on loopback (oidc-provider, via
 * scripts/lib/oidc-provider.mjs): our start → the provider's login and consent pages → our callback → the
 * one-time code → our token. The browser's side is plain fetch with the cookies it would keep.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import User from '#models/user'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'
import { OidcClient } from '#services/identity/oidc_client'
import oidcConfig from '#config/oidc'
import { INVALID_SIGN_IN_CODE, UNVERIFIED_PROVIDER_EMAIL } from '#actions/auth/sign_in_with_oidc'
import { OIDC_CANCELLED, OIDC_EXPIRED, OIDC_UNAVAILABLE } from '#controllers/oidc_controller'
import { authorize, startOidcProvider, type OidcProvider } from '../../../scripts/lib/oidc-provider.mjs'
import type { AuthResponse, OidcConfigResponse, UserDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`

const ACCOUNTS = {
  'google-asha': { email: 'asha@example.in', email_verified: true, given_name: 'Asha', family_name: 'Rao' },
  'google-unverified': { email: 'maybe@example.in', email_verified: false },
}

let provider: OidcProvider

function useProvider(group: Group) {
  group.setup(async () => {
    provider = await startOidcProvider({ redirectUris: [oidcConfig.redirectUri], accounts: ACCOUNTS })
    app.container.swap(
      OidcClient,
      () => new OidcClient({ ...oidcConfig, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret })
    )
    return async () => {
      app.container.restore(OidcClient)
      await provider.close()
    }
  })
}

/** A browser's visit to our start: where it is sent and the cookie it keeps for our callback. */
async function start(query = 'mode=signin&redirect=%2Fbusinesses') {
  const response = await fetch(`${API}/api/auth/oidc/start?${query}`, { redirect: 'manual' })
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { status: response.status, location: response.headers.get('location') ?? '', cookie }
}

/** Our callback as the provider sent the browser to it; answers where the browser goes next (the site page). */
async function callback(providerRedirect: string, cookie: string) {
  const ours = new URL(providerRedirect)
  const response = await fetch(`${API}${ours.pathname}${ours.search}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
  if (response.status !== 302) throw new Error(`callback answered ${response.status}: ${await response.text()}`)
  const page = new URL(response.headers.get('location')!, API)
  return { path: page.pathname, params: page.searchParams }
}

/** The whole dance for `login`; answers the site page's parameters. */
async function signInAs(login: string, query?: string) {
  const begun = await start(query)
  return callback(await authorize(begun.location, login), begun.cookie)
}

/** A loopback port nothing listens on. */
async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

const exchange = (code: string, userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36') =>
  fetch(`${API}/api/auth/oidc/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ code }),
  })

test.group('GET /api/auth/oidc/config and start without a provider configured', (group) => {
  isolated(group)

  test('the button is off and start is not found', async ({ client, assert }) => {
    const config = await client.get('/api/auth/oidc/config')
    config.assertStatus(200)
    assert.deepEqual(config.body() as OidcConfigResponse, { enabled: false, name: 'Google' })
    assert.equal((await start()).status, 404)
  })

  test('a provider that cannot be reached sends the browser back with a sentence, not a 500', async ({ assert }) => {
    const closed = await closedPort()
    app.container.swap(
      OidcClient,
      () => new OidcClient({ ...oidcConfig, issuer: `http://127.0.0.1:${closed}`, clientId: 'x', clientSecret: 'y', timeoutMs: 1000 })
    )
    try {
      const begun = await start()
      assert.equal(begun.status, 302)
      const page = new URL(begun.location, API)
      assert.equal(page.pathname, '/auth/callback')
      assert.equal(page.searchParams.get('error'), OIDC_UNAVAILABLE)
      assert.equal(page.searchParams.get('redirect'), '/businesses')
    } finally {
      app.container.restore(OidcClient)
    }
  })
})

test.group('Continue with Google against a real OpenID provider', (group) => {
  isolated(group)
  useProvider(group)

  test('the button is on, start sends the browser to the provider with PKCE, state and nonce', async ({ client, assert }) => {
    assert.deepEqual(((await client.get('/api/auth/oidc/config')).body() as OidcConfigResponse).enabled, true)
    const begun = await start()

    assert.equal(begun.status, 302)
    const url = new URL(begun.location)
    assert.equal(url.origin, provider.issuer)
    assert.equal(url.searchParams.get('client_id'), provider.clientId)
    assert.equal(url.searchParams.get('redirect_uri'), oidcConfig.redirectUri)
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256')
    assert.match(url.searchParams.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/)
    assert.isAtLeast(url.searchParams.get('state')!.length, 32)
    assert.isAtLeast(url.searchParams.get('nonce')!.length, 32)
    // The verifier and nonce stay with us: the cookie is encrypted and HTTP-only.
    assert.match(begun.cookie, /^rr_oidc=/)
    assert.notInclude(begun.cookie, url.searchParams.get('state')!)
  })

  test('a new person gets an account with a verified address and a trial, signed in through a one-time code', async ({ assert }) => {
    const page = await signInAs('google-asha')

    assert.equal(page.path, '/auth/callback')
    assert.equal(page.params.get('redirect'), '/businesses')
    const code = page.params.get('code')!
    const response = await exchange(code)
    assert.equal(response.status, 200)
    const body = (await response.json()) as AuthResponse
    assert.equal(body.user.email, 'asha@example.in')
    assert.equal(body.user.firstName, 'Asha')
    assert.isTrue(body.user.emailVerified)
    assert.isNotNull(body.user.trialEndsAt)
    const user = await User.findByOrFail('email', 'asha@example.in')
    assert.equal(user.oidcSubject, 'google-asha')
    assert.isNull(user.password)
    // Our token works; the device is named from the browser that exchanged the code.
    const me = await fetch(`${API}/api/auth/user`, { headers: { authorization: `Bearer ${body.token}` } })
    assert.equal(((await me.json()) as UserDto).id, user.id)
    const [device] = await db.from('auth_access_tokens').where('tokenable_id', user.id)
    assert.include(device.name, 'Android')

    // The code works once.
    const again = await exchange(code)
    assert.equal(again.status, 400)
    assert.equal(((await again.json()) as { error: string }).error, INVALID_SIGN_IN_CODE)

    // Signing in again finds the same account.
    const second = await signInAs('google-asha')
    const secondBody = (await (await exchange(second.params.get('code')!)).json()) as AuthResponse
    assert.equal(secondBody.user.id, user.id)
    assert.equal((await User.query().where('email', 'asha@example.in')).length, 1)
  })

  test('an account with the same verified address is linked and keeps its password', async ({ assert }) => {
    const owner = await UserFactory.merge({ email: 'asha@example.in' }).create()
    const login = await fetch(`${API}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept': 'application/json' },
      body: JSON.stringify({ email: 'asha@example.in', password: DEFAULT_PASSWORD }),
    })
    const oldToken = ((await login.json()) as AuthResponse).token

    const page = await signInAs('google-asha')
    const body = (await (await exchange(page.params.get('code')!)).json()) as AuthResponse

    assert.equal(body.user.id, owner.id)
    await owner.refresh()
    assert.equal(owner.oidcSubject, 'google-asha')
    assert.isTrue(await owner.verifyPassword(DEFAULT_PASSWORD))
    assert.equal((await fetch(`${API}/api/auth/user`, { headers: { authorization: `Bearer ${oldToken}` } })).status, 200)
  })

  test('an unverified account with that address is taken back from whoever made it: password and sessions go', async ({ assert }) => {
    const squatter = await UserFactory.apply('unverified').merge({ email: 'asha@example.in' }).create()
    const squatterToken = (await User.accessTokens.create(squatter)).value!.release()

    const page = await signInAs('google-asha')
    const body = (await (await exchange(page.params.get('code')!)).json()) as AuthResponse

    assert.equal(body.user.id, squatter.id)
    assert.isTrue(body.user.emailVerified)
    await squatter.refresh()
    assert.isNull(squatter.password)
    assert.equal((await fetch(`${API}/api/auth/user`, { headers: { authorization: `Bearer ${squatterToken}` } })).status, 401)
  })

  test('an address the provider did not verify links nothing and creates nothing', async ({ assert }) => {
    const existing = await UserFactory.merge({ email: 'maybe@example.in' }).create()

    const page = await signInAs('google-unverified')

    assert.equal(page.params.get('error'), UNVERIFIED_PROVIDER_EMAIL)
    assert.isNull(page.params.get('code'))
    await existing.refresh()
    assert.isNull(existing.oidcSubject)
    assert.equal((await User.query().where('email', 'maybe@example.in')).length, 1)
  })

  test('a callback with another state, without the cookie or from another browser is refused', async ({ assert }) => {
    const mine = await start()
    const theirs = await start()
    const back = await authorize(mine.location, 'google-asha')

    const tampered = new URL(back)
    tampered.searchParams.set('state', 'x'.repeat(43))
    assert.equal((await callback(tampered.href, mine.cookie)).params.get('error'), OIDC_EXPIRED)
    assert.equal((await callback(back, '')).params.get('error'), OIDC_EXPIRED)
    assert.equal((await callback(back, theirs.cookie)).params.get('error'), OIDC_EXPIRED)
    assert.equal((await User.query().where('email', 'asha@example.in')).length, 0)
  })

  test('the person cancelling at the provider is told so and keeps where they were going', async ({ assert }) => {
    const begun = await start('mode=signup&redirect=%2Fbilling')
    const cancelled = `${oidcConfig.redirectUri}?error=access_denied&state=${new URL(begun.location).searchParams.get('state')}`

    const page = await callback(cancelled, begun.cookie)

    assert.equal(page.params.get('error'), OIDC_CANCELLED)
    assert.equal(page.params.get('mode'), 'signup')
    assert.equal(page.params.get('redirect'), '/billing')
  })

  test('a forged or expired code is refused; a missing one is a field error', async ({ assert }) => {
    const page = await signInAs('google-asha')
    assert.equal((await exchange('x'.repeat(43))).status, 400)
    clock.travelTo(clock.now().plus({ minutes: 3 }))
    assert.equal((await exchange(page.params.get('code')!)).status, 400)
    const missing = await fetch(`${API}/api/auth/oidc/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept': 'application/json' },
      body: '{}',
    })
    assert.equal(missing.status, 422)
  })

  test('the client checks PKCE and the nonce: a wrong verifier or nonce fails at the token step', async ({ assert }) => {
    const oidc = new OidcClient({
      ...oidcConfig,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
    })
    for (const wrong of ['verifier', 'nonce'] as const) {
      const { url, pending } = await oidc.start()
      const back = new URL(await authorize(url.href, 'google-asha'))
      const forged = { ...pending, [wrong]: `${pending[wrong].slice(0, -4)}AAAA` }
      await assert.rejects(() => oidc.finish(back.search, forged))
    }
    // And the right ones pass, so the two failures above are the checks, not a broken setup.
    const { url, pending } = await oidc.start()
    const claims = await oidc.finish(new URL(await authorize(url.href, 'google-asha')).search, pending)
    assert.equal(claims.email, 'asha@example.in')
  })
})
