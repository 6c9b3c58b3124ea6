/*
 * Changing the email (docs/decisions.md D29): the password first, a link to the new address (read from a real
 * SMTP server on loopback), a notice to the old one; nothing changes until the link is opened. And the reset
 * page's check of a link before it shows the form, and every account link dying with the address it was made for.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { smtpMailbox, type SentMail } from '#tests/helpers/mailbox'
import { DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'
import { ADDRESS_TAKEN_SINCE, ALREADY_VERIFIED } from '#actions/auth/verify_email'
import { NO_PASSWORD_YET, SAME_EMAIL } from '#actions/auth/change_email'
import { WRONG_CURRENT_PASSWORD } from '#actions/auth/change_password'
import { INVALID_RESET_LINK } from '#actions/auth/reset_password'
import type { AuthResponse, VerifyEmailResponse } from '#types/api'

const APP_URL = 'http://localhost:3333'

function tokenFrom(sent: SentMail, path: string) {
  const link = sent.links.find((href) => href.startsWith(`${APP_URL}${path}?token=`))
  if (!link) throw new Error(`no ${path} link in ${JSON.stringify(sent.links)}`)
  return new URL(link).searchParams.get('token')!
}

async function signedIn(client: ApiClient, email = 'old@example.in') {
  const user = await UserFactory.merge({ email, firstName: 'Ravi' }).create()
  const login = await client.post('/api/auth/login').json({ email, password: DEFAULT_PASSWORD })
  return { user, token: (login.body() as AuthResponse).token }
}

const changeEmail = (client: ApiClient, token: string, body: Record<string, unknown>) =>
  client.post('/api/auth/change-email').bearerToken(token).json(body)

test.group('POST /api/auth/change-email', (group) => {
  isolated(group)

  test('mails a link to the new address and a notice to the old one; the account changes only when the link is opened', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await signedIn(client)

    const response = await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: '  New@Example.in ' })

    response.assertStatus(202)
    assert.include(response.body().message, 'new@example.in')
    const sent = await smtp.waitFor(2)
    const link = sent.find((one) => one.kind === 'email-change')!
    const notice = sent.find((one) => one.kind === 'email-change-notice')!
    assert.equal(link.to, 'new@example.in')
    assert.include(link.text, 'Hi Ravi')
    assert.equal(notice.to, 'old@example.in')
    assert.include(notice.text, 'new@example.in')
    // Not yet: the old address still signs in, the new one does not.
    await user.refresh()
    assert.equal(user.email, 'old@example.in')
    ;(await client.post('/api/auth/login').json({ email: 'new@example.in', password: DEFAULT_PASSWORD })).assertStatus(400)

    const verified = await client.post('/api/auth/verify-email').json({ token: tokenFrom(link, '/auth/verify') })

    verified.assertStatus(200)
    const body = verified.body() as VerifyEmailResponse
    assert.equal(body.user.email, 'new@example.in')
    assert.isTrue(body.user.emailVerified)
    ;(await client.post('/api/auth/login').json({ email: 'new@example.in', password: DEFAULT_PASSWORD })).assertStatus(200)
    ;(await client.post('/api/auth/login').json({ email: 'old@example.in', password: DEFAULT_PASSWORD })).assertStatus(400)
    // The session that asked stays signed in; the link works once, and opened again says the address is confirmed.
    ;(await client.get('/api/auth/user').bearerToken(token)).assertStatus(200)
    const again = await client.post('/api/auth/verify-email').json({ token: tokenFrom(link, '/auth/verify') })
    again.assertStatus(400)
    assert.deepEqual(again.body(), { error: ALREADY_VERIFIED, message: ALREADY_VERIFIED, alreadyVerified: true })
  })

  test('a wrong password is refused and nothing is mailed or stored', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await signedIn(client)

    const response = await changeEmail(client, token, { password: 'not-my-password', email: 'new@example.in' })

    response.assertStatus(400)
    assert.equal(response.body().error, WRONG_CURRENT_PASSWORD)
    assert.lengthOf(await db.from('account_tokens').where('user_id', user.id), 0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.lengthOf(smtp.received, 0)
  })

  test('the same address, a taken address or no address at all are field errors', async ({ client, assert }) => {
    const { token } = await signedIn(client)
    await UserFactory.merge({ email: 'taken@example.in' }).create()

    const same = await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'OLD@example.in' })
    same.assertStatus(422)
    assert.deepEqual(same.body().errors, [{ field: 'email', message: SAME_EMAIL }])

    const taken = await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'taken@example.in' })
    taken.assertStatus(422)
    assert.equal(taken.body().errors[0].field, 'email')

    for (const email of ['', 'not-an-email', 42, null]) {
      const bad = await changeEmail(client, token, { password: DEFAULT_PASSWORD, email })
      bad.assertStatus(422)
      assert.equal(bad.body().errors[0].field, 'email')
    }
  })

  test('an account without a password is told to set one first', async ({ client, assert }) => {
    const user = await UserFactory.merge({ email: 'idp@example.in', password: null }).create()
    const token = (await User.accessTokens.create(user)).value!.release()

    const response = await changeEmail(client, token, { password: 'anything', email: 'new@example.in' })

    response.assertStatus(400)
    assert.equal(response.body().error, NO_PASSWORD_YET)
  })

  test('a newer request retires the older link', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await signedIn(client)

    await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'first@example.in' })
    await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'second@example.in' })
    const links = (await smtp.waitFor(4)).filter((one) => one.kind === 'email-change')
    const first = links.find((one) => one.to === 'first@example.in')!
    const second = links.find((one) => one.to === 'second@example.in')!

    ;(await client.post('/api/auth/verify-email').json({ token: tokenFrom(first, '/auth/verify') })).assertStatus(400)
    ;(await client.post('/api/auth/verify-email').json({ token: tokenFrom(second, '/auth/verify') })).assertStatus(200)
    await user.refresh()
    assert.equal(user.email, 'second@example.in')
  })

  test('an address another account took meanwhile is not taken over', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await signedIn(client)
    await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'wanted@example.in' })
    const link = (await smtp.waitFor(2)).find((one) => one.kind === 'email-change')!
    await UserFactory.merge({ email: 'wanted@example.in' }).create()

    const response = await client.post('/api/auth/verify-email').json({ token: tokenFrom(link, '/auth/verify') })

    response.assertStatus(400)
    assert.equal(response.body().error, ADDRESS_TAKEN_SINCE)
    await user.refresh()
    assert.equal(user.email, 'old@example.in')
  })

  test('a password reset cancels a pending change', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token } = await signedIn(client)
    await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'attacker@example.in' })
    await client.post('/api/auth/forgot-password').json({ email: 'old@example.in' })
    const sent = await smtp.waitFor(3)
    const change = sent.find((one) => one.kind === 'email-change')!
    const reset = sent.find((one) => one.kind === 'password-reset')!

    ;(
      await client.post('/api/auth/reset-password').json({ token: tokenFrom(reset, '/auth/reset'), password: 'a-new-password-1' })
    ).assertStatus(200)

    const response = await client.post('/api/auth/verify-email').json({ token: tokenFrom(change, '/auth/verify') })
    response.assertStatus(400)
    assert.equal((await User.findByOrFail('email', 'old@example.in')).email, 'old@example.in')
  })

  test('needs a signed-in owner', async ({ client }) => {
    ;(await client.post('/api/auth/change-email').json({ password: DEFAULT_PASSWORD, email: 'x@example.in' })).assertStatus(401)
  })
})

test.group('POST /api/auth/reset-password/check', (group) => {
  isolated(group)

  test('says whether a reset link still works, without using it', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    await UserFactory.merge({ email: 'meera@example.in' }).create()
    await client.post('/api/auth/forgot-password').json({ email: 'meera@example.in' })
    const [sent] = await smtp.waitFor(1)
    const token = tokenFrom(sent, '/auth/reset')

    for (let i = 0; i < 2; i++) {
      const check = await client.post('/api/auth/reset-password/check').json({ token })
      check.assertStatus(200)
      assert.deepEqual(check.body(), { valid: true })
    }
    ;(await client.post('/api/auth/reset-password').json({ token, password: 'a-new-password-1' })).assertStatus(200)

    const used = await client.post('/api/auth/reset-password/check').json({ token })
    used.assertStatus(400)
    assert.equal(used.body().error, INVALID_RESET_LINK)
  })

  test('an expired, forged or missing token is refused with the same sentence or a field error', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    await UserFactory.merge({ email: 'meera@example.in' }).create()
    await client.post('/api/auth/forgot-password').json({ email: 'meera@example.in' })
    const token = tokenFrom((await smtp.waitFor(1))[0], '/auth/reset')

    clock.travelTo(clock.now().plus({ minutes: 61 }))
    const expired = await client.post('/api/auth/reset-password/check').json({ token })
    expired.assertStatus(400)
    assert.equal(expired.body().error, INVALID_RESET_LINK)

    const forged = await client.post('/api/auth/reset-password/check').json({ token: 'x'.repeat(43) })
    forged.assertStatus(400)
    ;(await client.post('/api/auth/reset-password/check').json({})).assertStatus(422)
  })
})

test.group('Account links die with the address they were mailed to', (group) => {
  isolated(group)

  /** The answer to a link nobody ever mailed: a dead link must look exactly like it. */
  async function unknownLinkAnswers(client: ApiClient) {
    const forged = 'x'.repeat(43)
    return {
      check: (await client.post('/api/auth/reset-password/check').json({ token: forged })).body(),
      reset: (await client.post('/api/auth/reset-password').json({ token: forged, password: 'a-new-password-1' })).body(),
      verify: (await client.post('/api/auth/verify-email').json({ token: forged })).body(),
    }
  }

  const accessTokensOf = async (userId: number) =>
    Number((await db.from('auth_access_tokens').where('tokenable_id', userId).count('* as n').first()).n)

  test('a reset link mailed to the old address is dead once the address changed: nobody is signed in', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await signedIn(client)
    await client.post('/api/auth/forgot-password').json({ email: 'old@example.in' })
    const reset = tokenFrom((await smtp.waitFor(1))[0], '/auth/reset')
    await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'new@example.in' })
    const change = (await smtp.waitFor(3)).find((one) => one.kind === 'email-change')!
    ;(await client.post('/api/auth/verify-email').json({ token: tokenFrom(change, '/auth/verify') })).assertStatus(200)
    const unknown = await unknownLinkAnswers(client)
    const tokensBefore = await accessTokensOf(user.id)

    const check = await client.post('/api/auth/reset-password/check').json({ token: reset })
    const used = await client.post('/api/auth/reset-password').json({ token: reset, password: 'the-attackers-password' })

    check.assertStatus(400)
    assert.deepEqual(check.body(), unknown.check)
    assert.equal(check.body().error, INVALID_RESET_LINK)
    used.assertStatus(400)
    assert.deepEqual(used.body(), unknown.reset)
    assert.notProperty(used.body(), 'token')
    assert.equal(await accessTokensOf(user.id), tokensBefore)
    ;(await client.post('/api/auth/login').json({ email: 'new@example.in', password: 'the-attackers-password' })).assertStatus(400)
    ;(await client.post('/api/auth/login').json({ email: 'new@example.in', password: DEFAULT_PASSWORD })).assertStatus(200)
  })

  test('a verification link mailed to the old address verifies nothing once the address changed', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.apply('unverified').merge({ email: 'old@example.in' }).create()
    const bearer = (await User.accessTokens.create(owner)).value!.release()
    ;(await client.post('/api/auth/resend-verification').bearerToken(bearer)).assertStatus(202)
    const verification = tokenFrom((await smtp.waitFor(1))[0], '/auth/verify')
    await changeEmail(client, bearer, { password: DEFAULT_PASSWORD, email: 'new@example.in' })
    const change = (await smtp.waitFor(3)).find((one) => one.kind === 'email-change')!
    ;(await client.post('/api/auth/verify-email').json({ token: tokenFrom(change, '/auth/verify') })).assertStatus(200)
    const unknown = await unknownLinkAnswers(client)

    const response = await client.post('/api/auth/verify-email').json({ token: verification })

    response.assertStatus(400)
    assert.deepEqual(response.body(), unknown.verify)
  })

  test("every kind of link dies when the address changes by any other way too (the provider's profile sync)", async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await signedIn(client)
    await client.post('/api/auth/forgot-password').json({ email: 'old@example.in' })
    await changeEmail(client, token, { password: DEFAULT_PASSWORD, email: 'wanted@example.in' })
    const sent = await smtp.waitFor(3)
    const reset = tokenFrom(
      sent.find((one) => one.kind === 'password-reset')!,
      '/auth/reset'
    )
    const change = tokenFrom(
      sent.find((one) => one.kind === 'email-change')!,
      '/auth/verify'
    )
    await db.from('users').where('id', user.id).update({ email: 'synced@example.in' })
    const unknown = await unknownLinkAnswers(client)

    assert.deepEqual((await client.post('/api/auth/reset-password/check').json({ token: reset })).body(), unknown.check)
    assert.deepEqual(
      (await client.post('/api/auth/reset-password').json({ token: reset, password: 'a-new-password-1' })).body(),
      unknown.reset
    )
    const moved = await client.post('/api/auth/verify-email').json({ token: change })
    moved.assertStatus(400)
    assert.deepEqual(moved.body(), unknown.verify)
    await user.refresh()
    assert.equal(user.email, 'synced@example.in')
    assert.isTrue(await user.verifyPassword(DEFAULT_PASSWORD))
  })

  test('a link of a kind dies when another link of that kind is used', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.apply('unverified').create()
    ;(await client.post('/api/auth/forgot-password').json({ email: owner.email })).assertStatus(202)
    ;(await client.post('/api/auth/forgot-password').json({ email: owner.email })).assertStatus(202)
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    ;(await client.post('/api/auth/resend-verification').loginAs(owner)).assertStatus(202)
    const sent = await smtp.waitFor(4)
    const [firstReset, secondReset] = sent.filter((one) => one.kind === 'password-reset').map((one) => tokenFrom(one, '/auth/reset'))
    const [firstVerify, secondVerify] = sent.filter((one) => one.kind === 'verify-email').map((one) => tokenFrom(one, '/auth/verify'))
    const unknown = await unknownLinkAnswers(client)

    ;(await client.post('/api/auth/reset-password').json({ token: secondReset, password: 'a-new-password-1' })).assertStatus(200)
    ;(await client.post('/api/auth/verify-email').json({ token: secondVerify })).assertStatus(200)
    const olderReset = await client.post('/api/auth/reset-password').json({ token: firstReset, password: 'a-new-password-2' })
    const olderVerify = await client.post('/api/auth/verify-email').json({ token: firstVerify })

    olderReset.assertStatus(400)
    assert.deepEqual(olderReset.body(), unknown.reset)
    // The address the older verification link was for is confirmed now: it says so, and changes nothing.
    olderVerify.assertStatus(400)
    assert.deepEqual(olderVerify.body(), { error: ALREADY_VERIFIED, message: ALREADY_VERIFIED, alreadyVerified: true })
  })
})
