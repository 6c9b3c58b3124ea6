/*
 * Outgoing mail behind one small interface. Transports: a file per message (default) or the log; a real
 * provider (SMTP, an HTTP mail API) is one more class here.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import logger from '@adonisjs/core/services/logger'
import mailConfig from '#config/mail'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** What the mail is about, for tests and support: 'feedback-alert', 'period-reminder', ... */
  kind: string
}

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>
}

class FileTransport implements MailTransport {
  constructor(private dir: string) {}

  async send(message: MailMessage & { from: string }) {
    await mkdir(this.dir, { recursive: true })
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.kind}-${randomUUID().slice(0, 8)}.json`
    await writeFile(join(this.dir, name), JSON.stringify({ ...message, sentAt: new Date().toISOString() }, null, 2))
  }
}

class LogTransport implements MailTransport {
  async send(message: MailMessage & { from: string }) {
    logger.info({ mail: message }, 'mail sent (log transport)')
  }
}

export class Mailer {
  constructor(
    private transport: MailTransport,
    private from: string
  ) {}

  send(message: MailMessage) {
    return this.transport.send({ ...message, from: this.from })
  }
}

export function createMailer(config = mailConfig) {
  const transport = config.transport === 'log' ? new LogTransport() : new FileTransport(config.dir)
  return new Mailer(transport, config.from)
}
