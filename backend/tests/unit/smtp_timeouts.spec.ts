/*
 * SMTP sends are bounded (config/mail.ts SMTP_TIMEOUTS_MS): a server that accepts the connection and never
 * greets fails the send after the 10 s greeting timeout, not Nodemailer's default 30 s, so a worker stopping
 * with a send in flight finishes it within its grace (deploy/k8s/worker.yaml, docs/decisions.md D55).
 */
import { test } from '@japa/runner'
import { createServer, type Socket } from 'node:net'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import { SMTP_TIMEOUTS_MS } from '#config/mail'

test.group('SMTP timeouts', () => {
  test('a server that never greets fails the send within the greeting timeout', async ({ assert }) => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    const transport = new SMTPTransport({ host: '127.0.0.1', port, ignoreTLS: true, ...SMTP_TIMEOUTS_MS } as never)
    const started = Date.now()
    try {
      const error = await transport.send({ from: 'a@example.in', to: 'b@example.in', subject: 'x', text: 'x' } as never).then(
        () => null,
        (failure: Error) => failure
      )
      const seconds = (Date.now() - started) / 1000
      assert.match(String(error), /greeting/i)
      assert.isAtLeast(seconds, SMTP_TIMEOUTS_MS.greetingTimeout / 1000 - 1)
      assert.isBelow(seconds, SMTP_TIMEOUTS_MS.greetingTimeout / 1000 + 3)
      assert.equal(sockets.length, 1)
    } finally {
      await transport.close()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  }).timeout(20_000)

  test('every step is bounded well under the worker grace', ({ assert }) => {
    const total = SMTP_TIMEOUTS_MS.connectionTimeout + SMTP_TIMEOUTS_MS.greetingTimeout + SMTP_TIMEOUTS_MS.socketTimeout
    assert.isAtMost(total, 60_000)
  })
})
