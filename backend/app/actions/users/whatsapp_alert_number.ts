import { createHmac, randomInt } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import type User from '#models/user'
import { FieldError, NotConfiguredError, ServiceUnavailableError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import { normalizeIndianMobile } from '#lib/phone'
import { WhatsAppCloud, WhatsAppCloudError, WhatsAppUnavailableError } from '#services/messaging/whatsapp_cloud'
import { ALERT_CODE_TEMPLATE, platformSender } from '#lib/whatsapp_platform'

export { ALERT_CODE_TEMPLATE }

export const CODE_MINUTES = 10
export const CODE_TRIES = 5

export const WHATSAPP_ALERTS_OFF = 'WhatsApp alerts are not set up on this ReviewRoute server.'
export const ALERT_PHONE_INVALID = 'Enter your 10-digit mobile number.'
export const NO_CODE = 'Ask for a code first: we send it to your WhatsApp.'
export const CODE_EXPIRED = 'This code has expired. Ask for a new one.'
export const TOO_MANY_TRIES = 'Too many wrong codes. Ask for a new one.'

const hashOf = (userId: number, code: string) =>
  createHmac('sha256', env.get('APP_KEY') ?? 'reviewroute')
    .update(`whatsapp-alert:${userId}:${code}`)
    .digest('hex')

/**
 * A member's number for alerts on WhatsApp (docs/decisions.md D69): a 6-digit code sent from ReviewRoute's own number
 * as an authentication template, valid 10 minutes and 5 tries, proves the number is theirs; only then do alerts go
 * there. A new code replaces the pending one; removing the number stops WhatsApp alerts.
 */
@inject()
export default class WhatsAppAlertNumber {
  constructor(private cloud: WhatsAppCloud) {}

  async sendCode(user: User, phoneInput: string) {
    const sender = platformSender()
    if (!sender) throw new NotConfiguredError(WHATSAPP_ALERTS_OFF, 'E_WHATSAPP_ALERTS_NOT_CONFIGURED')
    const phone = normalizeIndianMobile(phoneInput)
    if (!phone) throw new FieldError('phone', ALERT_PHONE_INVALID)
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    try {
      await this.cloud.sendAuthenticationCode(sender, phone.slice(1), ALERT_CODE_TEMPLATE, 'en', code)
    } catch (error) {
      if (error instanceof WhatsAppUnavailableError) throw new ServiceUnavailableError(error.message)
      if (error instanceof WhatsAppCloudError) throw new FieldError('phone', `WhatsApp: ${error.message}`)
      throw error
    }
    const now = clock.now()
    const expiresAt = now.plus({ minutes: CODE_MINUTES })
    await db.rawQuery(
      `INSERT INTO whatsapp_alert_codes (user_id, phone, code_hash, tries, expires_at, created_at) VALUES (?, ?, ?, 0, ?, ?)
       ON DUPLICATE KEY UPDATE phone = VALUES(phone), code_hash = VALUES(code_hash), tries = 0,
         expires_at = VALUES(expires_at), created_at = VALUES(created_at)`,
      [user.id, phone, hashOf(user.id, code), expiresAt.toJSDate(), now.toJSDate()]
    )
    return { phone, expiresAt: expiresAt.toISO()! }
  }

  async verify(user: User, code: string) {
    // The refusal is thrown after the commit, so a wrong code's try is counted.
    const refusal = await db.transaction(async (trx) => {
      const pending = await trx.from('whatsapp_alert_codes').where('user_id', user.id).forUpdate().first()
      if (!pending) return NO_CODE
      if (new Date(pending.expires_at).getTime() <= clock.nowMs()) return CODE_EXPIRED
      if (pending.tries >= CODE_TRIES) return TOO_MANY_TRIES
      if (pending.code_hash !== hashOf(user.id, code)) {
        await trx.from('whatsapp_alert_codes').where('user_id', user.id).increment('tries', 1)
        const left = CODE_TRIES - pending.tries - 1
        return left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : TOO_MANY_TRIES
      }
      await trx.from('whatsapp_alert_codes').where('user_id', user.id).delete()
      user.useTransaction(trx)
      user.whatsappAlertPhone = String(pending.phone)
      user.whatsappAlertVerifiedAt = clock.now()
      await user.save()
      return null
    })
    if (refusal) throw new FieldError('code', refusal)
    return user
  }

  async remove(user: User) {
    await db.from('whatsapp_alert_codes').where('user_id', user.id).delete()
    user.whatsappAlertPhone = null
    user.whatsappAlertVerifiedAt = null
    await user.save()
  }
}
