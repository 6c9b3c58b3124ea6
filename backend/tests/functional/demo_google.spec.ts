/*
 * Google without credentials, and the demo Business Profile of a development machine (docs/decisions.md D59): the
 * connection's answer says whether this server can connect Google at all; the demo owner's seeded connection has
 * reviews in several languages, answers replies here only and never calls Google (the loopback stub counts calls).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import GoogleReview from '#models/google_review'
import DemoOwnerSeeder, { DEMO_OWNER } from '#database/seeders/demo_owner_seeder'
import SyncGoogleReviews from '#actions/google/sync_google_reviews'
import { BusinessProfile } from '#services/google/business_profile'
import { ProfileAccess } from '#services/google/profile_access'
import { DEMO_GOOGLE_REVIEWS } from '#database/data/demo_google_reviews'
import { isolated } from '#tests/helpers/setup'
import { googleStub } from '#tests/helpers/google_stub'
import { ownerWithBusiness } from '#tests/helpers/owners'

const unpaced = { acquire: async () => {} }

async function seedDemo() {
  await new DemoOwnerSeeder(db.connection()).run()
  const owner = await User.findByOrFail('email', DEMO_OWNER.email)
  const token = (await User.accessTokens.create(owner)).value!.release()
  return { owner, token }
}

test.group('GET /api/google/connection without Google credentials', (group) => {
  isolated(group)

  test('says Google is not configured on this server, before anyone clicks Connect', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    const response = await client.get('/api/google/connection').bearerToken(token)
    response.assertStatus(200)
    assert.containsSubset(response.body(), { connected: false, configured: false, demo: false })
  })
})

test.group('The demo Business Profile', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('a configured server says so, and a real connection is not a demo', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    const response = await client.get('/api/google/connection').bearerToken(token)
    assert.containsSubset(response.body(), { connected: false, configured: true, demo: false })
  })

  test('the seeder connects the demo owner to a demo profile with reviews in several languages, once', async ({ client, assert }) => {
    const { owner, token } = await seedDemo()
    await new DemoOwnerSeeder(db.connection()).run()

    const connection = await client.get('/api/google/connection').bearerToken(token)
    connection.assertStatus(200)
    assert.containsSubset(connection.body(), { connected: true, demo: true, locations: 1, error: null })

    const reviews = await client.get('/api/google-reviews?_start=0&_end=50').bearerToken(token)
    reviews.assertStatus(200)
    assert.lengthOf(reviews.body(), DEMO_GOOGLE_REVIEWS.length)
    const scripts = { hi: /[\u0900-\u097F]/, ta: /[\u0B80-\u0BFF]/, bn: /[\u0980-\u09FF]/, en: /^[\x20-\x7E]+$/ }
    for (const [language, script] of Object.entries(scripts))
      assert.isTrue(
        reviews.body().some((review: { comment: string | null }) => review.comment && script.test(review.comment)),
        `a review in ${language}`
      )
    // The second run added nothing.
    assert.lengthOf(await GoogleConnection.query().where('workspace_id', (await GoogleLocation.firstOrFail()).workspaceId), 1)
    assert.lengthOf(
      await GoogleReview.query().where('business_id', (await GoogleLocation.firstOrFail()).businessId!),
      DEMO_GOOGLE_REVIEWS.length
    )
    assert.equal(owner.email, DEMO_OWNER.email)

    // Its locations are the seeded ones, read without Google.
    const locations = await client.get('/api/google/locations').bearerToken(token)
    locations.assertStatus(200)
    assert.lengthOf(locations.body(), 1)
    assert.isNotNull(locations.body()[0].businessId)
    assert.lengthOf(google.server.requests, 0)
  })

  test('a reply to a demo review is stored here, said to be a demo, and never sent to Google', async ({ client, assert }) => {
    const { token } = await seedDemo()
    const review = await GoogleReview.query().whereNull('reply_comment').orderBy('id').firstOrFail()

    const posted = await client.put(`/api/google-reviews/${review.id}/reply`).bearerToken(token).json({ comment: 'धन्यवाद! फिर आइए।' })
    posted.assertStatus(200)
    assert.equal(posted.body().reply.comment, 'धन्यवाद! फिर आइए।')
    await review.refresh()
    assert.equal(review.replyComment, 'धन्यवाद! फिर आइए।')
    const activity = await db.from('workspace_activity').where('action', 'google_review.replied').orderBy('id', 'desc').first()
    assert.include(JSON.stringify(activity.details), '"demo":true')

    const deleted = await client.delete(`/api/google-reviews/${review.id}/reply`).bearerToken(token)
    deleted.assertStatus(204)
    await review.refresh()
    assert.isNull(review.replyComment)
    assert.lengthOf(google.server.requests, 0)
  })

  test('the review sync skips a demo connection instead of asking Google (and never marks it lost)', async ({ assert }) => {
    await seedDemo()
    const location = await GoogleLocation.firstOrFail()
    const result = await new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced)).handle({ location })
    assert.equal(result.requests, 0)
    assert.equal(result.skipped, 'demo connection')
    const connection = await GoogleConnection.findByOrFail('workspace_id', location.workspaceId)
    assert.isNull(connection.error)
    assert.lengthOf(google.server.requests, 0)
  })
})
