/*
 * The owner most specs start from: a factory user with a bearer token, one business of theirs and, when asked,
 * the ratings customers left it.
 */
import type { DateTime } from 'luxon'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import User from '#models/user'
import type Business from '#models/business'
import { BusinessFactory, PushSubscriptionFactory, ReviewSessionFactory, UserFactory } from '#database/factories/index'
import { clock } from '#lib/clock'

export interface SessionSpec {
  rating: number
  feedback?: string | null
  /** By default 4-5 stars went on to Google. */
  redirected?: boolean
  resolvedAt?: DateTime | null
  /** By default the first is the newest, a minute before now, and each next one a minute older. */
  createdAt?: DateTime
}

/** Stored ratings of one business. */
export function seedSessions(businessId: number, specs: SessionSpec[]) {
  const now = clock.now()
  return ReviewSessionFactory.merge(
    specs.map((spec, index) => ({
      businessId,
      rating: spec.rating,
      feedback: spec.feedback ?? null,
      redirected: spec.redirected ?? spec.rating >= 4,
      resolvedAt: spec.resolvedAt ?? null,
      createdAt: spec.createdAt ?? now.minus({ minutes: index + 1 }),
    }))
  ).createMany(specs.length)
}

export interface OwnerSetup {
  /** Columns of the owner over the factory's (a 7-day trial starting now). */
  owner?: Partial<ModelAttributes<User>>
  /** Columns of the business over the factory's. */
  business?: Partial<ModelAttributes<Business>>
  /** Ratings of the business. */
  sessions?: SessionSpec[]
}

/** An owner with one business, the bearer token they are signed in with and the ratings of `sessions`. */
export async function ownerWithBusiness({ owner = {}, business = {}, sessions = [] }: OwnerSetup = {}) {
  const user = await UserFactory.merge(owner).create()
  const token = (await User.accessTokens.create(user)).value!.release()
  const created = await BusinessFactory.merge({ ...business, userId: user.id }).create()
  return { user, token, business: created, sessions: sessions.length ? await seedSessions(created.id, sessions) : [] }
}

/** A voice note kept as a WhatsApp rating's feedback (docs/decisions.md D67): a few bytes standing for the audio. */
export async function voiceNoteFor(sessionId: number, businessId: number, audio = 'OggS voice note') {
  await db.table('whatsapp_voice_notes').insert({
    review_session_id: sessionId,
    business_id: businessId,
    mime_type: 'audio/ogg',
    bytes: Buffer.byteLength(audio),
    audio: Buffer.from(audio),
    created_at: new Date(),
  })
}

/** A device the user turned alerts on for (docs/decisions.md D68): a push service's address and the browser's keys. */
export async function pushDeviceOf(userId: number, name: string) {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${name}`
  const device = await PushSubscriptionFactory.merge({
    userId,
    endpoint,
    endpointHash: createHash('sha256').update(endpoint).digest('hex'),
    label: `Phone ${name}`,
  }).create()
  return Number(device.id)
}
