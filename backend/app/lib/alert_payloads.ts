/*
 * The buttons of an owner's alert (docs/decisions.md D70) carry `ra:{alert}:{action}:{signature}`: the signature is
 * an HMAC of (alert, member, action) under APP_KEY, so a payload cannot be made up, moved to another alert or
 * member, or turned into another action. The push notification's "opened" token is signed the same way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import env from '#start/env'

export const ALERT_ACTIONS = ['call', 'resolve', 'draft', 'post', 'opened'] as const
export type AlertAction = (typeof ALERT_ACTIONS)[number]

const signature = (alertId: number, userId: number, action: AlertAction) =>
  createHmac('sha256', env.get('APP_KEY') ?? 'reviewroute')
    .update(`member-alert:${alertId}:${userId}:${action}`)
    .digest('base64url')
    .slice(0, 22)

export const alertPayload = (alertId: number, userId: number, action: AlertAction) =>
  `ra:${alertId}:${action}:${signature(alertId, userId, action)}`

/** A payload's parts, when it has our form; whether it is genuine is `isGenuine`'s to say, once the alert is read. */
export function parseAlertPayload(payload: unknown): { alertId: number; action: AlertAction; signature: string } | null {
  if (typeof payload !== 'string') return null
  const match = /^ra:([0-9]{1,15}):([a-z]{1,16}):([A-Za-z0-9_-]{22})$/.exec(payload)
  if (!match || !(ALERT_ACTIONS as readonly string[]).includes(match[2])) return null
  return { alertId: Number(match[1]), action: match[2] as AlertAction, signature: match[3] }
}

export function isGenuine(parsed: { alertId: number; action: AlertAction; signature: string }, userId: number) {
  const expected = Buffer.from(signature(parsed.alertId, userId, parsed.action))
  const given = Buffer.from(parsed.signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The token a push notification's click sends back (`POST /api/alerts/opened`). */
export const openedToken = (alertId: number, userId: number) => `${alertId}.${signature(alertId, userId, 'opened')}`

export function parseOpenedToken(token: unknown): { alertId: number; signature: string } | null {
  if (typeof token !== 'string') return null
  const match = /^([0-9]{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token)
  return match ? { alertId: Number(match[1]), signature: match[2] } : null
}
