/*
 * The Google reviews inbox (docs/decisions.md D45): the list with its filters and counts, who sees what, the figures,
 * and replies posted to and deleted from the loopback stand-in for Business Profile's v4 API, with Google refusing,
 * failing and no longer accepting the connection.
 */
import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import GoogleConnection from '#models/google_connection'
import { GOOGLE_GRANT_LOST, GOOGLE_UNAVAILABLE } from '#services/google/profile_access'
import { REVIEW_DELETED } from '#actions/google/reply_google_review'
import { REPLY_TOO_LONG } from '#contract/google_replies'
import { isolated } from '#tests/helpers/setup'
import { smtpMailbox } from '#tests/helpers/mailbox'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { googleStub, heldReview, type GoogleStub } from '#tests/helpers/google_stub'
import { ownedWorkspace, joined } from '#tests/helpers/workspaces'
import { BusinessFactory, GoogleConnectionFactory, GoogleReviewFactory } from '#database/factories/index'
import { clock } from '#lib/clock'

const LOCATION = 'accounts/7/locations/70'
const OTHER_LOCATION = 'accounts/7/locations/71'
const TAMIL_LETTER = 'க'

interface ReviewSpec {
  stars?: number
  comment?: string | null
  reviewer?: string | null
  /** Hours before 2026-11-20T12:00Z. */
  ageHours?: number
  reply?: string | null
  /** Hours after its creation the reply was last updated. */
  replyAfterHours?: number | null
  deleted?: boolean
}

const BASE = Date.UTC(2026, 10, 20, 12)

let seq = 0
/** A review stored here; with `google`, held by the stub too (so Google can answer a reply to it). */
async function seedReview(businessId: number, location: string, spec: ReviewSpec = {}, google?: GoogleStub) {
  const id = `rv${++seq}${randomBytes(3).toString('hex')}`
  const created = DateTime.fromMillis(BASE - (spec.ageHours ?? seq) * 3600_000)
  const fields = {
    businessId,
    reviewerName: spec.reviewer === undefined ? `Reviewer ${id}` : spec.reviewer,
    stars: spec.stars ?? 5,
    comment: spec.comment === undefined ? `Review ${id}` : spec.comment,
    createTime: created,
    replyComment: spec.reply ?? null,
    replyUpdateTime: spec.reply ? created.plus({ hours: spec.replyAfterHours ?? 1 }) : null,
    deletedAt: spec.deleted ? clock.now() : null,
  }
  const review = google
    ? await heldReview(google, location, id, fields)
    : await GoogleReviewFactory.merge({ reviewName: `${location}/reviews/${id}`, ...fields }).create()
  return { id: review.id, name: review.reviewName, reviewId: id }
}

/** A team workspace with two businesses, connected to Google, and its people in every role. */
async function world(google: GoogleStub) {
  const { owner, workspace } = await ownedWorkspace()
  const business = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id }).create()
  const second = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id }).create()
  const manager = await joined(workspace.id, 'manager')
  const viewer = await joined(workspace.id, 'viewer')
  const scoped = await joined(workspace.id, 'manager', [second.id])
  const connection = await GoogleConnectionFactory.merge({
    workspaceId: workspace.id,
    email: 'inbox@gmail.example',
    refreshTokenEncrypted: GoogleConnection.seal('rt-inbox-token'),
    connectedByUserId: owner.id,
  }).create()
  google.state.reviews[LOCATION] = []
  google.state.reviews[OTHER_LOCATION] = []
  return { workspace, business, second, owner, manager, viewer, scoped, connection }
}

type World = Awaited<ReturnType<typeof world>>

const replyable = (google: GoogleStub, businessId: number, spec: ReviewSpec = {}) => seedReview(businessId, LOCATION, spec, google)

const as = (request: ApiRequest, user: User, w: World) => request.loginAs(user).header('x-workspace-id', String(w.workspace.id))

const ids = (body: { id: number }[]) => body.map((row) => row.id)

const rowOf = (id: number) => db.from('google_reviews').where('id', id).first()

async function list(client: ApiClient, w: World, query: string, user: User = w.owner) {
  const response = await as(client.get(`/api/google-reviews?${query}`), user, w)
  response.assertStatus(200)
  return { ids: ids(response.body()), total: Number(response.header('x-total-count')), body: response.body() }
}

test.group('Google reviews inbox: the list', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('newest first, paged, with x-total-count, and every filter', async ({ client, assert }) => {
    const w = await world(google)
    const b = w.business.id
    const s = w.second.id
    const r1 = await seedReview(b, LOCATION, { stars: 1, ageHours: 1, comment: 'Cold food and slow service', reply: 'Sorry!' })
    const r2 = await seedReview(b, LOCATION, { stars: 2, ageHours: 2, comment: 'खाना ठंडा था', reviewer: 'Priya Sharma' })
    const r3 = await seedReview(b, LOCATION, { stars: 3, ageHours: 30, comment: null })
    const r4 = await seedReview(b, LOCATION, { stars: 4, ageHours: 50, comment: 'Good dosa', reply: 'Thank you' })
    const r5 = await seedReview(s, OTHER_LOCATION, { stars: 5, ageHours: 3, comment: 'Lovely COFFEE', deleted: true })
    const r6 = await seedReview(s, OTHER_LOCATION, { stars: 5, ageHours: 100, comment: 'Great 100% coffee' })
    // Another workspace's review, as new as any: never listed.
    const stranger = await ownerWithBusiness()
    const foreign = await seedReview(stranger.business.id, 'accounts/8/locations/80', { stars: 1, ageHours: 0 })

    const all = await list(client, w, '')
    assert.deepEqual(all.ids, [r1.id, r2.id, r5.id, r3.id, r4.id, r6.id])
    assert.equal(all.total, 6)
    assert.notInclude(all.ids, foreign.id)
    assert.deepEqual(all.body[0], {
      id: r1.id,
      businessId: b,
      reviewName: r1.name,
      reviewer: { name: `Reviewer ${r1.reviewId}`, photoUrl: null, anonymous: false },
      stars: 1,
      comment: 'Cold food and slow service',
      createTime: new Date(BASE - 3600_000).toISOString(),
      updateTime: new Date(BASE - 3600_000).toISOString(),
      reply: { comment: 'Sorry!', updateTime: new Date(BASE).toISOString() },
      deleted: false,
      pinned: false,
      hidden: false,
    })
    assert.isTrue(all.body.find((row: { id: number }) => row.id === r5.id).deleted)

    const page = await list(client, w, '_start=2&_end=4')
    assert.deepEqual(page.ids, [r5.id, r3.id])
    assert.equal(page.total, 6)

    assert.deepEqual((await list(client, w, `businessId=${s}`)).ids, [r5.id, r6.id])
    const fives = await list(client, w, 'stars=5')
    assert.deepEqual([fives.ids, fives.total], [[r5.id, r6.id], 2])
    const negative = await list(client, w, 'stars_lte=3')
    assert.deepEqual([negative.ids, negative.total], [[r1.id, r2.id, r3.id], 3])
    assert.deepEqual((await list(client, w, 'stars_gte=3&stars_lte=4')).ids, [r3.id, r4.id])
    const unreplied = await list(client, w, 'replied=false')
    assert.deepEqual([unreplied.ids, unreplied.total], [[r2.id, r5.id, r3.id, r6.id], 4])
    assert.deepEqual((await list(client, w, 'replied=true')).ids, [r1.id, r4.id])
    assert.deepEqual((await list(client, w, `replied=false&businessId=${b}&stars_lte=3`)).ids, [r2.id, r3.id])
    // Words in the comment, any case, or in the reviewer's name; % is a character, not a wildcard.
    assert.deepEqual((await list(client, w, 'q=coffee')).ids, [r5.id, r6.id])
    assert.deepEqual((await list(client, w, `q=${encodeURIComponent('ठंडा')}`)).ids, [r2.id])
    assert.deepEqual((await list(client, w, 'q=priya')).ids, [r2.id])
    assert.deepEqual((await list(client, w, `q=${encodeURIComponent('100%')}`)).ids, [r6.id])
    // Times: ISO instants, and bare IST days (the _lte one takes the whole day).
    const since = new Date(BASE - 40 * 3600_000).toISOString()
    assert.deepEqual((await list(client, w, `createTime_gte=${since}`)).ids, [r1.id, r2.id, r5.id, r3.id])
    assert.deepEqual((await list(client, w, 'createTime_gte=2026-11-17&createTime_lte=2026-11-18')).ids, [r4.id])
    assert.deepEqual((await list(client, w, '_sort=stars&_order=asc&stars_gte=4')).ids, [r4.id, r6.id, r5.id])

    for (const bad of ['stars=five', 'replied=maybe', 'createTime_gte=2026-02-30', 'comment=x', '_sort=reviewName']) {
      const response = await as(client.get(`/api/google-reviews?${bad}`), w.owner, w)
      response.assertStatus(422)
    }
  })

  test('a manager limited to one business sees only its reviews; another workspace is a 404', async ({ client, assert }) => {
    const w = await world(google)
    const mine = await seedReview(w.second.id, OTHER_LOCATION, { stars: 2 })
    const outside = await seedReview(w.business.id, LOCATION, { stars: 1 })
    const stranger = await ownerWithBusiness()
    const foreign = await seedReview(stranger.business.id, 'accounts/8/locations/80')

    const scoped = await list(client, w, '', w.scoped)
    assert.deepEqual([scoped.ids, scoped.total], [[mine.id], 1])
    assert.deepEqual((await list(client, w, `businessId=${w.business.id}`, w.scoped)).ids, [])
    ;(await as(client.get(`/api/google-reviews/${mine.id}`), w.scoped, w)).assertStatus(200)
    const hidden = await as(client.get(`/api/google-reviews/${outside.id}`), w.scoped, w)
    hidden.assertStatus(404)
    assert.equal(hidden.body().error, 'Google review not found')
    ;(await as(client.get(`/api/google-reviews/${foreign.id}`), w.owner, w)).assertStatus(404)
    ;(await client.get(`/api/google-reviews/${mine.id}`).bearerToken(stranger.token)).assertStatus(404)
    const theirs = await client.get('/api/google-reviews').bearerToken(stranger.token)
    assert.deepEqual(ids(theirs.body()), [foreign.id])

    // A viewer reads everything of the workspace.
    const viewer = await list(client, w, '', w.viewer)
    assert.sameMembers(viewer.ids, [mine.id, outside.id])
    const shown = await as(client.get(`/api/google-reviews/${outside.id}`), w.viewer, w)
    shown.assertStatus(200)
    assert.equal(shown.body().reviewName, outside.name)
  })
})

test.group('Google reviews inbox: the figures', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('counts, average, stars, answers, the median response time and what is unanswered', async ({ client, assert }) => {
    const w = await world(google)
    const b = w.business.id
    await seedReview(b, LOCATION, { stars: 5, ageHours: 10, reply: 'Thanks', replyAfterHours: 2 })
    await seedReview(b, LOCATION, { stars: 4, ageHours: 11, reply: 'Thanks', replyAfterHours: 10 })
    await seedReview(b, LOCATION, { stars: 1, ageHours: 12, reply: 'Sorry', replyAfterHours: 4 })
    await seedReview(b, LOCATION, { stars: 2, ageHours: 13, reply: 'Sorry', replyAfterHours: 30 })
    await seedReview(b, LOCATION, { stars: 1, ageHours: 14 })
    await seedReview(b, LOCATION, { stars: 3, ageHours: 15 })
    await seedReview(b, LOCATION, { stars: 5, ageHours: 16 })
    // Google did not say how many stars: counted, but in no star and not in the average.
    await seedReview(b, LOCATION, { stars: 0, ageHours: 17 })
    // Deleted on Google: left out of everything.
    await seedReview(b, LOCATION, { stars: 1, ageHours: 18, deleted: true })
    await seedReview(b, LOCATION, { stars: 5, ageHours: 19, deleted: true, reply: 'Thanks', replyAfterHours: 1 })
    // The other business: a 2-star answered after 1 hour, five days ago.
    await seedReview(w.second.id, OTHER_LOCATION, { stars: 2, ageHours: 120, reply: 'Sorry', replyAfterHours: 1 })
    const stranger = await ownerWithBusiness()
    await seedReview(stranger.business.id, 'accounts/8/locations/80', { stars: 1 })

    const stats = async (query: string, user: User = w.owner) => {
      const response = await as(client.get(`/api/google-reviews/stats?${query}`), user, w)
      response.assertStatus(200)
      return response.body()
    }

    // Replied after 2, 10, 4 and 30 hours: the median is (4 + 10) / 2 = 7.
    assert.deepEqual(await stats(`businessId=${b}`), {
      total: 8,
      averageRating: 3,
      byStars: { 1: 2, 2: 1, 3: 1, 4: 1, 5: 2 },
      replied: 4,
      responseRate: 0.5,
      medianResponseHours: 7,
      unanswered: 4,
      unansweredNegative: 2,
    })
    // Every business: one more review, replied after an hour (2, 4, 10, 30, 1 → 4).
    const all = await stats('')
    assert.deepEqual([all.total, all.replied, all.medianResponseHours, all.byStars['2']], [9, 5, 4, 2])
    assert.equal(all.averageRating, 2.88)
    assert.closeTo(all.responseRate, 5 / 9, 0.0001)
    // A period of IST days: 2026-11-20 IST runs from 2026-11-19T18:30Z; the other business's review is before it.
    const today = await stats('from=2026-11-20&to=2026-11-20')
    assert.equal(today.total, 8)
    assert.deepEqual((await stats('from=2026-11-15&to=2026-11-15')).total, 1)
    // The scoped manager sees only the second business.
    assert.equal((await stats('', w.scoped)).total, 1)
    ;(await as(client.get(`/api/google-reviews/stats?businessId=${b}`), w.scoped, w)).assertStatus(404)
    ;(await as(client.get(`/api/google-reviews/stats?businessId=${stranger.business.id}`), w.owner, w)).assertStatus(404)
    for (const bad of ['from=2026-02-30', 'from=yesterday', 'from=2026-11-20&to=2026-11-19', 'businessId=x']) {
      ;(await as(client.get(`/api/google-reviews/stats?${bad}`), w.owner, w)).assertStatus(422)
    }

    assert.deepEqual(await stats('from=2020-01-01&to=2020-01-31'), {
      total: 0,
      averageRating: null,
      byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      replied: 0,
      responseRate: null,
      medianResponseHours: null,
      unanswered: 0,
      unansweredNegative: 0,
    })
  })
})

test.group('Google reviews inbox: replies', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('a reply is posted to Google and stored as Google answered it, in Tamil byte for byte', async ({ client, assert }) => {
    const w = await world(google)
    const review = await replyable(google, w.business.id, { stars: 2 })
    const text = 'மன்னிக்கவும்! அடுத்த முறை சிறப்பாக செய்வோம். 🙏'

    const response = await as(client.put(`/api/google-reviews/${review.id}/reply`), w.manager, w).json({ comment: `  ${text} ` })

    response.assertStatus(200)
    assert.deepEqual(google.state.replyCalls, [{ method: 'PUT', review: review.name, comment: text }])
    const stored = google.state.reviews[LOCATION][0].reviewReply!
    assert.equal(response.body().reply.comment, text)
    assert.equal(response.body().reply.updateTime, new Date(stored.updateTime).toISOString())
    assert.equal(response.body().id, review.id)
    const row = await rowOf(review.id)
    assert.isTrue(Buffer.from(row.reply_comment, 'utf8').equals(Buffer.from(text, 'utf8')))
    assert.isNotNull(row.reply_update_time)
    const activity = await db.from('workspace_activity').where('workspace_id', w.workspace.id).where('action', 'google_review.replied')
    assert.lengthOf(activity, 1)
    assert.equal(activity[0].user_id, w.manager.id)

    // Replacing it is the same call; the log says it was changed.
    ;(await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: 'Thank you' })).assertStatus(200)
    assert.equal((await rowOf(review.id)).reply_comment, 'Thank you')
    const log = await as(client.get(`/api/workspaces/${w.workspace.id}/activity`), w.owner, w)
    assert.include(
      log.body().map((line: { summary: string }) => line.summary),
      'changed the reply to a 2-star Google review'
    )
  })

  test('4096 UTF-8 bytes at most: 1365 Tamil letters go, 1366 do not (and Google is not asked)', async ({ client, assert }) => {
    const w = await world(google)
    const review = await replyable(google, w.business.id)
    assert.equal(Buffer.byteLength(TAMIL_LETTER.repeat(1366)), 4098)

    const long = await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: TAMIL_LETTER.repeat(1366) })
    long.assertStatus(422)
    assert.equal(long.body().error, REPLY_TOO_LONG)
    assert.deepEqual(google.state.replyCalls, [])
    assert.isNull((await rowOf(review.id)).reply_comment)

    for (const comment of ['', '   ', null, 42]) {
      ;(await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment })).assertStatus(422)
    }
    assert.deepEqual(google.state.replyCalls, [])

    const fits = await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: TAMIL_LETTER.repeat(1365) })
    fits.assertStatus(200)
    assert.equal((await rowOf(review.id)).reply_comment, TAMIL_LETTER.repeat(1365))
  })

  test("Google's refusal is a 422 with Google's sentence, its failures a 503, and nothing changes", async ({ client, assert }) => {
    const w = await world(google)
    const review = await replyable(google, w.business.id, { reply: 'Old reply' })
    const before = await rowOf(review.id)
    const put = () => as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: 'New reply' })

    google.state.reviewFailures = [400]
    const refused = await put()
    refused.assertStatus(422)
    assert.equal(refused.body().error, 'Request contains an invalid argument.')

    for (const status of [503, 500, 429]) {
      google.state.reviewFailures = [status]
      const failed = await put()
      failed.assertStatus(503)
      assert.isString(failed.body().error)
      if (status !== 429) assert.equal(failed.body().error, GOOGLE_UNAVAILABLE)
    }
    google.state.reviewFailures = [503]
    ;(await as(client.delete(`/api/google-reviews/${review.id}/reply`), w.owner, w)).assertStatus(503)

    assert.deepEqual(await rowOf(review.id), before)
    assert.lengthOf(google.state.replyCalls, 5)
    const activity = await db.from('workspace_activity').where('workspace_id', w.workspace.id).where('action', 'like', 'google_review.%')
    assert.lengthOf(activity, 0)
    assert.equal(google.state.reviews[LOCATION][0].reviewReply, undefined)
  })

  test('deleting the reply: deleted on Google, then here (204)', async ({ client, assert }) => {
    const w = await world(google)
    const review = await replyable(google, w.business.id, { reply: 'Thanks!' })
    google.state.reviews[LOCATION][0].reviewReply = { comment: 'Thanks!', updateTime: '2026-11-20T12:00:00Z' }

    const response = await as(client.delete(`/api/google-reviews/${review.id}/reply`), w.manager, w)

    response.assertStatus(204)
    assert.deepEqual(google.state.replyCalls, [{ method: 'DELETE', review: review.name }])
    assert.isUndefined(google.state.reviews[LOCATION][0].reviewReply)
    const row = await rowOf(review.id)
    assert.isNull(row.reply_comment)
    assert.isNull(row.reply_update_time)
    const shown = await as(client.get(`/api/google-reviews/${review.id}`), w.owner, w)
    assert.isNull(shown.body().reply)
    assert.lengthOf(
      await db.from('workspace_activity').where('action', 'google_review.reply_deleted').where('workspace_id', w.workspace.id),
      1
    )
  })

  test('viewers may not answer (403); outside the scope or another workspace is a 404; Google is not asked', async ({ client, assert }) => {
    const w = await world(google)
    const review = await replyable(google, w.business.id)
    const stranger = await ownerWithBusiness()

    for (const method of ['put', 'delete'] as const) {
      const viewer = await as(client[method](`/api/google-reviews/${review.id}/reply`), w.viewer, w).json({ comment: 'Hi' })
      viewer.assertStatus(403)
      assert.equal(viewer.body().error, 'Your role in this workspace can only view. Ask a workspace owner to make you a manager.')
      ;(await as(client[method](`/api/google-reviews/${review.id}/reply`), w.scoped, w).json({ comment: 'Hi' })).assertStatus(404)
      ;(await client[method](`/api/google-reviews/${review.id}/reply`).bearerToken(stranger.token).json({ comment: 'Hi' })).assertStatus(
        404
      )
    }
    assert.deepEqual(google.state.replyCalls, [])
    assert.isNull((await rowOf(review.id)).reply_comment)

    // The scoped manager answers inside their business.
    const theirs = await replyable(google, w.second.id)
    ;(await as(client.put(`/api/google-reviews/${theirs.id}/reply`), w.scoped, w).json({ comment: 'Thanks' })).assertStatus(200)
  })

  test('a deleted review cannot be answered; a connection Google refuses is marked lost (409)', async ({ client, assert, cleanup }) => {
    const mailbox = await smtpMailbox(cleanup)
    const w = await world(google)
    const gone = await replyable(google, w.business.id, { deleted: true })
    const deleted = await as(client.put(`/api/google-reviews/${gone.id}/reply`), w.owner, w).json({ comment: 'Hello' })
    deleted.assertStatus(409)
    assert.equal(deleted.body().error, REVIEW_DELETED)

    const review = await replyable(google, w.business.id)
    // The access token is refused, and so is the next one.
    google.state.reviewFailures = [401, 401]
    const lost = await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: 'Hello' })
    lost.assertStatus(409)
    assert.equal(lost.body().error, GOOGLE_GRANT_LOST)
    await w.connection.refresh()
    assert.equal(w.connection.error, GOOGLE_GRANT_LOST)
    assert.isNull((await rowOf(review.id)).reply_comment)
    // Its owner and manager are told once, as when the sync finds it lost.
    const lostMail = await mailbox.waitFor(2)
    const told = lostMail.map((sent) => sent.to)
    assert.includeMembers(told, [w.owner.email, w.manager.email])
    assert.notInclude(told, w.viewer.email)
    assert.isTrue(lostMail.every((sent) => sent.kind === 'google-connection-lost'))
    // Until it is connected again, nothing is sent.
    ;(await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: 'Hello' })).assertStatus(409)
    assert.lengthOf(google.state.replyCalls, 2)

    // A refresh token Google no longer accepts is the same 409.
    await db.from('google_connections').where('id', w.connection.id).update({ error: null })
    google.state.revoked.add('rt-inbox-token')
    ;(await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: 'Hello' })).assertStatus(409)
    await w.connection.refresh()
    assert.equal(w.connection.error, GOOGLE_GRANT_LOST)

    // Not connected at all.
    await db.from('google_connections').where('id', w.connection.id).delete()
    const none = await as(client.put(`/api/google-reviews/${review.id}/reply`), w.owner, w).json({ comment: 'Hello' })
    none.assertStatus(409)
    assert.equal(none.body().error, 'Connect a Google account first.')
    // Told once per loss: the first loss and the refused refresh token, nothing for the replies in between.
    assert.lengthOf(mailbox.received, told.length * 2)
  })
})
