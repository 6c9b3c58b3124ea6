/*
 * Mails the API's file transport wrote (MAIL_TRANSPORT=file: one raw RFC 822 `.eml` per mail in MAIL_DIR),
 * parsed with mailparser, for the journeys and the fault tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'

/**
 * Every mail in `dir`, oldest first: `{file, kind, to, subject, text, html, attachments}` (`kind` from
 * X-ReviewRoute-Mail; `attachments`: `{filename, contentType, content}` with the bytes as a Buffer).
 */
export async function readMailFiles(dir) {
  if (!existsSync(dir)) return []
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
  return Promise.all(
    names.map(async (file) => {
      const mail = await simpleParser(readFileSync(join(dir, file)))
      return {
        file,
        kind: String(mail.headers.get('x-reviewroute-mail') ?? ''),
        to: mail.to?.value?.[0]?.address ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content })),
      }
    })
  )
}

/** The link of kind `path` (e.g. '/auth/verify') in the newest mail of `kind` to `to`, or null. */
export async function linkInMail(dir, kind, to, path) {
  const mails = (await readMailFiles(dir)).filter((mail) => mail.kind === kind && mail.to === to)
  const text = mails.at(-1)?.text ?? ''
  return new RegExp(`https?://[^\\s"<>]*${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0] ?? null
}
