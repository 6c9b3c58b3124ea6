import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Business from '#models/business'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'
import { RequestChannel } from '#models/review_request'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { FieldError } from '#exceptions/app_errors'
import { monthStartIst } from '#lib/time'
import env from '#start/env'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import { businessLanguageOf } from '#queries/message_languages'
import type { RequestChannelName, RequestChannelsDto, RequestChannelState } from '#types/api'

export const WHATSAPP_BUSINESS_NEEDS =
  'WhatsApp Business needs your WhatsApp Business number connected, with an approved template: connect it under "WhatsApp Business" on the Review requests page.'
export const WHATSAPP_BUSINESS_RECONNECT =
  'Your WhatsApp Business access token can no longer be read: connect your number again under "WhatsApp Business" on the Review requests page.'
export const SMS_NEEDS =
  'SMS needs a DLT-registered sender and template (TRAI rules), and this ReviewRoute server has none set up yet. Send with your WhatsApp or by email.'
export const providerCapMessage = (cap: number) =>
  `This month's ${cap} WhatsApp Business and SMS messages are used. Send with your WhatsApp or by email until next month.`

/** The customer's contact each channel sends to. */
export const CHANNEL_NEEDS: Record<RequestChannelName, RequestChannelState['needs']> = {
  whatsapp_link: 'phone',
  whatsapp: 'phone',
  sms: 'phone',
  email: 'email',
}

/** Channels a provider sends (and charges for): capped per account each month, on every plan. */
export const PROVIDER_CHANNELS = [RequestChannel.Whatsapp, RequestChannel.Sms]

/**
 * Which ways of sending a review request work for a business now, and for the others what they need
 * (docs/product-rules.md#customers-and-channels). The owner's own WhatsApp needs nothing; email goes through the
 * product's mail server; WhatsApp Business needs the business owner's number connected; SMS needs the deployment's
 * DLT-registered MSG91 template; the provider-sent two share a monthly cap. The dashboard offers only the usable
 * ones, and a request on another is refused with the same sentence before anything is stored.
 */
@inject()
export default class RequestChannels {
  constructor(private sms: Msg91Sms) {}

  /** Every channel for `business`, as `user` (its owner, already checked) would send now. */
  async handle(business: Business): Promise<RequestChannelsDto> {
    const [setUp, capReason, language, account] = await Promise.all([
      this.setUpReasons(business),
      this.providerCapReason(business.workspaceId),
      businessLanguageOf(business),
      whatsappAccountOf(business.workspaceId),
    ])
    const state = (channel: RequestChannelName): RequestChannelState => {
      const reason = setUp[channel] ?? (PROVIDER_CHANNELS.includes(channel as RequestChannel) ? capReason : null)
      return reason ? { available: false, needs: CHANNEL_NEEDS[channel], reason } : { available: true, needs: CHANNEL_NEEDS[channel] }
    }
    return {
      whatsapp_link: state('whatsapp_link'),
      email: state('email'),
      whatsapp: { ...state('whatsapp'), pricePerMessageInr: env.get('WHATSAPP_PRICE_INR') },
      sms: state('sms'),
      language,
      // The languages with an approved template, in the customer page's order (docs/decisions.md D65).
      whatsappLanguages: account ? REVIEW_LANGUAGES.filter((code) => account.approvedLanguages().includes(code)) : [],
    }
  }

  /** A 422 on `channel` when it is not set up for the business (the monthly cap is counted where the request is stored). */
  async refuseUnavailable(business: Business, channel: RequestChannelName) {
    const reasons = await this.setUpReasons(business, channel)
    if (reasons[channel]) throw new FieldError('channel', reasons[channel])
  }

  /** What is missing, per channel not set up (only `only` is looked at when given). */
  private async setUpReasons(business: Business, only?: RequestChannelName) {
    const reasons: Partial<Record<RequestChannelName, string>> = {}
    if ((!only || only === 'sms') && !this.sms.isConfigured) reasons.sms = SMS_NEEDS
    if (!only || only === 'whatsapp') {
      // The workspace's number, as the send job uses it.
      const account = await whatsappAccountOf(business.workspaceId)
      if (!account) reasons.whatsapp = WHATSAPP_BUSINESS_NEEDS
      else if (!account.sendingAs(business.language)) reasons.whatsapp = WHATSAPP_BUSINESS_RECONNECT
    }
    return reasons
  }

  /** The cap's sentence when this month's provider-sent messages of the account are used up, else null. */
  private async providerCapReason(workspaceId: number) {
    const cap = env.get('REQUEST_PROVIDER_MONTHLY_CAP')
    return (await RequestChannels.providerSentThisMonth(workspaceId)) >= cap ? providerCapMessage(cap) : null
  }

  /** WhatsApp Business and SMS requests of the workspace's businesses this IST month (in `trx` when given). */
  static async providerSentThisMonth(workspaceId: number, trx?: TransactionClientContract) {
    const businessIds = (trx ?? db).from('businesses').where('workspace_id', workspaceId).select('id')
    const [{ sent }] = await (trx ?? db)
      .from('review_requests')
      .whereIn('business_id', businessIds)
      .whereIn('channel', PROVIDER_CHANNELS)
      .where('created_at', '>=', monthStartIst().toJSDate())
      .count('* as sent')
    return Number(sent)
  }
}
