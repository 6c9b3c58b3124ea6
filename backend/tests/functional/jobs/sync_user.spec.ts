/*
 * Sync-user: last seen, and the profile from the identity provider's Backend API (docs/decisions.md D9, D11),
 * against a loopback stand-in for the provider.
 */
import { test } from '@japa/runner'
import SyncUserJob from '#jobs/sync_user_job'
import { IdentityProvider } from '#services/identity/identity_provider'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { userRow, secondsApart } from '#tests/helpers/job_rows'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { UserFactory } from '#database/factories/index'

test.group('Sync-user job: last seen and the profile from the identity provider', (group) => {
  isolated(group)

  let stub: StubServer
  group.setup(async () => {
    stub = await startStubServer()
    return () => stub.close()
  })

  /** Profiles are fetched only when the provider's API address and secret are both set. */
  const provider = (overrides: { apiSecret?: string } = {}) =>
    new IdentityProvider({
      issuer: '',
      jwksUrl: '',
      authorizedParties: [],
      apiUrl: stub.url,
      apiSecret: 'sk_test',
      ...overrides,
    })

  /** A user object in Clerk's Backend API format. */
  const clerkUser = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    object: 'user',
    first_name: 'Meera',
    last_name: 'Pillai',
    image_url: 'https://img.clerk.test/meera.png',
    primary_email_address_id: 'idn_primary',
    email_addresses: [
      { id: 'idn_other', email_address: 'meera.old@example.in' },
      { id: 'idn_primary', email_address: 'Meera.Pillai@Example.in' },
    ],
    ...overrides,
  })

  const externalOwner = (externalId: string) =>
    UserFactory.merge({
      externalId,
      email: `${externalId.toLowerCase()}@users.idp.invalid`,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
    }).create()

  test("refreshes an external owner's names, image and primary email, and records last seen", async ({ assert }) => {
    const owner = await externalOwner('user_2xYzSync01')
    stub.answer((request, response) =>
      request.url === '/users/user_2xYzSync01'
        ? json(response, 200, clerkUser('user_2xYzSync01'))
        : json(response, 404, { errors: [{ code: 'resource_not_found' }] })
    )

    const result = await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.deepEqual(result, { synced: true })
    const row = await userRow(owner.id)
    assert.equal(row.first_name, 'Meera')
    assert.equal(row.last_name, 'Pillai')
    assert.equal(row.profile_image_url, 'https://img.clerk.test/meera.png')
    assert.equal(row.email, 'meera.pillai@example.in')
    assert.instanceOf(row.last_seen_at, Date)
    assert.isBelow(secondsApart(row.last_seen_at, clock.now()), 60)
  })

  test('asks GET /users/{externalId} with the secret as a bearer token', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzSync02')
    stub.answer((_, response) => json(response, 200, clerkUser('user_2xYzSync02')))

    await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.lengthOf(stub.requests, 1)
    assert.equal(stub.requests[0].method, 'GET')
    assert.equal(stub.requests[0].url, '/users/user_2xYzSync02')
    assert.equal(stub.requests[0].headers.authorization, 'Bearer sk_test')
  })

  test('keeps the profile when the provider answers 404, and still records last seen', async ({ assert }) => {
    const owner = await UserFactory.merge({
      externalId: 'user_2xYzGone',
      email: 'kept@example.in',
      firstName: 'Kept',
      lastName: 'Name',
      profileImageUrl: 'https://img.example.in/kept.png',
    }).create()
    stub.answer((_, response) => json(response, 404, { errors: [{ code: 'resource_not_found', message: 'not found' }] }))

    const result = await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.deepEqual(result, { synced: true })
    assert.lengthOf(stub.requests, 1)
    const row = await userRow(owner.id)
    assert.equal(row.first_name, 'Kept')
    assert.equal(row.last_name, 'Name')
    assert.equal(row.email, 'kept@example.in')
    assert.equal(row.profile_image_url, 'https://img.example.in/kept.png')
    assert.instanceOf(row.last_seen_at, Date)
  })

  test('an owner without an external id is not looked up; last seen is recorded', async ({ assert }) => {
    const owner = await UserFactory.merge({ firstName: 'Local', lastName: 'Owner' }).create()
    stub.answer((_, response) => json(response, 200, clerkUser('anyone')))

    const result = await new SyncUserJob(provider()).handle({ userId: owner.id })

    assert.deepEqual(result, { synced: true })
    assert.lengthOf(stub.requests, 0)
    const row = await userRow(owner.id)
    assert.equal(row.first_name, 'Local')
    assert.equal(row.email, owner.email)
    assert.instanceOf(row.last_seen_at, Date)
    assert.isBelow(secondsApart(row.last_seen_at, clock.now()), 60)
  })

  test('without the API secret no profile is fetched', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzNoSecret')
    stub.answer((_, response) => json(response, 200, clerkUser('user_2xYzNoSecret')))

    await new SyncUserJob(provider({ apiSecret: '' })).handle({ userId: owner.id })

    assert.lengthOf(stub.requests, 0)
    const row = await userRow(owner.id)
    assert.isNull(row.first_name)
    assert.instanceOf(row.last_seen_at, Date)
  })

  test("the provider's email is not taken when another account already has it, however it is spelled", async ({ assert }) => {
    await UserFactory.merge({ email: 'taken@example.in' }).create()
    const owner = await externalOwner('user_2xYzTaken')
    stub.answer((_, response) =>
      json(
        response,
        200,
        clerkUser('user_2xYzTaken', {
          primary_email_address_id: 'idn_1',
          email_addresses: [{ id: 'idn_1', email_address: ' Taken@EXAMPLE.in' }],
        })
      )
    )

    await new SyncUserJob(provider()).handle({ userId: owner.id })

    const row = await userRow(owner.id)
    assert.equal(row.email, owner.email)
    assert.equal(row.first_name, 'Meera')
  })

  test('a provider error fails the job (so the queue retries it) and changes nothing', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzDown')
    stub.answer((_, response) => json(response, 503, { errors: [{ code: 'unavailable' }] }))

    await assert.rejects(() => new SyncUserJob(provider()).handle({ userId: owner.id }))

    const row = await userRow(owner.id)
    assert.isNull(row.first_name)
    assert.isNull(row.last_seen_at)
  })

  test('a user deleted since the job was queued is skipped', async ({ assert }) => {
    const owner = await externalOwner('user_2xYzDeleted')
    await owner.delete()
    stub.answer((_, response) => json(response, 200, clerkUser('user_2xYzDeleted')))

    assert.deepEqual(await new SyncUserJob(provider()).handle({ userId: owner.id }), { skipped: 'user gone' })
    assert.lengthOf(stub.requests, 0)
  })
})
