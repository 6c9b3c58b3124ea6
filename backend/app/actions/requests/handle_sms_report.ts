import db from '@adonisjs/lucid/services/db'
import { RequestStatus } from '#models/review_request'
import { clock } from '#lib/clock'

/** MSG91's report codes: 1 delivered; these failed (failed, NDNC, rejected, blocked, rejected by the DLT scrubber). */
const DELIVERED = new Set(['1'])
const FAILED = new Set(['2', '9', '16', '17', '25', '26'])

interface Report {
  requestId?: string
  report?: { status?: string | number; desc?: string; number?: string }[]
}

/**
 * MSG91's delivery reports (docs/decisions.md D32): a list of `{requestId, report: [{status, desc,
 * number}]}`, sent as JSON or as a form field `data` holding that JSON. Each moves its request (found by the request
 * id kept at sending) to delivered or failed, never backwards; repeats change nothing.
 */
export default class HandleSmsReport {
  async handle(body: unknown) {
    const data = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body
    let reports: unknown
    try {
      reports = typeof data === 'string' ? JSON.parse(data) : data
    } catch {
      return { updated: 0 }
    }
    let updated = 0
    const now = clock.now().toJSDate()
    for (const entry of (Array.isArray(reports) ? reports : [reports]) as Report[]) {
      if (typeof entry?.requestId !== 'string' || !Array.isArray(entry.report)) continue
      for (const report of entry.report) {
        const code = String(report?.status ?? '')
        const move = DELIVERED.has(code)
          ? { to: RequestStatus.Delivered, from: [RequestStatus.Created, RequestStatus.Sent] }
          : FAILED.has(code)
            ? { to: RequestStatus.Failed, from: [RequestStatus.Created, RequestStatus.Sent, RequestStatus.Delivered] }
            : null
        if (!move) continue
        const failure =
          move.to === RequestStatus.Failed
            ? {
                failure_reason: (typeof report.desc === 'string' && report.desc.trim()
                  ? `${report.desc.trim()} (${code})`
                  : `The SMS was not delivered (${code})`
                ).slice(0, 255),
              }
            : {}
        updated += Number(
          await db
            .from('review_requests')
            .where('provider_message_id', `msg91:${entry.requestId.slice(0, 120)}`)
            .whereIn('status', move.from)
            .update({ status: move.to, ...failure, updated_at: now })
        )
      }
    }
    return { updated }
  }
}
