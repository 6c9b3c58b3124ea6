import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'
import type { InferMailers } from '@adonisjs/mail/types'
import { fromBackendRoot } from '#lib/paths'
import { FileTransport, LogTransport } from '#services/mail/transports'

const smtpSecurity = env.get('SMTP_SECURE')

/**
 * Every SMTP send is bounded (Nodemailer waits 2 minutes to connect and 10 minutes of silence by default): 10 s
 * to connect, 10 s for the greeting, 30 s of silence at any later step. The worker's stop grace in
 * deploy/k8s/worker.yaml covers their sum (npm run check:docker reads these numbers).
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
const smtpUser = env.get('SMTP_USER')

const mailConfig = defineConfig({
  /** MAIL_TRANSPORT: `file` (one raw .eml per mail under MAIL_DIR, the local default), `smtp` or `log`. */
  default: env.get('MAIL_TRANSPORT'),
  from: env.get('MAIL_FROM'),
  mailers: {
    file: () => new FileTransport(fromBackendRoot(env.get('MAIL_DIR'))),
    log: () => new LogTransport(),
    smtp: transports.smtp({
      host: env.get('SMTP_HOST'),
      port: env.get('SMTP_PORT'),
      // `tls`: TLS from the first byte (usually 465); `starttls`: plain connect that must upgrade (587);
      // `off`: never upgrade (a relay on loopback, the tests' server).
      secure: smtpSecurity === 'tls',
      requireTLS: smtpSecurity === 'starttls',
      ignoreTLS: smtpSecurity === 'off',
      auth: smtpUser ? { type: 'login', user: smtpUser, pass: env.get('SMTP_PASSWORD') } : undefined,
      // Passed on to Nodemailer as they are (@adonisjs/mail's type does not list them).
      ...SMTP_TIMEOUTS_MS,
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
