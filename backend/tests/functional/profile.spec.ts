/*
 * The signed-in owner's own record: who am I, profile edits (page and dialog), sync-user and the phone modal.
 */
import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import User from '#models/user'
import SyncUserJob from '#jobs/sync_user_job'
import { IdentityProvider } from '#services/identity/identity_provider'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'
import { isolated } from '#tests/helpers/setup'
import { DEFAULT_PASSWORD, UserFactory } from '#database/factories/index'

/** The sentence for a wrong phone number (docs/screens.md#phone-dialog). */
const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number'
/** Ten digits that no Indian mobile number has (docs/product-rules.md#accounts-and-tokens). */
const MOBILE_START_MESSAGE = 'Please enter a valid mobile number: Indian mobile numbers start with 6, 7, 8 or 9'
const SIGNED_OUT = 'You must be signed in to do that.'
const JUNK_TOKEN = 'rr_junk.not-a-real-token-value-at-all'

function assertErrorShape(assert: Assert, response: ApiResponse) {
  const body = response.body()
  assert.isString(body.error)
  assert.equal(body.message, body.error)
  assert.notProperty(body, 'stack')
  return body.error as string
}

function assertSignedOut(assert: Assert, response: ApiResponse) {
  response.assertStatus(401)
  assert.equal(assertErrorShape(assert, response), SIGNED_OUT)
}

function assertPhoneRejected(assert: Assert, response: ApiResponse, message = PHONE_MESSAGE) {
  response.assertStatus(422)
  assert.equal(assertErrorShape(assert, response), message)
  assert.deepEqual(response.body().errors, [{ field: 'phone', message }])
}

const storedUser = (id: number) => db.from('users').where('id', id).firstOrFail()

test.group('GET /api/auth/user', (group) => {
  isolated(group)

  test('returns the signed-in owner', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ email: 'asha@example.in', firstName: 'Asha', lastName: 'Verma' }).create()
    const response = await client.get('/api/auth/user').loginAs(owner)

    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: owner.id,
      email: 'asha@example.in',
      firstName: 'Asha',
      lastName: 'Verma',
      profileImageUrl: '',
    })
    assert.notProperty(response.body(), 'password')
    assert.notInclude(response.text(), owner.password!)
  })

  test('gives the profile image when the owner has one', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ profileImageUrl: 'https://img.example.in/asha.png' }).create()
    const response = await client.get('/api/auth/user').loginAs(owner)

    response.assertStatus(200)
    assert.equal(response.body().profileImageUrl, 'https://img.example.in/asha.png')
  })

  test('missing names come back as empty strings', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: null, lastName: null }).create()
    const response = await client.get('/api/auth/user').loginAs(owner)

    response.assertStatus(200)
    assert.strictEqual(response.body().firstName, '')
    assert.strictEqual(response.body().lastName, '')
  })

  test('works with a token from login', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const token = (await client.post('/api/auth/login').json({ email: owner.email, password: DEFAULT_PASSWORD })).body().token
    const response = await client.get('/api/auth/user').header('Authorization', `Bearer ${token}`)

    response.assertStatus(200)
    assert.equal(response.body().id, owner.id)
  })

  test('is 401 without a token or with a junk one', async ({ client, assert }) => {
    assertSignedOut(assert, await client.get('/api/auth/user'))
    assertSignedOut(assert, await client.get('/api/auth/user').bearerToken(JUNK_TOKEN))
    assertSignedOut(assert, await client.get('/api/auth/user').header('Authorization', 'Bearer null'))
  })
})

test.group('PATCH /api/auth/profile', (group) => {
  isolated(group)

  test('the profile page changes the first and last name', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old', lastName: 'Name' }).create()
    const response = await client.patch('/api/auth/profile').loginAs(owner).json({ firstName: 'Kavya', lastName: 'Iyer' })

    response.assertStatus(200)
    assert.containsSubset(response.body(), { id: owner.id, firstName: 'Kavya', lastName: 'Iyer', email: owner.email })
    const row = await storedUser(owner.id)
    assert.equal(row.first_name, 'Kavya')
    assert.equal(row.last_name, 'Iyer')
  })

  test('changing only the first name keeps the last name', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old', lastName: 'Iyer' }).create()
    const response = await client.patch('/api/auth/profile').loginAs(owner).json({ firstName: 'Kavya' })

    response.assertStatus(200)
    const row = await storedUser(owner.id)
    assert.equal(row.first_name, 'Kavya')
    assert.equal(row.last_name, 'Iyer')
  })

  test('the profile dialog sends name and phone: the name splits into first and last', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old', lastName: 'Name', phone: null }).create()
    const response = await client
      .patch('/api/auth/profile')
      .loginAs(owner)
      .json({ name: '  Ravi  Kumar Sharma ', email: owner.email, phone: '9876543210' })

    response.assertStatus(200)
    assert.containsSubset(response.body(), { firstName: 'Ravi', lastName: 'Kumar Sharma', phone: '+919876543210' })
    const row = await storedUser(owner.id)
    assert.equal(row.first_name, 'Ravi')
    assert.equal(row.last_name, 'Kumar Sharma')
    assert.equal(row.phone, '+919876543210')
  })

  test('a one-word name clears the last name', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old', lastName: 'Name' }).create()
    const response = await client.patch('/api/auth/profile').loginAs(owner).json({ name: 'Madhuri' })

    response.assertStatus(200)
    assert.containsSubset(response.body(), { firstName: 'Madhuri', lastName: '' })
    const row = await storedUser(owner.id)
    assert.equal(row.first_name, 'Madhuri')
    assert.isNull(row.last_name)
  })

  test('the email in the body is ignored: it never changes', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ email: 'owner@example.in' }).create()
    const response = await client
      .patch('/api/auth/profile')
      .loginAs(owner)
      .json({ name: 'Ravi Kumar', email: 'hijack@example.in', phone: '9876543210' })

    response.assertStatus(200)
    assert.equal(response.body().email, 'owner@example.in')
    assert.equal((await storedUser(owner.id)).email, 'owner@example.in')
    assert.isNull(await User.findBy('email', 'hijack@example.in'))
  })

  test('the phone is stored as +91 and 10 digits', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const response = await client.patch('/api/auth/profile').loginAs(owner).json({ phone: '+91 98765-43210' })

    response.assertStatus(200)
    assert.equal(response.body().phone, '+919876543210')
    assert.equal((await storedUser(owner.id)).phone, '+919876543210')
  })

  test('an invalid phone is a 422 and nothing is saved', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old', lastName: 'Name', phone: '+919999999999' }).create()
    const response = await client.patch('/api/auth/profile').loginAs(owner).json({ name: 'New Person', phone: '12345' })

    assertPhoneRejected(assert, response)
    const row = await storedUser(owner.id)
    assert.equal(row.phone, '+919999999999')
    assert.equal(row.first_name, 'Old')
    assert.equal(row.last_name, 'Name')
  })

  test('the profile page saves a corrected number with the names, in the form it was typed', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Asha', lastName: 'Verma', phone: '+911234567890' }).create()
    const response = await client
      .patch('/api/auth/profile')
      .loginAs(owner)
      .json({ firstName: 'Asha', lastName: 'Verma', phone: '0 98765 43210' })

    response.assertStatus(200)
    assert.equal(response.body().phone, '+919876543210')
    assert.equal((await storedUser(owner.id)).phone, '+919876543210')
  })

  test('the profile page removes the number with {label}')
    .with([
      { label: 'null', phone: null },
      { label: 'an empty field', phone: '' },
    ])
    .run(async ({ client, assert }, row) => {
      const owner = await UserFactory.merge({ phone: '+919876543210' }).create()
      const response = await client.patch('/api/auth/profile').loginAs(owner).json({ firstName: 'Asha', phone: row.phone })

      response.assertStatus(200)
      assert.equal(response.body().phone, '')
      assert.isNull((await storedUser(owner.id)).phone)
    })

  test('{phone} is no mobile number: 422, and neither the number nor the names change')
    .with([{ phone: '1234567890' }, { phone: '+91 55555 55555' }, { phone: '011 2345 6789' }])
    .run(async ({ client, assert }, row) => {
      const owner = await UserFactory.merge({ firstName: 'Old', phone: '+919999999999' }).create()
      const response = await client.patch('/api/auth/profile').loginAs(owner).json({ firstName: 'New', phone: row.phone })

      assertPhoneRejected(assert, response, MOBILE_START_MESSAGE)
      const stored = await storedUser(owner.id)
      assert.equal(stored.phone, '+919999999999')
      assert.equal(stored.first_name, 'Old')
    })

  test('a 101-character first name is a 422 on firstName', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old' }).create()
    const response = await client
      .patch('/api/auth/profile')
      .loginAs(owner)
      .json({ firstName: 'A'.repeat(101) })

    response.assertStatus(422)
    assertErrorShape(assert, response)
    assert.equal(response.body().errors[0].field, 'firstName')
    assert.equal((await storedUser(owner.id)).first_name, 'Old')
  })

  // docs/screens.md#header: a blank first name left the header greeting the owner by their email's local part.
  test('refuses {label} and keeps the names')
    .with([
      { label: 'an empty first name', body: { firstName: '', lastName: 'Verma' }, field: 'firstName' },
      { label: 'a first name of spaces', body: { firstName: '   ', lastName: 'Verma' }, field: 'firstName' },
      { label: 'a dialog name of spaces', body: { name: '   ' }, field: 'name' },
    ])
    .run(async ({ client, assert }, row) => {
      const owner = await UserFactory.merge({ firstName: 'Old', lastName: 'Name' }).create()
      const response = await client.patch('/api/auth/profile').loginAs(owner).json(row.body)

      response.assertStatus(422)
      assertErrorShape(assert, response)
      assert.equal(response.body().errors[0].field, row.field)
      const stored = await storedUser(owner.id)
      assert.equal(stored.first_name, 'Old')
      assert.equal(stored.last_name, 'Name')
    })

  test('a null first name does not clear it', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old', lastName: 'Name' }).create()
    const response = await client.patch('/api/auth/profile').loginAs(owner).json({ firstName: null, lastName: 'Iyer' })

    response.assertStatus(200)
    assert.containsSubset(response.body(), { firstName: 'Old', lastName: 'Iyer' })
    assert.equal((await storedUser(owner.id)).first_name, 'Old')
  })

  test('stores the first name without surrounding spaces', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old' }).create()
    const response = await client.patch('/api/auth/profile').loginAs(owner).json({ firstName: '  Kavya ' })

    response.assertStatus(200)
    assert.equal(response.body().firstName, 'Kavya')
    assert.equal((await storedUser(owner.id)).first_name, 'Kavya')
  })

  test('is 401 without a token and changes nothing', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Old' }).create()
    assertSignedOut(assert, await client.patch('/api/auth/profile').json({ firstName: 'Sneaky' }))
    assertSignedOut(assert, await client.patch('/api/auth/profile').bearerToken(JUNK_TOKEN).json({ firstName: 'Sneaky' }))
    assert.equal((await storedUser(owner.id)).first_name, 'Old')
  })
})

test.group('POST /api/auth/sync-user', (group) => {
  isolated(group)

  test('returns exactly id, email, firstName and lastName', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ email: 'sync@example.in', firstName: 'Deepa', lastName: 'Nair' }).create()
    const response = await client.post('/api/auth/sync-user').loginAs(owner)

    response.assertStatus(200)
    assert.deepEqual(response.body(), { id: owner.id, email: 'sync@example.in', firstName: 'Deepa', lastName: 'Nair' })
  })

  test('hands the refresh to the worker, whose job records when the owner was last seen', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    assert.isNull((await storedUser(owner.id)).last_seen_at)

    ;(await client.post('/api/auth/sync-user').loginAs(owner)).assertStatus(200)

    const queues = await app.container.make(QueueService)
    const waiting = await queues.queue(QueueName.SyncUser).getJobs(['waiting', 'delayed', 'prioritized'])
    const job = waiting.find((candidate) => candidate.data.userId === owner.id)
    assert.exists(job, 'a sync-user job was enqueued for this owner')
    assert.isNull((await storedUser(owner.id)).last_seen_at)

    await new SyncUserJob(new IdentityProvider()).handle(job!.data)
    await job!.remove()

    const seen = (await storedUser(owner.id)).last_seen_at
    assert.instanceOf(seen, Date)
    assert.isBelow(Math.abs(DateTime.fromJSDate(seen).diffNow('seconds').seconds), 60)
  })

  test('is 401 without a token or with a junk one', async ({ client, assert }) => {
    assertSignedOut(assert, await client.post('/api/auth/sync-user'))
    assertSignedOut(assert, await client.post('/api/auth/sync-user').bearerToken(JUNK_TOKEN))
  })
})

test.group('POST /api/user/update-phone', (group) => {
  isolated(group)

  test('stores {phone} as +919876543210')
    .with([
      { phone: '9876543210' },
      { phone: '+91 98765 43210' },
      { phone: '+919876543210' },
      { phone: ' 98765-43210 ' },
      // The other usual Indian forms, as the phone modal accepts them (docs/product-rules.md#accounts-and-tokens).
      { phone: '0091 98765 43210' },
      { phone: '098765 43210' },
      { phone: '(+91) 98765-43210' },
      { phone: '919876543210' },
    ])
    .run(async ({ client, assert }, row) => {
      const owner = await UserFactory.merge({ phone: null }).create()
      const response = await client.post('/api/user/update-phone').loginAs(owner).json({ phone: row.phone })

      response.assertStatus(200)
      assert.deepEqual(response.body(), { success: true, phone: '+919876543210' })
      assert.equal((await storedUser(owner.id)).phone, '+919876543210')
    })

  test('replaces an earlier number', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ phone: '+919999999999' }).create()
    const response = await client.post('/api/user/update-phone').loginAs(owner).json({ phone: '9876543210' })

    response.assertStatus(200)
    assert.equal((await storedUser(owner.id)).phone, '+919876543210')
  })

  test('refuses {label} with the spec message and stores nothing')
    .with([
      { label: '9 digits', body: { phone: '987654321' } },
      { label: '11 digits', body: { phone: '98765432101' } },
      { label: 'letters', body: { phone: 'abcdefghij' } },
      { label: 'digits mixed with letters', body: { phone: '98765abc10' } },
      { label: 'an empty string', body: { phone: '' } },
      { label: 'a missing phone', body: {} },
      { label: 'a number instead of text', body: { phone: 9876543210 } },
      { label: 'null', body: { phone: null } },
      { label: 'another country code', body: { phone: '+44 7911 123456' } },
    ])
    .run(async ({ client, assert }, row) => {
      const owner = await UserFactory.merge({ phone: '+919999999999' }).create()
      const response = await client.post('/api/user/update-phone').loginAs(owner).json(row.body)

      assertPhoneRejected(assert, response)
      assert.equal((await storedUser(owner.id)).phone, '+919999999999')
    })

  test('takes a mobile number starting with {first}')
    .with([{ first: '6' }, { first: '7' }, { first: '8' }, { first: '9' }])
    .run(async ({ client, assert }, row) => {
      const owner = await UserFactory.merge({ phone: null }).create()
      const response = await client
        .post('/api/user/update-phone')
        .loginAs(owner)
        .json({ phone: `${row.first}000012345` })

      response.assertStatus(200)
      assert.equal((await storedUser(owner.id)).phone, `+91${row.first}000012345`)
    })

  // docs/product-rules.md#accounts-and-tokens: Indian mobile numbers start with 6-9; '1234567890' used to be stored.
  test('refuses {phone}, ten digits no mobile number has, and stores nothing')
    .with([{ phone: '1234567890' }, { phone: '+91 12345 67890' }, { phone: '05123456789' }, { phone: '5987654321' }])
    .run(async ({ client, assert }, row) => {
      const owner = await UserFactory.merge({ phone: null }).create()
      const response = await client.post('/api/user/update-phone').loginAs(owner).json({ phone: row.phone })

      assertPhoneRejected(assert, response, MOBILE_START_MESSAGE)
      assert.isNull((await storedUser(owner.id)).phone)
    })

  test('a rejected number on an owner without one leaves it empty', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ phone: null }).create()
    assertPhoneRejected(assert, await client.post('/api/user/update-phone').loginAs(owner).json({ phone: '12345' }))
    assert.isNull((await storedUser(owner.id)).phone)
  })

  test('is 401 without a token and stores nothing', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ phone: null }).create()
    assertSignedOut(assert, await client.post('/api/user/update-phone').json({ phone: '9876543210' }))
    assertSignedOut(assert, await client.post('/api/user/update-phone').bearerToken(JUNK_TOKEN).json({ phone: '9876543210' }))
    assert.isNull((await storedUser(owner.id)).phone)
  })

  test('a malformed JSON body is a 400', async ({ client, assert }) => {
    const owner = await UserFactory.merge({ phone: null }).create()
    const response = await client.post('/api/user/update-phone').loginAs(owner).unsafeJson('{bad')

    response.assertStatus(400)
    assert.equal(assertErrorShape(assert, response), 'The request body is not valid JSON. Send a JSON object.')
    assert.isNull((await storedUser(owner.id)).phone)
  })
})
