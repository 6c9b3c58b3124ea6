/*
 * The worker process on SIGTERM (deploy/k8s/worker.yaml, docs/decisions.md D55): Kubernetes sends SIGTERM, waits
 * terminationGracePeriodSeconds, then kills. The process must close its BullMQ workers, let the job they hold
 * finish, and exit 0 on its own. A real `queue:work` process (TypeScript sources) holds a sync-user job whose
 * identity-provider call (a loopback stub) answers only after the signal; the user is committed to this run's
 * database and deleted after.
 */
import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import queueConfig from '#config/queue'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'
import { UserFactory } from '#database/factories/index'
import { json, startStubServer } from '#tests/helpers/stub_server'
import { childProcessEnv } from '#tests/helpers/child_processes'

/** How long the identity provider takes to answer once the worker has sent SIGTERM's way. */
const ANSWER_AFTER_SIGNAL_MS = 2000

async function until<T>(what: string, probe: () => Promise<T> | T, timeoutMs: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

test.group('Worker process: SIGTERM', () => {
  test('closes its BullMQ workers, finishes the job it holds, and exits 0', async ({ assert }) => {
    const prefix = `${queueConfig.prefix}-sigterm`
    const queues = new QueueService({ ...queueConfig, prefix })
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const idp = await startStubServer(async (_request, response) => {
      await released
      json(response, 200, { first_name: 'Graceful', last_name: 'Stop', email_addresses: [] })
    })
    const user = await UserFactory.merge({ externalId: 'user_graceful_stop', firstName: 'Before' }).create()
    const child = spawn(process.execPath, ['ace.js', 'queue:work'], {
      cwd: app.makePath(),
      env: childProcessEnv('sigterm', { IDP_API_URL: idp.url, IDP_API_SECRET: 'stub-secret' }),
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-8000)))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal }))
    )
    try {
      const syncUsers = queues.queue(QueueName.SyncUser)
      await until(
        'the worker process to take jobs',
        async () => {
          if (child.exitCode !== null) throw new Error(`the worker exited: ${stderr}`)
          return (await syncUsers.getWorkers()).length > 0
        },
        60_000
      )
      await syncUsers.add(QueueName.SyncUser, { userId: user.id }, { jobId: 'sigterm-sync-user' })
      await until('the job to call the identity provider', () => idp.requests.length > 0, 10_000)

      child.kill('SIGTERM')
      await sleep(ANSWER_AFTER_SIGNAL_MS)
      assert.isNull(child.exitCode, 'still running while its job waits for the identity provider')
      release()
      const exit = await Promise.race([exited, sleep(20_000).then(() => null)])

      assert.deepEqual(exit, { code: 0, signal: null }, stderr)
      assert.equal(await (await syncUsers.getJob('sigterm-sync-user'))?.getState(), 'completed')
      await user.refresh()
      assert.equal(user.firstName, 'Graceful')
      assert.lengthOf(await syncUsers.getWorkers(), 0, 'no BullMQ worker connection left')
    } finally {
      release()
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await queues.obliterateAll().catch(() => {})
      await queues.shutdown()
      await idp.close()
      await user.delete()
    }
  }).timeout(120_000)
})
