/*
 * A browser's push service (FCM, Mozilla autopush) on loopback, for the journeys and the backend's tests: what a
 * backend sending with the `web-push` package talks to. `subscribe()` does what a browser's PushManager.subscribe
 * does (a P-256 key pair and an auth secret, kept here) and answers the PushSubscription JSON; `POST /push/<id>`
 * checks the message as the RFCs say (RFC 8030: TTL, Urgency, Topic; RFC 8292: the VAPID JWT and its key; RFC 8291:
 * the aes128gcm body, which it decrypts) and answers 201 with a Location; `received` is what the phone would show.
 * web-push always speaks https, so the stub does too, with a self-signed certificate for 127.0.0.1 made with
 * node:crypto: callers pass `agent` (web-push's `agent` option) or start a process with NODE_EXTRA_CA_CERTS=`caFile`.
 */
import { createECDH, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes, sign, verify, createDecipheriv } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, createServer } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** RFC 8030's limit on a message body (the service may refuse more with 413). */
export const MAX_PUSH_BYTES = 4096
const URGENCIES = ['very-low', 'low', 'normal', 'high']
/** A JWT's `exp` may be at most 24 hours ahead (RFC 8292, on the JWT claims). */
const MAX_EXP_SECONDS = 24 * 3600

// ---------------------------------------------------------------------------------------------------------------
// A self-signed X.509 certificate in DER, by hand (node:crypto signs but does not write certificates).

const derLength = (n) => (n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff])
const tlv = (tag, ...parts) => {
  const body = Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(part))))
  return Buffer.concat([Buffer.from([tag, ...derLength(body.length)]), body])
}
const seq = (...parts) => tlv(0x30, ...parts)
function oid(dotted) {
  const [a, b, ...rest] = dotted.split('.').map(Number)
  const bytes = [40 * a + b]
  for (const n of rest) {
    const chunk = [n & 0x7f]
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80)
    bytes.push(...chunk)
  }
  return tlv(0x06, bytes)
}
const utcTime = (date) => tlv(0x17, date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z')
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'))

/** A certificate for 127.0.0.1 and localhost, valid for two days, and its key, in PEM. */
function selfSignedCertificate() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const serial = randomBytes(16)
  serial[0] &= 0x7f
  const name = seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, 'ReviewRoute push service stub'))))
  const now = Date.now()
  const extensions = seq(
    // basicConstraints (critical): CA, so Node accepts it as its own trust anchor.
    seq(oid('2.5.29.19'), tlv(0x01, [0xff]), tlv(0x04, seq(tlv(0x01, [0xff])))),
    // subjectAltName: IP 127.0.0.1, DNS localhost.
    seq(oid('2.5.29.17'), tlv(0x04, seq(tlv(0x87, [127, 0, 0, 1]), tlv(0x82, 'localhost'))))
  )
  const tbs = seq(
    tlv(0xa0, tlv(0x02, [2])),
    tlv(0x02, serial),
    ECDSA_SHA256,
    name,
    seq(utcTime(new Date(now - 3600_000)), utcTime(new Date(now + 2 * 86400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, extensions)
  )
  const der = seq(tbs, ECDSA_SHA256, tlv(0x03, [0], sign('sha256', tbs, privateKey)))
  const lines = der.toString('base64').match(/.{1,64}/g) ?? []
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// RFC 8292 (VAPID) and RFC 8291 (message encryption).

class Refusal extends Error {
  constructor(status, errno, message) {
    super(message)
    this.status = status
    this.errno = errno
  }
}
const refuse = (status, errno, message) => {
  throw new Refusal(status, errno, message)
}

/** A P-256 public key from its uncompressed point (65 bytes, 0x04 || x || y); null if it is not one. */
function p256PublicKey(point) {
  if (point.length !== 65 || point[0] !== 4) return null
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    })
  } catch {
    return null
  }
}

/** `Authorization: vapid t=<JWT>, k=<key>` checked as RFC 8292 says; the JWT's claims and the key. */
function checkVapid(header, origin, boundKey) {
  const scheme = /^vapid\s+(.+)$/i.exec(String(header ?? '').trim())
  if (!scheme) refuse(401, 109, 'Missing or unsupported Authorization (expected "vapid t=…, k=…")')
  const params = Object.fromEntries(
    scheme[1].split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()]
    })
  )
  if (!params.t || !params.k) refuse(401, 109, 'VAPID Authorization needs both t and k')
  const keyBytes = Buffer.from(params.k, 'base64url')
  const key = p256PublicKey(keyBytes)
  if (!key) refuse(401, 109, 'VAPID k is not an uncompressed P-256 public key')
  const parts = params.t.split('.')
  if (parts.length !== 3) refuse(401, 109, 'VAPID t is not a JWT')
  let head, claims
  try {
    head = JSON.parse(Buffer.from(parts[0], 'base64url').toString())
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString())
  } catch {
    refuse(401, 109, 'VAPID JWT does not decode')
  }
  if (head?.alg !== 'ES256' || (head.typ !== undefined && String(head.typ).toUpperCase() !== 'JWT')) {
    refuse(401, 109, 'VAPID JWT header must be {typ: JWT, alg: ES256}')
  }
  const signature = Buffer.from(parts[2], 'base64url')
  const signed =
    signature.length === 64 && verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: 'ieee-p1363' }, signature)
  if (!signed) refuse(401, 109, 'VAPID JWT signature does not verify against k')
  if (claims?.aud !== origin) refuse(401, 109, `VAPID aud must be ${origin}`)
  const now = Math.floor(Date.now() / 1000)
  if (!Number.isInteger(claims.exp) || claims.exp <= now) refuse(401, 109, 'VAPID exp is missing or past')
  if (claims.exp > now + MAX_EXP_SECONDS) refuse(401, 109, 'VAPID exp is more than 24 hours ahead')
  if (typeof claims.sub !== 'string' || !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(claims.sub)) {
    refuse(401, 109, 'VAPID sub must be a mailto: or https: URL')
  }
  if (boundKey && params.k !== boundKey) {
    refuse(403, 109, 'VAPID k is not the applicationServerKey this subscription was made with')
  }
  return { aud: claims.aud, sub: claims.sub, exp: claims.exp, key: params.k }
}

/** The plaintext of an aes128gcm body (RFC 8188 records, RFC 8291 keys) for the subscription `sub`. */
function decrypt(body, sub) {
  if (body.length < 21) refuse(400, 104, 'Body shorter than an aes128gcm header')
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]
  if (rs < 18) refuse(400, 104, `Record size ${rs} is below 18`)
  if (idlen !== 65 || body.length < 21 + idlen) refuse(400, 104, 'keyid must be the sender’s 65-byte public key')
  const asPublic = body.subarray(21, 21 + idlen)
  const records = body.subarray(21 + idlen)
  if (records.length === 0) refuse(400, 104, 'No records')
  let ecdhSecret
  try {
    ecdhSecret = sub.ecdh.computeSecret(asPublic)
  } catch {
    refuse(400, 104, 'keyid is not a P-256 point')
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, asPublic])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const plain = []
  for (let start = 0, seqNo = 0; start < records.length; start += rs, seqNo++) {
    const record = records.subarray(start, start + rs)
    const last = start + rs >= records.length
    if (record.length < 17) refuse(400, 104, 'Record shorter than its tag')
    const nonce = Buffer.from(baseNonce)
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seqNo) >>> 0, 8)
    let text
    try {
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
      decipher.setAuthTag(record.subarray(record.length - 16))
      text = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
    } catch {
      refuse(400, 104, 'Decryption failed (wrong keys or a tampered body)')
    }
    let end = text.length - 1
    while (end >= 0 && text[end] === 0) end--
    if (end < 0 || text[end] !== (last ? 2 : 1)) refuse(400, 104, 'Bad padding delimiter')
    plain.push(text.subarray(0, end))
  }
  return Buffer.concat(plain)
}

// ---------------------------------------------------------------------------------------------------------------

/** The stub; see push-service-stub.d.mts. */
export async function startPushService({ vapidPublicKey } = {}) {
  const { cert, key } = selfSignedCertificate()
  const dir = mkdtempSync(join(tmpdir(), 'push-stub-'))
  const caFile = join(dir, 'ca.pem')
  writeFileSync(caFile, cert)

  /** id → { label, ecdh, publicKey, auth, applicationServerKey } */
  const subscriptions = new Map()
  /** Ids once subscribed and since reset or unsubscribed: they answer 410. */
  const gone = new Set()
  const received = []
  const requests = []
  const failures = []
  let origin = ''

  const endpointOf = (id) => `${origin}/push/${id}`
  const takeFailure = (endpoint) => {
    const at = failures.findIndex((f) => (typeof f.match === 'string' ? f.match === endpoint : f.match.test(endpoint)))
    if (at < 0) return 0
    const failure = failures[at]
    if (--failure.times <= 0) failures.splice(at, 1)
    return failure.status
  }

  function deliver(id, headers, body) {
    const endpoint = endpointOf(id)
    const injected = takeFailure(endpoint)
    if (injected) refuse(injected, 999, 'Injected failure')
    if (gone.has(id)) refuse(410, 106, 'Subscription expired or was unsubscribed')
    const sub = subscriptions.get(id)
    if (!sub) refuse(404, 102, 'No such subscription')
    const vapid = checkVapid(headers.authorization, origin, sub.applicationServerKey ?? vapidPublicKey)
    if (!/^\d+$/.test(String(headers.ttl ?? '').trim())) refuse(400, 111, 'Missing or invalid TTL header')
    const urgency = headers.urgency === undefined ? 'normal' : String(headers.urgency).toLowerCase()
    if (!URGENCIES.includes(urgency)) refuse(400, 112, 'Urgency must be very-low, low, normal or high')
    const topic = headers.topic === undefined ? null : String(headers.topic)
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) refuse(400, 113, 'Topic must be ≤ 32 base64url characters')
    if (body.length > MAX_PUSH_BYTES) refuse(413, 104, `Body over ${MAX_PUSH_BYTES} bytes`)
    let payload = ''
    if (body.length > 0) {
      if (String(headers['content-encoding'] ?? '').toLowerCase() !== 'aes128gcm') {
        refuse(400, 110, 'Content-Encoding must be aes128gcm')
      }
      payload = decrypt(body, sub).toString('utf8')
    }
    let parsed = null
    try {
      parsed = JSON.parse(payload)
    } catch {
      parsed = null
    }
    received.push({
      endpoint,
      label: sub.label,
      ttl: Number(headers.ttl),
      urgency,
      topic,
      vapid: { aud: vapid.aud, sub: vapid.sub, exp: vapid.exp },
      payload,
      json: parsed,
      at: new Date(),
    })
    return Number(headers.ttl)
  }

  const server = createServer({ cert, key }, (req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const path = new URL(req.url ?? '/', origin).pathname
      const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(path)
      const recorded = { method: req.method ?? '', path, headers: req.headers, status: 0, at: new Date() }
      requests.push(recorded)
      const answer = (status, headers, text = '') => {
        recorded.status = status
        res.writeHead(status, headers)
        res.end(text)
      }
      if (!match || req.method !== 'POST') {
        return answer(404, { 'content-type': 'application/json' }, JSON.stringify({ code: 404, errno: 102, error: 'Not Found' }))
      }
      try {
        const ttl = deliver(match[1], req.headers, body)
        answer(201, { location: `${origin}/m/${randomBytes(12).toString('base64url')}`, ttl: String(ttl) })
      } catch (error) {
        const status = error instanceof Refusal ? error.status : 500
        const errno = error instanceof Refusal ? error.errno : 999
        answer(
          status,
          { 'content-type': 'application/json', ...(status === 429 || status === 503 ? { 'retry-after': '1' } : {}) },
          JSON.stringify({ code: status, errno, error: String(error.message ?? error) })
        )
      }
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `https://127.0.0.1:${server.address().port}`
  const agent = new Agent({ ca: cert, keepAlive: false })

  return {
    url: origin,
    ca: cert,
    caFile,
    agent,
    received,
    requests,
    subscribe({ label, applicationServerKey } = {}) {
      const id = randomBytes(24).toString('base64url')
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const auth = randomBytes(16)
      subscriptions.set(id, { label: label ?? null, ecdh, publicKey, auth, applicationServerKey })
      return {
        endpoint: endpointOf(id),
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      }
    },
    unsubscribe(endpoint) {
      const id = String(typeof endpoint === 'string' ? endpoint : endpoint.endpoint).split('/push/')[1]
      if (id && subscriptions.delete(id)) gone.add(id)
    },
    failNext(endpointOrPattern, status, times = 1) {
      const match =
        typeof endpointOrPattern === 'string' || endpointOrPattern instanceof RegExp ? endpointOrPattern : endpointOrPattern.endpoint
      failures.push({ match, status, times })
    },
    reset() {
      for (const id of subscriptions.keys()) gone.add(id)
      subscriptions.clear()
      received.length = 0
      requests.length = 0
      failures.length = 0
    },
    close() {
      agent.destroy()
      server.closeAllConnections()
      rmSync(dir, { recursive: true, force: true })
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
