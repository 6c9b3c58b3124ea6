/*
 * Built-in email + password accounts (docs/decisions.md D1): register, login, logout and the bearer token's life.
 */
import { test } from '@japa/runner'
import { tooManyRequestsText } from '#contract/waiting'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { isolated } from '#tests/helpers/setup'
import { DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'

const INVALID_CREDENTIALS = 'Invalid email or password.'
/** The 429 sentence says how long, from the answer's own Retry-After (contract/waiting.ts). */
const tooMany = (response: { header(name: string): string | undefined }) => tooManyRequestsText(Number(response.header('retry-after')))
const SIGNED_OUT = 'You must be signed in to do that.'
const BAD_JSON = 'The request body is not valid JSON. Send a JSON object.'

/** docs/decisions.md D13: `{error, message}` carry the same sentence; returns it. */
function assertErrorShape(assert: Assert, response: ApiResponse) {
  const body = response.body()
  assert.isString(body.error)
  assert.isAbove(body.error.length, 0)
  assert.equal(body.message, body.error)
  assert.notProperty(body, 'stack')
  return body.error as string
}

function fieldMessage(response: ApiResponse, field: string) {
  const errors: { field: string; message: string }[] = response.body().errors ?? []
  return errors.find((error) => error.field === field)?.message
}

/** No password, in clear or hashed, under any key at any depth. */
function assertNoPassword(assert: Assert, response: ApiResponse, secrets: string[]) {
  const text = response.text()
  for (const secret of secrets) assert.notInclude(text, secret)
  assert.notMatch(text, /"password"/i)
}

const countUsers = async () => Number((await db.from('users').count('* as total'))[0].total)

test.group('POST /api/auth/register', (group) => {
  isolated(group)

  test('creates an account with a 7-day trial and signs it in', async ({ client, assert }) => {
    const password = 'masala-dosa-2024'
    const response = await client
      .post('/api/auth/register')
      .json({ email: 'priya@example.in', password, firstName: 'Priya', lastName: 'Sharma' })

    response.assertStatus(201)
    const { token, user } = response.body()
    assert.isString(token)
    assert.isAbove(token.length, 20)
    assert.containsSubset(user, { email: 'priya@example.in', firstName: 'Priya', lastName: 'Sharma' })
    assert.isNumber(user.id)

    const starts = DateTime.fromISO(user.trialStartsAt)
    const ends = DateTime.fromISO(user.trialEndsAt)
    assert.equal(ends.diff(starts, 'days').days, 7)
    assert.isBelow(Math.abs(starts.diffNow('seconds').seconds), 60)

    const stored = await User.findOrFail(user.id)
    assert.equal(stored.email, 'priya@example.in')
    assert.notEqual(stored.password, password)
    assertNoPassword(assert, response, [password, stored.password!])
  })

  test('names are optional and come back empty', async ({ client, assert }) => {
    const response = await client.post('/api/auth/register').json({ email: 'anon@example.in', password: 'long-enough-1' })

    response.assertStatus(201)
    assert.equal(response.body().user.firstName, '')
    assert.equal(response.body().user.lastName, '')
    const stored = await User.findByOrFail('email', 'anon@example.in')
    assert.isNull(stored.firstName)
    assert.isNull(stored.lastName)
  })

  test('stores the email trimmed and lowercase', async ({ client, assert }) => {
    const response = await client.post('/api/auth/register').json({ email: '  Ravi.Kumar@Example.IN  ', password: 'long-enough-1' })

    response.assertStatus(201)
    assert.equal(response.body().user.email, 'ravi.kumar@example.in')
    const row = await db.from('users').where('id', response.body().user.id).firstOrFail()
    assert.equal(row.email, 'ravi.kumar@example.in')
  })

  test('the returned token signs in the new owner', async ({ client, assert }) => {
    const registered = await client.post('/api/auth/register').json({ email: 'new@example.in', password: 'long-enough-1' })
    registered.assertStatus(201)

    const me = await client.get('/api/auth/user').bearerToken(registered.body().token)
    me.assertStatus(200)
    assert.equal(me.body().id, registered.body().user.id)
    assert.equal(me.body().email, 'new@example.in')
  })

  test('a taken email is refused with 422 on the email field', async ({ client, assert }) => {
    await UserFactory.merge({ email: 'taken@example.in' }).create()
    const before = await countUsers()

    for (const email of ['taken@example.in', ' TAKEN@Example.in ']) {
      const response = await client.post('/api/auth/register').json({ email, password: 'long-enough-1' })
      response.assertStatus(422)
      const sentence = assertErrorShape(assert, response)
      assert.equal(fieldMessage(response, 'email'), 'An account with this email already exists')
      assert.equal(sentence, 'An account with this email already exists')
      assert.notProperty(response.body(), 'token')
    }
    assert.equal(await countUsers(), before)
  })

  test('refuses {label} with 422 on {field}')
    .with([
      {
        label: 'a missing email',
        body: { password: 'long-enough-1' },
        field: 'email',
        message: 'The email field is required',
      },
      {
        label: 'an invalid email',
        body: { email: 'not-an-email', password: 'long-enough-1' },
        field: 'email',
        message: 'Please enter a valid email address',
      },
      {
        label: 'a missing password',
        body: { email: 'ok@example.in' },
        field: 'password',
        message: 'The password field is required',
      },
      {
        label: 'a 7-character password',
        body: { email: 'ok@example.in', password: 'short12' },
        field: 'password',
        message: 'Password must be at least 8 characters',
      },
      {
        label: 'a 101-character first name',
        body: { email: 'ok@example.in', password: 'long-enough-1', firstName: 'A'.repeat(101) },
        field: 'firstName',
        message: 'The first name field must not be longer than 100 characters',
      },
      {
        label: 'a 101-character last name',
        body: { email: 'ok@example.in', password: 'long-enough-1', lastName: 'B'.repeat(101) },
        field: 'lastName',
        message: 'The last name field must not be longer than 100 characters',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const before = await countUsers()
      const response = await client.post('/api/auth/register').json(row.body)

      response.assertStatus(422)
      assertErrorShape(assert, response)
      assert.equal(fieldMessage(response, row.field), row.message)
      assert.notProperty(response.body(), 'token')
      assert.equal(await countUsers(), before)
    })

  test('a malformed JSON body is a 400, not a 500', async ({ client, assert }) => {
    const response = await client.post('/api/auth/register').unsafeJson('{bad')
    response.assertStatus(400)
    assert.equal(assertErrorShape(assert, response), BAD_JSON)
  })

  test('a JSON scalar body is a 400', async ({ client, assert }) => {
    const before = await countUsers()
    const response = await client.post('/api/auth/register').unsafeJson('5')
    response.assertStatus(400)
    assert.equal(assertErrorShape(assert, response), BAD_JSON)
    assert.equal(await countUsers(), before)
  })

  test('an IP may register 10 accounts an hour; the 11th gets 429', async ({ client, assert }) => {
    for (let n = 1; n <= 10; n++) {
      const response = await client.post('/api/auth/register').json({ email: `bulk${n}@example.in`, password: 'long-enough-1' })
      response.assertStatus(201)
    }
    const before = await countUsers()

    const blocked = await client.post('/api/auth/register').json({ email: 'bulk11@example.in', password: 'long-enough-1' })
    blocked.assertStatus(429)
    assert.equal(assertErrorShape(assert, blocked), tooMany(blocked))
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.equal(await countUsers(), before)
    assert.isNull(await User.findBy('email', 'bulk11@example.in'))
  })
})

test.group('POST /api/auth/login', (group) => {
  isolated(group)

  test('signs in with the right password', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ email: 'meera@example.in', firstName: 'Meera' }).create()
    const response = await client.post('/api/auth/login').json({ email: 'meera@example.in', password: DEFAULT_PASSWORD })

    response.assertStatus(200)
    const { token, user } = response.body()
    assert.isString(token)
    assert.isAbove(token.length, 20)
    assert.containsSubset(user, { id: owner.id, email: 'meera@example.in', firstName: 'Meera' })
    assertNoPassword(assert, response, [DEFAULT_PASSWORD, owner.password!])

    const me = await client.get('/api/auth/user').bearerToken(token)
    me.assertStatus(200)
    assert.equal(me.body().id, owner.id)
  })

  test('the email is matched whatever its case and surrounding spaces', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ email: 'meera@example.in' }).create()
    const response = await client.post('/api/auth/login').json({ email: '  MEERA@Example.IN ', password: DEFAULT_PASSWORD })

    response.assertStatus(200)
    assert.equal(response.body().user.id, owner.id)
  })

  test('a wrong password and an unknown email get the same 400 sentence', async ({ client, assert }) => {
    await UserFactory.merge({ email: 'meera@example.in' }).create()

    const wrongPassword = await client.post('/api/auth/login').json({ email: 'meera@example.in', password: 'not-the-password' })
    const unknownEmail = await client.post('/api/auth/login').json({ email: 'nobody@example.in', password: 'not-the-password' })

    wrongPassword.assertStatus(400)
    unknownEmail.assertStatus(400)
    assert.equal(assertErrorShape(assert, wrongPassword), INVALID_CREDENTIALS)
    assert.deepEqual(unknownEmail.body(), wrongPassword.body())
    assert.notProperty(wrongPassword.body(), 'token')
    assert.notInclude(wrongPassword.text(), 'not-the-password')
  })

  test('missing fields are a 422 naming each field', async ({ client, assert }) => {
    const response = await client.post('/api/auth/login').json({})

    response.assertStatus(422)
    assertErrorShape(assert, response)
    assert.equal(fieldMessage(response, 'email'), 'The email field is required')
    assert.equal(fieldMessage(response, 'password'), 'The password field is required')
  })

  test('an empty password is a 422 on password', async ({ client, assert }) => {
    const response = await client.post('/api/auth/login').json({ email: 'meera@example.in', password: '' })
    response.assertStatus(422)
    assert.isString(fieldMessage(response, 'password'))
  })

  test('an email gets 10 attempts; the 11th is 429 even with the right password', async ({ client, assert }) => {
    await UserFactory.merge({ email: 'target@example.in' }).create()
    const other = await UserFactory.merge({ email: 'other@example.in' }).create()

    for (let n = 1; n <= 10; n++) {
      // Case and spaces do not give a fresh counter.
      const email = n % 2 ? 'target@example.in' : ' Target@EXAMPLE.in '
      const response = await client.post('/api/auth/login').json({ email, password: `guess-${n}` })
      response.assertStatus(400)
    }

    const blocked = await client.post('/api/auth/login').json({ email: 'target@example.in', password: DEFAULT_PASSWORD })
    blocked.assertStatus(429)
    assert.equal(assertErrorShape(assert, blocked), tooMany(blocked))
    assert.notProperty(blocked.body(), 'token')
    assert.isAbove(Number(blocked.header('retry-after')), 0)

    // The counter is per email: another owner on the same IP still signs in.
    const otherLogin = await client.post('/api/auth/login').json({ email: 'other@example.in', password: DEFAULT_PASSWORD })
    otherLogin.assertStatus(200)
    assert.equal(otherLogin.body().user.id, other.id)
  })

  test('the lock is the account’s: no spelling of the address gets fresh guesses', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ email: 'sec@example.in' }).create()
    for (let n = 1; n <= 10; n++) {
      const response = await client.post('/api/auth/login').json({ email: 'sec@example.in', password: `guess-${n}` })
      response.assertStatus(400)
    }
    // An accented, decomposed or differently cased spelling is either the same account (locked) or no account
    // at all: never a way in past the lock.
    for (const email of ['séc@example.in', 'se\u0301c@example.in', 'SÉC@example.in', 'SEC@example.in', ' sec@example.in ']) {
      const response = await client.post('/api/auth/login').json({ email, password: DEFAULT_PASSWORD })
      assert.oneOf(response.status(), [400, 429], email)
      assert.notProperty(response.body(), 'token', email)
    }
    const locked = await client.post('/api/auth/login').json({ email: 'SEC@example.in', password: DEFAULT_PASSWORD })
    locked.assertStatus(429)
    assert.equal(owner.email, 'sec@example.in')
  })

  test('emails are compared exactly once normalised: an accented address is another account', async ({ client, assert }) => {
    await UserFactory.merge({ email: 'sec@example.in' }).create()
    const accented = await client.post('/api/auth/register').json({ email: 'séc@example.in', password: 'long-enough-1' })
    accented.assertStatus(201)
    assert.equal(accented.body().user.email, 'séc@example.in')
    // Composed and decomposed forms of one address are one account.
    const decomposed = await client.post('/api/auth/register').json({ email: 'se\u0301c@example.in', password: 'long-enough-1' })
    decomposed.assertStatus(422)
    const signIn = await client.post('/api/auth/login').json({ email: 'se\u0301c@example.in', password: 'long-enough-1' })
    signIn.assertStatus(200)
    assert.equal(signIn.body().user.id, accented.body().user.id)
  })

  test('an IP gets 20 attempts a minute across emails; the 21st is 429', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ email: 'late@example.in' }).create()
    for (let n = 1; n <= 20; n++) {
      const response = await client.post('/api/auth/login').json({ email: `spray${n}@example.in`, password: 'guess-1234' })
      response.assertStatus(400)
    }

    const blocked = await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })
    blocked.assertStatus(429)
    assert.equal(assertErrorShape(assert, blocked), tooMany(blocked))
  })

  test('a malformed JSON body is a 400', async ({ client, assert }) => {
    const response = await client.post('/api/auth/login').unsafeJson('{bad')
    response.assertStatus(400)
    assert.equal(assertErrorShape(assert, response), BAD_JSON)
  })
})

test.group('POST /api/auth/logout', (group) => {
  isolated(group)

  test('revokes the token: 204, then the same token is 401', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const login = await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })
    const token = login.body().token

    const logout = await client.post('/api/auth/logout').bearerToken(token)
    logout.assertStatus(204)
    assert.equal(logout.text(), '')

    const after = await client.get('/api/auth/user').bearerToken(token)
    after.assertStatus(401)
    assert.equal(assertErrorShape(assert, after), SIGNED_OUT)

    const again = await client.post('/api/auth/logout').bearerToken(token)
    again.assertStatus(401)
  })

  test('revokes only the token used; the owner stays signed in elsewhere', async ({ client }) => {
    const owner = await UserFactory.create()
    const credentials = { email: owner.email, password: DEFAULT_PASSWORD }
    const phone = (await client.post('/api/auth/login').json(credentials)).body().token
    const laptop = (await client.post('/api/auth/login').json(credentials)).body().token

    ;(await client.post('/api/auth/logout').bearerToken(phone)).assertStatus(204)

    ;(await client.get('/api/auth/user').bearerToken(phone)).assertStatus(401)
    ;(await client.get('/api/auth/user').bearerToken(laptop)).assertStatus(200)
  })

  test('deletes the token row', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const token = (await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).body().token
    const tokensOf = async () => (await db.from('auth_access_tokens').where('tokenable_id', owner.id)).length
    assert.equal(await tokensOf(), 1)

    ;(await client.post('/api/auth/logout').bearerToken(token)).assertStatus(204)
    assert.equal(await tokensOf(), 0)
  })

  test('needs a token: none or a junk one is 401', async ({ client, assert }) => {
    const none = await client.post('/api/auth/logout')
    none.assertStatus(401)
    assert.equal(assertErrorShape(assert, none), SIGNED_OUT)

    const junk = await client.post('/api/auth/logout').bearerToken('rr_junk.not-a-real-token-value-at-all')
    junk.assertStatus(401)
    assert.equal(assertErrorShape(assert, junk), SIGNED_OUT)

    const notBearer = await client.post('/api/auth/logout').header('Authorization', 'Basic dXNlcjpwYXNz')
    notBearer.assertStatus(401)
  })
})

test.group('Access tokens', (group) => {
  isolated(group)

  test('one token works across requests', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const token = (await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).body().token
    const bearer = `Bearer ${token}`

    const first = await client.get('/api/auth/user').header('Authorization', bearer)
    first.assertStatus(200)
    const update = await client.patch('/api/auth/profile').header('Authorization', bearer).json({ firstName: 'Anil' })
    update.assertStatus(200)
    const second = await client.get('/api/auth/user').header('Authorization', bearer)
    second.assertStatus(200)

    assert.equal(first.body().id, owner.id)
    assert.equal(second.body().id, owner.id)
    assert.equal(second.body().firstName, 'Anil')
  })

  test('a token lasts 30 days', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    ;(await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).assertStatus(200)

    const row = await db.from('auth_access_tokens').where('tokenable_id', owner.id).firstOrFail()
    const created = DateTime.fromJSDate(row.created_at)
    const expires = DateTime.fromJSDate(row.expires_at)
    assert.approximately(expires.diff(created, 'days').days, 30, 0.01)
  })

  test('an expired token is 401', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const token = (await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).body().token
    ;(await client.get('/api/auth/user').bearerToken(token)).assertStatus(200)

    await db
      .from('auth_access_tokens')
      .where('tokenable_id', owner.id)
      .update({ expires_at: DateTime.utc().minus({ days: 1 }).toJSDate() })

    const response = await client.get('/api/auth/user').bearerToken(token)
    response.assertStatus(401)
    assert.equal(assertErrorShape(assert, response), SIGNED_OUT)
  })

  test('a token whose secret is altered is 401', async ({ client }) => {
    const owner = await UserFactory.create()
    const token: string = (await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).body().token
    const tampered = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a')

    ;(await client.get('/api/auth/user').bearerToken(tampered)).assertStatus(401)
  })
})
