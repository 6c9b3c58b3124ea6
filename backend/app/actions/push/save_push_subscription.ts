import { createHash, createPublicKey } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import PushSubscription from '#models/push_subscription'
import { FieldError, NotConfiguredError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import { WebPush } from '#services/push/web_push'
import type { PushSubscriptionRequest } from '#types/api'

export const PUSH_OFF = 'Alerts on phones are not set up on this ReviewRoute server.'
export const PUSH_SERVICE_UNKNOWN = "This browser's push service is not one ReviewRoute sends to."

/** The browser's subscription keys: a P-256 public key (65 bytes) and a 16-byte secret, base64url. */
const decodedLength = (value: string) => Buffer.from(value, 'base64url').length

/** Whether `value` is an uncompressed point of the P-256 curve (what p256dh must be to encrypt to it). */
function isP256Point(value: string) {
  const bytes = Buffer.from(value, 'base64url')
  if (bytes.length !== 65 || bytes[0] !== 4) return false
  try {
    const jwk = { kty: 'EC', crv: 'P-256', x: bytes.subarray(1, 33).toString('base64url'), y: bytes.subarray(33).toString('base64url') }
    createPublicKey({ key: jwk, format: 'jwk' })
    return true
  } catch {
    return false
  }
}

/**
 * Turns alerts on for this device (docs/decisions.md D68): the browser's Web Push subscription, kept for the member.
 * The same endpoint again (the same browser, maybe signed in as someone else now) replaces the row, so a device
 * alerts one person.
 */
@inject()
export default class SavePushSubscription {
  constructor(private push: WebPush) {}

  async handle(user: User, input: PushSubscriptionRequest) {
    if (!this.push.enabled) throw new NotConfiguredError(PUSH_OFF, 'E_PUSH_NOT_CONFIGURED')
    if (!this.push.acceptsEndpoint(input.endpoint)) throw new FieldError('endpoint', PUSH_SERVICE_UNKNOWN)
    if (!isP256Point(input.keys.p256dh)) throw new FieldError('keys.p256dh', 'Send the subscription’s p256dh key as the browser gave it.')
    if (decodedLength(input.keys.auth) !== 16)
      throw new FieldError('keys.auth', 'Send the subscription’s auth secret as the browser gave it.')
    const endpointHash = createHash('sha256').update(input.endpoint).digest('hex')
    const row = {
      userId: user.id,
      endpoint: input.endpoint,
      endpointHash,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label ?? null,
      createdAt: clock.now(),
    }
    return db.transaction(async (trx) => {
      await PushSubscription.query({ client: trx }).where('endpoint_hash', endpointHash).delete()
      return PushSubscription.create(row, { client: trx })
    })
  }
}
