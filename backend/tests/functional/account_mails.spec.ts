/*
 * The mails that tell an account's address what happened to it (docs/product-rules.md#mails-about-the-account): a
 * changed password (from a reset link or from the profile) and a deleted account, read from a real SMTP server on
 * loopback.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { smtpMailbox, type SentMail } from '#tests/helpers/mailbox'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory, DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'

const APP_URL = 'http://localhost:3333'
const NEW_PASSWORD = 'a-brand-new-password'
/** 09:35 UTC is 15:05 in India: the mails speak India's time. */
const CHANGED_AT = DateTime.fromISO('2026-11-22T09:35:00.000Z')
const CHANGED_AT_IN_WORDS = '22 November 2026 at 3:05 pm IST'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ofKind = (sent: SentMail[], kind: string) => sent.filter((one) => one.kind === kind)

test.group('Mail: your password was changed', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('a change from the profile tells the account when, how, and what to do if it was not the owner', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await ownerWithBusiness({ owner: { email: 'meera@example.in', firstName: 'Meera' } })
    clock.travelTo(CHANGED_AT)

    const response = await client
      .post('/api/auth/change-password')
      .bearerToken(token)
      .json({ currentPassword: DEFAULT_PASSWORD, password: NEW_PASSWORD })
    response.assertStatus(200)

    const [sent] = await smtp.waitFor(1)
    assert.equal(sent.kind, 'password-changed')
    assert.equal(sent.to, user.email)
    assert.equal(sent.subject, 'Your ReviewRoute password was changed')
    for (const body of [sent.text, sent.html]) {
      assert.include(body, 'Hi Meera')
      assert.include(body, `changed on ${CHANGED_AT_IN_WORDS}, from your profile, with your current password`)
      assert.include(body, 'Every other device that was signed in has been signed out')
      assert.include(body, 'If it was not you, reset your password now')
    }
    assert.include(sent.links, `${APP_URL}/auth/forgot`)
    assert.include(sent.links, `${APP_URL}/contact`)
    assert.notInclude(sent.text, NEW_PASSWORD)
    assert.notInclude(sent.html, NEW_PASSWORD)
  })

  test('a change through a reset link says so, and goes to an address not yet verified too', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const owner = await UserFactory.apply('unverified').merge({ email: 'ravi@example.in' }).create()
    ;(await client.post('/api/auth/forgot-password').json({ email: owner.email })).assertStatus(202)
    const [reset] = await smtp.waitFor(1)
    const link = reset.links.find((href) => href.startsWith(`${APP_URL}/auth/reset?token=`))!
    clock.travelTo(CHANGED_AT)

    const response = await client
      .post('/api/auth/reset-password')
      .json({ token: new URL(link).searchParams.get('token'), password: NEW_PASSWORD })
    response.assertStatus(200)

    const [sent] = ofKind(await smtp.waitFor(2), 'password-changed')
    assert.equal(sent.to, 'ravi@example.in')
    assert.include(sent.text, `changed on ${CHANGED_AT_IN_WORDS}, with a password reset link sent to this address`)
    assert.include(sent.text, 'Every device that was signed in has been signed out')
  })

  test('a refused change mails nothing', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token } = await ownerWithBusiness()
    ;(
      await client.post('/api/auth/change-password').bearerToken(token).json({ currentPassword: 'not-it', password: NEW_PASSWORD })
    ).assertStatus(400)
    ;(await client.post('/api/auth/reset-password').json({ token: 'not-a-real-link', password: NEW_PASSWORD })).assertStatus(400)
    await pause(300)
    assert.lengthOf(smtp.received, 0)
  })
})

test.group('Mail: your account was deleted', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('confirms to the address what was deleted, naming the businesses, and what is kept', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { user, token } = await ownerWithBusiness({
      owner: { email: 'anita@example.in', firstName: 'Anita' },
      business: { name: 'Chai Point Cafe' },
    })
    await BusinessFactory.merge({ userId: user.id, name: 'Sharma Sweets' }).create()
    clock.travelTo(CHANGED_AT)

    ;(await client.delete('/api/account').bearerToken(token).json({ password: DEFAULT_PASSWORD })).assertStatus(204)

    const [sent] = await smtp.waitFor(1)
    assert.equal(sent.kind, 'account-deleted')
    assert.equal(sent.to, 'anita@example.in')
    assert.equal(sent.subject, 'Your ReviewRoute account was deleted')
    for (const body of [sent.text, sent.html]) {
      assert.include(body, 'Hi Anita')
      assert.include(body, `The ReviewRoute account anita@example.in was deleted on ${CHANGED_AT_IN_WORDS}`)
      assert.include(body, 'Businesses deleted: Chai Point Cafe, Sharma Sweets.')
      assert.include(body, 'All ratings and feedback your customers left')
      assert.include(body, 'Payments and invoices, for 8 years because tax law requires it.')
      // The account is gone: no profile to choose mails on.
      assert.notInclude(body, '/profile')
    }
    assert.include(sent.links, `${APP_URL}/auth?mode=signup`)
    assert.include(sent.links, `${APP_URL}/contact`)
  })

  test('a refused deletion mails nothing', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token } = await ownerWithBusiness()
    ;(await client.delete('/api/account').bearerToken(token).json({ password: 'not-it' })).assertStatus(400)
    await pause(300)
    assert.lengthOf(smtp.received, 0)
  })
})
