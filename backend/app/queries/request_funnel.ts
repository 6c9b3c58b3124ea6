/*
 * The review-request funnel of a business (docs/decisions.md D32): sent → opened → rated (of which in WhatsApp, D67) →
 * sent to Google, by channel, and what the poster (ratings without a request) brought in. By source too (D72): by
 * hand, the visit hook, each integration, and the ratings that came through staff links; `source` narrows the
 * channels and the total to one source.
 */
import db from '@adonisjs/lucid/services/db'
import { RequestChannel, type RequestSource } from '#models/review_request'
import type { RequestChannelName, RequestFunnelDto, RequestFunnelStep, RequestSourceStep } from '#types/api'

const CHANNELS = Object.values(RequestChannel) as RequestChannelName[]

export async function requestFunnel(businessId: number, source?: RequestSource): Promise<RequestFunnelDto> {
  const ofSource = <Q extends { where(column: string, value: unknown): Q }>(query: Q, column = 'source') =>
    source ? query.where(column, source) : query
  const [steps, google, poster, views, sources] = await Promise.all([
    ofSource(db.from('review_requests').where('business_id', businessId))
      .groupBy('channel')
      .select('channel')
      .count('sent_at as sent')
      .count('opened_at as opened')
      .count('rated_at as rated'),
    ofSource(
      db.from('review_sessions as s').join('review_requests as r', 'r.id', 's.review_request_id').where('s.business_id', businessId),
      'r.source'
    )
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
    requestSources(businessId),
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
    sources,
  }
}

/** Requests, rated and sent to Google per source and integration; the staff links' ratings as a source of their own. */
async function requestSources(businessId: number): Promise<RequestSourceStep[]> {
  const [requests, ratings, staff] = await Promise.all([
    db
      .from('review_requests as r')
      .leftJoin('integrations as i', 'i.id', 'r.integration_id')
      .where('r.business_id', businessId)
      .groupBy('r.source', 'r.integration_id', 'i.provider')
      .select('r.source', 'r.integration_id', 'i.provider')
      .count('* as requests')
      .count('r.sent_at as sent')
      .count('r.opened_at as opened')
      .count('r.rated_at as rated'),
    db
      .from('review_sessions as s')
      .join('review_requests as r', 'r.id', 's.review_request_id')
      .where('s.business_id', businessId)
      .groupBy('r.source', 'r.integration_id')
      .select('r.source', 'r.integration_id')
      .sum({ sentToGoogle: db.raw('CASE WHEN s.redirected THEN 1 ELSE 0 END') }),
    db
      .from('review_sessions')
      .where('business_id', businessId)
      .whereNull('review_request_id')
      .whereNotNull('staff_id')
      .count('* as ratings')
      .sum({ sentToGoogle: db.raw('CASE WHEN redirected THEN 1 ELSE 0 END') })
      .first(),
  ])
  const steps: RequestSourceStep[] = requests.map((row) => ({
    source: row.source,
    integrationId: row.integration_id ?? null,
    provider: row.provider ?? null,
    requests: Number(row.requests),
    sent: Number(row.sent),
    opened: Number(row.opened),
    rated: Number(row.rated),
    sentToGoogle: Number(
      ratings.find((rated) => rated.source === row.source && (rated.integration_id ?? null) === (row.integration_id ?? null))
        ?.sentToGoogle ?? 0
    ),
  }))
  if (Number(staff?.ratings ?? 0) > 0) {
    steps.push({
      source: 'staff_link',
      integrationId: null,
      provider: null,
      requests: 0,
      sent: 0,
      opened: 0,
      rated: Number(staff.ratings),
      sentToGoogle: Number(staff.sentToGoogle ?? 0),
    })
  }
  return steps.sort((a, b) => b.rated - a.rated || b.requests - a.requests)
}
