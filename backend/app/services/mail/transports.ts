/*
 * Our two transports for @adonisjs/mail besides its SMTP one: a file per message for development and tests, and
 * the log. The file is the raw RFC 822 message nodemailer would put on the wire (HTML, text and attachments).
 */
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import logger from '@adonisjs/core/services/logger'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/** The header every mail of ours carries to say what it is ('feedback-alert', 'password-reset', …). */
export const MAIL_KIND_HEADER = 'X-ReviewRoute-Mail'

function kindOf(message: NodeMailerMessage) {
  const headers = (message.headers ?? {}) as Record<string, unknown>
  const kind = String(headers[MAIL_KIND_HEADER] ?? 'mail')
  return kind.replace(/[^a-z0-9-]/gi, '').slice(0, 40) || 'mail'
}

export class FileTransport implements MailTransportContract {
  #compiler = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

  constructor(private dir: string) {}

  async send(message: NodeMailerMessage) {
    const info = await this.#compiler.sendMail(message)
    await mkdir(this.dir, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = join(this.dir, `${stamp}-${kindOf(message)}-${randomUUID().slice(0, 8)}.eml`)
    await writeFile(file, info.message as Buffer)
    return new MailResponse(info.messageId, info.envelope, { file })
  }
}

export class LogTransport implements MailTransportContract {
  #compiler = createTransport({ jsonTransport: true })

  async send(message: NodeMailerMessage) {
    const info = await this.#compiler.sendMail(message)
    logger.info({ mail: { kind: kindOf(message), to: message.to, subject: message.subject } }, 'mail sent (log transport)')
    return new MailResponse(info.messageId, info.envelope, info)
  }
}
