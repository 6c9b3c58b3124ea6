/*
 * Alerts on WhatsApp, the member's number (docs/decisions.md D69): a 6-digit code sent from ReviewRoute's own number
 * as an authentication template (the stub of Meta's Graph API records what the phone shows), 10 minutes and 5 tries,
 * then the number is theirs; off when the platform number is not set.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { ALERT_CODE_TEMPLATE } from '#actions/users/whatsapp_alert_number'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { PLATFORM_NUMBER, whatsappPlatform, type WhatsAppStub } from '#tests/helpers/whatsapp_stub'
import type { NotificationSettingsDto } from '#types/api'

let stub: WhatsAppStub

/** The code in the last message to `waId`, as their phone shows it. */
const codeSentTo = (waId: string) => /\b(\d{6})\b/.exec(JSON.stringify(stub.sentTo(waId).at(-1)?.request ?? {}))?.[1]

test.group('Alerts on WhatsApp: the member proves their number', (group) => {
  isolated(group)
  const platform = whatsappPlatform(group)
  group.each.setup(() => {
    stub = platform.stub
  })
  group.each.teardown(() => clock.reset())

  test('a code goes to the WhatsApp of the number typed; the right code makes it the alerts number', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    const sent = await client.post('/api/profile/whatsapp-alerts').bearerToken(token).json({ phone: '098450 67890' })
    sent.assertStatus(202)
    assert.equal(sent.body().phone, '+919845067890')
    const message = stub.sentTo('919845067890').at(-1)!
    assert.equal(message.template?.name, ALERT_CODE_TEMPLATE)
    assert.equal(message.phoneNumberId, PLATFORM_NUMBER)
    const code = codeSentTo('919845067890')!
    assert.match(code, /^\d{6}$/)

    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(token).json({ code: wrong })
    refused.assertStatus(422)
    assert.include(refused.body().error, '4 tries left')

    const verified = await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(token).json({ code })
    verified.assertStatus(200)
    assert.equal(verified.body().phone, '+919845067890')
    const settings = (await client.get('/api/notification-settings').bearerToken(token)).body() as NotificationSettingsDto
    assert.containsSubset(settings.whatsapp, { phone: '+919845067890', available: true })
    // The code works once.
    ;(await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(token).json({ code })).assertStatus(422)

    ;(await client.delete('/api/profile/whatsapp-alerts').bearerToken(token)).assertStatus(204)
    const after = (await client.get('/api/notification-settings').bearerToken(token)).body() as NotificationSettingsDto
    assert.isNull(after.whatsapp.phone)
  })

  test('five wrong codes end the code; ten minutes end it too; another member cannot use it', async ({ client, assert }) => {
    const { token, user } = await ownerWithBusiness()
    await client.post('/api/profile/whatsapp-alerts').bearerToken(token).json({ phone: '9845011111' })
    const code = codeSentTo('919845011111')!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(token).json({ code: wrong })
    const locked = await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(token).json({ code })
    locked.assertStatus(422)
    assert.include(locked.body().error, 'Too many wrong codes')

    await client.post('/api/profile/whatsapp-alerts').bearerToken(token).json({ phone: '9845011111' })
    const fresh = codeSentTo('919845011111')!
    const other = await ownerWithBusiness()
    ;(await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(other.token).json({ code: fresh })).assertStatus(422)
    clock.travelTo(clock.now().plus({ minutes: 11 }))
    const expired = await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(token).json({ code: fresh })
    expired.assertStatus(422)
    assert.include(expired.body().error, 'expired')
    assert.isNull((await db.from('users').where('id', user.id).first()).whatsapp_alert_phone)
  })

  test("bad numbers and codes are field errors; Meta's refusal in its words; nothing stored", async ({ client, assert }) => {
    const { token, user } = await ownerWithBusiness()
    for (const phone of ['12345', '+1 415 555 0100', '0000000000']) {
      ;(await client.post('/api/profile/whatsapp-alerts').bearerToken(token).json({ phone })).assertStatus(422)
    }
    for (const code of ['12345', 'abcdef', '1234567']) {
      ;(await client.post('/api/profile/whatsapp-alerts/verify').bearerToken(token).json({ code })).assertStatus(422)
    }
    stub.failNext('/messages', { status: 400, error: { error_user_msg: 'The number is not on WhatsApp.' } })
    const refused = await client.post('/api/profile/whatsapp-alerts').bearerToken(token).json({ phone: '9845022222' })
    refused.assertStatus(422)
    assert.include(refused.body().error, 'The number is not on WhatsApp.')
    assert.isNull(await db.from('whatsapp_alert_codes').where('user_id', user.id).first())
  })

  test('off without the platform number: said in the settings, and asking for a code is a 503', async ({ client, assert }) => {
    const saved = env.get('WHATSAPP_PLATFORM_TOKEN')
    env.set('WHATSAPP_PLATFORM_TOKEN', '')
    try {
      const { token } = await ownerWithBusiness()
      const settings = (await client.get('/api/notification-settings').bearerToken(token)).body() as NotificationSettingsDto
      assert.isFalse(settings.whatsapp.available)
      ;(await client.post('/api/profile/whatsapp-alerts').bearerToken(token).json({ phone: '9845067890' })).assertStatus(503)
    } finally {
      env.set('WHATSAPP_PLATFORM_TOKEN', saved)
    }
  })
})
