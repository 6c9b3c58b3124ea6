/*
 * What a reply to a Google review may say (docs/product-rules.md#google-reviews, docs/decisions.md D58): reply
 * templates and replies posted from the inbox refuse control and text-direction characters (NUL, BEL, the
 * right-to-left override) with a sentence and change nothing, line breaks stay allowed; auto-reply never posts a
 * template stored with them, nor a reviewer's name carrying them. And the auto-reply setting's refusals are sentences.
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
import { ownedWorkspace } from '#tests/helpers/workspaces'
import { clock } from '#lib/clock'
import { BusinessFactory, GoogleConnectionFactory } from '#database/factories/index'

const LOCATION = 'accounts/5/locations/55'
const HOUR = 3600_000
/** NUL, BEL and the right-to-left override, each in a text that reads fine otherwise. */
const CONTROLLED = ['Thank you\u0000, {reviewer}!', 'Thank you\u0007 {reviewer}!', 'Thank you, \u202e{reviewer}!']
const CONTROL_SENTENCE = /control or text-direction characters/

async function world(google: GoogleStub) {
  const { owner, workspace } = await ownedWorkspace()
  const business = await BusinessFactory.merge({ userId: owner.id, workspaceId: workspace.id, name: 'Sagar Ratna' }).create()
  await GoogleConnectionFactory.merge({ workspaceId: workspace.id, email: 'text@gmail.example', connectedByUserId: owner.id }).create()
  google.state.reviews[LOCATION] = []
  return { workspace, business, owner }
}

type World = Awaited<ReturnType<typeof world>>

const as = (request: ApiRequest, user: User, w: World) => request.loginAs(user).header('x-workspace-id', String(w.workspace.id))

/** A review stored here and held by the stub, so Google can take a reply to it. */
async function review(google: GoogleStub, w: World, spec: { stars?: number; reviewer?: string; ageHours?: number } = {}) {
  const id = `tx${randomBytes(4).toString('hex')}`
  const held = await heldReview(google, LOCATION, id, {
    businessId: w.business.id,
    reviewerName: spec.reviewer ?? `Reviewer ${id}`,
    stars: spec.stars ?? 5,
    comment: 'Great dosa',
    createTime: clock.now().minus({ hours: spec.ageHours ?? 5 }),
  })
  return { id: held.id, name: held.reviewName }
}

const templates = (w: World) => db.from('reply_templates').where('workspace_id', w.workspace.id).orderBy('id').select('name', 'body')

test.group('Google replies: control characters', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('reply templates refuse NUL, BEL and the right-to-left override in the name or the text; line breaks stay allowed', async ({
    client,
    assert,
  }) => {
    const w = await world(google)
    const fields = { name: 'Five stars', body: 'Thank you, {reviewer}!', stars: [5], language: 'en' }
    for (const body of CONTROLLED) {
      const refused = await as(client.post('/api/reply-templates'), w.owner, w).json({ ...fields, body })
      refused.assertStatus(422)
      assert.match(refused.body().error, CONTROL_SENTENCE)
      assert.deepEqual(refused.body().errors[0].field, 'body')
    }
    for (const name of ['Five\u0007 stars', '\u202eFive stars', 'Five\u0000']) {
      const refused = await as(client.post('/api/reply-templates'), w.owner, w).json({ ...fields, name })
      refused.assertStatus(422)
      assert.match(refused.body().error, CONTROL_SENTENCE)
    }
    assert.deepEqual(await templates(w), [])

    const multiline = 'Thank you, {reviewer}!\n\nSee you again at {business}.'
    const created = await as(client.post('/api/reply-templates'), w.owner, w).json({ ...fields, body: multiline })
    created.assertStatus(201)
    for (const body of CONTROLLED) {
      const refused = await as(client.patch(`/api/reply-templates/${created.body().id}`), w.owner, w).json({ body })
      refused.assertStatus(422)
      assert.match(refused.body().error, CONTROL_SENTENCE)
    }
    assert.deepEqual(await templates(w), [{ name: 'Five stars', body: multiline }])
  })

  test('a reply with control characters is a 422 and Google is not called; a reply of several lines is posted', async ({
    client,
    assert,
  }) => {
    const w = await world(google)
    const seeded = await review(google, w)
    for (const comment of ['Thank you\u0000', 'Thank you\u0007', '\u202eThank you', 'Thanks\u0085 a lot']) {
      const refused = await as(client.put(`/api/google-reviews/${seeded.id}/reply`), w.owner, w).json({ comment })
      refused.assertStatus(422)
      assert.match(refused.body().error, CONTROL_SENTENCE)
    }
    assert.deepEqual(google.state.replyCalls, [])
    assert.isNull((await db.from('google_reviews').where('id', seeded.id).first()).reply_comment)

    const posted = await as(client.put(`/api/google-reviews/${seeded.id}/reply`), w.owner, w).json({ comment: 'Thank you!\nSee you soon.' })
    posted.assertStatus(200)
    assert.equal(posted.body().reply.comment, 'Thank you!\nSee you soon.')
  })

  test('auto-reply never posts a template stored with control characters, nor a reviewer name’s', async ({ client, assert }) => {
    const w = await world(google)
    // Stored before replies were checked: straight in the table.
    await ReplyTemplate.create({
      workspaceId: w.workspace.id,
      name: 'Old',
      body: 'Thanks \u202e{reviewer}\u0007',
      stars: [5],
      language: 'en',
    })
    await ReplyTemplate.create({ workspaceId: w.workspace.id, name: 'Four', body: 'Thank you, {reviewer}!', stars: [4], language: 'en' })
    const five = await review(google, w, { stars: 5 })
    const four = await review(google, w, { stars: 4, reviewer: '\u202eRavi\u0000 Kumar' })
    const on = await as(client.put('/api/google/auto-reply'), w.owner, w).json({ enabled: true, delayHours: 2, stars: [4, 5] })
    on.assertStatus(200)
    await db
      .from('workspaces')
      .where('id', w.workspace.id)
      .update({ auto_reply_enabled_at: new Date(Date.now() - 10 * HOUR) })

    const result = await (await app.container.make(AutoReplyGoogleReviews)).handle()

    assert.equal(result.posted, 1)
    assert.deepEqual(
      google.state.replyCalls.map((call) => [call.review, call.comment]),
      [[four.name, 'Thank you, Ravi Kumar!']]
    )
    assert.isNull((await db.from('google_reviews').where('id', five.id).first()).reply_comment)
    const posted = google.state.replyCalls.map((call) => String(call.comment ?? '')).join('')
    // eslint-disable-next-line no-control-regex
    assert.notMatch(posted, /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
  })
})

test.group('Google auto-reply: refusals in words', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('stars other than 4 and 5, and a delay outside 1-72 hours, are refused with a sentence', async ({ client, assert }) => {
    const w = await world(google)
    for (const stars of [[3], [1, 5], ['5'], [4, 4]]) {
      const refused = await as(client.put('/api/google/auto-reply'), w.owner, w).json({ enabled: true, delayHours: 2, stars })
      refused.assertStatus(422)
      const error: string = refused.body().error
      assert.notMatch(error, /undefined|The 0 field|The \d+ field/)
      assert.match(error, /4 and 5 stars/)
    }
    for (const delayHours of [0, 73, 2.5]) {
      const refused = await as(client.put('/api/google/auto-reply'), w.owner, w).json({ enabled: true, delayHours, stars: [5] })
      refused.assertStatus(422)
      assert.match(refused.body().error, /1 to 72 hours/)
    }
  })
})
