/*
 * Where tests read mail: the file transport's .eml files, or a real SMTP server (smtp-server) on loopback with
 * the app's mailer pointed at it. Both give the same parsed shape, read with mailparser.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type AddressObject } from 'mailparser'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import { Mailer } from '@adonisjs/mail'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import type { MailTransportContract } from '@adonisjs/mail/types'
import { FileTransport, MAIL_KIND_HEADER } from '#services/mail/transports'

export const TEST_FROM = 'ReviewRoute <alerts@reviewroute.test>'

export interface SentMail {
  kind: string
  to: string
  from: string
  subject: string
  text: string
  html: string
  /** Every href of the HTML part. */
  links: string[]
  attachments: number
}

export type Cleanup = (fn: () => void | Promise<void>) => void

const addressOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((item) => item.value.map((one) => one.address ?? '')).join(', ')

export async function parseMail(raw: Buffer | string): Promise<SentMail> {
  const parsed = await simpleParser(raw)
  const html = parsed.html || ''
  return {
    kind: String(parsed.headers.get(MAIL_KIND_HEADER.toLowerCase()) ?? ''),
    to: addressOf(parsed.to),
    from: (parsed.from?.value ?? []).map((one) => (one.name ? `${one.name} <${one.address}>` : one.address)).join(', '),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html,
    links: [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&')),
    attachments: parsed.attachments.length,
  }
}

const mailerOver = (transport: MailTransportContract) => new Mailer('test', transport, emitter, { from: TEST_FROM })

/** A file-transport mailer writing into a fresh temporary directory, and a reader for what it wrote. */
export async function fileMailbox(cleanup: Cleanup) {
  const dir = await mkdtemp(join(tmpdir(), 'rr-mail-'))
  cleanup(() => rm(dir, { recursive: true, force: true }))
  return {
    mailer: mailerOver(new FileTransport(dir)),
    async read(): Promise<SentMail[]> {
      return Promise.all((await this.raw()).map((raw) => parseMail(raw)))
    },
    /** The messages as written, headers and all. */
    async raw(): Promise<string[]> {
      const names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort()
      return Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))
    },
  }
}

/**
 * A mailer whose transport takes the message and does not answer: the worker died in the middle of the send
 * (docs/decisions.md D52), or, with `fail`, was only slow and fails at last. `tookMessage`: once it has one.
 */
export function deadWorkerMailer() {
  let took!: () => void
  let fail!: (error: Error) => void
  const tookMessage = new Promise<void>((resolve) => (took = resolve))
  const mailer = mailerOver({
    send: () => {
      took()
      return new Promise<never>((_resolve, reject) => (fail = reject))
    },
  })
  return { mailer, tookMessage, fail: (error: Error) => fail(error) }
}

/** A mailer whose transport is down. */
export const brokenMailer = () =>
  mailerOver({
    send: async () => {
      throw new Error('mail transport down')
    },
  })

/**
 * A real SMTP server on loopback (refusing the `refuse` addresses), and the app's default mailer (MAIL_TRANSPORT) swapped to SMTP against it
 * until the test ends. `mailer` is an SMTP mailer of its own for jobs built in the test.
 */
export async function smtpMailbox(cleanup: Cleanup, { refuse = [] as string[] } = {}) {
  const received: SentMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    /** `refuse`: recipients the server answers "550 … mailbox unavailable", as a real one does for a dead address. */
    onRcptTo(address, _session, callback) {
      if (!refuse.includes(address.address.toLowerCase())) return callback()
      callback(Object.assign(new Error(`Requested action not taken: mailbox unavailable (${address.address})`), { responseCode: 550 }))
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        parseMail(Buffer.concat(chunks)).then((parsed) => {
          received.push(parsed)
          callback()
        }, callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  const transport = () => new SMTPTransport({ host: '127.0.0.1', port, ignoreTLS: true })

  const previous = { default: mail.config.default, smtp: mail.config.mailers.smtp }
  await mail.close('smtp')
  mail.config.mailers.smtp = transport
  mail.config.default = 'smtp'
  cleanup(async () => {
    await mail.close('smtp')
    mail.config.mailers.smtp = previous.smtp
    mail.config.default = previous.default
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  return {
    port,
    mailer: mailerOver(transport()),
    received,
    /** Waits (up to 5 s) until `count` mails have arrived: account mails are sent after the answer. */
    async waitFor(count = 1): Promise<SentMail[]> {
      const until = Date.now() + 5000
      while (received.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
      if (received.length < count) throw new Error(`expected ${count} mail(s), ${received.length} arrived`)
      return received
    },
  }
}
