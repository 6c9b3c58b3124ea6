/*
 * Alerts on this phone (docs/decisions.md D68) against a loopback Web Push service that checks the VAPID JWT and
 * decrypts each message (aes128gcm) with the subscription's keys, so the test reads what the phone would show:
 * subscribing a device (only the browsers' push services, well-formed keys), listing and removing it, the feedback
 * alert pushed to every device of the members who run the business, and a device the service says is gone forgotten.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import webpush from 'web-push'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import PushToMembers from '#actions/push/push_to_members'
import SendMemberAlerts from '#actions/alerts/send_member_alerts'
import { openedToken } from '#lib/alert_payloads'
import { WebPush, type WebPushConfig } from '#services/push/web_push'
import { ReviewSessionFactory } from '#database/factories/index'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { fileMailbox } from '#tests/helpers/mailbox'
import { startPushService, type PushService } from '../../../scripts/lib/push-service-stub.mjs'
import type { PushSubscriptionDto } from '#types/api'

let service: PushService
let config: WebPushConfig
const keys = webpush.generateVAPIDKeys()

test.group('Alerts on this phone: Web Push', (group) => {
  isolated(group)
  group.setup(async () => {
    service = await startPushService({ vapidPublicKey: keys.publicKey })
    config = {
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:alerts@reviewroute.in',
      extraOrigins: service.url,
      timeoutMs: 2000,
      agent: service.agent,
    }
    app.container.swap(WebPush, () => new WebPush(config))
    return async () => {
      app.container.restore(WebPush)
      await service.close()
    }
  })
  group.each.setup(() => service.reset())

  test('a device subscribes, is listed without its secrets, and is removed by its person only', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    assert.deepEqual((await client.get('/api/push/public-key').bearerToken(token)).body(), { publicKey: keys.publicKey })

    const subscription = service.subscribe({ applicationServerKey: keys.publicKey })
    const created = await client
      .post('/api/push-subscriptions')
      .bearerToken(token)
      .json({ ...subscription, label: 'Pixel 7' })
    created.assertStatus(201)
    const device = created.body() as PushSubscriptionDto
    assert.equal(device.label, 'Pixel 7')
    assert.notInclude(JSON.stringify(device), subscription.keys.auth)
    assert.notInclude(JSON.stringify(device), subscription.endpoint)

    // The same browser again: still one device.
    ;(await client.post('/api/push-subscriptions').bearerToken(token).json(subscription)).assertStatus(201)
    const listed = (await client.get('/api/push-subscriptions').bearerToken(token)).body() as PushSubscriptionDto[]
    assert.lengthOf(listed, 1)

    const other = await ownerWithBusiness()
    ;(await client.delete(`/api/push-subscriptions/${listed[0].id}`).bearerToken(other.token)).assertStatus(404)
    ;(await client.delete(`/api/push-subscriptions/${listed[0].id}`).bearerToken(token)).assertStatus(204)
    assert.lengthOf((await client.get('/api/push-subscriptions').bearerToken(token)).body(), 0)
  })

  test('only a browser push service, with the keys a browser gives; nothing stored otherwise', async ({ client, assert }) => {
    const { token, user } = await ownerWithBusiness()
    const good = service.subscribe()
    for (const body of [
      { ...good, endpoint: 'https://10.0.0.5/push/abc' },
      { ...good, endpoint: 'http://169.254.169.254/latest/meta-data' },
      { ...good, endpoint: 'https://fcm.googleapis.com.evil.test/push' },
      { ...good, keys: { ...good.keys, p256dh: 'A'.repeat(87) } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'short' } },
      { endpoint: good.endpoint },
      { ...good, label: '' },
    ]) {
      const refused = await client.post('/api/push-subscriptions').bearerToken(token).json(body)
      assert.equal(refused.status(), 422, JSON.stringify(body))
    }
    assert.isNull(await db.from('push_subscriptions').where('user_id', user.id).first())
  })

  test('a 2-star rating reaches every device of the owner, decrypted as the phone shows it; a gone device is forgotten', async ({
    client,
    assert,
    cleanup,
  }) => {
    const mail = await fileMailbox(cleanup)
    const { token, business, user } = await ownerWithBusiness({ business: { name: 'Chai Point' } })
    const phone = service.subscribe()
    const tablet = service.subscribe()
    for (const device of [phone, tablet]) (await client.post('/api/push-subscriptions').bearerToken(token).json(device)).assertStatus(201)
    const session = await ReviewSessionFactory.merge({
      businessId: business.id,
      rating: 2,
      redirected: false,
      feedback: 'The biryani was cold',
    }).create()
    service.failNext(tablet, 410)

    const job = new FeedbackAlertJob(mail.mailer, new SendMemberAlerts(new PushToMembers(new WebPush(config))))
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 1 })

    assert.lengthOf(service.received, 1)
    const [delivery] = service.received
    assert.equal(delivery.endpoint, phone.endpoint)
    const alert = await db.from('member_alerts').where('user_id', user.id).firstOrFail()
    assert.deepEqual(delivery.json, {
      title: '2★ private rating at Chai Point',
      body: 'The biryani was cold',
      url: `/feedbacks?businessId=${business.id}&feedback=${session.id}`,
      tag: `alert-${alert.id}`,
      opened: openedToken(alert.id, user.id),
    })
    // The alert's record: pushed and mailed.
    assert.sameMembers(
      (await db.from('member_alert_deliveries').where('member_alert_id', alert.id)).map((row) => `${row.channel}:${row.status}`),
      ['push:sent', 'email:sent']
    )
    assert.equal(delivery.vapid.sub, 'mailto:alerts@reviewroute.in')
    assert.equal(delivery.urgency, 'high')
    assert.isAbove(delivery.ttl, 0)
    // The tablet's push service said it is gone: forgotten. The mail went too.
    assert.deepEqual(
      (await db.from('push_subscriptions').where('user_id', user.id)).map((row) => row.endpoint),
      [phone.endpoint]
    )
    assert.lengthOf(await mail.read(), 1)
  })

  test('push alone: a member who chose push only gets no mail, and the rating counts as told', async ({ client, assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { token, business } = await ownerWithBusiness()
    ;(
      await client
        .patch('/api/notification-settings')
        .bearerToken(token)
        .json({ channels: { feedback: ['push'] } })
    ).assertStatus(200)
    ;(await client.post('/api/push-subscriptions').bearerToken(token).json(service.subscribe())).assertStatus(201)
    const session = await ReviewSessionFactory.merge({ businessId: business.id, rating: 1, redirected: false, feedback: 'Rude' }).create()

    const job = new FeedbackAlertJob(mail.mailer, new SendMemberAlerts(new PushToMembers(new WebPush(config))))
    assert.deepEqual(await job.handle({ businessId: business.id }), { alerted: 1 })
    assert.lengthOf(service.received, 1)
    assert.lengthOf(await mail.read(), 0)
    assert.isNotNull((await db.from('review_sessions').where('id', session.id).first()).alerted_at)
  })

  test('push off on the server: the key is null and subscribing is a 503', async ({ client, assert }) => {
    app.container.swap(WebPush, () => new WebPush({ ...config, publicKey: '', privateKey: '', subject: '' }))
    try {
      const { token } = await ownerWithBusiness()
      assert.deepEqual((await client.get('/api/push/public-key').bearerToken(token)).body(), { publicKey: null })
      ;(await client.post('/api/push-subscriptions').bearerToken(token).json(service.subscribe())).assertStatus(503)
    } finally {
      app.container.swap(WebPush, () => new WebPush(config))
    }
  })
})
