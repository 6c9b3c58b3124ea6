/*
 * AI reply drafts (docs/decisions.md D46): `POST /api/google-reviews/{id}/draft` against a loopback
 * OpenAI-compatible Chat Completions API. What the model is told, what comes back (at most 600 characters),
 * the API failing, the hourly limit per workspace, and who may ask.
 */
import { test } from '@japa/runner'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import User from '#models/user'
import Workspace from '#models/workspace'
import type GoogleReview from '#models/google_review'
import { ReplyWriter, clipDraft, DRAFT_UNAVAILABLE } from '#services/ai/reply_writer'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { AI_KEY, AI_MODEL, aiStub } from '#tests/helpers/ai_stub'
import { joined } from '#tests/helpers/workspaces'
import { BusinessFactory, GoogleReviewFactory } from '#database/factories/index'
import { clock } from '#lib/clock'

const TAMIL_REVIEW = 'சாப்பாடு மிகவும் நன்றாக இருந்தது, ஆனால் காத்திருப்பு நீண்டது.'

async function workspace() {
  const setup = await ownerWithBusiness({ business: { name: 'Annapoorna Mess' } })
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  const member = async (role: 'manager' | 'viewer', businessIds: number[] | null = null) => {
    const user = await joined(workspaceId, role, businessIds)
    return { token: (await User.accessTokens.create(user)).value!.release(), workspace: String(workspaceId) }
  }
  return { ...setup, workspaceId, member }
}

/** A Google review of the business, as the review sync stores it. */
async function googleReview(businessId: number, fields: Partial<ModelAttributes<GoogleReview>> = {}) {
  const review = await GoogleReviewFactory.merge({
    businessId,
    reviewerName: 'Meena Krishnan',
    stars: 4,
    comment: TAMIL_REVIEW,
    ...fields,
  }).create()
  return review.id
}

/** 900 characters: six sentences of 150. */
const LONG_ANSWER = Array.from({ length: 6 }, (_, index) => `Sentence ${index + 1} ${'x'.repeat(139)}.`).join(' ')

test.group('Reply drafts', (group) => {
  isolated(group)
  const ai = aiStub(group)

  test('the model is asked for a reply in the review language, with the tone, to the reviewer, offering nothing', async ({
    client,
    assert,
  }) => {
    const { token, business } = await workspace()
    const id = await googleReview(business.id)
    ai.state.content = 'மீனா அவர்களே, உங்கள் அன்பான வார்த்தைகளுக்கு நன்றி!'

    const response = await client.post(`/api/google-reviews/${id}/draft`).bearerToken(token).json({ tone: 'formal' })
    response.assertStatus(200)
    assert.deepEqual(response.body(), { draft: 'மீனா அவர்களே, உங்கள் அன்பான வார்த்தைகளுக்கு நன்றி!' })

    const [call] = ai.calls()
    assert.lengthOf(ai.calls(), 1)
    assert.equal(call.path, '/v1/chat/completions')
    assert.equal(call.authorization, `Bearer ${AI_KEY}`)
    assert.equal(call.body.model, AI_MODEL)
    const [system, user] = call.body.messages
    assert.equal(system.role, 'system')
    assert.equal(user.role, 'user')
    // The review itself, its stars and its reviewer.
    assert.include(user.content, TAMIL_REVIEW)
    assert.include(user.content, 'Stars: 4 of 5')
    assert.include(system.content, 'Meena Krishnan')
    assert.include(system.content, 'Annapoorna Mess')
    // The language, by the review's script.
    assert.include(system.content, 'Reply in the language of the review')
    assert.include(system.content, 'Tamil')
    // The tone, the incentives rule and the length.
    assert.include(system.content, 'formal')
    for (const word of ['discounts', 'refunds', 'gifts', 'free items']) assert.include(system.content, word)
    assert.include(system.content, 'At most 600 characters')
    // Nothing stored: the review has no reply.
    const row = await db.from('google_reviews').where('id', id).first()
    assert.isNull(row.reply_comment)
  })

  test('the tone defaults to warm; an anonymous reviewer is not named; a rating alone is answered in English', async ({
    client,
    assert,
  }) => {
    const { token, business } = await workspace()
    const id = await googleReview(business.id, { reviewerAnonymous: true, reviewerName: 'A Google user', comment: null, stars: 5 })
    const response = await client.post(`/api/google-reviews/${id}/draft`).bearerToken(token).json({})
    response.assertStatus(200)
    const [system, user] = ai.calls()[0].body.messages
    assert.include(system.content, 'Warm and friendly')
    assert.notInclude(system.content + user.content, 'A Google user')
    assert.include(system.content, 'reply in English')
    assert.include(user.content, '(no text)')

    const hindi = await googleReview(business.id, { comment: 'खाना बहुत अच्छा था' })
    await client.post(`/api/google-reviews/${hindi}/draft`).bearerToken(token).json({ tone: 'brief' })
    const [hindiSystem] = ai.calls()[1].body.messages
    assert.include(hindiSystem.content, 'Devanagari')
    assert.include(hindiSystem.content, 'Brief')
  })

  test('a 900-character answer is cut to at most 600, after a whole sentence', async ({ client, assert }) => {
    const { token, business } = await workspace()
    const id = await googleReview(business.id)
    ai.state.content = LONG_ANSWER
    const response = await client.post(`/api/google-reviews/${id}/draft`).bearerToken(token).json({ tone: 'warm' })
    response.assertStatus(200)
    const { draft } = response.body()
    assert.isAtMost(draft.length, 600)
    // Four sentences of 150 and the three spaces between them: 603 > 600, so three.
    assert.equal(draft, LONG_ANSWER.split(' ').slice(0, 9).join(' '))
    assert.isTrue(draft.endsWith('.'))
  })

  test('clipping: sentences in Indian scripts, words when a sentence would leave too little, quotes taken off', ({ assert }) => {
    const hindi = 'धन्यवाद। '.repeat(80)
    const clipped = clipDraft(hindi)
    assert.isAtMost(clipped.length, 600)
    assert.isTrue(clipped.endsWith('।'))
    assert.isAbove(clipped.length, 590)

    const words = 'word '.repeat(200)
    const cut = clipDraft(words)
    assert.isAtMost(cut.length, 600)
    assert.match(cut, /word…$/)

    const run = 'x'.repeat(1000)
    assert.equal(clipDraft(run).length, 600)
    assert.equal(clipDraft('"Thank you, Meena!"'), 'Thank you, Meena!')
    assert.equal(clipDraft('  Short.  '), 'Short.')
    assert.equal(clipDraft('y'.repeat(600)), 'y'.repeat(600))
  })

  test('without AI_API_KEY drafting is a 404 (the dashboard hides the button) and nothing is called', async ({ client, assert }) => {
    const { token, business } = await workspace()
    const id = await googleReview(business.id)
    app.container.swap(ReplyWriter, () => new ReplyWriter({ apiKey: '', baseUrl: `${ai.server.url}/v1`, model: AI_MODEL, timeoutMs: 2000 }))
    try {
      const response = await client.post(`/api/google-reviews/${id}/draft`).bearerToken(token).json({ tone: 'warm' })
      response.assertStatus(404)
      assert.equal(response.body().error, 'AI drafts are not set up on this server.')
    } finally {
      app.container.swap(
        ReplyWriter,
        () => new ReplyWriter({ apiKey: AI_KEY, baseUrl: `${ai.server.url}/v1`, model: AI_MODEL, timeoutMs: 2000 })
      )
    }
    assert.lengthOf(ai.calls(), 0)
  })

  test('the API failing, timing out or answering nothing is a 503 with a sentence, and the turn is given back', async ({
    client,
    assert,
  }) => {
    const { token, business } = await workspace()
    const id = await googleReview(business.id)
    const draft = () => client.post(`/api/google-reviews/${id}/draft`).bearerToken(token).json({ tone: 'warm' })

    for (const status of [500, 429, 401]) {
      ai.state.failWith = status
      const response = await draft()
      response.assertStatus(503)
      assert.equal(response.body().error, DRAFT_UNAVAILABLE)
    }
    ai.state.failWith = 0
    ai.state.content = '   '
    ;(await draft()).assertStatus(503)
    ai.state.content = 'Thank you!'
    ai.state.delayMs = 2500
    const slow = await draft()
    slow.assertStatus(503)
    assert.equal(slow.body().error, DRAFT_UNAVAILABLE)
    ai.state.delayMs = 0

    // None of the five failures counted against the hour's 30.
    for (let index = 0; index < 30; index++) (await draft()).assertStatus(200)
    const row = await db.from('google_reviews').where('id', id).first()
    assert.isNull(row.reply_comment)
  }).timeout(20_000)

  test("30 drafts an hour per workspace: the 31st is a 429 that says so; another workspace's count is its own", async ({
    client,
    assert,
  }) => {
    const { token, business, member } = await workspace()
    const manager = await member('manager')
    const first = await googleReview(business.id)
    const second = await googleReview(business.id)
    for (let index = 0; index < 30; index++) {
      // Owner and manager, both reviews: the count is the workspace's.
      const response =
        index % 2
          ? await client.post(`/api/google-reviews/${first}/draft`).bearerToken(token).json({})
          : await client
              .post(`/api/google-reviews/${second}/draft`)
              .bearerToken(manager.token)
              .header('x-workspace-id', manager.workspace)
              .json({})
      assert.equal(response.status(), 200, `draft ${index + 1}`)
    }
    const refused = await client.post(`/api/google-reviews/${first}/draft`).bearerToken(token).json({})
    refused.assertStatus(429)
    assert.match(refused.body().error, /^This workspace has written 30 AI drafts in the last hour/)
    assert.isAbove(Number(refused.header('retry-after')), 0)
    assert.lengthOf(ai.calls(), 30)

    const other = await workspace()
    const theirs = await googleReview(other.business.id)
    ;(await client.post(`/api/google-reviews/${theirs}/draft`).bearerToken(other.token).json({})).assertStatus(200)
  }).timeout(20_000)

  test("viewers get 403; another workspace's review and one outside a limited manager's scope are 404s", async ({ client, assert }) => {
    const { token, business, member, user } = await workspace()
    const elsewhere = await BusinessFactory.merge({ userId: user.id }).create()
    const viewer = await member('viewer')
    const scoped = await member('manager', [elsewhere.id])
    const id = await googleReview(business.id)
    const stranger = await ownerWithBusiness()

    const asViewer = await client
      .post(`/api/google-reviews/${id}/draft`)
      .bearerToken(viewer.token)
      .header('x-workspace-id', viewer.workspace)
      .json({})
    asViewer.assertStatus(403)
    assert.isString(asViewer.body().error)
    const asScoped = await client
      .post(`/api/google-reviews/${id}/draft`)
      .bearerToken(scoped.token)
      .header('x-workspace-id', scoped.workspace)
      .json({})
    asScoped.assertStatus(404)
    assert.equal(asScoped.body().error, 'Review not found')
    const asStranger = await client.post(`/api/google-reviews/${id}/draft`).bearerToken(stranger.token).json({})
    asStranger.assertStatus(404)
    assert.equal(asStranger.body().error, 'Review not found')
    ;(await client.post('/api/google-reviews/999999999/draft').bearerToken(token).json({})).assertStatus(404)
    assert.lengthOf(ai.calls(), 0)

    // The scoped manager drafts for the business they see.
    const theirs = await googleReview(elsewhere.id)
    const allowed = await client
      .post(`/api/google-reviews/${theirs}/draft`)
      .bearerToken(scoped.token)
      .header('x-workspace-id', scoped.workspace)
      .json({})
    allowed.assertStatus(200)
  })

  test('an unknown tone is a 422; a review gone from Google is a 409; neither calls the model', async ({ client, assert }) => {
    const { token, business } = await workspace()
    const id = await googleReview(business.id)
    const bad = await client.post(`/api/google-reviews/${id}/draft`).bearerToken(token).json({ tone: 'sarcastic' })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'tone')
    const gone = await googleReview(business.id, { deletedAt: clock.now() })
    const refused = await client.post(`/api/google-reviews/${gone}/draft`).bearerToken(token).json({})
    refused.assertStatus(409)
    assert.lengthOf(ai.calls(), 0)
  })
})
