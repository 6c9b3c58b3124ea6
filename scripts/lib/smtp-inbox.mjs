/*
 * A real SMTP server on loopback (smtp-server, the server half of Nodemailer) that keeps each message it
 * receives as a raw `.eml` file in a folder: the journeys point the product's SMTP transport at it, so their
 * mails really travel over SMTP and are read with the same reader as file-transport mails (mail-files.mjs).
 */
import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'

export async function startSmtpInbox(dir) {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        // Written under another name first, so a reader never sees half a message; names sort in arrival order.
        const name = `smtp-${String(++received).padStart(6, '0')}.eml`
        writeFileSync(join(dir, `${name}.part`), Buffer.concat(chunks))
        renameSync(join(dir, `${name}.part`), join(dir, name))
        callback()
      })
    },
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: server.server.address().port,
    get received() {
      return received
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
