/*
 * The loopback Web Push service (scripts/lib/push-service-stub.mjs) driven by the `web-push` package as the backend
 * sends: VAPID-signed aes128gcm messages it decrypts to what the phone shows, and the refusals a real push service
 * answers (401/403 for VAPID, 404 unknown, 410 gone, 400 for a body that does not decrypt).
 */
import { request } from 'node:https'
import { test } from '@japa/runner'
import webpush, { type PushSubscription, type RequestOptions } from 'web-push'
import { startPushService, type PushService } from '../../../scripts/lib/push-service-stub.mjs'

const SUBJECT = 'mailto:alerts@reviewroute.in'
const ALERT = { title: 'Hi', body: '2★ at Chai Point' }

let push: PushService
const vapid = webpush.generateVAPIDKeys()
const options = (extra: RequestOptions = {}): RequestOptions => ({
  vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
  TTL: 600,
  agent: push.agent,
  ...extra,
})

/** The status web-push rejects with, or 'sent' when the push service took the message. */
async function statusOf(sending: Promise<unknown>): Promise<number | 'sent'> {
  try {
    await sending
    return 'sent'
  } catch (error) {
    if (error instanceof webpush.WebPushError) return error.statusCode
    throw error
  }
}

/** Posts what web-push would send, with `change` applied to its headers and body first; the status answered. */
function postRaw(
  subscription: PushSubscription,
  change: (headers: Record<string, string | number>, body: Buffer) => Buffer = (_headers, body) => body
) {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(ALERT), options())
  const headers = { ...(details.headers as Record<string, string | number>) }
  const body = change(headers, Buffer.from(details.body!))
  headers['Content-Length'] = body.length
  return new Promise<number>((resolve, reject) => {
    const req = request(details.endpoint, { method: 'POST', headers, agent: push.agent }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end(body)
  })
}

test.group('Push service stub', (group) => {
  group.setup(async () => {
    push = await startPushService()
    return () => push.close()
  })
  group.each.setup(() => push.reset())

  test('a subscription is a browser’s: an endpoint on the service, a P-256 public key and a 16-byte auth secret', ({ assert }) => {
    const subscription = push.subscribe({ label: 'owner phone' })
    assert.match(subscription.endpoint, new RegExp(`^${push.url}/push/[A-Za-z0-9_-]{16,}$`))
    assert.isNull(subscription.expirationTime)
    const point = Buffer.from(subscription.keys.p256dh, 'base64url')
    assert.lengthOf(point, 65)
    assert.equal(point[0], 4)
    assert.lengthOf(Buffer.from(subscription.keys.auth, 'base64url'), 16)
    assert.notEqual(push.subscribe().endpoint, subscription.endpoint)
  })

  test('web-push’s VAPID-signed aes128gcm message is decrypted to the JSON sent, with its headers and claims', async ({ assert }) => {
    const subscription = push.subscribe({ label: 'owner phone' })
    const sent = await webpush.sendNotification(subscription, JSON.stringify(ALERT), options())
    assert.equal(sent.statusCode, 201)
    assert.match(String(sent.headers.location), new RegExp(`^${push.url}/m/`))
    assert.lengthOf(push.received, 1)
    const [delivery] = push.received
    assert.deepEqual(delivery.json, ALERT)
    assert.equal(delivery.payload, JSON.stringify(ALERT))
    assert.equal(delivery.endpoint, subscription.endpoint)
    assert.equal(delivery.label, 'owner phone')
    assert.equal(delivery.ttl, 600)
    assert.equal(delivery.urgency, 'normal')
    assert.isNull(delivery.topic)
    assert.equal(delivery.vapid.aud, push.url)
    assert.equal(delivery.vapid.sub, SUBJECT)
    assert.isAbove(delivery.vapid.exp, Date.now() / 1000)

    await webpush.sendNotification(subscription, 'plain words', options({ urgency: 'high', topic: 'review-42' }))
    assert.lengthOf(push.received, 2)
    assert.include(push.received[1], { payload: 'plain words', json: null, urgency: 'high', topic: 'review-42' })
  })

  test('VAPID: a key other than the one set answers 403; a JWT not signed by k, or for another origin, 401', async ({ assert }) => {
    const other = webpush.generateVAPIDKeys()
    const strict = await startPushService({ vapidPublicKey: other.publicKey })
    try {
      const subscription = strict.subscribe()
      const via = (keys: { publicKey: string; privateKey: string }) =>
        webpush.sendNotification(subscription, JSON.stringify(ALERT), {
          vapidDetails: { subject: SUBJECT, ...keys },
          TTL: 600,
          agent: strict.agent,
        })
      assert.equal(await statusOf(via(vapid)), 403)
      assert.lengthOf(strict.received, 0)
      assert.equal(await statusOf(via(other)), 'sent')
      assert.lengthOf(strict.received, 1)
    } finally {
      await strict.close()
    }

    const subscription = push.subscribe()
    // Signed with one key, claiming another.
    const forged = { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: webpush.generateVAPIDKeys().privateKey }
    assert.equal(await statusOf(webpush.sendNotification(subscription, 'x', options({ vapidDetails: forged }))), 401)
    // Sent to the same service by another name: web-push's aud is then https://localhost:<port>.
    const elsewhere = { ...subscription, endpoint: subscription.endpoint.replace('127.0.0.1', 'localhost') }
    assert.equal(await statusOf(webpush.sendNotification(elsewhere, 'x', options())), 401)
    assert.equal(await statusOf(webpush.sendNotification(subscription, 'x', options())), 'sent')
    assert.lengthOf(push.received, 1)
  })

  test('failNext answers its status the times asked; an unknown endpoint is 404, an unsubscribed or reset one 410', async ({ assert }) => {
    const subscription = push.subscribe()
    const send = (to: PushSubscription = subscription) => statusOf(webpush.sendNotification(to, 'x', options()))

    push.failNext(subscription.endpoint, 410)
    assert.equal(await send(), 410)
    assert.equal(await send(), 'sent')
    push.failNext(/\/push\//, 429, 2)
    assert.equal(await send(), 429)
    assert.equal(await send(), 429)
    assert.equal(await send(), 'sent')
    assert.lengthOf(push.received, 2)

    assert.equal(await send({ ...subscription, endpoint: `${push.url}/push/never-subscribed` }), 404)

    const other = push.subscribe()
    push.unsubscribe(other)
    assert.equal(await send(other), 410)
    assert.equal(await send(), 'sent')
    push.reset()
    assert.equal(await send(), 410)
  })

  test('a body that does not decrypt, or a message without TTL, answers 400 and is not delivered', async ({ assert }) => {
    const subscription = push.subscribe()
    assert.equal(await postRaw(subscription), 201)
    const tampered = await postRaw(subscription, (_headers, body) => {
      const copy = Buffer.from(body)
      copy[copy.length - 20] ^= 1
      return copy
    })
    assert.equal(tampered, 400)
    const noTtl = await postRaw(subscription, (headers, body) => {
      delete headers.TTL
      return body
    })
    assert.equal(noTtl, 400)
    // Encrypted for another subscription's keys.
    const stranger = push.subscribe()
    assert.equal(await postRaw({ ...stranger, endpoint: subscription.endpoint }), 400)
    assert.lengthOf(push.received, 1)
  })
})
