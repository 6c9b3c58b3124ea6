/*
 * The review-request funnel of a business (docs/decisions.md D32): sent → opened → rated (of which in WhatsApp, D67) →
 * sent to Google, by channel, and what the poster (ratings without a request) brought in.
 */
import db from '@adonisjs/lucid/services/db'
import { RequestChannel } from '#models/review_request'
import type { RequestChannelName, RequestFunnelDto, RequestFunnelStep } from '#types/api'

const CHANNELS = Object.values(RequestChannel) as RequestChannelName[]

export async function requestFunnel(businessId: number): Promise<RequestFunnelDto> {
  const [steps, google, poster, views] = await Promise.all([
    db
      .from('review_requests')
      .where('business_id', businessId)
      .groupBy('channel')
      .select('channel')
      .count('sent_at as sent')
      .count('opened_at as opened')
      .count('rated_at as rated'),
    db
      .from('review_sessions as s')
      .join('review_requests as r', 'r.id', 's.review_request_id')
      .where('s.business_id', businessId)
      .groupBy('r.channel')
      .select('r.channel')
      .sum({ sentToGoogle: db.raw('CASE WHEN s.redirected THEN 1 ELSE 0 END') })
      .sum({ ratedInWhatsApp: db.raw("CASE WHEN s.source = 'whatsapp' THEN 1 ELSE 0 END") }),
    db
      .from('review_sessions')
      .where('business_id', businessId)
      .whereNull('review_request_id')
      .count('* as ratings')
      .sum({ sentToGoogle: db.raw('CASE WHEN redirected THEN 1 ELSE 0 END') })
      .first(),
    db.from('page_views_daily').where('business_id', businessId).sum('views as pageViews').first(),
  ])
  const channels: RequestFunnelStep[] = CHANNELS.map((channel) => {
    const step = steps.find((row) => row.channel === channel)
    const ratings = google.find((row) => row.channel === channel)
    return {
      channel,
      sent: Number(step?.sent ?? 0),
      opened: Number(step?.opened ?? 0),
      rated: Number(step?.rated ?? 0),
      ratedInWhatsApp: Number(ratings?.ratedInWhatsApp ?? 0),
      sentToGoogle: Number(ratings?.sentToGoogle ?? 0),
    }
  })
  const total = channels.reduce(
    (sum, step) => ({
      sent: sum.sent + step.sent,
      opened: sum.opened + step.opened,
      rated: sum.rated + step.rated,
      ratedInWhatsApp: sum.ratedInWhatsApp + step.ratedInWhatsApp,
      sentToGoogle: sum.sentToGoogle + step.sentToGoogle,
    }),
    { sent: 0, opened: 0, rated: 0, ratedInWhatsApp: 0, sentToGoogle: 0 }
  )
  return {
    businessId,
    channels,
    total,
    poster: {
      pageViews: Number(views?.pageViews ?? 0),
      ratings: Number(poster?.ratings ?? 0),
      sentToGoogle: Number(poster?.sentToGoogle ?? 0),
    },
  }
}
