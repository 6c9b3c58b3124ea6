/*
 * Meta's WhatsApp Business Platform on loopback (the Cloud API, the JavaScript SDK's Embedded Signup popup, signed
 * webhooks): one implementation, in scripts/lib, shared with the journeys and the bench. Here also the group setup
 * that points the app at it with ReviewRoute's own number set (owners' alerts, docs/decisions.md D69).
 */
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { startWhatsAppStub, type WhatsAppStub } from '../../../scripts/lib/whatsapp-stub.mjs'

export * from '../../../scripts/lib/whatsapp-stub.mjs'

export const PLATFORM_NUMBER = '109876543210987'
export const PLATFORM_WABA = '108765432109876'
const PLATFORM_SETTINGS = ['WHATSAPP_PLATFORM_PHONE_NUMBER_ID', 'WHATSAPP_PLATFORM_WABA_ID', 'WHATSAPP_PLATFORM_TOKEN'] as const

/** The app's WhatsApp client, pointed at `stub`. */
export function stubbedCloud(stub: WhatsAppStub) {
  return new WhatsAppCloud({
    baseUrl: stub.url,
    version: 'v21.0',
    appSecret: stub.appSecret,
    appId: stub.appId,
    verifyToken: 'verify',
    timeoutMs: 2000,
  })
}

/** For the group: a stub of Meta, the app's WhatsApp client pointed at it, and ReviewRoute's own number on it. */
export function whatsappPlatform(group: Group) {
  const holder: { stub?: WhatsAppStub } = {}
  group.setup(async () => {
    const stub = await startWhatsAppStub()
    holder.stub = stub
    stub.addNumber({ id: PLATFORM_NUMBER, wabaId: PLATFORM_WABA, displayPhoneNumber: '+91 80000 00000', verifiedName: 'ReviewRoute' })
    const previous = PLATFORM_SETTINGS.map((key) => [key, env.get(key)] as const)
    env.set('WHATSAPP_PLATFORM_PHONE_NUMBER_ID', PLATFORM_NUMBER)
    env.set('WHATSAPP_PLATFORM_WABA_ID', PLATFORM_WABA)
    env.set('WHATSAPP_PLATFORM_TOKEN', stub.issueToken())
    app.container.swap(WhatsAppCloud, () => stubbedCloud(stub))
    return async () => {
      for (const [key, value] of previous) env.set(key, value)
      app.container.restore(WhatsAppCloud)
      await stub.close()
    }
  })
  return {
    get stub() {
      if (!holder.stub) throw new Error('the WhatsApp stub starts with the group')
      return holder.stub
    },
  }
}
