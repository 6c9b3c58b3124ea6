/*
 * Who the notification mails go to (docs/decisions.md D30, D42): the owners and managers of a business's workspace
 * whose scope includes it, each by their own settings; not a viewer, not a manager limited to another business, not
 * someone removed from the workspace. The instant alert, the daily digest and the weekly summary alike.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import FeedbackDigestJob from '#jobs/feedback_digest_job'
import WeeklySummaryJob from '#jobs/weekly_summary_job'
import User from '#models/user'
import type Business from '#models/business'
import WorkspaceMember from '#models/workspace_member'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { FeedbackAlerts } from '#lib/notification_enums'
import { clock } from '#lib/clock'
import { brokenMailer, fileMailbox } from '#tests/helpers/mailbox'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness, seedSessions } from '#tests/helpers/owners'
import { BusinessFactory, ReviewSessionFactory, UserFactory } from '#database/factories/index'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import db from '@adonisjs/lucid/services/db'

const IST = 'Asia/Kolkata'

/** A workspace owner with two businesses, A and B. */
async function team() {
  const owner = await ownerWithBusiness({ business: { name: 'Chai Point' } })
  const second = await BusinessFactory.merge({ userId: owner.user.id, name: 'Dosa Corner' }).create()
  return { ...owner, first: owner.business, second, workspaceId: owner.business.workspaceId }
}

/** Someone else, a member of the workspace with this role and scope. */
async function memberOf(
  workspaceId: number,
  role: WorkspaceRole,
  businessIds: number[] | null = null,
  settings: Partial<ModelAttributes<User>> = {}
) {
  const user = await UserFactory.merge(settings).create()
  await WorkspaceMember.create({ workspaceId, userId: user.id, role, businessIds })
  return user
}

const lowRating = (business: Business, overrides: Record<string, unknown> = {}) =>
  ReviewSessionFactory.merge({ businessId: business.id, rating: 2, redirected: false, feedback: 'Cold tea', ...overrides }).create()

const recipientsOf = async (mail: { read(): Promise<{ to: string }[]> }) => (await mail.read()).map((sent) => sent.to).sort()
const sorted = (...emails: string[]) => [...emails].sort()

test.group('Feedback alert: the owners and managers of the business', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('a manager in scope gets the alert; a viewer and a manager limited to another business do not', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user: owner, first, second, workspaceId } = await team()
    const manager = await memberOf(workspaceId, 'manager')
    const limitedHere = await memberOf(workspaceId, 'manager', [first.id])
    await memberOf(workspaceId, 'viewer')
    await memberOf(workspaceId, 'manager', [second.id])
    await lowRating(first)

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: first.id }), { alerted: 1 })

    assert.deepEqual(await recipientsOf(mail), sorted(owner.email, manager.email, limitedHere.email))
  })

  test("a member of another workspace, even its owner, is not told about this workspace's business", async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user: owner, first } = await team()
    const elsewhere = await team()
    await lowRating(first)

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: first.id }), { alerted: 1 })

    assert.deepEqual(await recipientsOf(mail), [owner.email])
    assert.notInclude(await recipientsOf(mail), elsewhere.user.email)
  })

  test('a member removed from the workspace gets no more alerts', async ({ client, assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user: owner, token, first, workspaceId } = await team()
    const manager = await memberOf(workspaceId, 'manager')
    await lowRating(first)
    const job = new FeedbackAlertJob(mail.mailer)
    assert.deepEqual(await job.handle({ businessId: first.id }), { alerted: 1 })
    assert.deepEqual(await recipientsOf(mail), sorted(owner.email, manager.email))

    const removed = await client.delete(`/api/workspaces/${workspaceId}/members/${manager.id}`).bearerToken(token)
    assert.equal(removed.status(), 204)
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    await lowRating(first, { feedback: 'Still cold' })

    assert.deepEqual(await job.handle({ businessId: first.id }), { alerted: 1 })
    const mails = await mail.read()
    assert.lengthOf(mails, 3)
    assert.equal(mails.filter((sent) => sent.to === manager.email).length, 1)
  })

  test('each by their own setting: an owner with alerts off is not mailed, the manager on instant is', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { first, workspaceId, user: owner } = await team()
    await User.query().where('id', owner.id).update({ feedback_alerts: FeedbackAlerts.Off })
    const manager = await memberOf(workspaceId, 'manager')
    const unverified = await memberOf(workspaceId, 'manager', null, { emailVerifiedAt: null })
    await lowRating(first)

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: first.id }), { alerted: 1 })

    assert.deepEqual(await recipientsOf(mail), [manager.email])
    assert.notInclude(await recipientsOf(mail), unverified.email)
  })

  test('with nobody on instant, a manager on daily keeps the rating for the digest', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { first, workspaceId, user: owner } = await team()
    await User.query().where('id', owner.id).update({ feedback_alerts: FeedbackAlerts.Off })
    await memberOf(workspaceId, 'manager', null, { feedbackAlerts: FeedbackAlerts.Daily })
    const rating = await lowRating(first)

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: first.id }), { alerted: 0 })

    assert.deepEqual(await mail.read(), [])
    assert.isNull((await db.from('review_sessions').where('id', rating.id).firstOrFail()).alerted_at)
  })

  test('a viewer on instant does not stop the rating from being marked when nobody who runs it wants it', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { first, workspaceId, user: owner } = await team()
    await User.query().where('id', owner.id).update({ feedback_alerts: FeedbackAlerts.Off })
    await memberOf(workspaceId, 'viewer')
    const rating = await lowRating(first)

    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({ businessId: first.id }), { alerted: 0 })

    assert.deepEqual(await mail.read(), [])
    assert.instanceOf((await db.from('review_sessions').where('id', rating.id).firstOrFail()).alerted_at, Date)
  })
})

test.group('Daily digest: the owners and managers on daily', (group) => {
  isolated(group)

  test('a daily manager gets the ratings of the businesses in their scope; the daily owner gets all; the viewer none', async ({
    assert,
    cleanup,
  }) => {
    const mail = await fileMailbox(cleanup)
    const { user: owner, first, second, workspaceId } = await team()
    await User.query().where('id', owner.id).update({ feedback_alerts: FeedbackAlerts.Daily })
    const daily = { feedbackAlerts: FeedbackAlerts.Daily }
    const manager = await memberOf(workspaceId, 'manager', [second.id], daily)
    await memberOf(workspaceId, 'viewer', null, daily)
    await lowRating(first, { feedback: 'Cold tea' })
    await lowRating(second, { feedback: 'Rude waiter' })

    assert.deepEqual(await new FeedbackDigestJob(mail.mailer).handle(), { digests: 2 })

    const mails = await mail.read()
    assert.deepEqual(mails.map((sent) => sent.to).sort(), sorted(owner.email, manager.email))
    const toOwner = mails.find((sent) => sent.to === owner.email)!
    const toManager = mails.find((sent) => sent.to === manager.email)!
    assert.include(toOwner.text, 'Cold tea')
    assert.include(toOwner.text, 'Rude waiter')
    assert.include(toManager.text, 'Rude waiter')
    assert.notInclude(toManager.text, 'Cold tea')
    assert.deepEqual(await new FeedbackDigestJob(mail.mailer).handle(), { digests: 0 })
  })

  test('a rating goes back for the retry only when nobody got it', async ({ assert, cleanup }) => {
    const { first, workspaceId, user: owner } = await team()
    await User.query().where('id', owner.id).update({ feedback_alerts: FeedbackAlerts.Daily })
    await memberOf(workspaceId, 'manager', null, { feedbackAlerts: FeedbackAlerts.Daily })
    const rating = await lowRating(first)

    await assert.rejects(() => new FeedbackDigestJob(brokenMailer()).handle())
    assert.isNull((await db.from('review_sessions').where('id', rating.id).firstOrFail()).alerted_at)

    const mail = await fileMailbox(cleanup)
    assert.deepEqual(await new FeedbackDigestJob(mail.mailer).handle(), { digests: 2 })
  })
})

/** "This Monday" 00:00 IST two weeks ahead, so the users the factories create now existed before the summarised week. */
const MONDAY = DateTime.now().setZone(IST).startOf('week').plus({ weeks: 2 }).toUTC()
const WEEK_START = MONDAY.minus({ weeks: 1 })

test.group('Weekly summary: the owners and managers of the businesses', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('a manager gets the summary of the businesses in their scope; a viewer and a removed member get none', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mail = await fileMailbox(cleanup)
    const { user: owner, token, first, second, workspaceId } = await team()
    await seedSessions(first.id, [{ rating: 5, createdAt: WEEK_START.plus({ days: 1 }) }])
    await seedSessions(second.id, [{ rating: 4, createdAt: WEEK_START.plus({ days: 2 }) }])
    const manager = await memberOf(workspaceId, 'manager', [second.id])
    const viewer = await memberOf(workspaceId, 'viewer')
    const removed = await memberOf(workspaceId, 'manager')
    assert.equal((await client.delete(`/api/workspaces/${workspaceId}/members/${removed.id}`).bearerToken(token)).status(), 204)
    clock.travelTo(MONDAY.plus({ hours: 9 }))

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 2 })

    const mails = await mail.read()
    assert.deepEqual(mails.map((sent) => sent.to).sort(), sorted(owner.email, manager.email))
    assert.notInclude(
      mails.map((sent) => sent.to),
      viewer.email
    )
    const toOwner = mails.find((sent) => sent.to === owner.email)!
    const toManager = mails.find((sent) => sent.to === manager.email)!
    assert.include(toOwner.text, first.name)
    assert.include(toOwner.text, second.name)
    assert.include(toManager.text, `${second.name}\n- 1 rating`)
    assert.notInclude(toManager.text, first.name)
  })

  test('a member whose scope holds none of the businesses left gets nothing', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user: owner, workspaceId } = await team()
    await memberOf(workspaceId, 'manager', [999_999_999])
    clock.travelTo(MONDAY.plus({ hours: 9 }))

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 1 })

    assert.deepEqual(
      (await mail.read()).map((sent) => sent.to),
      [owner.email]
    )
  })
})
