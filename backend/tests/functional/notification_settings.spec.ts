/*
 * The owner's notification settings (docs/decisions.md D30, D47 for Google reviews): read, change one or more, refuse
 * anything outside the contract, and keep each owner's settings their own; where each kind of alert goes (D68); the
 * alert language and which Google reviews alert (D71).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'

const SIGNED_OUT = 'You must be signed in to do that.'
const DEFAULTS = { feedbackAlerts: 'instant', weeklySummary: true, googleReviewAlerts: 'instant' }

/** The three settings of an answer, without its alert channels and quiet hours (tested on their own). */
const withoutChannels = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body).filter(([key]) => !['channels', 'whatsapp', 'quietHours', 'alertLanguage', 'googleReviewAlertStars'].includes(key))
  )

const storedSettings = async (userId: number) => {
  const row = await db.from('users').where('id', userId).select('feedback_alerts', 'weekly_summary', 'google_review_alerts').firstOrFail()
  return { feedbackAlerts: row.feedback_alerts, weeklySummary: Boolean(row.weekly_summary), googleReviewAlerts: row.google_review_alerts }
}

test.group('GET /api/notification-settings', (group) => {
  isolated(group)

  test('a new owner has instant alerts and the weekly summary on', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()

    const response = await client.get('/api/notification-settings').bearerToken(token)

    response.assertStatus(200)
    assert.deepEqual(withoutChannels(response.body()), DEFAULTS)
  })

  test('without a token it is 401', async ({ client, assert }) => {
    const response = await client.get('/api/notification-settings')

    response.assertStatus(401)
    assert.equal(response.body().error, SIGNED_OUT)
  })
})

test.group('PATCH /api/notification-settings', (group) => {
  isolated(group)

  test('changes both settings, and a later read answers the same', async ({ client, assert }) => {
    const { user, token } = await ownerWithBusiness()

    const response = await client
      .patch('/api/notification-settings')
      .json({ feedbackAlerts: 'daily', weeklySummary: false, googleReviewAlerts: 'instant' })
      .bearerToken(token)

    response.assertStatus(200)
    assert.deepEqual(withoutChannels(response.body()), { feedbackAlerts: 'daily', weeklySummary: false, googleReviewAlerts: 'instant' })
    assert.deepEqual(await storedSettings(user.id), { feedbackAlerts: 'daily', weeklySummary: false, googleReviewAlerts: 'instant' })
    const read = await client.get('/api/notification-settings').bearerToken(token)
    assert.deepEqual(withoutChannels(read.body()), { feedbackAlerts: 'daily', weeklySummary: false, googleReviewAlerts: 'instant' })
  })

  test('a refused value is named in plain words', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()

    const response = await client.patch('/api/notification-settings').json({ feedbackAlerts: 'hourly' }).bearerToken(token)

    response.assertStatus(422)
    assert.deepEqual(response.body().errors, [
      { field: 'feedbackAlerts', message: 'The feedback alerts field must be one of: instant,daily,off' },
    ])
  })

  test('Google review alerts change on their own, to each of the three choices', async ({ client, assert }) => {
    const { user, token } = await ownerWithBusiness()

    for (const value of ['daily', 'off', 'instant']) {
      const response = await client.patch('/api/notification-settings').json({ googleReviewAlerts: value }).bearerToken(token)

      response.assertStatus(200)
      assert.deepEqual(withoutChannels(response.body()), { ...DEFAULTS, googleReviewAlerts: value })
      assert.deepEqual(await storedSettings(user.id), { ...DEFAULTS, googleReviewAlerts: value })
    }
    await client.patch('/api/notification-settings').json({ googleReviewAlerts: 'off' }).bearerToken(token)
    const read = await client.get('/api/notification-settings').bearerToken(token)
    assert.deepEqual(withoutChannels(read.body()), { ...DEFAULTS, googleReviewAlerts: 'off' })
  })

  test('an unknown Google review alert mode is named in plain words', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()

    const response = await client.patch('/api/notification-settings').json({ googleReviewAlerts: 'weekly' }).bearerToken(token)

    response.assertStatus(422)
    assert.deepEqual(response.body().errors, [
      { field: 'googleReviewAlerts', message: 'The Google review alerts field must be one of: instant,daily,off' },
    ])
  })

  test('a setting left out stays as it was', async ({ client, assert }) => {
    const { user, token } = await ownerWithBusiness()
    await client.patch('/api/notification-settings').json({ weeklySummary: false }).bearerToken(token)

    const response = await client.patch('/api/notification-settings').json({ feedbackAlerts: 'off' }).bearerToken(token)

    response.assertStatus(200)
    assert.deepEqual(withoutChannels(response.body()), { feedbackAlerts: 'off', weeklySummary: false, googleReviewAlerts: 'instant' })
    assert.deepEqual(await storedSettings(user.id), { feedbackAlerts: 'off', weeklySummary: false, googleReviewAlerts: 'instant' })
  })

  test('{label} is 422 and changes nothing')
    .with([
      { label: 'an unknown alert mode', body: { feedbackAlerts: 'hourly' }, field: 'feedbackAlerts' },
      { label: 'an alert mode in capitals', body: { feedbackAlerts: 'INSTANT' }, field: 'feedbackAlerts' },
      { label: 'an alert mode that is not text', body: { feedbackAlerts: 1 }, field: 'feedbackAlerts' },
      { label: 'null for the alert mode', body: { feedbackAlerts: null }, field: 'feedbackAlerts' },
      { label: 'a weekly summary given as text', body: { weeklySummary: 'true' }, field: 'weeklySummary' },
      { label: 'a weekly summary given as a number', body: { weeklySummary: 1 }, field: 'weeklySummary' },
      { label: 'a good alert mode beside a bad summary', body: { feedbackAlerts: 'off', weeklySummary: 'no' }, field: 'weeklySummary' },
      { label: 'an unknown Google review alert mode', body: { googleReviewAlerts: 'hourly' }, field: 'googleReviewAlerts' },
      { label: 'null for the Google review alert mode', body: { googleReviewAlerts: null }, field: 'googleReviewAlerts' },
      {
        label: 'good settings beside a bad Google review alert mode',
        body: { feedbackAlerts: 'off', weeklySummary: false, googleReviewAlerts: 'Daily' },
        field: 'googleReviewAlerts',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const { user, token } = await ownerWithBusiness()

      const response = await client.patch('/api/notification-settings').json(row.body).bearerToken(token)

      response.assertStatus(422)
      assert.notProperty(response.body(), 'stack')
      assert.deepEqual(
        response.body().errors.map((error: { field: string }) => error.field),
        [row.field]
      )
      assert.deepEqual(await storedSettings(user.id), DEFAULTS)
    })

  test('without a token it is 401 and changes nothing', async ({ client, assert }) => {
    const { user } = await ownerWithBusiness()

    const response = await client.patch('/api/notification-settings').json({ feedbackAlerts: 'off' })

    response.assertStatus(401)
    assert.equal(response.body().error, SIGNED_OUT)
    assert.deepEqual(await storedSettings(user.id), DEFAULTS)
  })

  test("one owner's change is theirs alone", async ({ client, assert }) => {
    const first = await ownerWithBusiness()
    const second = await ownerWithBusiness()

    await client.patch('/api/notification-settings').json({ feedbackAlerts: 'off', weeklySummary: false }).bearerToken(first.token)

    const secondRead = await client.get('/api/notification-settings').bearerToken(second.token)
    assert.deepEqual(withoutChannels(secondRead.body()), DEFAULTS)
    assert.deepEqual(await storedSettings(second.user.id), DEFAULTS)
    const firstRead = await client.get('/api/notification-settings').bearerToken(first.token)
    assert.deepEqual(withoutChannels(firstRead.body()), { feedbackAlerts: 'off', weeklySummary: false, googleReviewAlerts: 'instant' })
  })
})

test.group('Notification settings: where each kind of alert goes', (group) => {
  isolated(group)

  test('mail and push by default; a kind changed alone keeps the others; bad channels are 422', async ({ client, assert }) => {
    const { user, token } = await ownerWithBusiness()
    const read = await client.get('/api/notification-settings').bearerToken(token)
    assert.deepEqual(read.body().channels, { feedback: ['email', 'push'], googleReviews: ['email', 'push'], summaries: ['email'] })

    const changed = await client
      .patch('/api/notification-settings')
      .bearerToken(token)
      .json({ channels: { feedback: ['push'] } })
    changed.assertStatus(200)
    assert.deepEqual(changed.body().channels, { feedback: ['push'], googleReviews: ['email', 'push'], summaries: ['email'] })
    await client
      .patch('/api/notification-settings')
      .bearerToken(token)
      .json({ channels: { summaries: [] } })
    const again = await client.get('/api/notification-settings').bearerToken(token)
    assert.deepEqual(again.body().channels, { feedback: ['push'], googleReviews: ['email', 'push'], summaries: [] })

    const stored = await db.from('users').where('id', user.id).select('alert_channels').firstOrFail()
    for (const channels of [{ feedback: ['sms'] }, { feedback: ['push', 'push'] }, { feedback: 'push' }, null, { summaries: null }]) {
      const refused = await client.patch('/api/notification-settings').bearerToken(token).json({ channels })
      refused.assertStatus(422)
    }
    assert.deepEqual(await db.from('users').where('id', user.id).select('alert_channels').firstOrFail(), stored)
  })

  test('the alert language and the Google review stars: English and 1-3 by default, changed alone, bad values 422', async ({
    client,
    assert,
  }) => {
    const { user, token } = await ownerWithBusiness()
    const read = await client.get('/api/notification-settings').bearerToken(token)
    assert.containsSubset(read.body(), { alertLanguage: 'en', googleReviewAlertStars: 'low' })

    const changed = await client
      .patch('/api/notification-settings')
      .bearerToken(token)
      .json({ alertLanguage: 'ta', googleReviewAlertStars: 'all' })
    changed.assertStatus(200)
    assert.containsSubset(changed.body(), { alertLanguage: 'ta', googleReviewAlertStars: 'all', feedbackAlerts: 'instant' })
    const row = () => db.from('users').where('id', user.id).select('alert_language', 'google_review_alert_stars').firstOrFail()
    assert.deepEqual({ ...(await row()) }, { alert_language: 'ta', google_review_alert_stars: 'all' })

    for (const body of [
      { alertLanguage: 'fr' },
      { alertLanguage: 'TA' },
      { alertLanguage: null },
      { googleReviewAlertStars: 'five' },
      { googleReviewAlertStars: null },
      { alertLanguage: 'hi', googleReviewAlertStars: 3 },
    ]) {
      const refused = await client.patch('/api/notification-settings').bearerToken(token).json(body)
      refused.assertStatus(422)
      assert.notProperty(refused.body(), 'stack')
    }
    assert.deepEqual({ ...(await row()) }, { alert_language: 'ta', google_review_alert_stars: 'all' })
  })
})
