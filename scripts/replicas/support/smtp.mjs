/*
 * The mail server the replicas' workers send to: a real SMTP server on loopback (smtp-server) that keeps every
 * message it accepts in memory ({to, kind, subject}, `kind` from X-ReviewRoute-Mail). It can be made slow: with
 * `slowMs` set, it holds each RCPT TO that long before answering, so sends are in flight (a worker killed then
 * has sent nothing yet). `inFlight` counts the sessions waiting on that hold; `abandoned` the sessions that
 * closed after RCPT TO without a message (the sender went away mid-send).
 */
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'

export async function startSlowSmtp() {
  const messages = []
  const counters = { inFlight: 0, abandoned: 0 }
  const settings = { slowMs: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, session, callback) {
      session.pending = true
      if (!settings.slowMs) return callback()
      counters.inFlight++
      setTimeout(() => {
        counters.inFlight--
        callback()
      }, settings.slowMs)
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          session.pending = false
          messages.push({
            to: mail.to?.value?.[0]?.address ?? '',
            kind: String(mail.headers.get('x-reviewroute-mail') ?? ''),
            subject: mail.subject ?? '',
            at: Date.now(),
          })
          callback()
        },
        (error) => callback(error)
      )
    },
    onClose(session) {
      if (session.pending) counters.abandoned++
    },
  })
  // A sender killed mid-conversation resets its connection: that is expected here, not an error.
  server.on('error', () => {})
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: server.server.address().port,
    messages,
    counters,
    /** Holds each RCPT TO this long from now on (0: answers at once). */
    setSlow(ms) {
      settings.slowMs = ms
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
