/*
 * The optional external identity provider (docs/decisions.md D1): its bearer JWTs are verified locally against its JWKS
 * (RS256 signature, iss, exp, nbf, azp from an allow list when present) and mapped to a local owner, created on
 * first sight with a 7-day trial. The JWKS is served by a stub on loopback and fetched once, not per request.
 */
import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type { Group } from '@japa/runner/core'
import { DateTime } from 'luxon'
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { IdentityProvider } from '#services/identity/identity_provider'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'

const ISSUER = 'https://idp.test'
const DASHBOARD = 'http://localhost:3333'
const JWKS_PATH = '/.well-known/jwks.json'
const KID = 'test-key-1'
const SIGNED_OUT = 'You must be signed in to do that.'

let signingKey: CryptoKey
let strangerKey: CryptoKey
let publicJwk: JWK
let stub: StubServer

interface SignOptions {
  sub?: string
  issuer?: string
  expires?: string | number
  key?: CryptoKey
  kid?: string
}

/** A token as the provider issues it: RS256, our kid, iss, sub, iat and a 5-minute exp unless told otherwise. */
function sign(claims: Record<string, unknown> = {}, options: SignOptions = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID })
    .setIssuer(options.issuer ?? ISSUER)
    .setSubject(options.sub ?? 'user_2ExtDefault')
    .setIssuedAt()
    .setExpirationTime(options.expires ?? '5m')
    .sign(options.key ?? signingKey)
}

const jwksRequests = () => stub.requests.filter((request) => request.url === JWKS_PATH)

const usersWithExternalId = async (sub: string) =>
  Number((await db.from('users').where('external_id', sub).count('* as total').first()).total)

const userCount = async () => Number((await db.from('users').count('* as total').first()).total)

function assertSignedOut(assert: Assert, response: ApiResponse) {
  response.assertStatus(401)
  assert.equal(response.body().error, SIGNED_OUT)
  assert.equal(response.body().message, SIGNED_OUT)
}

function useProvider(group: Group) {
  group.setup(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true })
    signingKey = pair.privateKey
    strangerKey = (await generateKeyPair('RS256')).privateKey
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }
    stub = await startStubServer()
    return () => stub.close()
  })
  // A fresh provider per test (jose caches the key set per provider) over the same stub.
  group.each.setup(() => {
    stub.answer((request, response) =>
      request.url === JWKS_PATH ? json(response, 200, { keys: [publicJwk] }) : json(response, 404, { error: 'not found' })
    )
    const provider = new IdentityProvider({
      issuer: ISSUER,
      jwksUrl: `${stub.url}${JWKS_PATH}`,
      authorizedParties: [DASHBOARD],
      apiUrl: '',
      apiSecret: '',
    })
    app.container.swap(IdentityProvider, () => provider)
    return () => app.container.restore(IdentityProvider)
  })
}

test.group('External identity: a valid provider token', (group) => {
  isolated(group)
  useProvider(group)

  test('signs in and creates the local owner with a 7-day trial', async ({ client, assert }) => {
    const token = await sign(
      {
        azp: DASHBOARD,
        email: 'Nisha.Rao@Example.in',
        email_verified: true,
        given_name: 'Nisha',
        family_name: 'Rao',
        picture: 'https://img.idp.test/nisha.png',
      },
      { sub: 'user_2ExtFirstSight' }
    )
    const before = await userCount()

    const response = await client.get('/api/auth/user').bearerToken(token)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      email: 'nisha.rao@example.in',
      firstName: 'Nisha',
      lastName: 'Rao',
      profileImageUrl: 'https://img.idp.test/nisha.png',
    })
    assert.equal(await userCount(), before + 1)
    const row = await db.from('users').where('external_id', 'user_2ExtFirstSight').firstOrFail()
    assert.equal(row.id, response.body().id)
    assert.equal(row.email, 'nisha.rao@example.in')
    assert.isNull(row.password)
    const trialStart = DateTime.fromJSDate(row.trial_starts_at)
    const trialEnd = DateTime.fromJSDate(row.trial_ends_at)
    assert.isBelow(Math.abs(trialStart.diff(clock.now(), 'seconds').seconds), 60)
    assert.equal(Math.round(trialEnd.diff(trialStart, 'hours').hours), 7 * 24)
    assert.isNull(row.trial_expired_at)
  })

  test('a second request finds the same owner: no new row', async ({ client, assert }) => {
    const first = await client.get('/api/auth/user').bearerToken(await sign({}, { sub: 'user_2ExtTwice' }))
    first.assertStatus(200)
    const afterFirst = await userCount()

    const second = await client.get('/api/auth/user').bearerToken(await sign({ email: 'later@example.in' }, { sub: 'user_2ExtTwice' }))

    second.assertStatus(200)
    assert.equal(second.body().id, first.body().id)
    assert.equal(await userCount(), afterFirst)
    assert.equal(await usersWithExternalId('user_2ExtTwice'), 1)
  })

  test('without an email claim the owner gets a placeholder address until sync-user fetches the real one', async ({ client, assert }) => {
    const response = await client.get('/api/auth/user').bearerToken(await sign({}, { sub: 'user_2ExtNoEmail' }))

    response.assertStatus(200)
    assert.equal(response.body().email, 'user_2ExtNoEmail@users.idp.invalid')
  })

  test('the key set is fetched once across several requests, and nothing else is asked of the provider', async ({ client, assert }) => {
    for (const sub of ['user_2ExtJwksA', 'user_2ExtJwksB', 'user_2ExtJwksA', 'user_2ExtJwksC']) {
      ;(await client.get('/api/auth/user').bearerToken(await sign({}, { sub }))).assertStatus(200)
    }
    ;(await client.get('/api/my-businesses').bearerToken(await sign({}, { sub: 'user_2ExtJwksA' }))).assertStatus(200)

    assert.lengthOf(jwksRequests(), 1)
    assert.lengthOf(stub.requests, 1)
  })

  test('an azp in the allow list and a token without azp are both accepted', async ({ client, assert }) => {
    const listed = await client.get('/api/auth/user').bearerToken(await sign({ azp: DASHBOARD }, { sub: 'user_2ExtAzpListed' }))
    const none = await client.get('/api/auth/user').bearerToken(await sign({}, { sub: 'user_2ExtAzpNone' }))

    listed.assertStatus(200)
    none.assertStatus(200)
    assert.equal(await usersWithExternalId('user_2ExtAzpListed'), 1)
    assert.equal(await usersWithExternalId('user_2ExtAzpNone'), 1)
  })

  test('the provider owner reaches owner routes', async ({ client, assert }) => {
    const response = await client.get('/api/my-businesses').bearerToken(await sign({}, { sub: 'user_2ExtRoutes' }))

    response.assertStatus(200)
    assert.deepEqual(response.body(), [])
  })
})

test.group('External identity: linking an existing account by email', (group) => {
  isolated(group)
  useProvider(group)

  test('a verified email links the existing password account', async ({ client, assert }) => {
    const existing = await UserFactory.merge({ email: 'asha.menon@example.in' }).create()
    const before = await userCount()

    const response = await client
      .get('/api/auth/user')
      .bearerToken(await sign({ email: 'Asha.Menon@Example.in', email_verified: true }, { sub: 'user_2ExtLinked' }))

    response.assertStatus(200)
    assert.equal(response.body().id, existing.id)
    assert.equal(await userCount(), before)
    const row = await db.from('users').where('id', existing.id).firstOrFail()
    assert.equal(row.external_id, 'user_2ExtLinked')
    assert.isNotNull(row.password)
  })

  test('an email that is {label} does not link the account')
    .with([
      { label: 'not verified', claims: { email_verified: false } },
      { label: 'without a verification claim', claims: {} },
      { label: 'verified only as the string "true"', claims: { email_verified: 'true' } },
    ])
    .run(async ({ client, assert }, row) => {
      const existing = await UserFactory.merge({ email: 'ravi.kumar@example.in' }).create()
      const before = await userCount()

      const response = await client
        .get('/api/auth/user')
        .bearerToken(await sign({ email: 'ravi.kumar@example.in', ...row.claims }, { sub: 'user_2ExtUnverified' }))

      response.assertStatus(200)
      assert.notEqual(response.body().id, existing.id)
      assert.equal(await userCount(), before + 1)
      assert.isNull((await db.from('users').where('id', existing.id).firstOrFail()).external_id)
      const created = await db.from('users').where('external_id', 'user_2ExtUnverified').firstOrFail()
      assert.notEqual(created.email, 'ravi.kumar@example.in')
    })
})

test.group('External identity: refused tokens', (group) => {
  isolated(group)
  useProvider(group)

  const SUB = 'user_2ExtRefused'
  const nowSeconds = () => Math.floor(Date.now() / 1000)

  test('{label} is a 401 and creates nobody')
    .with([
      { label: 'a token from another issuer', token: () => sign({}, { sub: SUB, issuer: 'https://evil.idp.test' }) },
      {
        label: 'an expired token',
        token: () =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'RS256', kid: KID })
            .setIssuer(ISSUER)
            .setSubject(SUB)
            .setIssuedAt(nowSeconds() - 3600)
            .setExpirationTime(nowSeconds() - 60)
            .sign(signingKey),
      },
      {
        label: 'a token not valid yet (nbf in the future)',
        token: () =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'RS256', kid: KID })
            .setIssuer(ISSUER)
            .setSubject(SUB)
            .setIssuedAt()
            .setNotBefore('10m')
            .setExpirationTime('30m')
            .sign(signingKey),
      },
      { label: 'an azp outside the allow list', token: () => sign({ azp: 'https://evil.example' }, { sub: SUB }) },
      { label: 'a token signed by another key under our kid', token: () => sign({}, { sub: SUB, key: strangerKey }) },
      { label: 'a token signed by another key under an unknown kid', token: () => sign({}, { sub: SUB, key: strangerKey, kid: 'rogue' }) },
      {
        label: 'an HS256 token',
        token: () =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'HS256', kid: KID })
            .setIssuer(ISSUER)
            .setSubject(SUB)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough-1234')),
      },
      {
        label: 'an unsigned (alg none) token',
        token: async () => new UnsecuredJWT({}).setIssuer(ISSUER).setSubject(SUB).setIssuedAt().setExpirationTime('5m').encode(),
      },
      {
        label: 'a token without exp',
        token: () =>
          new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: KID }).setIssuer(ISSUER).setSubject(SUB).setIssuedAt().sign(signingKey),
      },
      {
        label: 'a token without sub',
        token: () =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'RS256', kid: KID })
            .setIssuer(ISSUER)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(signingKey),
      },
      { label: 'garbage in three parts', token: async () => 'not.a.jwt' },
      { label: 'garbage', token: async () => 'garbage' },
      {
        label: 'a valid token with its payload swapped',
        token: async () => {
          const [header, , signature] = (await sign({}, { sub: SUB })).split('.')
          const payload = Buffer.from(JSON.stringify({ iss: ISSUER, sub: SUB, exp: nowSeconds() + 600 })).toString('base64url')
          return `${header}.${payload}.${signature}`
        },
      },
    ])
    .run(async ({ client, assert }, row) => {
      const before = await userCount()

      assertSignedOut(assert, await client.get('/api/auth/user').bearerToken(await row.token()))

      assert.equal(await usersWithExternalId(SUB), 0)
      assert.equal(await userCount(), before)
      // Control: the provider is configured, so a proper token from it is accepted.
      ;(await client.get('/api/auth/user').bearerToken(await sign({}, { sub: 'user_2ExtControl' }))).assertStatus(200)
    })

  test('with no provider configured a valid-looking token is a 401', async ({ client, assert }) => {
    const token = await sign({}, { sub: SUB })
    app.container.restore(IdentityProvider)
    assert.isFalse((await app.container.make(IdentityProvider)).isConfigured)

    assertSignedOut(assert, await client.get('/api/auth/user').bearerToken(token))

    assert.equal(await usersWithExternalId(SUB), 0)
    assert.lengthOf(jwksRequests(), 0)
  })
})

test.group('External identity: password sign-in and logout', (group) => {
  isolated(group)
  useProvider(group)

  test('an owner created by the provider has no password and cannot sign in with one (400, not 500)', async ({ client, assert }) => {
    const token = await sign({ email: 'ext.only@example.in', email_verified: true }, { sub: 'user_2ExtNoPassword' })
    ;(await client.get('/api/auth/user').bearerToken(token)).assertStatus(200)
    assert.isNull((await db.from('users').where('email', 'ext.only@example.in').firstOrFail()).password)

    for (const password of ['anything-at-all', DEFAULT_PASSWORD, '']) {
      const response = await client.post('/api/auth/login').json({ email: 'ext.only@example.in', password })
      if (password === '') {
        response.assertStatus(422)
        continue
      }
      response.assertStatus(400)
      assert.equal(response.body().error, 'Invalid email or password.')
      assert.notProperty(response.body(), 'token')
    }
    const owner = await db.from('users').where('email', 'ext.only@example.in').firstOrFail()
    const tokens = await db.from('auth_access_tokens').where('tokenable_id', owner.id).count('* as total').first()
    assert.equal(Number(tokens.total), 0)
  })

  test('logout with a provider token answers 204', async ({ client, assert }) => {
    const token = await sign({}, { sub: 'user_2ExtLogout' })
    ;(await client.get('/api/auth/user').bearerToken(token)).assertStatus(200)

    const response = await client.post('/api/auth/logout').bearerToken(token)

    response.assertStatus(204)
    assert.equal(response.text(), '')
  })

  test('logout with a bad provider token is a 401', async ({ client, assert }) => {
    assertSignedOut(assert, await client.post('/api/auth/logout').bearerToken(await sign({}, { sub: 'user_2ExtLogout', key: strangerKey })))
  })
})
