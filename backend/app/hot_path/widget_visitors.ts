/*
 * Who saw a business's website widget today (docs/decisions.md D61): a widget view is one visitor on one IST day, so
 * one address reloading a page counts once. No cookie and nothing stored about the visitor in the clear: a visitor is
 * an HMAC of the client's address and user agent under the day's salt. The salt is random, one per IST day for every
 * process (the first to need it sets it in Redis), and it and the day's hashes are kept in Redis only until the day is
 * over (plus an hour for clocks that disagree), so a hash cannot be tied to the next day's or, once the salt is gone,
 * checked against an address.
 *
 * One Redis call per answer (SADD and its expiry in one script, pipelined with other commands of the tick); the
 * salt is read once a day per process. Redis unreachable: the view counts (fails open, like the rating admission),
 * so an outage counts reloads rather than losing every view.
 */
import { createHmac, randomBytes } from 'node:crypto'
import redis from '@adonisjs/redis/services/main'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { widgetViewCounter } from '#hot_path/page_view_counter'
import { clock } from '#lib/clock'
import { nowIst, todayIst } from '#lib/time'

/** The salt of the day, set once by whichever process asks first. */
const SALT_SCRIPT = `
local salt = redis.call('GET', KEYS[1])
if salt then return salt end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return ARGV[1]
`

/** 1 when the visitor is new to the business's day (and the day's set then lives until the day is over). */
const SEEN_SCRIPT = `
local added = redis.call('SADD', KEYS[1], ARGV[1])
if added == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return added
`

const MARGIN_SECONDS = 3600

/** A visitor under a salt: the address and user agent, length-prefixed so neither can be shifted into the other. */
export function visitorHash(salt: string, ip: string, userAgent: string) {
  return createHmac('sha256', salt).update(`${ip.length}:${ip}|${userAgent}`).digest('base64url').slice(0, 22)
}

export interface Visitor {
  ip: string
  userAgent: string
}

export class WidgetVisitors {
  readonly prefix = `${env.get('QUEUE_PREFIX')}:widget-visitors:`
  #salt: { day: string; value: string } | null = null

  /** Seconds until the IST day is over, and the margin. */
  #secondsLeftToday() {
    const end = nowIst().endOf('day').toMillis()
    return Math.max(60, Math.ceil((end - clock.nowMs()) / 1000) + MARGIN_SECONDS)
  }

  async #saltOf(day: string) {
    if (this.#salt?.day === day) return this.#salt.value
    const value = String(
      await redis.eval(SALT_SCRIPT, 1, `${this.prefix}salt:${day}`, randomBytes(32).toString('base64url'), String(this.#secondsLeftToday()))
    )
    this.#salt = { day, value }
    return value
  }

  /** Whether this is the visitor's first answer from the business's widget today (IST). */
  async firstToday(businessId: number, { ip, userAgent }: Visitor): Promise<boolean> {
    const day = todayIst()
    const hash = visitorHash(await this.#saltOf(day), ip, userAgent)
    const added = await redis.eval(SEEN_SCRIPT, 1, `${this.prefix}${businessId}:${day}`, hash, String(this.#secondsLeftToday()))
    return Number(added) === 1
  }

  /** Counts a view of the business's widget if the visitor has not been counted today. */
  async count(businessId: number, visitor: Visitor) {
    let first = true
    try {
      first = await this.firstToday(businessId, visitor)
    } catch (error) {
      logger.warn({ err: error }, 'widget visitors unavailable; view counted')
    }
    if (first) await widgetViewCounter.record(businessId)
  }

  /** Forgets every visitor and salt (tests). */
  async clear() {
    this.#salt = null
    const keys = await redis.keys(`${this.prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
  }
}

export const widgetVisitors = new WidgetVisitors()
