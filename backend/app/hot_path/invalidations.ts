/*
 * Cache invalidation across processes (docs/decisions.md D54). Each API replica and worker keeps a few small
 * caches in memory (the review link cache, brands, the widget's answers). The code that changes what they hold
 * forgets its own copy and publishes the change on one Redis channel; every other process forgets its copy when the
 * message arrives, a few milliseconds later, instead of when the entry's TTL runs out.
 *
 * The TTLs stay as the fallback: while Redis is down a publish fails quietly and the others see the change after
 * their TTL, as before. A process whose subscription dropped may have missed messages, so when it is subscribed
 * again it empties every cache it registered (one read per entry from the database, then warm again).
 *
 * Messages are tiny JSON objects `{o: origin, k: kind, i: id}`; a process ignores its own (it has already
 * forgotten). The channel carries the queue prefix, so test runs and deployments sharing a Redis stay apart
 * (Redis pub/sub channels are not per database).
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'

/** What changed: a business (by id), a workspace's access (by id), every brand, a business's widget answer. */
export type InvalidationKind = 'business' | 'workspace' | 'brands' | 'widget'

interface Handler {
  /** Forget what this kind names in this process only (never publishes). */
  forget: (id: number) => void
  /** Forget everything of this kind (after a lost subscription). */
  clear: () => void
}

export class Invalidations {
  readonly origin = randomUUID()
  readonly channel = `${env.get('QUEUE_PREFIX')}:invalidate`
  #handlers = new Map<InvalidationKind, Handler>()
  #subscriber: Redis | null = null
  /** Messages applied from other processes, for tests and metrics. */
  received = 0

  /** The cache that holds `kind` says how to forget it. */
  register(kind: InvalidationKind, handler: Handler) {
    this.#handlers.set(kind, handler)
  }

  /** Tells every other process to forget `kind` `id` (0 for "all" kinds like brands). Never throws. */
  publish(kind: InvalidationKind, id = 0) {
    const message = JSON.stringify({ o: this.origin, k: kind, i: id })
    redis.publish(this.channel, message).catch(() => {
      // Redis is down: the others fall back to their TTL.
    })
  }

  /** Applies a message from the channel; returns whether it was another process's and applied. */
  apply(raw: string): boolean {
    let message: { o?: unknown; k?: unknown; i?: unknown }
    try {
      message = JSON.parse(raw)
    } catch {
      return false
    }
    if (message.o === this.origin || typeof message.i !== 'number') return false
    const handler = this.#handlers.get(message.k as InvalidationKind)
    if (!handler) return false
    handler.forget(message.i)
    this.received += 1
    return true
  }

  /**
   * Subscribes this process (API replica or worker) to the channel; idempotent. It does not wait for Redis: with
   * Redis down at boot the process starts anyway and subscribes once Redis answers.
   */
  start() {
    if (this.#subscriber) return
    // Publishing goes over the main connection, which fails fast rather than queue while Redis is down: open it now,
    // so the first change after boot is not lost to a connection still opening.
    redis.connection()
    // Its own connection: a subscribed connection can do nothing else. Unlike the main one it queues commands
    // while offline, so the SUBSCRIBE sent at boot waits for Redis instead of failing, and ioredis subscribes
    // again by itself after every reconnect.
    const subscriber = new Redis({
      host: env.get('REDIS_HOST'),
      port: env.get('REDIS_PORT'),
      password: env.get('REDIS_PASSWORD') || undefined,
      connectTimeout: 2000,
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(times * 200, 5000),
    })
    this.#subscriber = subscriber
    subscriber.on('error', () => {
      // Logged by the main connection's handler (start/redis.ts); the TTLs cover the gap.
    })
    // Ready again after a drop (or after Redis was down at boot): messages may have been missed meanwhile.
    subscriber.on('ready', () => {
      for (const handler of this.#handlers.values()) handler.clear()
    })
    subscriber.on('message', (_channel: string, raw: string) => this.apply(raw))
    subscriber.subscribe(this.channel).catch((error) => {
      logger.warn({ err: error }, 'cache invalidations: not subscribed, caches fall back to their TTL')
    })
  }

  /** Resolves once this process is subscribed (tests wait for it before they publish). */
  async subscribed() {
    const subscriber = this.#subscriber
    if (!subscriber) return
    while (!(subscriber.status === 'ready' && subscriber.condition?.subscriber)) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  async stop() {
    const subscriber = this.#subscriber
    this.#subscriber = null
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect())
  }
}

export const invalidations = new Invalidations()
