/*
 * Auto-reply rules (docs/decisions.md D48): the setting (off by default, owners only, 4-5 stars only), and the sweep
 * posting a rotating template through the loopback stand-in for Business Profile under 4- and 5-star reviews still
 * unanswered after the delay and written after the rule was turned on, logged as done by "Auto-reply".
 */
import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import { randomBytes } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import ReplyTemplate from '#models/reply_template'
import AutoReplyGoogleReviews from '#actions/google/auto_reply_google_reviews'
import { isolated } from '#tests/helpers/setup'
import { googleStub, heldReview, type GoogleStub } from '#tests/helpers/google_stub'
import { ownedWorkspace, joined } from '#tests/helpers/workspaces'
import { clock } from '#lib/clock'
import { BusinessFactory, GoogleConnectionFactory } from '#database/factories/index'

const LOCATION = 'accounts/9/locations/90'
const HOUR = 3600_000

async function world(google: GoogleStub) {
  const { owner, workspace } = await ownedWorkspace()
  const business = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id, name: 'Anand Bhavan' }).create()
  const manager = await joined(workspace.id, 'manager')
  const viewer = await joined(workspace.id, 'viewer')
  await GoogleConnectionFactory.merge({ workspaceId: workspace.id, email: 'auto@gmail.example', connectedByUserId: owner.id }).create()
  google.state.reviews[LOCATION] = []
  return { workspace, business, owner, manager, viewer }
}

type World = Awaited<ReturnType<typeof world>>

const as = (request: ApiRequest, user: User, w: World) => request.loginAs(user).header('x-workspace-id', String(w.workspace.id))

interface Spec {
  stars?: number
  /** Hours before now. */
  ageHours: number
  comment?: string
  reviewer?: string | null
  reply?: string
}

/** A review stored here and held by the stub, so Google can take a reply to it. */
async function review(google: GoogleStub, w: World, spec: Spec) {
  const id = `ar${randomBytes(4).toString('hex')}`
  const created = clock.now().minus({ hours: spec.ageHours })
  const held = await heldReview(google, LOCATION, id, {
    businessId: w.business.id,
    reviewerName: spec.reviewer === undefined ? `Reviewer ${id}` : spec.reviewer,
    stars: spec.stars ?? 5,
    comment: spec.comment ?? 'Great food',
    createTime: created,
    replyComment: spec.reply ?? null,
    replyUpdateTime: spec.reply ? created : null,
  })
  return { id: held.id, name: held.reviewName, reviewer: `Reviewer ${id}` }
}

const template = (w: World, name: string, body: string, stars: number[], language = 'en') =>
  ReplyTemplate.create({ workspaceId: w.workspace.id, name, body, stars, language })

/** Turns the rule on as the owner, then dates the switch `hoursAgo` back (reviews seeded in the past count). */
async function turnOn(client: { put: (url: string) => ApiRequest }, w: World, body: object = {}, hoursAgo = 10) {
  const response = await as(client.put('/api/google/auto-reply'), w.owner, w).json({ enabled: true, delayHours: 2, stars: [4, 5], ...body })
  response.assertStatus(200)
  await db
    .from('workspaces')
    .where('id', w.workspace.id)
    .update({ auto_reply_enabled_at: new Date(Date.now() - hoursAgo * HOUR) })
  return response
}

const sweep = async () => (await app.container.make(AutoReplyGoogleReviews)).handle()

const autoActivity = (w: World) =>
  db.from('workspace_activity').where('workspace_id', w.workspace.id).where('action', 'google_review.replied').orderBy('id')

test.group('Google auto-reply: the setting', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('off by default; every member reads it; only owners change it; stars outside 4-5 are a 422', async ({ client, assert }) => {
    const w = await world(google)
    for (const user of [w.owner, w.manager, w.viewer]) {
      const shown = await as(client.get('/api/google/auto-reply'), user, w)
      shown.assertStatus(200)
      assert.deepEqual(shown.body(), { enabled: false, delayHours: 2, stars: [4, 5] })
    }
    for (const user of [w.manager, w.viewer]) {
      const denied = await as(client.put('/api/google/auto-reply'), user, w).json({ enabled: true, delayHours: 2, stars: [5] })
      denied.assertStatus(403)
    }
    for (const bad of [
      { enabled: true, delayHours: 2, stars: [3, 4, 5] },
      { enabled: true, delayHours: 2, stars: [1] },
      { enabled: true, delayHours: 2, stars: [] },
      { enabled: true, delayHours: 0, stars: [5] },
      { enabled: true, delayHours: 73, stars: [5] },
      { enabled: true, delayHours: 2.5, stars: [5] },
      { enabled: 'yes', delayHours: 2, stars: [5] },
      { delayHours: 2, stars: [5] },
    ]) {
      ;(await as(client.put('/api/google/auto-reply'), w.owner, w).json(bad)).assertStatus(422)
    }
    const row = await db.from('workspaces').where('id', w.workspace.id).first()
    assert.deepEqual([Boolean(row.auto_reply_enabled), row.auto_reply_delay_hours, row.auto_reply_enabled_at], [false, 2, null])

    const saved = await as(client.put('/api/google/auto-reply'), w.owner, w).json({ enabled: true, delayHours: 24, stars: [5] })
    saved.assertStatus(200)
    assert.deepEqual(saved.body(), { enabled: true, delayHours: 24, stars: [5] })
    assert.deepEqual((await as(client.get('/api/google/auto-reply'), w.viewer, w)).body(), { enabled: true, delayHours: 24, stars: [5] })
    const on = await db.from('workspaces').where('id', w.workspace.id).first()
    assert.isNotNull(on.auto_reply_enabled_at)
    assert.isBelow(Math.abs(new Date(on.auto_reply_enabled_at).getTime() - Date.now()), 5 * 60_000)
  })
})

test.group('Google auto-reply: the sweep', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('off by default, nothing is posted', async ({ assert }) => {
    const w = await world(google)
    await template(w, 'Thanks', 'Thank you, {reviewer}!', [4, 5])
    await review(google, w, { stars: 5, ageHours: 5 })
    assert.equal((await sweep()).posted, 0)
    assert.deepEqual(google.state.replyCalls, [])
    assert.lengthOf(await autoActivity(w), 0)
  })

  test('on: only a 4-5 star review older than the delay, written after the switch, unanswered, gets the filled-in template', async ({
    client,
    assert,
  }) => {
    const w = await world(google)
    const thanks = await template(w, 'Thanks', 'Thank you, {reviewer}! See you again at {business}.', [4, 5])
    await template(w, 'Sorry', 'Sorry, {reviewer}.', [1, 2, 3])
    await turnOn(client, w)
    const due = await review(google, w, { stars: 5, ageHours: 3 })
    const low = await review(google, w, { stars: 2, ageHours: 3 })
    const young = await review(google, w, { stars: 5, ageHours: 1 })
    const before = await review(google, w, { stars: 4, ageHours: 12 })
    const answered = await review(google, w, { stars: 4, ageHours: 3, reply: 'Already thanked' })

    assert.equal((await sweep()).posted, 1)
    const text = `Thank you, ${due.reviewer}! See you again at Anand Bhavan.`
    assert.deepEqual(google.state.replyCalls, [{ method: 'PUT', review: due.name, comment: text }])
    const rows = await db.from('google_reviews').whereIn('id', [due.id, low.id, young.id, before.id, answered.id]).orderBy('id')
    assert.deepEqual(
      rows.map((row) => row.reply_comment),
      [text, null, null, null, 'Already thanked']
    )
    const activity = await autoActivity(w)
    assert.lengthOf(activity, 1)
    assert.isNull(activity[0].user_id)
    const details = typeof activity[0].details === 'string' ? JSON.parse(activity[0].details) : activity[0].details
    assert.deepInclude(details, { reviewId: due.id, stars: 5, by: 'Auto-reply', templateId: thanks.id })

    // The next sweep posts nothing more.
    assert.equal((await sweep()).posted, 0)
    assert.lengthOf(google.state.replyCalls, 1)
  })

  test('templates rotate over reviews, the review language first; no template for the stars or 5 only: nothing', async ({
    client,
    assert,
  }) => {
    const w = await world(google)
    await template(w, 'A', 'Thanks A, {reviewer}', [5])
    await template(w, 'B', 'Thanks B, {reviewer}', [5])
    await template(w, 'Hindi', 'धन्यवाद {reviewer}', [5], 'hi')
    await turnOn(client, w, { stars: [5] })
    const first = await review(google, w, { stars: 5, ageHours: 4 })
    const second = await review(google, w, { stars: 5, ageHours: 3 })
    const hindi = await review(google, w, { stars: 5, ageHours: 3, comment: 'खाना बहुत अच्छा था', reviewer: null })
    await review(google, w, { stars: 4, ageHours: 3 })

    assert.equal((await sweep()).posted, 3)
    const comments = new Map(google.state.replyCalls.map((call) => [call.review, call.comment]))
    assert.equal(comments.size, 3)
    const latin = [comments.get(first.name), comments.get(second.name)]
    assert.sameMembers(
      latin.map((comment) => String(comment).slice(0, 8)),
      ['Thanks A', 'Thanks B']
    )
    assert.equal(comments.get(hindi.name), 'धन्यवाद there')
  })

  test('a review another worker claimed is left alone; Google failing leaves it for the next sweep', async ({ client, assert }) => {
    const w = await world(google)
    await template(w, 'Thanks', 'Thank you!', [4, 5])
    await turnOn(client, w)
    const claimed = await review(google, w, { stars: 5, ageHours: 3 })
    await db.from('google_reviews').where('id', claimed.id).update({ auto_reply_claimed_at: new Date() })
    const failing = await review(google, w, { stars: 4, ageHours: 3 })

    google.state.reviewFailures = [503]
    assert.deepEqual(await sweep(), { posted: 0, failed: 1 })
    let row = await db.from('google_reviews').where('id', failing.id).first()
    assert.deepEqual([row.reply_comment, row.auto_reply_claimed_at, row.auto_reply_attempts], [null, null, 1])
    assert.lengthOf(await autoActivity(w), 0)

    assert.deepEqual(await sweep(), { posted: 1, failed: 0 })
    row = await db.from('google_reviews').where('id', failing.id).first()
    assert.equal(row.reply_comment, 'Thank you!')
    assert.deepEqual(
      google.state.replyCalls.map((call) => call.review),
      [failing.name, failing.name]
    )
    assert.isNull((await db.from('google_reviews').where('id', claimed.id).first()).reply_comment)
  })
})
