import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import { clock } from '#lib/clock'

test.group('clock', (group) => {
  group.each.teardown(() => clock.reset())

  test('tests can move it and it keeps running from there', ({ assert }) => {
    const target = DateTime.fromISO('2027-01-08T10:00:00Z')
    clock.travelTo(target)
    const drift = clock.now().diff(target).as('milliseconds')
    assert.isAtLeast(drift, 0)
    assert.isBelow(drift, 1000)
  })

  test('outside test mode it cannot be moved', ({ assert }) => {
    const saved = { node: process.env.NODE_ENV, flag: process.env.TEST_CLOCK }
    process.env.NODE_ENV = 'production'
    delete process.env.TEST_CLOCK
    try {
      assert.throws(() => clock.travelTo(DateTime.utc().plus({ days: 8 })), /only be moved in test mode/)
      assert.throws(() => clock.setOffset(1000), /only be moved in test mode/)
      assert.equal(clock.offsetMs, 0)
    } finally {
      process.env.NODE_ENV = saved.node
      if (saved.flag !== undefined) process.env.TEST_CLOCK = saved.flag
    }
  })

  test('production refuses to start with TEST_CLOCK on', ({ assert }) => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['ace.js', 'list'], {
        cwd: app.makePath(),
        env: { ...process.env, APP_KEY: 'a'.repeat(32), ...env },
        encoding: 'utf8',
        timeout: 60_000,
      })
    const refused = run({ NODE_ENV: 'production', TEST_CLOCK: 'true' })
    assert.notEqual(refused.status, 0)
    assert.match((refused.stdout + refused.stderr).replace(/\s+/g, ' '), /TEST_CLOCK must not be enabled in production/)

    const allowed = run({ NODE_ENV: 'production', TEST_CLOCK: 'false' })
    assert.equal(allowed.status, 0, allowed.stderr)
  }).timeout(120_000)
})
