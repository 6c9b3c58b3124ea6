/*
 * The one way to call Business Profile with a workspace's connection (app/services/google/profile_access.ts), against
 * the loopback stand-in the other Google specs use: a 401 is tried once more with a refreshed token; a second 401, or
 * a refresh token Google refuses, marks the connection lost and mails its owner once, however many callers find it.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import GoogleConnection from '#models/google_connection'
import { BusinessProfile } from '#services/google/business_profile'
import { GOOGLE_GRANT_LOST, GoogleConnectionLost, ProfileAccess } from '#services/google/profile_access'
import type { Pacer } from '#services/google/request_pacer'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { fileMailbox } from '#tests/helpers/mailbox'
import { connectGoogle, googleStub, stubReview, type GoogleStub } from '#tests/helpers/google_stub'

const LOCATION = 'accounts/301/locations/402'
const REVIEW = `${LOCATION}/reviews/r1`

async function world(google: GoogleStub) {
  const setup = await ownerWithBusiness()
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  const connection = await connectGoogle(workspaceId)
  google.state.reviews[LOCATION] = [stubReview(LOCATION, 'r1')]
  return { ...setup, connection }
}

/** A pacer that lets every call go and counts them. */
function countingPacer() {
  const pacer = { slots: 0, acquire: async () => void pacer.slots++ } satisfies Pacer & { slots: number }
  return pacer
}

const stored = async (connection: GoogleConnection) => db.from('google_connections').where('id', connection.id).first()

test.group('Google profile access', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('a 401 with a stored token before its time: a new token, once, and the call goes on', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { connection } = await world(google)
    // A token Google no longer takes though it has an hour left.
    connection.accessTokenEncrypted = GoogleConnection.seal('at-stale')
    connection.accessTokenExpiresAt = DateTime.now().plus({ hours: 1 })
    await connection.save()
    const pacer = countingPacer()
    const access = new ProfileAccess(new BusinessProfile(google.config()), pacer, mail.mailer)

    const tokens: string[] = []
    const review = await access.call(connection, (token) => {
      tokens.push(token)
      return access.google.review(token, REVIEW)
    })

    assert.equal(review?.name, REVIEW)
    assert.lengthOf(tokens, 2)
    assert.equal(tokens[0], 'at-stale')
    assert.notEqual(tokens[1], 'at-stale')
    assert.isTrue(google.state.accessTokens.has(tokens[1]))
    assert.equal(pacer.slots, 2, 'each try waits for its turn of the pace')
    const row = await stored(connection)
    assert.isNull(row.error)
    assert.equal((await GoogleConnection.findOrFail(connection.id)).accessToken(), tokens[1])
    assert.deepEqual(await mail.read(), [])

    // The new token is kept: the next call uses it without asking Google for another.
    const again: string[] = []
    await access.call(connection, (token) => {
      again.push(token)
      return access.google.review(token, REVIEW)
    })
    assert.deepEqual(again, [tokens[1]])
  })

  test('a second 401 marks the connection lost and mails its owner once, with two callers failing together', async ({
    assert,
    cleanup,
  }) => {
    const mail = await fileMailbox(cleanup)
    const { connection, user } = await world(google)
    google.state.reviewFailures = [401, 401, 401, 401]
    const call = async () => {
      const access = new ProfileAccess(new BusinessProfile(google.config()), countingPacer(), mail.mailer)
      const own = await GoogleConnection.findOrFail(connection.id)
      return access.call(own, (token) => access.google.review(token, REVIEW))
    }

    const results = await Promise.allSettled([call(), call()])

    assert.isTrue(results.every((result) => result.status === 'rejected' && result.reason instanceof GoogleConnectionLost))
    // Each tried twice, no more; a caller whose second try found the connection already lost by the other stops
    // before it (its refreshed token is not stored).
    assert.include([3, 4], google.state.reviewCalls.length)
    const row = await stored(connection)
    assert.equal(row.error, GOOGLE_GRANT_LOST)
    assert.isNull(row.access_token_encrypted)
    const sent = await mail.read()
    assert.lengthOf(sent, 1)
    assert.equal(sent[0].to, user.email)
    assert.equal(sent[0].kind, 'google-connection-lost')
  })

  test('a refresh token Google refuses marks the connection lost, mails once, and Google is not called', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { connection } = await world(google)
    google.state.revoked.add('rt-stored-token')
    const access = new ProfileAccess(new BusinessProfile(google.config()), countingPacer(), mail.mailer)

    await assert.rejects(() => access.call(connection, (token) => access.google.review(token, REVIEW)), GOOGLE_GRANT_LOST)

    assert.equal((await stored(connection)).error, GOOGLE_GRANT_LOST)
    assert.deepEqual(google.state.reviewCalls, [])
    assert.lengthOf(await mail.read(), 1)
  })

  test("Google's other answers pass as they are: the connection stays working and nobody is mailed", async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { connection } = await world(google)
    google.state.reviewFailures = [503]
    const access = new ProfileAccess(new BusinessProfile(google.config()), countingPacer(), mail.mailer)

    await assert.rejects(() => access.call(connection, (token) => access.google.review(token, REVIEW)), /503/)

    assert.lengthOf(google.state.reviewCalls, 1)
    assert.isNull((await stored(connection)).error)
    assert.deepEqual(await mail.read(), [])
  })
})
