/*
 * The weekly summary (docs/decisions.md D30): on Monday from 09:00 IST, one mail per owner with the summary on and a
 * verified address, about the IST week before this Monday, across their businesses; sent once per week even
 * when run again or by two workers, caught up after a missed 09:00 run, and retried when the mail failed.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import WeeklySummaryJob from '#jobs/weekly_summary_job'
import { QueueName, SCHEDULES } from '#queue/queues'
import { clock } from '#lib/clock'
import { brokenMailer, fileMailbox } from '#tests/helpers/mailbox'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness, seedSessions } from '#tests/helpers/owners'
import { BusinessFactory, UserFactory } from '#database/factories/index'
import env from '#start/env'

const IST = 'Asia/Kolkata'

/**
 * "This Monday" of the tests, 00:00 IST: two weeks ahead of the real time, so the owners the factories create
 * now (created_at is the real time) existed before the summarised week ended. Instants in UTC, as the
 * factories store them (Lucid writes a DateTime's wall time in its own zone).
 */
const MONDAY_IST = DateTime.now().setZone(IST).startOf('week').plus({ weeks: 2 })
const MONDAY = MONDAY_IST.toUTC()
const WEEK_START = MONDAY.minus({ weeks: 1 })
const THIS_WEEK = MONDAY_IST.toISODate()!

/** Moves the app's clock to this many hours after MONDAY 00:00 IST (negative: before it). */
const at = (hours: number) => clock.travelTo(MONDAY.plus({ hours }))

const markerOf = async (userId: number) =>
  (await db.from('users').where('id', userId).select('weekly_summary_sent_for').firstOrFail()).weekly_summary_sent_for

const appLink = (path: string) => `${env.get('APP_URL').replace(/\/+$/, '')}${path}`

/** "16 Nov - 22 Nov 2026" for the summarised week. */
const lastMonday = MONDAY_IST.minus({ weeks: 1 }).setLocale('en-IN')
const PERIOD = `${lastMonday.toFormat('d LLL')} - ${lastMonday.plus({ days: 6 }).toFormat('d LLL yyyy')}`

test.group('Weekly summary job: the figures of last week', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('counts the IST week before this Monday: ratings, average, sent to Google, private ratings, and the week before', async ({
    assert,
    cleanup,
  }) => {
    const mail = await fileMailbox(cleanup)
    const { user, business } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    await seedSessions(business.id, [
      // Last week, Monday 00:00 IST to Sunday 23:59:59 IST: 7 ratings, sum 24, 3 went to Google, 3 private, 2 with a comment.
      { rating: 3, feedback: 'Slow service', createdAt: WEEK_START },
      { rating: 5, createdAt: WEEK_START.plus({ days: 1 }) },
      { rating: 5, createdAt: WEEK_START.plus({ days: 2 }) },
      { rating: 4, createdAt: WEEK_START.plus({ days: 3 }) },
      // A 4-star rating whose customer did not go on to Google.
      { rating: 4, redirected: false, createdAt: WEEK_START.plus({ days: 4 }) },
      { rating: 2, feedback: 'Cold tea', createdAt: WEEK_START.plus({ days: 5 }) },
      // A low rating without text is a private rating without a comment.
      { rating: 1, createdAt: MONDAY.minus({ seconds: 1 }) },
      // The week before: 2 ratings, both sent to Google.
      { rating: 5, createdAt: WEEK_START.minus({ seconds: 1 }) },
      { rating: 4, createdAt: WEEK_START.minus({ days: 6 }) },
      // Neither week: this Monday itself and three weeks ago.
      { rating: 2, feedback: 'Not last week', createdAt: MONDAY },
      { rating: 5, createdAt: MONDAY.minus({ weeks: 3 }) },
    ])
    const other = await ownerWithBusiness({
      business: { name: 'Dosa Corner' },
      sessions: [{ rating: 5, createdAt: WEEK_START.plus({ days: 2 }) }],
    })
    at(9)

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 2 })

    const mails = await mail.read()
    assert.lengthOf(mails, 2)
    const mine = mails.find((one) => one.to === user.email)!
    assert.containsSubset(mine, { kind: 'weekly-summary', subject: 'Your week at Chai Point: 7 ratings, 3 sent to Google' })
    assert.include(mine.text, `Here is your week of ${PERIOD}`)
    for (const line of [
      '7 ratings (the week before: 2)',
      'Average rating 3.4 out of 5',
      '3 sent to Google (the week before: 2)',
      '3 private ratings, 2 with a comment (the week before: 0)',
    ]) {
      assert.include(mine.text, line)
      assert.include(mine.html, line)
    }
    assert.notInclude(mine.text, 'Dosa Corner')
    assert.include(mine.links, appLink(`/business/${business.id}`))
    assert.include(mine.links, appLink('/profile'))
    assert.include(mine.text, 'You get this mail because the weekly summary is on for your verified address on ReviewRoute.')

    const theirs = mails.find((one) => one.to === other.user.email)!
    assert.equal(theirs.subject, 'Your week at Dosa Corner: 1 rating, 1 sent to Google')
    assert.include(theirs.text, '1 rating (the week before: 0)')
    assert.notInclude(theirs.text, 'Chai Point')

    assert.equal(await markerOf(user.id), THIS_WEEK)
    assert.equal(await markerOf(other.user.id), THIS_WEEK)
  })

  test('an owner of several businesses gets one mail about all of them, with their totals', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user, business } = await ownerWithBusiness({
      business: { name: 'Chai & Snacks' },
      sessions: [
        { rating: 5, createdAt: WEEK_START.plus({ hours: 10 }) },
        { rating: 2, feedback: 'Too sweet', createdAt: WEEK_START.plus({ hours: 11 }) },
      ],
    })
    const second = await BusinessFactory.merge({ userId: user.id, name: 'Dosa Corner' }).create()
    await seedSessions(second.id, [{ rating: 4, createdAt: WEEK_START.plus({ days: 6 }) }])
    const third = await BusinessFactory.merge({ userId: user.id, name: 'Quiet Kiosk' }).create()
    at(9)

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 1 })

    const [sent] = await mail.read()
    assert.equal(sent.subject, 'Your week on ReviewRoute: 3 ratings, 2 sent to Google')
    assert.include(sent.links, appLink('/dashboard/analytics'))
    assert.include(sent.text, `${business.name}\n- 2 ratings (the week before: 0)\n- Average rating 3.5 out of 5`)
    assert.include(sent.text, `${second.name}\n- 1 rating (the week before: 0)\n- Average rating 4.0 out of 5`)
    assert.include(sent.text, `${third.name}\n- 0 ratings (the week before: 0)\n- No average rating yet`)
    assert.include(sent.text, 'All 3 businesses\n- 3 ratings (the week before: 0)\n- Average rating 3.7 out of 5')
    assert.include(sent.text, '1 private rating, 1 with a comment (the week before: 0)')
    assert.include(sent.html, 'Chai &amp; Snacks')
  })

  test('a quiet week still gets a short mail that asks for the QR poster', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user } = await ownerWithBusiness({
      business: { name: 'Chai Point' },
      sessions: [{ rating: 5, createdAt: WEEK_START.minus({ days: 2 }) }],
    })
    at(9)

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 1 })

    const [sent] = await mail.read()
    assert.containsSubset(sent, { to: user.email, subject: 'Your week at Chai Point: no new ratings' })
    assert.include(sent.text, `No customer left a rating in the week of ${PERIOD}.`)
    assert.include(sent.text, 'put your QR poster up')
    assert.include(sent.links, appLink('/dashboard/qr-codes'))
  })
})

test.group('Weekly summary job: who gets it', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('only owners with the weekly summary on and a verified address', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const on = await ownerWithBusiness()
    const off = await ownerWithBusiness({ owner: { weeklySummary: false } })
    const unverified = await ownerWithBusiness({ owner: { emailVerifiedAt: null } })
    at(9)

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 1 })

    assert.deepEqual(
      (await mail.read()).map((one) => one.to),
      [on.user.email]
    )
    assert.isNull(await markerOf(off.user.id))
    assert.isNull(await markerOf(unverified.user.id))
  })

  test('an owner without a business, or who signed up after the week ended, gets nothing', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const withoutBusiness = await UserFactory.create()
    // This real week's Monday: the owner created now joined after the week it would summarise.
    const joinedThisWeek = await ownerWithBusiness()
    clock.travelTo(DateTime.now().setZone(IST).startOf('week').plus({ hours: 9 }))

    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 0 })

    assert.deepEqual(await mail.read(), [])
    assert.isNull(await markerOf(withoutBusiness.id))
    assert.isNull(await markerOf(joinedThisWeek.user.id))
  })
})

test.group('Weekly summary job: once a week, on time or after an outage', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test('running it again sends nothing more that week, and two runs at once send one mail', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user } = await ownerWithBusiness({ sessions: [{ rating: 5, createdAt: WEEK_START.plus({ days: 1 }) }] })
    at(9)
    const job = new WeeklySummaryJob(mail.mailer)

    const together = await Promise.all([job.handle(), new WeeklySummaryJob(mail.mailer).handle()])
    assert.sameDeepMembers(together, [{ summaries: 1 }, { summaries: 0 }])
    at(10)
    assert.deepEqual(await job.handle(), { summaries: 0 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].to, user.email)
    assert.equal(await markerOf(user.id), THIS_WEEK)
  })

  test('before Monday 09:00 IST nothing is sent; the first run after it sends', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user } = await ownerWithBusiness({ sessions: [{ rating: 5, createdAt: WEEK_START.plus({ days: 1 }) }] })
    // Last Monday's summary went out as usual.
    const lastWeek = MONDAY_IST.minus({ weeks: 1 }).toISODate()
    await db.from('users').where('id', user.id).update({ weekly_summary_sent_for: lastWeek })
    const job = new WeeklySummaryJob(mail.mailer)

    for (const hours of [-1, 0, 8, 8.99]) {
      at(hours)
      assert.deepEqual(await job.handle(), { summaries: 0 }, `${hours} h after Monday 00:00 IST`)
    }
    assert.deepEqual(await mail.read(), [])
    assert.equal(await markerOf(user.id), lastWeek)

    at(9)
    assert.deepEqual(await job.handle(), { summaries: 1 })
    assert.lengthOf(await mail.read(), 1)
  })

  test('when the 09:00 run was missed (Redis or the worker down), the 15:00 run sends it, once', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user } = await ownerWithBusiness({
      business: { name: 'Chai Point' },
      sessions: [{ rating: 4, createdAt: WEEK_START.plus({ days: 3 }) }],
    })
    // The summary of the week before that went out as usual.
    await db
      .from('users')
      .where('id', user.id)
      .update({ weekly_summary_sent_for: MONDAY_IST.minus({ weeks: 1 }).toISODate() })
    const job = new WeeklySummaryJob(mail.mailer)

    at(15)
    assert.deepEqual(await job.handle(), { summaries: 1 })
    at(24 + 9)
    assert.deepEqual(await job.handle(), { summaries: 0 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, 'Your week at Chai Point: 1 rating, 1 sent to Google')
    assert.equal(await markerOf(user.id), THIS_WEEK)
  })

  test('next Monday brings the next summary', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user } = await ownerWithBusiness({
      business: { name: 'Chai Point' },
      sessions: [
        { rating: 5, createdAt: WEEK_START.plus({ days: 1 }) },
        { rating: 4, createdAt: MONDAY.plus({ days: 1 }) },
        { rating: 4, createdAt: MONDAY.plus({ days: 2 }) },
      ],
    })
    const job = new WeeklySummaryJob(mail.mailer)

    at(9)
    assert.deepEqual(await job.handle(), { summaries: 1 })
    at(7 * 24 + 9)
    assert.deepEqual(await job.handle(), { summaries: 1 })

    assert.deepEqual(
      (await mail.read()).map((one) => one.subject),
      ['Your week at Chai Point: 1 rating, 1 sent to Google', 'Your week at Chai Point: 2 ratings, 2 sent to Google']
    )
    assert.equal(await markerOf(user.id), MONDAY_IST.plus({ weeks: 1 }).toISODate())
  })

  test('a summary that could not be sent gives its week back for the retry', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user } = await ownerWithBusiness({ sessions: [{ rating: 5, createdAt: WEEK_START.plus({ days: 1 }) }] })
    const lastWeek = MONDAY_IST.minus({ weeks: 1 }).toISODate()
    await db.from('users').where('id', user.id).update({ weekly_summary_sent_for: lastWeek })
    at(9)

    await assert.rejects(() => new WeeklySummaryJob(brokenMailer()).handle(), /weekly summaries could not be sent/)
    assert.equal(await markerOf(user.id), lastWeek)

    at(10)
    assert.deepEqual(await new WeeklySummaryJob(mail.mailer).handle(), { summaries: 1 })
    assert.lengthOf(await mail.read(), 1)
    assert.equal(await markerOf(user.id), THIS_WEEK)
  })

  test('one failed mail does not hold back the other owners', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const first = await ownerWithBusiness()
    const second = await ownerWithBusiness()
    at(9)
    let calls = 0
    const flaky = {
      send: (message: Parameters<typeof mail.mailer.send>[0]) =>
        calls++ === 0 ? Promise.reject(new Error('mail transport down')) : mail.mailer.send(message),
    } as unknown as typeof mail.mailer

    await assert.rejects(() => new WeeklySummaryJob(flaky).handle())

    const markers = [await markerOf(first.user.id), await markerOf(second.user.id)]
    assert.sameMembers(markers, [null, THIS_WEEK])
    assert.lengthOf(await mail.read(), 1)
  })

  test('is scheduled every hour on the hour IST, Monday 09:00 among them', ({ assert }) => {
    assert.deepInclude(SCHEDULES, {
      queue: QueueName.WeeklySummary,
      id: 'weekly-summary-hourly',
      repeat: { pattern: '0 * * * *', tz: IST },
    })
  })
})

/*
 * Outside a test transaction, so each run has its own connection and the claim's row lock is real. The owner
 * is deleted afterwards (businesses and ratings go with it).
 */
test.group('Weekly summary job: workers on separate connections', (group) => {
  group.each.teardown(() => clock.reset())

  test('five workers at once send one mail', async ({ assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user } = await ownerWithBusiness({ sessions: [{ rating: 5, createdAt: WEEK_START.plus({ days: 1 }) }] })
    cleanup(() => user.delete())
    at(9)

    const results = await Promise.all(Array.from({ length: 5 }, () => new WeeklySummaryJob(mail.mailer).handle()))

    assert.sameDeepMembers(results, [{ summaries: 1 }, { summaries: 0 }, { summaries: 0 }, { summaries: 0 }, { summaries: 0 }])
    assert.lengthOf(await mail.read(), 1)
    assert.equal(await markerOf(user.id), THIS_WEEK)
  })
})
