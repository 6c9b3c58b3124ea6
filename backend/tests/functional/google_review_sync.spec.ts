/*
 * The Google review sync (docs/decisions.md D44) against the loopback stand-in for Business Profile's v4 reviews:
 * the import with its pages, the incremental sync's stop, deletions, the Pub/Sub push, retries on 429 and 5xx through
 * a real BullMQ worker, and a connection Google stops accepting.
 */
import { test } from '@japa/runner'
import { Queue, Worker, type Job } from 'bullmq'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import Workspace from '#models/workspace'
import GoogleLocation from '#models/google_location'
import SyncGoogleReviews, { alertChanges } from '#actions/google/sync_google_reviews'
import GoogleReviewSyncJob from '#jobs/google_review_sync_job'
import GoogleRatingJob from '#jobs/google_rating_job'
import type { PlacesDirectory } from '#services/places/places_directory'
import { GOOGLE_GRANT_LOST, GoogleConnectionLost, ProfileAccess } from '#services/google/profile_access'
import { BusinessProfile } from '#services/google/business_profile'
import { RedisRequestPacer, unpaced } from '#services/google/request_pacer'
import { QueueService } from '#queue/queue_service'
import { DEFAULT_JOB_OPTIONS, QueueName } from '#queue/queues'
import queueConfig from '#config/queue'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { GoogleLocationFactory } from '#database/factories/index'
import { fileMailbox } from '#tests/helpers/mailbox'
import {
  connectGoogle,
  PUBSUB_TOKEN,
  PUBSUB_TOPIC,
  googleStub,
  stubReview,
  type GoogleStub,
  type StubReview,
} from '#tests/helpers/google_stub'

const LOCATION = 'accounts/101/locations/202'
const HINDI = 'खाना बहुत अच्छा था, सेवा थोड़ी धीमी। 🙏'
const TAMIL = 'சாப்பாடு மிகவும் நன்றாக இருந்தது, ஆனால் சேவை மெதுவாக இருந்தது.'

async function world(google: GoogleStub, reviews: StubReview[] = []) {
  const setup = await ownerWithBusiness()
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  const connection = await connectGoogle(workspaceId)
  const location = await GoogleLocationFactory.merge({ name: LOCATION, title: 'Sync Cafe', businessId: setup.business.id }).create()
  google.state.reviews[LOCATION] = reviews
  return { ...setup, workspaceId, connection, location }
}

/** n reviews, the newest change first in time order of their ids (r1 oldest). */
const many = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    stubReview(LOCATION, `r${i + 1}`, {
      createTime: new Date(Date.UTC(2026, 0, 1) + i * 3600_000).toISOString(),
      updateTime: new Date(Date.UTC(2026, 0, 1) + i * 3600_000).toISOString(),
    })
  )

const rows = () => db.from('google_reviews').where('review_name', 'like', `${LOCATION}/reviews/%`).orderBy('id')

test.group('Google review sync: import', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('pages through every review 50 at a time and keeps every field, Hindi and Tamil byte for byte', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const reviews = many(118)
    reviews[0] = stubReview(LOCATION, 'r1', {
      reviewer: { displayName: 'प्रिया शर्मा', profilePhotoUrl: 'https://lh3.googleusercontent.com/a/priya', isAnonymous: false },
      starRating: 'TWO',
      comment: HINDI,
      createTime: '2026-10-02T08:30:15.5Z',
      updateTime: '2026-10-03T09:45:20.25Z',
      reviewReply: { comment: 'நன்றி! 🙏 ' + TAMIL, updateTime: '2026-10-04T11:00:00Z' },
    })
    reviews[1] = stubReview(LOCATION, 'r2', {
      reviewer: { displayName: 'A Google user', isAnonymous: true },
      starRating: 'STAR_RATING_UNSPECIFIED',
      comment: undefined,
    })
    reviews[2] = stubReview(LOCATION, 'r3', { starRating: 'THREE', comment: TAMIL })
    const { business, location } = await world(google, reviews)
    google.state.ratings[LOCATION] = { averageRating: 4.36, totalReviewCount: 131 }

    const result = await new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced, mail.mailer)).handle({
      location,
      full: true,
    })

    assert.equal(result.requests, 3)
    assert.deepEqual(google.state.reviewCalls, [
      `/v4/${LOCATION}/reviews?pageSize=50`,
      `/v4/${LOCATION}/reviews?pageSize=50&pageToken=50`,
      `/v4/${LOCATION}/reviews?pageSize=50&pageToken=100`,
    ])
    assert.lengthOf(result.changes, 118)
    assert.isTrue(result.changes.every((change) => change.kind === 'new' && change.businessId === business.id))
    const stored = await rows()
    assert.lengthOf(stored, 118)
    const [first, anonymous, tamil] = stored
    assert.equal(first.review_name, `${LOCATION}/reviews/r1`)
    assert.equal(first.business_id, business.id)
    assert.equal(first.reviewer_name, 'प्रिया शर्मा')
    assert.equal(first.reviewer_photo_url, 'https://lh3.googleusercontent.com/a/priya')
    assert.equal(first.stars, 2)
    assert.isTrue(Buffer.from(first.comment, 'utf8').equals(Buffer.from(HINDI, 'utf8')))
    assert.equal(first.create_time.toISOString(), '2026-10-02T08:30:15.000Z')
    assert.equal(first.update_time.toISOString(), '2026-10-03T09:45:20.000Z')
    assert.isTrue(Buffer.from(first.reply_comment, 'utf8').equals(Buffer.from('நன்றி! 🙏 ' + TAMIL, 'utf8')))
    assert.equal(first.reply_update_time.toISOString(), '2026-10-04T11:00:00.000Z')
    assert.isNull(first.deleted_at)
    assert.equal(Boolean(anonymous.reviewer_anonymous), true)
    assert.equal(anonymous.stars, 0)
    assert.isNull(anonymous.comment)
    assert.isNull(anonymous.reply_comment)
    assert.isTrue(Buffer.from(tamil.comment, 'utf8').equals(Buffer.from(TAMIL, 'utf8')))
    // New and changed rated reviews are what an alert is about (each member's setting picks 1-3 stars or all); an
    // unspecified rating is not one of them.
    const due = alertChanges(result.changes).map((change) => change.reviewName)
    assert.includeMembers(due, [`${LOCATION}/reviews/r1`, `${LOCATION}/reviews/r3`])
    assert.notInclude(due, `${LOCATION}/reviews/r2`)
    // The linked business's rating point comes from the reviews answer.
    const businessRow = await db.from('businesses').where('id', business.id).first()
    assert.equal(Number(businessRow.rating), 4.4)
    assert.equal(businessRow.review_count, 131)
    assert.lengthOf(await db.from('google_rating_snapshots').where('business_id', business.id), 1)
    assert.isNotNull((await db.from('google_connections').where('workspace_id', location.workspaceId).first()).last_sync_at)

    // A second import changes nothing and stores nothing twice.
    const again = await new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced, mail.mailer)).handle({
      location,
      full: true,
    })
    assert.deepEqual(again.changes, [])
    assert.lengthOf(await rows(), 118)
    assert.deepEqual(await mail.read(), [])
  })

  test('a review Google no longer lists is marked deleted by the next full import, and comes back if it returns', async ({ assert }) => {
    const reviews = many(3)
    const { location } = await world(google, reviews)
    const sync = new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced))
    await sync.handle({ location, full: true })

    google.state.reviews[LOCATION] = [reviews[0], reviews[2]]
    const result = await sync.handle({ location, full: true })
    assert.deepEqual(
      result.changes.map((change) => [change.kind, change.reviewName]),
      [['deleted', `${LOCATION}/reviews/r2`]]
    )
    const stored = await rows()
    assert.deepEqual(
      stored.map((row) => [row.review_name.split('/').pop(), row.deleted_at === null]),
      [
        ['r1', true],
        ['r2', false],
        ['r3', true],
      ]
    )

    google.state.reviews[LOCATION] = reviews
    await sync.handle({ location, full: true })
    assert.isTrue((await rows()).every((row) => row.deleted_at === null))
  })

  test('the daily Place Details job leaves a linked business to the sync, until its connection breaks', async ({ assert }) => {
    const { business, connection } = await world(google)
    const asked: string[] = []
    const places = {
      ratingOf: async (placeId: string) => {
        asked.push(placeId)
        return { rating: 1.2, reviewCount: 7 }
      },
    } as unknown as PlacesDirectory
    await new GoogleRatingJob(places).handle()
    assert.notInclude(asked, business.placeId)
    assert.lengthOf(await db.from('google_rating_snapshots').where('business_id', business.id), 0)

    await db.from('google_connections').where('id', connection.id).update({ error: GOOGLE_GRANT_LOST })
    await new GoogleRatingJob(places).handle()
    assert.include(asked, business.placeId)
    assert.lengthOf(await db.from('google_rating_snapshots').where('business_id', business.id), 1)
  })

  test('an import that fails part way marks nothing deleted', async ({ assert }) => {
    const { location } = await world(google, many(120))
    const sync = new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced))
    await sync.handle({ location, full: true })
    google.state.reviews[LOCATION] = many(120).slice(10)
    google.state.reviewFailures = [0, 503]
    await assert.rejects(() => sync.handle({ location, full: true }), /503/)
    assert.isTrue((await rows()).every((row) => row.deleted_at === null))
  })
})

test.group('Google review sync: incremental', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('reads newest change first and stops at the first review it has unchanged', async ({ assert }) => {
    const reviews = many(120)
    const { location } = await world(google, reviews)
    const sync = new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced))
    await sync.handle({ location, full: true })
    google.state.reviewCalls = []

    // r5 edited to two stars, and a new one-star review.
    reviews[4] = { ...reviews[4], starRating: 'TWO', comment: 'Changed my mind', updateTime: '2026-11-20T10:00:00.5Z' }
    reviews.push(
      stubReview(LOCATION, 'new1', { starRating: 'ONE', updateTime: '2026-11-21T10:00:00Z', createTime: '2026-11-21T10:00:00Z' })
    )
    const result = await sync.handle({ location })

    assert.deepEqual(google.state.reviewCalls, [`/v4/${LOCATION}/reviews?pageSize=50&orderBy=updateTime+desc`])
    assert.deepEqual(
      result.changes.map((change) => [change.kind, change.reviewName.split('/').pop(), change.stars]),
      [
        ['new', 'new1', 1],
        ['changed', 'r5', 2],
      ]
    )
    assert.lengthOf(alertChanges(result.changes), 2)
    assert.lengthOf(await rows(), 121)
    const r5 = (await rows()).find((row) => row.review_name.endsWith('/r5'))
    assert.equal(r5.comment, 'Changed my mind')
    assert.equal(r5.stars, 2)

    // Nothing new: one page, nothing changed.
    google.state.reviewCalls = []
    const quiet = await sync.handle({ location })
    assert.equal(quiet.requests, 1)
    assert.deepEqual(quiet.changes, [])
  })

  test('more changes than a page: the next page is read until an unchanged review', async ({ assert }) => {
    const reviews = many(120)
    const { location } = await world(google, reviews)
    const sync = new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced))
    await sync.handle({ location, full: true })
    google.state.reviewCalls = []
    for (let i = 0; i < 70; i++) reviews[i] = { ...reviews[i], updateTime: new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString() }
    const result = await sync.handle({ location })
    assert.equal(result.requests, 2)
    assert.lengthOf(result.changes, 70)
    assert.isTrue(result.changes.every((change) => change.kind === 'changed'))
  })

  test('a reply alone is a "replied" change, not an alert', async ({ assert }) => {
    const reviews = many(2)
    const { location } = await world(google, reviews)
    const sync = new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced))
    await sync.handle({ location, full: true })
    reviews[1] = { ...reviews[1], starRating: 'ONE', reviewReply: { comment: 'Sorry!', updateTime: '2026-11-25T00:00:00Z' } }
    const result = await sync.handle({ location, full: true })
    assert.deepEqual(
      result.changes.map((change) => change.kind),
      ['changed']
    )
    reviews[0] = { ...reviews[0], reviewReply: { comment: 'Thanks', updateTime: '2026-11-25T00:00:00Z' } }
    const replied = await sync.handle({ location, full: true })
    assert.deepEqual(
      replied.changes.map((change) => change.kind),
      ['replied']
    )
    assert.deepEqual(alertChanges(replied.changes), [])
  })

  test('a location never imported gets a full import', async ({ assert }) => {
    const { location } = await world(google, many(3))
    const result = await new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced)).handle({ location })
    assert.deepEqual(google.state.reviewCalls, [`/v4/${LOCATION}/reviews?pageSize=50`])
    assert.lengthOf(result.changes, 3)
  })

  test('a new connection: its locations are read and linked by place id, and each linked one gets an import job', async ({ assert }) => {
    const { business, connection, workspaceId } = await world(google)
    await db.from('google_locations').where('workspace_id', workspaceId).delete()
    google.state.accounts = {
      101: [
        { id: '202', title: 'Sync Cafe', placeId: business.placeId },
        { id: '303', title: 'Elsewhere' },
      ],
    }
    const enqueued: unknown[] = []
    const job = new GoogleReviewSyncJob(new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced)), {
      enqueue: async (_name: unknown, payload: unknown) => {
        enqueued.push(payload)
        return true
      },
    } as any)
    const result = await job.handle({ connectionId: connection.id })
    const linked = await GoogleLocation.query().where('workspace_id', workspaceId).where('name', LOCATION).firstOrFail()
    assert.equal(linked.businessId, business.id)
    assert.equal(result.enqueued, 1)
    assert.deepEqual(enqueued, [{ locationId: linked.id, full: true }])
  })

  test('a new connection tells each of its accounts to publish review notifications to the Pub/Sub topic', async ({ assert }) => {
    const { business, connection, workspaceId } = await world(google)
    await db.from('google_locations').where('workspace_id', workspaceId).delete()
    google.state.accounts = { 101: [{ id: '202', title: 'Sync Cafe', placeId: business.placeId }], 404: [] }
    const connectedWith = (config: ReturnType<typeof google.config>) =>
      new GoogleReviewSyncJob(new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(config), unpaced)), {
        enqueue: async () => true,
      } as any)

    await connectedWith(google.config()).handle({ connectionId: connection.id })
    assert.deepEqual(google.state.notificationSettings, {
      'accounts/101': {
        name: 'accounts/101/notificationSetting',
        pubsubTopic: PUBSUB_TOPIC,
        notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW'],
      },
      'accounts/404': {
        name: 'accounts/404/notificationSetting',
        pubsubTopic: PUBSUB_TOPIC,
        notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW'],
      },
    })

    // Google refusing the topic (its publisher not allowed on it) does not stop the connection's import.
    google.state.notificationSettings = {}
    google.state.notificationFailure = 403
    const result = await connectedWith(google.config()).handle({ connectionId: connection.id })
    assert.equal(result.enqueued, 1)

    // Without a topic (or without the push address) nothing is registered.
    google.state.notificationFailure = 0
    await connectedWith({ ...google.config(), pubsubTopic: '' }).handle({ connectionId: connection.id })
    await connectedWith({ ...google.config(), pubsubToken: '' }).handle({ connectionId: connection.id })
    assert.deepEqual(google.state.notificationSettings, {})
  })

  test('the sweep gives every linked location of a working connection its own job', async ({ assert }) => {
    const { location, workspaceId } = await world(google)
    await GoogleLocationFactory.merge({ workspaceId, name: 'accounts/101/locations/999', title: 'Unlinked' }).create()
    const other = await world(google)
    await db.from('google_connections').where('id', other.connection.id).update({ error: GOOGLE_GRANT_LOST })
    const enqueued: unknown[] = []
    const job = new GoogleReviewSyncJob(new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced)), {
      enqueue: async (_name: unknown, payload: unknown) => {
        enqueued.push(payload)
        return true
      },
    } as any)
    const result = await job.handle({})
    assert.equal(result.enqueued, 1)
    assert.deepEqual(enqueued, [{ locationId: location.id }])
  })
})

test.group('Google review sync: push', (group) => {
  isolated(group)
  const google = googleStub(group)
  let queues: QueueService
  group.setup(async () => {
    queues = await app.container.make(QueueService)
  })
  group.each.setup(async () => {
    await queues.queue(QueueName.GoogleReviewSync).obliterate({ force: true })
  })

  const push = (notification: unknown, messageId = '1234567890') => ({
    message: {
      data: Buffer.from(JSON.stringify(notification)).toString('base64'),
      messageId,
      publishTime: '2026-11-28T10:00:00.000Z',
    },
    subscription: 'projects/reviewroute/subscriptions/business-profile',
  })
  const waiting = async () => (await queues.queue(QueueName.GoogleReviewSync).getJobs(['waiting', 'delayed'])).map((job) => job.data)

  test('a review notification is 204 and enqueues a job that reads the review from Google itself', async ({ client, assert }) => {
    const reviews = many(2)
    const { location } = await world(google, reviews)
    const reviewName = `${LOCATION}/reviews/pushed`
    google.state.reviews[LOCATION] = [...reviews, stubReview(LOCATION, 'pushed', { starRating: 'ONE', comment: HINDI })]

    // The payload's own fields are a hint only: a wrong star count in it changes nothing.
    const response = await client
      .post(`/api/webhooks/google/${PUBSUB_TOKEN}`)
      .json(push({ type: 'NEW_REVIEW', reviewName, locationName: LOCATION, starRating: 'FIVE' }))
    response.assertStatus(204)
    // Redelivered by Pub/Sub: the same job.
    await client.post(`/api/webhooks/google/${PUBSUB_TOKEN}`).json(push({ type: 'NEW_REVIEW', reviewName, locationName: LOCATION }))
    const jobs = await waiting()
    assert.deepEqual(jobs, [{ reviewName }])

    const job = new GoogleReviewSyncJob(new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced)), queues)
    const result = await job.handle(jobs[0])
    assert.deepEqual(google.state.reviewCalls, [`/v4/${reviewName}`])
    assert.deepEqual(
      result.changes.map((change) => [change.kind, change.stars]),
      [['new', 1]]
    )
    const row = await db.from('google_reviews').where('review_name', reviewName).first()
    assert.equal(row.business_id, location.businessId)
    assert.equal(row.comment, HINDI)

    // Google no longer has it: the single fetch's 404 marks it deleted.
    google.state.reviews[LOCATION] = reviews
    const gone = await job.handle({ reviewName })
    assert.deepEqual(
      gone.changes.map((change) => change.kind),
      ['deleted']
    )
    assert.isNotNull((await db.from('google_reviews').where('review_name', reviewName).first()).deleted_at)
  })

  test('the snake_case and short field names Google documents are read as well', async ({ client, assert }) => {
    await client
      .post(`/api/webhooks/google/${PUBSUB_TOKEN}`)
      .json(push({ type: 'UPDATED_REVIEW', review_name: `${LOCATION}/reviews/a` }, '1'))
      .then((response) => response.assertStatus(204))
    await client
      .post(`/api/webhooks/google/${PUBSUB_TOKEN}`)
      .json(push({ type: 'UPDATED_REVIEW', review: `${LOCATION}/reviews/b` }, '2'))
      .then((response) => response.assertStatus(204))
    assert.sameDeepMembers(await waiting(), [{ reviewName: `${LOCATION}/reviews/a` }, { reviewName: `${LOCATION}/reviews/b` }])
  })

  test('another notification type is 204 and enqueues nothing', async ({ client, assert }) => {
    const response = await client.post(`/api/webhooks/google/${PUBSUB_TOKEN}`).json(push({ type: 'GOOGLE_UPDATE', locationName: LOCATION }))
    response.assertStatus(204)
    assert.deepEqual(await waiting(), [])
  })

  test('an unknown token is 404', async ({ client, assert }) => {
    const body = push({ type: 'NEW_REVIEW', reviewName: `${LOCATION}/reviews/x` })
    for (const token of ['wrong-token', PUBSUB_TOKEN + 'x', 'a']) {
      const response = await client.post(`/api/webhooks/google/${token}`).json(body)
      response.assertStatus(404)
      assert.equal(response.body().error, 'Unknown webhook')
    }
    assert.deepEqual(await waiting(), [])
  })

  test('a body that is not a push message is a 400 with a sentence, and nothing is enqueued', async ({ client, assert }) => {
    const bad: unknown[] = [
      {},
      { message: 'x' },
      { message: { data: 'not base64 !!', messageId: '1' } },
      { message: { data: Buffer.from('not json').toString('base64'), messageId: '1' } },
      { message: { data: Buffer.from('[1,2]').toString('base64'), messageId: '1' } },
      { message: { data: Buffer.from(JSON.stringify({ type: 'NEW_REVIEW' })).toString('base64'), messageId: '1' } },
      push({ type: 'NEW_REVIEW', reviewName: 'accounts/1/locations/2' }),
      push({ type: 'NEW_REVIEW', reviewName: '../../etc/passwd' }),
      push({ type: 'NEW_REVIEW', reviewName: 42 }),
      { message: { data: Buffer.from(JSON.stringify({ type: 'NEW_REVIEW', reviewName: `${LOCATION}/reviews/x` })).toString('base64') } },
      [1],
    ]
    for (const body of bad) {
      const response = await client.post(`/api/webhooks/google/${PUBSUB_TOKEN}`).json(body as object)
      response.assertStatus(400)
      assert.isString(response.body().error, JSON.stringify(body))
    }
    assert.deepEqual(await waiting(), [])
  })
})

test.group('Google review sync: Google failing', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('429 and 5xx fail the job; BullMQ retries it with backoff and nothing is stored twice', async ({ assert }) => {
    const { location } = await world(google, many(75))
    // The first page of the first attempt is stored before its second page fails.
    google.state.reviewFailures = [0, 503, 429, 500]
    const prefix = `${queueConfig.prefix}-gsync-retry`
    const connection = { ...queueConfig.connection, maxRetriesPerRequest: null }
    const queue = new Queue(QueueName.GoogleReviewSync, { connection, prefix })
    const job = new GoogleReviewSyncJob(new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced)), {
      enqueue: async () => true,
    } as any)
    const attempts: number[] = []
    const worker = new Worker(
      QueueName.GoogleReviewSync,
      async (bullJob: Job) => {
        attempts.push(bullJob.attemptsMade + 1)
        return job.handle(bullJob.data)
      },
      { connection, prefix }
    )
    try {
      await queue.obliterate({ force: true })
      const done = new Promise<unknown>((resolve, reject) => {
        worker.on('completed', (_job, value) => resolve(value))
        worker.on('failed', (failed, error) => {
          if (failed && failed.attemptsMade >= (failed.opts.attempts ?? 1)) reject(error)
        })
      })
      await queue.add(
        QueueName.GoogleReviewSync,
        { locationId: location.id, full: true },
        { ...DEFAULT_JOB_OPTIONS, backoff: { type: 'exponential', delay: 50 } }
      )
      const value = (await done) as { changes: unknown[] }
      assert.deepEqual(attempts, [1, 2, 3, 4])
      assert.lengthOf(value.changes, 25)
      const stored = await rows()
      assert.lengthOf(stored, 75)
      assert.lengthOf(new Set(stored.map((row) => row.review_name)), 75)
    } finally {
      await worker.close()
      await queue.obliterate({ force: true })
      await queue.close()
    }
  }).timeout(20_000)

  test('a 401 with a fresh token twice marks the connection lost and mails its owner once', async ({ client, assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { location, token, user, connection } = await world(google, many(2))
    google.state.reviewFailures = [401, 401]
    const sync = new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced, mail.mailer))
    const job = new GoogleReviewSyncJob(sync, { enqueue: async () => true } as any)

    await assert.rejects(() => job.handle({ locationId: location.id }), GOOGLE_GRANT_LOST)
    await connection.refresh()
    assert.equal(connection.error, GOOGLE_GRANT_LOST)
    const sent = await mail.read()
    assert.lengthOf(sent, 1)
    assert.equal(sent[0].to, user.email)
    assert.equal(sent[0].kind, 'google-connection-lost')
    assert.include(sent[0].text, 'connects Google again')
    assert.lengthOf(await rows(), 0)

    const shown = await client.get('/api/google/connection').bearerToken(token)
    shown.assertStatus(200)
    assert.equal(shown.body().error, GOOGLE_GRANT_LOST)

    // The next runs skip the connection and tell nobody again.
    const skipped = await job.handle({ locationId: location.id })
    assert.equal(skipped.skipped, 'no working connection')
    assert.lengthOf(await mail.read(), 1)
  })

  test('a refresh token Google refuses (invalid_grant) marks the connection lost; two jobs failing together mail once', async ({
    assert,
    cleanup,
  }) => {
    const mail = await fileMailbox(cleanup)
    const { location } = await world(google, many(2))
    google.state.revoked.add('rt-stored-token')
    const sync = () => new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced, mail.mailer))
    const results = await Promise.allSettled([
      sync().handle({ location: await GoogleLocation.findOrFail(location.id), full: true }),
      sync().handle({ location: await GoogleLocation.findOrFail(location.id), full: true }),
    ])
    assert.isTrue(results.every((result) => result.status === 'rejected' && result.reason instanceof GoogleConnectionLost))
    assert.equal((await db.from('google_connections').where('workspace_id', location.workspaceId).first()).error, GOOGLE_GRANT_LOST)
    assert.lengthOf(await mail.read(), 1)
    assert.deepEqual(google.state.reviewCalls, [])
  })

  test('one 401 is a stale token: a new one is fetched and the sync goes on', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { location, connection } = await world(google, many(2))
    google.state.reviewFailures = [401]
    const result = await new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced, mail.mailer)).handle({
      location,
      full: true,
    })
    assert.lengthOf(result.changes, 2)
    await connection.refresh()
    assert.isNull(connection.error)
    assert.deepEqual(await mail.read(), [])
  })
})

test.group('Google review sync: the shared pace', () => {
  test('requests from every caller together are spaced to the configured rate', async ({ assert }) => {
    const key = `${queueConfig.prefix}:google-api-pace-test-${Date.now()}`
    // 600 a minute: one every 100 ms, whoever asks.
    const pacers = [new RedisRequestPacer(600, key), new RedisRequestPacer(600, key)]
    const started = Date.now()
    const times: number[] = []
    await Promise.all(Array.from({ length: 8 }, (_, i) => pacers[i % 2].acquire().then(() => times.push(Date.now() - started))))
    times.sort((a, b) => a - b)
    // 8 slots 100 ms apart: the last no earlier than 700 ms after the first.
    assert.isAtLeast(times[7] - times[0], 650)
    for (let i = 1; i < times.length; i++) assert.isAtLeast(times[i] - times[i - 1], 60)
  })
})
