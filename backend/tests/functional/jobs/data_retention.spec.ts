/*
 * Data retention (docs/decisions.md D9, D11, D67): contact messages older than 12 months are deleted, and the ids of
 * customers' WhatsApp messages (kept to spot Meta's redeliveries) after 30 days.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import DataRetentionJob from '#jobs/data_retention_job'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { MemberAlertFactory } from '#database/factories/index'

test.group('Data retention job: contact messages older than 12 months', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  const message = (createdAt: DateTime) =>
    db.table('contact_messages').insert({
      name: 'Ravi',
      email: 'ravi@example.in',
      subject: 'Question',
      message: 'Hello',
      created_at: createdAt.toJSDate(),
    })

  test('deletes messages older than 12 months and keeps newer ones; a second run deletes nothing', async ({ assert }) => {
    const now = clock.now()
    await message(now.minus({ months: 12, days: 1 }))
    await message(now.minus({ months: 11, days: 27 }))
    await message(now.minus({ days: 1 }))
    const job = new DataRetentionJob()

    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 1, whatsappMessageIdsForgotten: 0, alertsForgotten: 0 })
    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 0, whatsappMessageIdsForgotten: 0, alertsForgotten: 0 })
    const left = await db.from('contact_messages').count('* as total')
    assert.equal(Number(left[0].total), 2)
  })

  test('a message passes the limit when the clock moves on', async ({ assert }) => {
    await message(clock.now().minus({ months: 11 }))
    const job = new DataRetentionJob()
    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 0, whatsappMessageIdsForgotten: 0, alertsForgotten: 0 })

    clock.travelTo(clock.now().plus({ months: 1, days: 1 }))
    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 1, whatsappMessageIdsForgotten: 0, alertsForgotten: 0 })
  })
})

test.group('Data retention job: WhatsApp message ids after 30 days', (group) => {
  isolated(group)
  group.each.teardown(() => clock.reset())

  test("forgets message ids older than 30 days and keeps the month's", async ({ assert }) => {
    const now = clock.now()
    await db.table('whatsapp_inbound_messages').multiInsert([
      { wamid: 'wamid.old', received_at: now.minus({ days: 31 }).toJSDate() },
      { wamid: 'wamid.recent', received_at: now.minus({ days: 29 }).toJSDate() },
    ])
    const job = new DataRetentionJob()
    assert.deepEqual(await job.handle(), { contactMessagesDeleted: 0, whatsappMessageIdsForgotten: 1, alertsForgotten: 0 })
    assert.deepEqual(
      (await db.from('whatsapp_inbound_messages').select('wamid')).map((row) => row.wamid),
      ['wamid.recent']
    )
  })

  test('forgets alerts older than 180 days with their deliveries, and keeps the newer', async ({ assert }) => {
    const { user, business } = await ownerWithBusiness()
    const old = await MemberAlertFactory.merge({ userId: user.id, businessId: business.id, createdAt: clock.now().minus({ days: 181 }) })
      .with('deliveries')
      .create()
    const recent = await MemberAlertFactory.merge({
      userId: user.id,
      businessId: business.id,
      createdAt: clock.now().minus({ days: 179 }),
    }).create()
    assert.deepEqual(await new DataRetentionJob().handle(), {
      contactMessagesDeleted: 0,
      whatsappMessageIdsForgotten: 0,
      alertsForgotten: 1,
    })
    assert.deepEqual(
      (await db.from('member_alerts').where('user_id', user.id).select('id')).map((row) => Number(row.id)),
      [Number(recent.id)]
    )
    assert.lengthOf(await db.from('member_alert_deliveries').where('member_alert_id', old.id), 0)
  })
})
