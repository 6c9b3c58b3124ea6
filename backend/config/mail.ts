import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'
import type { InferMailers } from '@adonisjs/mail/types'
import { fromBackendRoot } from '#lib/paths'
import { FileTransport, LogTransport } from '#services/mail/transports'

const smtpSecurity = env.get('SMTP_SECURE')
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
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
