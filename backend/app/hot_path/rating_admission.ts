/*
 * Which ratings count (docs/decisions.md D31). Customers are told apart by a device cookie the page sets (signed,
 * HttpOnly, SameSite=Lax, random): one device counts one rating per business per hour. Requests without a valid
 * cookie (scripts blocked from cookies, API clients) share a per-IP allowance per business, high enough that a
 * shop's Wi-Fi or a carrier's shared address never reaches it in normal use. Nothing here stops a customer on the
 * way to Google: the caller still sends a 4-5 on, only without storing it. Fails open when Redis is down.
 */
import { randomBytes } from 'node:crypto'
import limiter from '@adonisjs/limiter/services/main'
import logger from '@adonisjs/core/services/logger'
import { errors } from '@adonisjs/limiter'
import env from '#start/env'

export const DEVICE_COOKIE = 'rr_device'
export const DEVICE_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', path: '/', maxAge: '400d' } as const

/** A new device id: 16 random bytes. The cookie holding it is signed, so a made-up id is no device at all. */
export const newDeviceId = () => randomBytes(16).toString('base64url')

/**
 * `counted`: store it. `repeat`: this device rated the business within the hour. `flood`: too many without a
 * device (with the limiter's error, which answers 429 with Retry-After).
 */
export type Admission = { kind: 'counted' } | { kind: 'repeat' } | { kind: 'flood'; error: InstanceType<typeof errors.E_TOO_MANY_REQUESTS> }

export interface Rater {
  /** The verified device id from the cookie, or null. */
  device: string | null
  ip: string
}

export async function admitRating(businessId: number, { device, ip }: Rater): Promise<Admission> {
  const [rule, key] = device
    ? [{ requests: 1, duration: '1 hour' }, `rating_device_${device}_${businessId}`]
    : [{ requests: env.get('RATING_IP_LIMIT_PER_MINUTE'), duration: '1 minute' }, `rating_ip_${ip}_${businessId}`]
  try {
    await limiter.use(rule).consume(key)
    return { kind: 'counted' }
  } catch (error) {
    if (error instanceof errors.E_TOO_MANY_REQUESTS) return device ? { kind: 'repeat' } : { kind: 'flood', error }
    logger.warn({ err: error, limiter: 'rating_admission' }, 'rate limiter unavailable; rating counted')
    return { kind: 'counted' }
  }
}
