/*
 * Migration 0033 on data shaped as it was before workspaces (docs/decisions.md D42): on a database of its own,
 * migrated to 0032, rows are written as an owner had them (businesses, a payment and its subscription, billing
 * details, a WhatsApp number), then 0033 runs. Every user must come out the owner of exactly one personal workspace
 * holding exactly their rows, and rolling back must give the rows back to their users.
 */
import { readdirSync } from 'node:fs'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { connection } from '#config/database'

const DATABASE = 'reviewroute_test_workspaces_migration'
const CONNECTION = 'workspaces_migration'

function runner(direction: 'up' | 'down') {
  const options = direction === 'up' ? { direction, connectionName: CONNECTION } : { direction, step: 1, connectionName: CONNECTION }
  return new MigrationRunner(db, app, options)
}

async function migrate(direction: 'up' | 'down') {
  const migrator = runner(direction)
  await migrator.run()
  if (migrator.error) throw migrator.error
}

/** Rolls back one migration at a time (the later ones first) until 0033 itself has been rolled back. */
async function migrateDownThrough0033() {
  // As many steps as there are migrations, so each new one needs no change here.
  const steps = readdirSync(new URL('../../database/migrations/', import.meta.url)).length
  const applied = () => db.connection(CONNECTION).from('adonis_schema').where('name', 'like', '%0033_create_workspaces%').count('* as n')
  for (let step = 0; step < steps; step++) {
    await migrate('down')
    if (Number((await applied())[0].n) === 0) return
  }
  throw new Error(`0033 was not rolled back in ${steps} steps`)
}

const at = new Date('2026-06-01T10:00:00Z')

/** Three owners as they were: one with everything, one with a business only, one with nothing. */
async function legacyRows() {
  const legacy = db.connection(CONNECTION)
  // One after the other, so their ids (and the order the test reads the workspaces in) are theirs in this order.
  const ids: number[] = []
  for (const [email, first, last] of [
    ['asha@example.in', 'Asha', 'Verma'],
    ['ravi@example.in', 'Ravi', null],
    ['meena@example.in', null, null],
  ]) {
    const [id] = await legacy.table('users').insert({ email, first_name: first, last_name: last, created_at: at, updated_at: at })
    ids.push(id)
  }
  const [asha, ravi, meena] = ids
  const [planId] = await legacy
    .table('subscription_plans')
    .insert({ plan_type: 'monthly', name: 'Monthly', total_price: 99900, features: '[]', created_at: at })
  const business = (userId: number, code: string) =>
    legacy.table('businesses').insert({
      user_id: userId,
      place_id: `place_${code}`,
      name: `Business ${code}`,
      address: 'MG Road',
      short_url: code,
      google_review_url: 'https://search.google.com/local/writereview?placeid=x',
      created_at: at,
      updated_at: at,
    })
  const [ashaCafe] = await business(asha, 'asha-cafe')
  const [ashaSweets] = await business(asha, 'asha-sweets')
  const [raviShop] = await business(ravi, 'ravi-shop')
  const [paymentId] = await legacy
    .table('payments')
    .insert({ user_id: asha, plan_id: planId, razorpay_order_id: 'order_Legacy000001', amount: 99900, status: 'paid', created_at: at })
  await legacy.table('subscriptions').insert({
    user_id: asha,
    plan_id: planId,
    payment_id: paymentId,
    status: 'active',
    current_period_start: at,
    current_period_end: new Date('2026-07-01T10:00:00Z'),
    created_at: at,
    updated_at: at,
  })
  await legacy
    .table('billing_profiles')
    .insert({ user_id: asha, legal_name: 'Asha Stores', address: '12 MG Road', state_code: '29', created_at: at, updated_at: at })
  await legacy.table('whatsapp_accounts').insert({
    user_id: asha,
    phone_number_id: '1065403522',
    access_token_encrypted: 'sealed',
    templates: '{}',
    created_at: at,
    updated_at: at,
  })
  return { asha, ravi, meena, ashaCafe, ashaSweets, raviShop, paymentId }
}

test.group('Migration 0033: every owner becomes the owner of a personal workspace', (group) => {
  group.setup(async () => {
    await db.rawQuery(`DROP DATABASE IF EXISTS ${DATABASE}`)
    await db.rawQuery(`CREATE DATABASE ${DATABASE}`)
    db.manager.add(CONNECTION, {
      client: 'mysql2',
      connection: { ...connection, database: DATABASE, timezone: 'Z', dateStrings: ['DATE'] },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
    })
    return async () => {
      await db.manager.close(CONNECTION)
      db.manager.release(CONNECTION)
      await db.rawQuery(`DROP DATABASE IF EXISTS ${DATABASE}`)
    }
  })

  test('up gives each user one workspace with exactly their rows; down gives the rows back', async ({ assert }) => {
    await migrate('up')
    await migrateDownThrough0033() // back to 0032: the schema before workspaces
    const legacy = db.connection(CONNECTION)
    assert.isFalse(await legacy.schema.hasTable('workspaces'))
    const rows = await legacyRows()

    await migrate('up')
    // In their users' order: the migration's INSERT … SELECT gives no order of its own to the new ids.
    const workspaces = await legacy.from('workspaces').orderBy('created_by_user_id')
    assert.lengthOf(workspaces, 3)
    const workspaceOf = (userId: number) => workspaces.find((workspace) => workspace.created_by_user_id === userId)!
    assert.deepEqual(
      workspaces.map((workspace) => [workspace.kind, workspace.name, workspace.managed_by_workspace_id]),
      // 0033 named them after their owner (the full name, else the address); 0047, run with the rest, names them for
      // what they hold (docs/decisions.md D57).
      [
        ['personal', "Asha's businesses", null],
        ['personal', "Ravi's businesses", null],
        ['personal', "meena's businesses", null],
      ]
    )
    const members = await legacy.from('workspace_members').orderBy('id').select('workspace_id', 'user_id', 'role', 'business_ids')
    assert.deepEqual(
      members,
      [rows.asha, rows.ravi, rows.meena].map((userId) => ({
        workspace_id: workspaceOf(userId).id,
        user_id: userId,
        role: 'owner',
        business_ids: null,
      }))
    )

    const ashas = workspaceOf(rows.asha).id
    const businesses = await legacy.from('businesses').orderBy('id').select('id', 'user_id', 'workspace_id')
    assert.deepEqual(businesses, [
      { id: rows.ashaCafe, user_id: rows.asha, workspace_id: ashas },
      { id: rows.ashaSweets, user_id: rows.asha, workspace_id: ashas },
      { id: rows.raviShop, user_id: rows.ravi, workspace_id: workspaceOf(rows.ravi).id },
    ])
    assert.deepEqual(await legacy.from('payments').select('user_id', 'workspace_id', 'paid_by_workspace_id'), [
      { user_id: rows.asha, workspace_id: ashas, paid_by_workspace_id: ashas },
    ])
    assert.deepEqual(await legacy.from('subscriptions').select('workspace_id'), [{ workspace_id: ashas }])
    assert.deepEqual(await legacy.from('billing_profiles').select('workspace_id', 'user_id'), [{ workspace_id: ashas, user_id: rows.asha }])
    assert.deepEqual(await legacy.from('whatsapp_accounts').select('workspace_id', 'user_id'), [
      { workspace_id: ashas, user_id: rows.asha },
    ])

    // A business's workspace is required from now on; its place is unique per workspace.
    await assert.rejects(() =>
      legacy.table('businesses').insert({
        place_id: 'place_orphan',
        name: 'Orphan',
        address: 'x',
        short_url: 'orphan-1',
        google_review_url: 'x',
        created_at: at,
        updated_at: at,
      })
    )

    await migrateDownThrough0033()
    assert.isFalse(await legacy.schema.hasTable('workspaces'))
    assert.deepEqual(
      (await legacy.from('businesses').orderBy('id').select('id', 'user_id')).map((row) => [row.id, row.user_id]),
      [
        [rows.ashaCafe, rows.asha],
        [rows.ashaSweets, rows.asha],
        [rows.raviShop, rows.ravi],
      ]
    )
    assert.deepEqual(await legacy.from('billing_profiles').select('user_id'), [{ user_id: rows.asha }])
    assert.deepEqual(await legacy.from('whatsapp_accounts').select('user_id'), [{ user_id: rows.asha }])
  }).timeout(120_000)
})
