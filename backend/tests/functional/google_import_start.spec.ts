/*
 * Google locations and the first import of their reviews (docs/decisions.md D58), against the loopback stand-in for
 * Google: a location the owner unlinked stays unlinked however often the locations are read again; whoever links a
 * location (the connection's job, the dashboard reading the locations at the same moment, a person), its import is
 * queued, once; an import finished earlier does not swallow the next one; and the connection says where its import
 * is: queued, running, done, or failed with Google's words.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { randomBytes } from 'node:crypto'
import { Worker, type Job } from 'bullmq'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import SyncGoogleLocations from '#actions/google/sync_google_locations'
import SyncGoogleReviews from '#actions/google/sync_google_reviews'
import GoogleReviewSyncJob from '#jobs/google_review_sync_job'
import { BusinessProfile, type GoogleConfig } from '#services/google/business_profile'
import { ProfileAccess } from '#services/google/profile_access'
import { unpaced } from '#services/google/request_pacer'
import { QueueService } from '#queue/queue_service'
import { QueueName, type JobPayloads } from '#queue/queues'
import queueConfig from '#config/queue'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BusinessFactory } from '#database/factories/index'
import { connectGoogle, googleStub, stubReview, type GoogleStub } from '#tests/helpers/google_stub'

type SyncPayload = JobPayloads[QueueName.GoogleReviewSync]

/** An owner whose business has a Google Maps place id, and one Business Profile location with that place. */
async function world(google: GoogleStub) {
  const placeId = `ChIJ-import-${randomBytes(4).toString('hex')}`
  const setup = await ownerWithBusiness({ business: { placeId } })
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  const account = String(1000 + (Number.parseInt(randomBytes(2).toString('hex'), 16) % 9000))
  const location = `accounts/${account}/locations/1`
  google.state.accounts = { [account]: [{ id: '1', title: 'Chai Point', placeId }] }
  google.state.reviews[location] = [stubReview(location, 'a'), stubReview(location, 'b')]
  return { ...setup, workspaceId, placeId, location }
}

/** The owner connects Google through the consent screen, as the dashboard does. */
async function connectThroughGoogle(client: ApiClient, google: GoogleStub, token: string) {
  const start = await client.get('/api/google/connect/start').bearerToken(token).redirects(0)
  start.assertStatus(302)
  const { code, state } = google.grant(start.header('location')!)
  const callback = await client.get(`/api/google/connect/callback?code=${code}&state=${state}`).redirects(0)
  callback.assertStatus(302)
  if (callback.header('location') !== '/dashboard/google?connected=1') throw new Error(`not connected: ${callback.header('location')}`)
}

/** The worker's job for the Google review sync, with Google at the stub (or `config`) and the real queues. */
async function syncJob(google: GoogleStub, config: GoogleConfig = google.config(), profile?: BusinessProfile) {
  return new GoogleReviewSyncJob(
    new SyncGoogleReviews(new ProfileAccess(profile ?? new BusinessProfile(config), unpaced)),
    await app.container.make(QueueService)
  )
}

const queue = async () => (await app.container.make(QueueService)).queue(QueueName.GoogleReviewSync)

/** The sync jobs waiting for a worker, oldest first. */
async function waiting(): Promise<Job<SyncPayload>[]> {
  const jobs = await (await queue()).getJobs(['waiting', 'delayed', 'prioritized'])
  return jobs.sort((a, b) => a.timestamp - b.timestamp)
}

const imports = async () => (await waiting()).filter((job) => job.data.full === true)

/** Runs what a worker would: each waiting job once, in order, removed from the queue first. */
async function runWaiting(job: GoogleReviewSyncJob, attempt?: { attemptsMade: number; opts: { attempts: number } }) {
  for (const queued of await waiting()) {
    await queued.remove()
    await job.handle(queued.data, (attempt ?? queued) as Job)
  }
}

async function connectionStatus(client: ApiClient, token: string) {
  const response = await client.get('/api/google/connection').bearerToken(token)
  response.assertStatus(200)
  return { status: response.body().importStatus, error: response.body().importError }
}

test.group('Google locations: a link undone by hand', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('a location unlinked by hand stays unlinked when the locations are read again and when the connection is synced', async ({
    client,
    assert,
  }) => {
    const { token, workspaceId, business, location } = await world(google)
    const connection = await connectGoogle(workspaceId)
    const read = async () => {
      const response = await client.get('/api/google/locations').bearerToken(token)
      response.assertStatus(200)
      return response.body()[0].businessId
    }
    assert.equal(await read(), business.id, 'linked by its place id')

    const unlinked = await client.put('/api/google/locations/link').bearerToken(token).json({ name: location, businessId: null })
    unlinked.assertStatus(200)
    assert.isNull(unlinked.body().businessId)
    assert.isNull(await read(), 'still unlinked when read again')
    assert.isNull(await read())
    const enqueued: unknown[] = []
    const job = new GoogleReviewSyncJob(new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced)), {
      enqueue: async (_name: unknown, payload: unknown) => {
        enqueued.push(payload)
        return true
      },
    } as never)
    await job.handle({ connectionId: connection.id })
    assert.isNull((await GoogleLocation.findByOrFail('name', location)).businessId, 'and when the connection is synced')
    assert.deepEqual(enqueued, [])

    // Linked by hand again: linked, and it stays so.
    const linked = await client.put('/api/google/locations/link').bearerToken(token).json({ name: location, businessId: business.id })
    linked.assertStatus(200)
    assert.equal(await read(), business.id)
  })
})

test.group('Google import: its start', (group) => {
  isolated(group)
  const google = googleStub(group)
  group.each.setup(async () => {
    await (await queue()).obliterate({ force: true })
  })

  test('the dashboard reading the locations while the connection job links them: the import is queued all the same, once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { token, location } = await world(google)
    await connectThroughGoogle(client, google, token)
    const [connected] = await waiting()
    assert.deepEqual(Object.keys(connected.data), ['connectionId'])

    // The dashboard's read of the locations (Google sends the browser back to the Google page, which reads them at
    // once) lands between the job's read of the stored locations and its linking by place id.
    const prototype = SyncGoogleLocations.prototype as unknown as { autoLink: (...args: unknown[]) => Promise<unknown> }
    const autoLink = prototype.autoLink
    let raced = false
    prototype.autoLink = async function (this: SyncGoogleLocations, ...args: unknown[]) {
      if (!raced) {
        raced = true
        const read = await client.get('/api/google/locations').bearerToken(token)
        read.assertStatus(200)
      }
      return autoLink.apply(this, args)
    }
    cleanup(() => {
      prototype.autoLink = autoLink
    })

    await connected.remove()
    await (await syncJob(google)).handle(connected.data, connected)
    assert.isTrue(raced)

    const stored = await GoogleLocation.findByOrFail('name', location)
    assert.isNotNull(stored.businessId)
    assert.deepEqual(
      (await imports()).map((job) => job.data),
      [{ locationId: stored.id, full: true }]
    )
    assert.include(['queued', 'running'], (await connectionStatus(client, token)).status)
  })

  test('the connection says where its import is: queued, running while Google is read, done', async ({ client, assert }) => {
    const { token, workspaceId, location, business } = await world(google)
    await connectThroughGoogle(client, google, token)
    assert.deepEqual(await connectionStatus(client, token), { status: 'queued', error: null })

    const seen: (string | null)[] = []
    class Watched extends BusinessProfile {
      async reviewPage(...args: Parameters<BusinessProfile['reviewPage']>) {
        seen.push((await GoogleConnection.findByOrFail('workspace_id', workspaceId)).importStatus)
        return super.reviewPage(...args)
      }
    }
    const job = await syncJob(google, google.config(), new Watched(google.config()))
    await runWaiting(job)
    assert.lengthOf(await imports(), 1)
    assert.equal((await connectionStatus(client, token)).status, 'running')
    await runWaiting(job)

    assert.deepEqual(seen, ['running'])
    assert.deepEqual(google.state.reviewCalls, [`/v4/${location}/reviews?pageSize=50`])
    assert.deepEqual(await connectionStatus(client, token), { status: 'done', error: null })
    assert.lengthOf(await db.from('google_reviews').where('business_id', business.id), 2)
  })

  test('an import Google refuses is failed with Google’s words; one it fails for now stays running until its last try', async ({
    client,
    assert,
  }) => {
    const { token } = await world(google)
    await connectThroughGoogle(client, google, token)
    const job = await syncJob(google)
    await runWaiting(job)
    const [first] = await imports()

    // Google unavailable, on a try that BullMQ will retry: still running, and nothing else.
    google.state.reviewFailures = [503]
    await assert.rejects(() => job.handle(first.data, { attemptsMade: 0, opts: { attempts: 5 } } as Job))
    assert.deepEqual(await connectionStatus(client, token), { status: 'running', error: null })
    // The same on its last try: failed, in Google's words.
    google.state.reviewFailures = [503]
    await assert.rejects(() => job.handle(first.data, { attemptsMade: 4, opts: { attempts: 5 } } as Job))
    const failed = await connectionStatus(client, token)
    assert.equal(failed.status, 'failed')
    assert.equal(failed.error, 'Google answered 503: The service is currently unavailable.')

    // Connected again: queued again; a refusal (not retried) fails it at once.
    await connectThroughGoogle(client, google, token)
    assert.deepEqual(await connectionStatus(client, token), { status: 'queued', error: null })
    await (await queue()).obliterate({ force: true })
    google.state.reviewFailures = [403]
    await assert.rejects(() => job.handle(first.data, { attemptsMade: 0, opts: { attempts: 5 } } as Job))
    const refused = await connectionStatus(client, token)
    assert.equal(refused.status, 'failed')
    assert.match(refused.error, /^Google answered 403: /)
  })

  test('a location linked to another business while its import runs stays due: its own import is still to come', async ({
    client,
    assert,
  }) => {
    const { token, user, location } = await world(google)
    const other = await BusinessFactory.merge({ userId: user.id }).create()
    await connectThroughGoogle(client, google, token)
    let relinked = false
    class Relinking extends BusinessProfile {
      async reviewPage(...args: Parameters<BusinessProfile['reviewPage']>) {
        if (!relinked) {
          relinked = true
          clock.travelTo(clock.now().plus({ seconds: 5 }))
          const moved = await client.put('/api/google/locations/link').bearerToken(token).json({ name: location, businessId: other.id })
          moved.assertStatus(200)
        }
        return super.reviewPage(...args)
      }
    }
    const job = await syncJob(google, google.config(), new Relinking(google.config()))
    await runWaiting(job)
    const [first] = await imports()
    await first.remove()
    await job.handle(first.data, first)

    assert.isTrue(relinked)
    const row = await GoogleLocation.findByOrFail('name', location)
    assert.equal(row.businessId, other.id)
    assert.isNotNull(row.importDueAt)
    assert.notEqual((await connectionStatus(client, token)).status, 'done')
    assert.deepEqual(
      (await imports()).map((queued) => queued.data),
      [{ locationId: row.id, full: true }]
    )
  })

  test('an import that finished a moment ago does not swallow the next one of the same location', async ({ client, assert }) => {
    const { token, workspaceId, business, location } = await world(google)
    await connectGoogle(workspaceId)
    ;(await client.get('/api/google/locations').bearerToken(token)).assertStatus(200)
    const link = (businessId: number | null) =>
      client.put('/api/google/locations/link').bearerToken(token).json({ name: location, businessId })
    ;(await link(null)).assertStatus(200)
    ;(await link(business.id)).assertStatus(200)
    assert.lengthOf(await imports(), 1)

    // A worker takes it and finishes it.
    const worker = new Worker(QueueName.GoogleReviewSync, null, {
      connection: { ...queueConfig.connection, maxRetriesPerRequest: null },
      prefix: queueConfig.prefix,
      autorun: false,
    })
    try {
      const lock = `lock-${randomBytes(4).toString('hex')}`
      const taken = await worker.getNextJob(lock, { block: false })
      assert.deepEqual(taken?.data, { locationId: (await GoogleLocation.findByOrFail('name', location)).id, full: true })
      await taken!.moveToCompleted({ requests: 1 }, lock, false)
    } finally {
      await worker.close()
    }
    assert.lengthOf(await imports(), 0)

    // Linked again within the same quarter hour: imported again.
    ;(await link(null)).assertStatus(200)
    ;(await link(business.id)).assertStatus(200)
    assert.lengthOf(await imports(), 1)
  })
})
