/*
 * The operators' second factor (docs/decisions.md D34): TOTP (RFC 6238, 30-second steps, 6 digits) through otplib,
 * the secret encrypted with the app key; ten one-time recovery codes, kept as SHA-256 hashes. A token that passed
 * the step may call /api/admin/* for VERIFIED_HOURS.
 */
import { createHash, randomBytes } from 'node:crypto'
import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import type User from '#models/user'
import { DateTime } from 'luxon'
import { clock } from '#lib/clock'

export const VERIFIED_HOURS = 12
const ISSUER = 'ReviewRoute'
const RECOVERY_CODES = 10

const hash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex')

/** `abcd-efgh-ijkl`: 60 bits, easy to read back from paper. */
function recoveryCode() {
  const letters = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = randomBytes(12)
  const text = [...bytes].map((byte) => letters[byte % letters.length]).join('')
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`
}

export const secretOf = (user: User) => (user.totpSecretEncrypted ? encryption.decrypt<string>(user.totpSecretEncrypted) : null)

/** A new secret for an operator not yet enrolled (kept until a first code confirms it), with its QR code. */
export async function startEnrollment(user: User) {
  const secret = generateSecret()
  user.totpSecretEncrypted = encryption.encrypt(secret)
  await user.save()
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret })
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) }
}

/**
 * Uses up `code` when it is the secret's TOTP now (one step either side, for clocks a little apart): its time step
 * must be later than the last one this operator used, and claiming it is one conditional UPDATE, so the same code
 * (or an older one) never opens a second sign-in, not even two racing with it (docs/product-rules.md#accounts-and-tokens).
 */
export async function useTotpCode(user: User, secret: string, code: string) {
  if (!/^\d{6}$/.test(code)) return false
  const result = await verify({ secret, token: code, epochTolerance: 30 })
  if (!result.valid || !('timeStep' in result)) return false
  const claimed = await db
    .from('users')
    .where('id', user.id)
    .where((last) => last.whereNull('totp_last_step').orWhere('totp_last_step', '<', result.timeStep))
    .update({ totp_last_step: result.timeStep })
  return Number(claimed) === 1
}

/** Enrolment confirmed: the factor is on and ten recovery codes are made (answered once, stored hashed). */
export async function activate(user: User) {
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode)
  user.totpEnabledAt = clock.now()
  user.totpRecoveryCodes = codes.map(hash)
  await user.save()
  return codes
}

/**
 * Uses up a recovery code: true when it was one of the unused ones. The code leaves the stored list in the same
 * UPDATE that finds it, so two sign-ins racing with one code cannot both pass.
 */
export async function useRecoveryCode(user: User, code: string) {
  const claimed = await db
    .from('users')
    .where('id', user.id)
    .whereRaw("JSON_SEARCH(totp_recovery_codes, 'one', ?) IS NOT NULL", [hash(code)])
    .update({
      totp_recovery_codes: db.knexRawQuery("JSON_REMOVE(totp_recovery_codes, JSON_UNQUOTE(JSON_SEARCH(totp_recovery_codes, 'one', ?)))", [
        hash(code),
      ]),
    })
  return Number(claimed) === 1
}

/** This token passed the step: it may call the admin API for the next VERIFIED_HOURS. */
export async function markVerified(user: User, tokenId: number) {
  const until = clock.now().plus({ hours: VERIFIED_HOURS })
  await db.rawQuery(
    'INSERT INTO operator_verifications (token_id, user_id, verified_until) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE verified_until = VALUES(verified_until)',
    [tokenId, user.id, until.toJSDate()]
  )
  return until
}

export async function verifiedUntil(tokenId: number) {
  const row = await db
    .from('operator_verifications')
    .where('token_id', tokenId)
    .where('verified_until', '>', clock.now().toJSDate())
    .first()
  return row ? DateTime.fromJSDate(row.verified_until, { zone: 'utc' }) : null
}
