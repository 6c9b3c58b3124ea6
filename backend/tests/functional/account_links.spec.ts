/*
 * Password reset and email verification (docs/decisions.md D29), with the mails read from a real SMTP server on
 * loopback: the link in the mail is the one the owner would open.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { smtpMailbox, type Cleanup, type SentMail } from '#tests/helpers/mailbox'
import { DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'
import { INVALID_RESET_LINK } from '#actions/auth/reset_password'
import { ALREADY_VERIFIED, INVALID_VERIFICATION_LINK } from '#actions/auth/verify_email'
import type { AcceptedMessageResponse, AuthResponse } from '#types/api'

const APP_URL = 'http://localhost:3333'
const NEW_PASSWORD = 'a-brand-new-password'

/** The token of the mail's button that starts with `{APP_URL}{path}?token=`. */
function tokenFrom(sent: SentMail, path: string) {
  const link = sent.links.find((href) => href.startsWith(`${APP_URL}${path}?token=`))
  if (!link) throw new Error(`no ${path} link in ${JSON.stringify(sent.links)}`)
  return new URL(link).searchParams.get('token')!
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function requestReset(client: ApiClient, email: string) {
  return client.post('/api/auth/forgot-password').json({ email })
}

test.group('POST /api/auth/forgot-password', (group) => {
  isolated(group)

  test('mails a reset link to the account and answers 202 with a message', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const user = await UserFactory.merge({ email: 'meera@example.in', firstName: 'Meera' }).create()

    const response = await requestReset(client, 'meera@example.in')

    response.assertStatus(202)
    assert.isString((response.body() as AcceptedMessageResponse).message)
    const [sent] = await smtp.waitFor(1)
    assert.equal(sent.kind, 'password-reset')
    assert.equal(sent.to, user.email)
    assert.equal(sent.subject, 'Reset your ReviewRoute password')
    assert.include(sent.text, 'Hi Meera')
    assert.include(sent.text, '60 minutes')
    const token = tokenFrom(sent, '/auth/reset')
    assert.lengthOf(Buffer.from(token, 'base64url'), 32)
    assert.include(sent.text, `${APP_URL}/auth/reset?token=${token}`)
    // Stored hashed: the database never holds the token itself.
    const rows = await db.from('account_tokens').where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].token_hash, sha256(token))
    assert.notInclude(JSON.stringify(rows), token)
  })

  test('an unknown email gets the same answer and no mail', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    await UserFactory.merge({ email: 'known@example.in' }).create()

    const known = await requestReset(client, 'known@example.in')
    const unknown = await requestReset(client, 'nobody@example.in')

    unknown.assertStatus(202)
    assert.deepEqual(unknown.body(), known.body())
    await smtp.waitFor(1)
    await pause(300)
    assert.deepEqual(
      smtp.received.map((sent) => sent.to),
      ['known@example.in']
    )
  })

  test('the address is looked up as stored: case and spaces do not matter', async ({ client, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    await UserFactory.merge({ email: 'asha@example.in' }).create()

    ;(await requestReset(client, '  Asha@Example.IN ')).assertStatus(202)

    await smtp.waitFor(1)
  })

  test('a malformed email is a 422', async ({ client }) => {
    ;(await client.post('/api/auth/forgot-password').json({ email: 'not-an-email' })).assertStatus(422)
    ;(await client.post('/api/auth/forgot-password').json({})).assertStatus(422)
  })

  test('one address gets 3 reset mails per 15 minutes, however it is typed; the 4th is 429', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    await UserFactory.merge({ email: 'flood@example.in' }).create()
    for (const typed of ['flood@example.in', 'FLOOD@example.in', ' flood@example.in']) {
      ;(await requestReset(client, typed)).assertStatus(202)
    }

    ;(await requestReset(client, 'Flood@Example.in')).assertStatus(429)

    await smtp.waitFor(3)
    await pause(200)
    assert.lengthOf(smtp.received, 3)
  })

  test('one IP gets 10 requests per 15 minutes across addresses; the 11th is 429', async ({ client }) => {
    for (let n = 1; n <= 10; n++) (await requestReset(client, `probe${n}@example.in`)).assertStatus(202)

    ;(await requestReset(client, 'probe11@example.in')).assertStatus(429)
  })
})

test.group('POST /api/auth/reset-password', (group) => {
  isolated(group)

  /** An owner signed in on two devices, and the token of a reset link mailed to them. */
  async function ownerWithResetLink(client: ApiClient, cleanup: Cleanup) {
    const smtp = await smtpMailbox(cleanup)
    const user = await UserFactory.merge({ email: 'reset@example.in' }).create()
    const devices = [(await User.accessTokens.create(user)).value!.release(), (await User.accessTokens.create(user)).value!.release()]
    ;(await requestReset(client, user.email)).assertStatus(202)
    const [sent] = await smtp.waitFor(1)
    return { user, devices, token: tokenFrom(sent, '/auth/reset'), smtp }
  }

  test('sets the new password, signs in here and signs every other device out', async ({ client, assert, cleanup }) => {
    const { user, devices, token } = await ownerWithResetLink(client, cleanup)

    const response = await client.post('/api/auth/reset-password').json({ token, password: NEW_PASSWORD })

    response.assertStatus(200)
    const body = response.body() as AuthResponse
    assert.equal(body.user.id, user.id)
    assert.isString(body.token)
    for (const device of devices) (await client.get('/api/auth/user').bearerToken(device)).assertStatus(401)
    ;(await client.get('/api/auth/user').bearerToken(body.token)).assertStatus(200)
    ;(await client.post('/api/auth/login').json({ email: user.email, password: NEW_PASSWORD })).assertStatus(200)
    ;(await client.post('/api/auth/login').json({ email: user.email, password: DEFAULT_PASSWORD })).assertStatus(400)
  })

  test('a link works once: the second use is a 400 and changes nothing', async ({ client, assert, cleanup }) => {
    const { user, token } = await ownerWithResetLink(client, cleanup)
    ;(await client.post('/api/auth/reset-password').json({ token, password: NEW_PASSWORD })).assertStatus(200)

    const again = await client.post('/api/auth/reset-password').json({ token, password: 'someone-elses-password' })

    again.assertStatus(400)
    assert.equal(again.body().error, INVALID_RESET_LINK)
    ;(await client.post('/api/auth/login').json({ email: user.email, password: NEW_PASSWORD })).assertStatus(200)
  })

  test('a link is dead after 60 minutes', async ({ client, assert, cleanup }) => {
    const { user, token } = await ownerWithResetLink(client, cleanup)
    clock.travelTo(clock.now().plus({ minutes: 61 }))

    const response = await client.post('/api/auth/reset-password').json({ token, password: NEW_PASSWORD })

    response.assertStatus(400)
    assert.equal(response.body().error, INVALID_RESET_LINK)
    ;(await client.post('/api/auth/login').json({ email: user.email, password: DEFAULT_PASSWORD })).assertStatus(200)
  })

  test('a link still works at 59 minutes', async ({ client, cleanup }) => {
    const { token } = await ownerWithResetLink(client, cleanup)
    clock.travelTo(clock.now().plus({ minutes: 59 }))

    ;(await client.post('/api/auth/reset-password').json({ token, password: NEW_PASSWORD })).assertStatus(200)
  })

  test('an older link stops working once the password was reset with a newer one', async ({ client, cleanup }) => {
    const { user, token: older, smtp } = await ownerWithResetLink(client, cleanup)
    ;(await requestReset(client, user.email)).assertStatus(202)
    const newer = tokenFrom((await smtp.waitFor(2))[1], '/auth/reset')
    ;(await client.post('/api/auth/reset-password').json({ token: newer, password: NEW_PASSWORD })).assertStatus(200)

    ;(await client.post('/api/auth/reset-password').json({ token: older, password: 'another-password' })).assertStatus(400)
  })

  test('a forged token, the hash of a real one, or a verification token is a 400 {error}', async ({ client, assert, cleanup }) => {
    const { token, smtp } = await ownerWithResetLink(client, cleanup)
    const unverified = await UserFactory.apply('unverified').create()
    ;(await client.post('/api/auth/resend-verification').loginAs(unverified)).assertStatus(202)
    const verification = tokenFrom((await smtp.waitFor(2))[1], '/auth/verify')

    for (const forged of ['x'.repeat(43), sha256(token), token.slice(0, -1), `${token}A`, verification]) {
      const response = await client.post('/api/auth/reset-password').json({ token: forged, password: NEW_PASSWORD })
      response.assertStatus(400)
      assert.equal(response.body().error, INVALID_RESET_LINK)
    }
  })

  test('a short password is a 422 and does not use up the link', async ({ client, cleanup }) => {
    const { token } = await ownerWithResetLink(client, cleanup)

    ;(await client.post('/api/auth/reset-password').json({ token, password: 'short' })).assertStatus(422)
    ;(await client.post('/api/auth/reset-password').json({ token, password: NEW_PASSWORD })).assertStatus(200)
  })

  test('one IP gets 20 attempts per 15 minutes; the 21st is 429', async ({ client }) => {
    for (let n = 1; n <= 20; n++) {
      ;(await client.post('/api/auth/reset-password').json({ token: `guess-${n}`, password: NEW_PASSWORD })).assertStatus(400)
    }

    ;(await client.post('/api/auth/reset-password').json({ token: 'guess-21', password: NEW_PASSWORD })).assertStatus(429)
  })
})

test.group('Email verification', (group) => {
  isolated(group)

  test('sign-up mails a verify link; opening it (no sign-in) verifies the address', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)

    const registered = await client
      .post('/api/auth/register')
      .json({ email: 'new.owner@example.in', password: 'long-enough-1', firstName: 'Ravi' })

    registered.assertStatus(201)
    const { token: bearer, user } = registered.body() as AuthResponse
    assert.isFalse(user.emailVerified)
    const [sent] = await smtp.waitFor(1)
    assert.equal(sent.kind, 'verify-email')
    assert.equal(sent.to, 'new.owner@example.in')
    assert.include(sent.text, 'Hi Ravi')
    assert.include(sent.text, `${APP_URL}/profile`)
    const token = tokenFrom(sent, '/auth/verify')

    const verified = await client.post('/api/auth/verify-email').json({ token })

    verified.assertStatus(200)
    assert.equal(verified.body().user.id, user.id)
    assert.isTrue(verified.body().user.emailVerified)
    const me = await client.get('/api/auth/user').bearerToken(bearer)
    assert.isTrue(me.body().emailVerified)
  })

  test('GET /api/auth/user says false until then', async ({ client, assert }) => {
    const owner = await UserFactory.apply('unverified').create()

    const me = await client.get('/api/auth/user').loginAs(owner)

    assert.isFalse(me.body().emailVerified)
  })

  test('a verify link works once, not after 7 days, and never forged', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.apply('unverified').create()
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    const [first, second] = (await smtp.waitFor(2)).map((sent) => tokenFrom(sent, '/auth/verify'))

    const forged = await client.post('/api/auth/verify-email').json({ token: sha256(first) })
    forged.assertStatus(400)
    assert.equal(forged.body().error, INVALID_VERIFICATION_LINK)

    clock.travelTo(clock.now().plus({ days: 7, minutes: 1 }))
    ;(await client.post('/api/auth/verify-email').json({ token: first })).assertStatus(400)
    clock.reset()

    ;(await client.post('/api/auth/verify-email').json({ token: second })).assertStatus(200)
    ;(await client.post('/api/auth/verify-email').json({ token: second })).assertStatus(400)
  })

  // A verified owner opening the mail's link again was told "We could not verify your email".
  test('a spent link of the confirmed address says it is already verified, without the account', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.apply('unverified').create()
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    const [older, newer] = (await smtp.waitFor(2)).map((sent) => tokenFrom(sent, '/auth/verify'))
    ;(await client.post('/api/auth/verify-email').json({ token: newer })).assertStatus(200)

    for (const token of [newer, older]) {
      const again = await client.post('/api/auth/verify-email').json({ token })
      again.assertStatus(400)
      assert.deepEqual(again.body(), { error: ALREADY_VERIFIED, message: ALREADY_VERIFIED, alreadyVerified: true })
    }
  })

  test('a spent email-change link says the new address is already verified', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.create()
    const asked = await client.post('/api/auth/change-email').loginAs(owner).json({ password: DEFAULT_PASSWORD, email: 'moved@example.in' })
    asked.assertStatus(202)
    const change = (await smtp.waitFor(2)).find((sent) => sent.kind === 'email-change')!
    const token = tokenFrom(change, '/auth/verify')
    ;(await client.post('/api/auth/verify-email').json({ token })).assertStatus(200)

    const again = await client.post('/api/auth/verify-email').json({ token })
    again.assertStatus(400)
    assert.isTrue(again.body().alreadyVerified)
  })

  test('a spent link stays a failure when its address is not the confirmed one of the account', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.apply('unverified').merge({ email: 'old@example.in' }).create()
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    const token = tokenFrom((await smtp.waitFor(1))[0], '/auth/verify')
    ;(await client.post('/api/auth/verify-email').json({ token })).assertStatus(200)
    await db.from('users').where('id', owner.id).update({ email: 'new@example.in' })

    const again = await client.post('/api/auth/verify-email').json({ token })
    again.assertStatus(400)
    assert.deepEqual(again.body(), { error: INVALID_VERIFICATION_LINK, message: INVALID_VERIFICATION_LINK })
  })

  test('a link sent to an address the account no longer has verifies nothing', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.apply('unverified').merge({ email: 'old@example.in' }).create()
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    const token = tokenFrom((await smtp.waitFor(1))[0], '/auth/verify')
    await db.from('users').where('id', owner.id).update({ email: 'new@example.in' })

    ;(await client.post('/api/auth/verify-email').json({ token })).assertStatus(400)
    assert.isNull((await db.from('users').where('id', owner.id).firstOrFail()).email_verified_at)
  })

  test('resend needs a sign-in, sends nothing to a verified owner, and is limited to 3 per 15 minutes', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    ;(await client.post('/api/auth/resend-verification')).assertStatus(401)
    const verified = await UserFactory.create()
    ;(await client.post('/api/auth/resend-verification').loginAs(verified)).assertStatus(202)
    const owner = await UserFactory.apply('unverified').create()
    for (let n = 1; n <= 3; n++) (await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)

    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(429)

    await smtp.waitFor(3)
    await pause(200)
    assert.deepEqual(
      smtp.received.map((sent) => sent.to),
      [owner.email, owner.email, owner.email]
    )
  })

  test('verify-email attempts are limited per IP', async ({ client }) => {
    for (let n = 1; n <= 20; n++) (await client.post('/api/auth/verify-email').json({ token: `guess-${n}` })).assertStatus(400)

    ;(await client.post('/api/auth/verify-email').json({ token: 'guess-21' })).assertStatus(429)
  })
})
