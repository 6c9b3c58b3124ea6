/*
 * The operator console's API (docs/decisions.md D34): every /api/admin/* route answers no token, a junk token and an
 * owner's exactly as a path that does not exist, whatever the body (and changes nothing); an operator passes TOTP
 * (enrol with a QR code, recovery codes, verify; each code once) before the rest opens; every write needs a reason
 * and leaves exactly one audit row; what each write does.
 */
import { test } from '@japa/runner'
import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { generate } from 'otplib'
import { isolated } from '#tests/helpers/setup'
import { apiRoutes, assertClassified, pathFor } from '#tests/helpers/api_routes'
import { databaseFingerprinter, fingerprintChanges } from '#tests/helpers/db_fingerprint'
import { operator, TOTP_SECRET, totpNow } from '#tests/helpers/operators'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { fileMailbox, smtpMailbox } from '#tests/helpers/mailbox'
import { openOrder, razorpayId, razorpayStub, verify } from '#tests/helpers/razorpay'
import { BusinessFactory, DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'
import { clock } from '#lib/clock'
import { DateTime } from 'luxon'
import User from '#models/user'
import type { AdminBusinessDto, AdminUserDto, AuditLogDto, TrialStatusDto } from '#types/api'
import WorkspaceMember from '#models/workspace_member'
import Workspace from '#models/workspace'

const operatorRoutes = () => apiRoutes().filter((route) => route.access === 'operator')
const perMethod = () => operatorRoutes().flatMap((route) => route.methods.map((method) => ({ ...route, method })))
const PARAMS: Record<string, string | number> = { id: 1, name: 'receipt-mail', jobId: 'receipt-mail-1' }

const auditRows = async () => Number((await db.from('audit_logs').count('* as n').first()).n)
const post = (client: ApiClient, path: string, token: string, body: Record<string, unknown>) =>
  client.post(path).bearerToken(token).json(body)
/** Another sign-in of the operator: a new token that has not passed the TOTP step. */
const signIn = async (user: User) => (await User.accessTokens.create(user)).value!.release()

test.group('Admin: the route list', () => {
  test('the operator routes are the ones under /api/admin, and there are enough of them', ({ assert }) => {
    const routes = apiRoutes()
    for (const route of routes) assertClassified(route)
    const admin = routes.filter((route) => route.pattern.startsWith('/api/admin/'))
    assert.isAtLeast(admin.length, 20)
    assert.deepEqual(
      admin.filter((route) => route.access !== 'operator').map((route) => route.pattern),
      []
    )
    // The audit log can only be read.
    assert.deepEqual(
      admin.filter((route) => route.pattern.startsWith('/api/admin/audit-log')).flatMap((route) => route.methods),
      ['GET']
    )
  })
})

test.group('Admin: not there for anyone but an operator', (group) => {
  isolated(group)
  razorpayStub(group)

  /** What a scanner compares: status, content type and body, with the path it asked for taken out. */
  function answerOf(response: ApiResponse, path: string) {
    return { status: response.status(), type: response.header('content-type'), body: response.text().replaceAll(path, '{path}') }
  }

  /** The bodies a request may carry: a valid one, and ones the body parser refuses (it runs before any route middleware). */
  const bodiesFor = (method: string): [string, (request: ApiRequest) => ApiRequest][] =>
    method === 'GET'
      ? [['no body', (request) => request]]
      : [
          ['a JSON body', (request) => request.json({ reason: 'an attempt', days: 5, months: 1, code: '123456', message: 'hi' })],
          ['malformed JSON', (request) => request.header('content-type', 'application/json').unsafeJson('{"reason": ')],
          ['a body over the limit', (request) => request.json({ reason: 'x'.repeat(200_000) })],
        ]

  test("{method} {pattern}: no token, a junk token, an owner's token get exactly the answer of a path that does not exist; nothing changes")
    .with(perMethod)
    .run(async ({ client, assert }, route) => {
      const fingerprint = await databaseFingerprinter()
      const { token: ownerToken } = await ownerWithBusiness()
      const path = pathFor(route, PARAMS)
      const unknown = `/api/admin/${route.method === 'GET' ? 'users' : 'payments'}/1/not-a-route`
      const before = await fingerprint()
      for (const [label, authorization] of [
        ['no token', undefined],
        ['a junk token', 'Bearer rr_bm90LXJlYWw.aGVsbG8td29ybGQtdGhpcy1pcy1qdW5r'],
        ["an owner's token", `Bearer ${ownerToken}`],
      ] as const) {
        for (const [bodyLabel, withBody] of bodiesFor(route.method)) {
          const send = (to: string) => {
            const request = client.request(to, route.method)
            if (authorization) request.header('authorization', authorization)
            return withBody(request)
          }
          const answer = answerOf(await send(path), path)
          assert.equal(answer.status, 404, `${label}, ${bodyLabel}: ${answer.body}`)
          assert.deepEqual(answer, answerOf(await send(unknown), unknown), `${label}, ${bodyLabel}`)
        }
      }
      assert.deepEqual(fingerprintChanges(before, await fingerprint()), [])
    })
})

test.group('Admin: the TOTP step', (group) => {
  isolated(group)

  test('an operator without TOTP is refused until enrolled; the QR code and recovery codes come once', async ({ client, assert }) => {
    const { token } = await operator({ enrolled: false })
    const refused = await client.get('/api/admin/users').bearerToken(token)
    refused.assertStatus(403)
    assert.equal(refused.body().twoFactor, 'enroll')

    const enrollment = await client.post('/api/admin/2fa/enroll').bearerToken(token)
    enrollment.assertStatus(200)
    const { secret, otpauthUrl, qrDataUrl } = enrollment.body()
    assert.match(otpauthUrl, /^otpauth:\/\/totp\/ReviewRoute:.+\?.*secret=/)
    assert.match(qrDataUrl, /^data:image\/png;base64,/)

    const wrong = await post(client, '/api/admin/2fa/activate', token, { code: '000000' })
    wrong.assertStatus(422)
    assert.equal(wrong.body().errors[0].field, 'code')
    const activated = await post(client, '/api/admin/2fa/activate', token, { code: await generate({ secret }) })
    activated.assertStatus(200)
    assert.lengthOf(activated.body().recoveryCodes, 10)
    assert.isTrue(activated.body().verified)
    ;(await client.get('/api/admin/users').bearerToken(token)).assertStatus(200)
    ;(await client.post('/api/admin/2fa/enroll').bearerToken(token)).assertStatus(409)
  })

  test('a new sign-in must verify: a wrong code 422, the TOTP code or a recovery code (once) opens the console', async ({
    client,
    assert,
  }) => {
    const { token } = await operator({ enrolled: false })
    const { secret } = (await client.post('/api/admin/2fa/enroll').bearerToken(token)).body()
    const { recoveryCodes } = (await post(client, '/api/admin/2fa/activate', token, { code: await generate({ secret }) })).body()
    const user = await db.from('users').where('role', 'operator').orderBy('id', 'desc').first()
    assert.notInclude(JSON.stringify(user), recoveryCodes[0])

    const second = (await client.post('/api/auth/login').json({ email: user.email, password: DEFAULT_PASSWORD })).body().token as string
    const refused = await client.get('/api/admin/audit-log').bearerToken(second)
    refused.assertStatus(403)
    assert.equal(refused.body().twoFactor, 'verify')
    ;(await post(client, '/api/admin/2fa/verify', second, { code: '123456' })).assertStatus(422)
    ;(await post(client, '/api/admin/2fa/verify', second, { code: recoveryCodes[0] })).assertStatus(200)
    ;(await client.get('/api/admin/audit-log').bearerToken(second)).assertStatus(200)

    const third = (await client.post('/api/auth/login').json({ email: user.email, password: DEFAULT_PASSWORD })).body().token as string
    ;(await post(client, '/api/admin/2fa/verify', third, { code: recoveryCodes[0] })).assertStatus(422)
    // The code that activated is spent: the authenticator's next one (accepted a step early) opens this sign-in.
    ;(
      await post(client, '/api/admin/2fa/verify', third, { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) })
    ).assertStatus(200)
  })

  test('a TOTP code opens one sign-in: the same code, or one from an earlier step, is refused on another', async ({ client, assert }) => {
    const { user } = await operator()
    const [first, second, third, fourth] = [await signIn(user), await signIn(user), await signIn(user), await signIn(user)]
    const code = await totpNow()

    ;(await post(client, '/api/admin/2fa/verify', first, { code })).assertStatus(200)
    const replayed = await post(client, '/api/admin/2fa/verify', second, { code })
    replayed.assertStatus(422)
    assert.equal(replayed.body().errors[0].field, 'code')
    ;(await client.get('/api/admin/users').bearerToken(second)).assertStatus(403)

    // The authenticator's next code (accepted a step early) moves the mark on; the older code stays spent.
    const next = await generate({ secret: TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + 30 })
    ;(await post(client, '/api/admin/2fa/verify', third, { code: next })).assertStatus(200)
    ;(await post(client, '/api/admin/2fa/verify', fourth, { code })).assertStatus(422)
  })

  test('two sign-ins racing with one code: exactly one passes', async ({ client, assert }) => {
    const { user } = await operator()
    const tokens = [await signIn(user), await signIn(user)]
    const code = await totpNow()

    const answers = await Promise.all(tokens.map((token) => post(client, '/api/admin/2fa/verify', token, { code })))

    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 422]
    )
  })

  test('two sign-ins racing with one recovery code: exactly one passes', async ({ client, assert }) => {
    const { token, user } = await operator({ enrolled: false })
    const { secret } = (await client.post('/api/admin/2fa/enroll').bearerToken(token)).body()
    const { recoveryCodes } = (await post(client, '/api/admin/2fa/activate', token, { code: await generate({ secret }) })).body()
    const tokens = [await signIn(user), await signIn(user)]

    const answers = await Promise.all(tokens.map((other) => post(client, '/api/admin/2fa/verify', other, { code: recoveryCodes[0] })))

    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 422]
    )
    const stored = await db.from('users').where('id', user.id).firstOrFail()
    assert.lengthOf(typeof stored.totp_recovery_codes === 'string' ? JSON.parse(stored.totp_recovery_codes) : stored.totp_recovery_codes, 9)
  })

  test('the code that activated the factor cannot verify another sign-in', async ({ client }) => {
    const { token, user } = await operator({ enrolled: false })
    const { secret } = (await client.post('/api/admin/2fa/enroll').bearerToken(token)).body()
    const code = await generate({ secret })
    ;(await post(client, '/api/admin/2fa/activate', token, { code })).assertStatus(200)

    ;(await post(client, '/api/admin/2fa/verify', await signIn(user), { code })).assertStatus(422)
  })

  test('the step lasts 12 hours on that token', async ({ client }) => {
    const { token } = await operator()
    ;(await client.get('/api/admin/users').bearerToken(token)).assertStatus(200)
    clock.travelTo(clock.now().plus({ hours: 12, minutes: 1 }))
    ;(await client.get('/api/admin/users').bearerToken(token)).assertStatus(403)
    ;(await post(client, '/api/admin/2fa/verify', token, { code: await totpNow() })).assertStatus(200)
  })
})

test.group('Admin: writes need a reason and leave one audit row', (group) => {
  isolated(group)
  razorpayStub(group)

  test("extend a trial: refused without a reason; with one the owner's lock lifts and the log says who and why", async ({
    client,
    assert,
  }) => {
    const { token, user: ops } = await operator()
    const { user: owner, token: ownerToken } = await ownerWithBusiness()
    await db
      .from('users')
      .where('id', owner.id)
      .update({ trial_ends_at: clock.now().minus({ days: 2 }).toJSDate() })
    assert.isTrue(((await client.get('/api/billing/trial-status').bearerToken(ownerToken)).body() as TrialStatusDto).isLimited)

    const before = await auditRows()
    const noReason = await post(client, `/api/admin/users/${owner.id}/extend-trial`, token, { days: 7 })
    noReason.assertStatus(422)
    assert.equal(noReason.body().errors[0].field, 'reason')
    assert.equal(await auditRows(), before)

    const extended = await post(client, `/api/admin/users/${owner.id}/extend-trial`, token, {
      days: 7,
      reason: 'Asked for more time on the phone',
    })
    extended.assertStatus(200)
    assert.equal((extended.body() as AdminUserDto).plan, 'trial')
    assert.isFalse(((await client.get('/api/billing/trial-status').bearerToken(ownerToken)).body() as TrialStatusDto).isLimited)
    assert.equal(await auditRows(), before + 1)
    const [row] = (await client.get('/api/admin/audit-log').bearerToken(token)).body() as AuditLogDto[]
    assert.containsSubset(row, {
      operatorId: ops.id,
      operatorEmail: ops.email,
      action: 'user.extend_trial',
      targetType: 'user',
      targetId: String(owner.id),
      reason: 'Asked for more time on the phone',
    })
    assert.isAbove(DateTime.fromISO((row.after as { trialEndsAt: string }).trialEndsAt).toMillis(), clock.nowMs() + 6 * 86_400_000)
  })

  test('grant a plan (no payment, no invoice), then end it', async ({ client, assert }) => {
    const { token } = await operator()
    const { user: owner, token: ownerToken } = await ownerWithBusiness()
    const granted = await post(client, `/api/admin/users/${owner.id}/grant-plan`, token, {
      months: 6,
      reason: 'Compensation for the outage',
    })
    granted.assertStatus(200)
    assert.containsSubset(granted.body(), { plan: 'pro', planType: '6-month' })
    assert.isTrue(((await client.get('/api/billing/trial-status').bearerToken(ownerToken)).body() as TrialStatusDto).hasActiveSubscription)
    assert.isNull(await db.from('invoices').where('user_id', owner.id).first())
    const ended = await post(client, `/api/admin/users/${owner.id}/end-plan`, token, { reason: 'Granted to the wrong account' })
    assert.equal(ended.body().plan === 'pro', false)
    assert.deepEqual(
      (await db.from('audit_logs').where('target_id', String(owner.id)).orderBy('id')).map((row) => row.action),
      ['user.grant_plan', 'user.end_plan']
    )
  })

  test('disable an account: its tokens go, it cannot sign in; enable it again', async ({ client, assert }) => {
    const { token } = await operator()
    const { user: owner, token: ownerToken } = await ownerWithBusiness()
    ;(await post(client, `/api/admin/users/${owner.id}/disable`, token, { reason: 'Fraudulent payments' })).assertStatus(200)
    ;(await client.get('/api/auth/user').bearerToken(ownerToken)).assertStatus(401)
    const login = await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })
    login.assertStatus(403)
    assert.match(login.body().error, /disabled/)
    ;(await post(client, `/api/admin/users/${owner.id}/enable`, token, { reason: 'Cleared by the bank' })).assertStatus(200)
    ;(await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).assertStatus(200)
  })

  test('pause a business link: the customer page says so politely (423), the API too; enable it again', async ({ client, assert }) => {
    const { token } = await operator()
    const { business } = await ownerWithBusiness({ business: { name: 'Spam Shop' } })
    ;(await post(client, `/api/admin/businesses/${business.id}/disable`, token, { reason: 'Fake reviews reported' })).assertStatus(200)
    const page = await client.get(`/review/${business.shortUrl}`)
    assert.equal(page.status(), 423)
    assert.include(page.text(), 'This review link is paused')
    assert.notInclude(page.text(), 'Fake reviews reported')
    ;(await client.get(`/api/business/by-url/${business.shortUrl}`)).assertStatus(423)
    ;(await post(client, `/api/admin/businesses/${business.id}/enable`, token, { reason: 'Owner explained' })).assertStatus(200)
    ;(await client.get(`/review/${business.shortUrl}`)).assertStatus(200)
  })

  test('refund a payment through the billing action: the credit note and one audit row', async ({ client, assert }) => {
    const { token } = await operator()
    const owner = await UserFactory.create()
    const orderId = await openOrder(client, owner)
    ;(await verify(client, owner, orderId, razorpayId('pay_'))).assertStatus(200)
    const payment = await db.from('payments').where('razorpay_order_id', orderId).first()
    const refunded = await post(client, `/api/admin/payments/${payment.id}/refund`, token, { reason: 'Asked within 48 hours' })
    refunded.assertStatus(200)
    assert.containsSubset(refunded.body(), { refund: { amount: 49900, status: 'processed' } })
    assert.match(refunded.body().refund.creditNoteNumber, /^RRCN\//)
    const again = await post(client, `/api/admin/payments/${payment.id}/refund`, token, { reason: 'Asked again' })
    again.assertStatus(409)
    assert.equal(
      await db
        .from('audit_logs')
        .where('action', 'payment.refund')
        .count('* as n')
        .first()
        .then((row) => Number(row.n)),
      1
    )
  })

  test('reply to a contact message by mail: it is handled, and logged', async ({ client, assert, cleanup }) => {
    const smtp = await smtpMailbox(cleanup)
    const { token, user: ops } = await operator()
    const [id] = await db.table('contact_messages').insert({
      name: 'Ravi',
      email: 'ravi@example.in',
      subject: 'Invoice for GST',
      message: 'Where is my invoice?',
      created_at: new Date(),
    })
    const answered = await post(client, `/api/admin/contact-messages/${id}/reply`, token, {
      message: 'It is on the billing page.\n\nThanks!',
      reason: 'Answered',
    })
    answered.assertStatus(200)
    assert.containsSubset(answered.body(), { handledBy: ops.email })
    const [mail] = await smtp.waitFor(1)
    assert.equal(mail.to, 'ravi@example.in')
    assert.equal(mail.subject, 'Re: Invoice for GST')
    assert.include(mail.text, 'It is on the billing page.')
    const open = (await client.get('/api/admin/contact-messages').qs({ handled: 'false' }).bearerToken(token)).body()
    assert.notInclude(
      open.map((row: { id: number }) => row.id),
      Number(id)
    )
  })

  test('the users list pages, sorts and searches on the server', async ({ client, assert }) => {
    const { token } = await operator()
    const { user: owner } = await ownerWithBusiness({ owner: { email: 'findme.admin@example.in' } })
    const found = await client.get('/api/admin/users').qs({ q: 'findme.admin', _start: 0, _end: 10 }).bearerToken(token)
    found.assertStatus(200)
    assert.equal(found.header('x-total-count'), '1')
    assert.containsSubset(found.body()[0], { id: owner.id, businesses: 1, plan: 'trial' })
    ;(await client.get('/api/admin/users').qs({ plan: 'gold' }).bearerToken(token)).assertStatus(422)
  })

  test('queues: counts per state for every queue', async ({ client, assert }) => {
    const { token } = await operator()
    const queues = await client.get('/api/admin/queues').bearerToken(token)
    queues.assertStatus(200)
    assert.includeMembers(
      queues.body().map((queue: { name: string }) => queue.name),
      ['receipt-mail', 'review-request-send', 'feedback-alert']
    )
    ;(await client.get('/api/admin/queues/not-a-queue/failed').bearerToken(token)).assertStatus(404)
    ;(await post(client, '/api/admin/queues/receipt-mail/jobs/nope/retry', token, { reason: 'Try it' })).assertStatus(404)
  })
})

test.group('Admin: the businesses list', (group) => {
  isolated(group)

  test("each business with its workspace's name; one whose adder's account is gone is still listed", async ({ client, assert }) => {
    const { token } = await operator()
    const { user: owner, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const manager = await UserFactory.create()
    await WorkspaceMember.create({ workspaceId: business.workspaceId, userId: manager.id, role: 'manager', businessIds: null })
    const added = await BusinessFactory.merge({ workspaceId: business.workspaceId, userId: manager.id, name: 'Dosa Corner' }).create()
    await db.from('users').where('id', manager.id).delete()
    const workspace = await Workspace.findOrFail(business.workspaceId)

    const response = await client.get('/api/admin/businesses').bearerToken(token)

    response.assertStatus(200)
    const rows = response.body() as AdminBusinessDto[]
    assert.containsSubset(
      rows.find((row) => row.id === business.id),
      { userId: owner.id, ownerEmail: owner.email, workspaceId: workspace.id, workspaceName: workspace.name }
    )
    assert.containsSubset(
      rows.find((row) => row.id === added.id),
      { name: 'Dosa Corner', userId: null, ownerEmail: null, workspaceId: workspace.id, workspaceName: workspace.name }
    )
  })

  test('the search finds a piece of the name or the short code, any case, newest first, and counts every match', async ({
    client,
    assert,
  }) => {
    const { token } = await operator()
    const { business: first } = await ownerWithBusiness({ business: { name: 'Masala Dosa Hut', shortUrl: 'mdh-one' } })
    const { business: second } = await ownerWithBusiness({ business: { name: 'Idli House', shortUrl: 'dosa-two' } })
    const { business: third } = await ownerWithBusiness({ business: { name: 'The DOSA Place', shortUrl: 'tdp-three' } })
    await ownerWithBusiness({ business: { name: 'Chai Point', shortUrl: 'chai-four' } })
    await ownerWithBusiness({ business: { name: 'Dos Amigos 100%', shortUrl: 'dos-five' } })
    const base = clock.now().minus({ days: 3 })
    for (const [index, business] of [first, second, third].entries()) {
      business.createdAt = base.plus({ hours: index })
      await business.save()
    }
    const search = (qs: Record<string, string | number>) => client.get('/api/admin/businesses').qs(qs).bearerToken(token)
    const ids = (response: ApiResponse) => (response.body() as AdminBusinessDto[]).map((row) => row.id)

    const all = await search({ q: 'dOsA', _start: 0, _end: 10 })
    all.assertStatus(200)
    assert.equal(all.header('x-total-count'), '3')
    assert.deepEqual(ids(all), [third.id, second.id, first.id])
    // A page carries the count of every match, and a page past them counts them too.
    const page = await search({ q: 'dosa', _start: 1, _end: 2 })
    assert.equal(page.header('x-total-count'), '3')
    assert.deepEqual(ids(page), [second.id])
    const past = await search({ q: 'dosa', _start: 5, _end: 10 })
    past.assertStatus(200)
    assert.equal(past.header('x-total-count'), '3')
    assert.deepEqual(ids(past), [])
    // `%` is a character, not a wildcard; nothing found is an empty page with a count of 0.
    assert.equal((await search({ q: '100%' })).header('x-total-count'), '1')
    const none = await search({ q: 'no such business' })
    assert.equal(none.header('x-total-count'), '0')
    assert.deepEqual(ids(none), [])
    // The search combines with the other filters.
    const sorted = await search({ q: 'dosa', _sort: 'name', _order: 'asc', id_ne: second.id })
    assert.equal(sorted.header('x-total-count'), '2')
    assert.deepEqual(ids(sorted), [first.id, third.id])
  })
})

export { fileMailbox }
