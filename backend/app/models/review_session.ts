import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Business from '#models/business'
import { monthStartIst } from '#lib/time'
import type { ReviewLanguage } from '#contract/review_messages/index'

export default class ReviewSession extends BaseModel {
  static table = 'review_sessions'

  @column({ isPrimary: true, consume: (value) => Number(value) })
  declare id: number

  @column()
  declare businessId: number

  @column()
  declare rating: number

  @column()
  declare feedback: string | null

  @column({ consume: (value) => Boolean(value) })
  declare redirected: boolean

  @column.dateTime()
  declare resolvedAt: DateTime | null

  @column({ serializeAs: null })
  declare clientFingerprint: string | null

  /** The customer asked to be contacted after a 1-3 rating: their name (optional) and 10-digit mobile. */
  @column()
  declare contactName: string | null

  @column()
  declare contactPhone: string | null

  /** The review request whose personal link `/r/{token}` the rating came through (docs/decisions.md D32). */
  @column()
  declare reviewRequestId: number | null

  /** The staff member whose link (or review request) the rating came through (docs/decisions.md D32). */
  @column()
  declare staffId: number | null

  /** The customer page's language the rating was given in; null for ratings before it was kept (docs/decisions.md D65). */
  @column()
  declare language: ReviewLanguage | null

  /** Where the rating was given: the customer page, or inside WhatsApp with a request's buttons (docs/decisions.md D67). */
  @column()
  declare source: 'page' | 'whatsapp'

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => Business)
  declare business: BelongsTo<typeof Business>

  /** The customer whose request the rating came through (whom the owner calls back), once attachSources ran. */
  declare customer?: { name: string; phone: string | null; language: ReviewLanguage | null } | null

  /** The staff member the rating came through, once attachSources ran. */
  declare staff?: { id: number; name: string } | null

  /** The voice note sent in WhatsApp as this rating's feedback, once attachSources ran. */
  declare voiceNote?: { mimeType: string; bytes: number } | null

  /**
   * Reads where every session here came from: the customer of each one that came through a review request and
   * the staff member of each one that came through a staff link or request, one query each and none at all when
   * no session needs it (most ratings come from the poster): a preload would ask the database either way, and the
   * analytics screen reads three lists of sessions on every open.
   */
  static async attachSources<Sessions extends ReviewSession[]>(sessions: Sessions): Promise<Sessions> {
    const [customers, staff, voiceNotes] = await Promise.all([customersOf(sessions), staffOf(sessions), voiceNotesOf(sessions)])
    for (const session of sessions) {
      session.customer = session.reviewRequestId === null ? null : (customers.get(session.reviewRequestId) ?? null)
      session.staff = session.staffId === null ? null : (staff.get(session.staffId) ?? null)
      session.voiceNote = voiceNotes.get(Number(session.id)) ?? null
    }
    return sessions
  }

  /** Ratings stored this IST calendar month, per business (the free plan's monthly cap). */
  static async countThisMonth(businessIds: number[]): Promise<Map<number, number>> {
    if (businessIds.length === 0) return new Map()
    const rows = await db
      .from('review_sessions')
      .whereIn('business_id', businessIds)
      .where('created_at', '>=', monthStartIst().toJSDate())
      .groupBy('business_id')
      .select('business_id', db.raw('COUNT(*) AS total'))
    return new Map(rows.map((row: { business_id: number; total: number }) => [Number(row.business_id), Number(row.total)]))
  }
}

/** The voice notes of the WhatsApp ratings among these sessions (none asked for without one), by session id. */
async function voiceNotesOf(sessions: ReviewSession[]) {
  const ids = sessions.filter((session) => session.source === 'whatsapp').map((session) => session.id)
  const rows = ids.length
    ? await db.from('whatsapp_voice_notes').whereIn('review_session_id', ids).select('review_session_id', 'mime_type', 'bytes')
    : []
  return new Map(rows.map((row) => [Number(row.review_session_id), { mimeType: String(row.mime_type), bytes: Number(row.bytes) }]))
}

/** The customer of each review request these sessions came through, by request id. */
async function customersOf(sessions: ReviewSession[]) {
  const requestIds = [...new Set(sessions.flatMap((session) => session.reviewRequestId ?? []))]
  const rows = requestIds.length
    ? await db
        .from('review_requests as r')
        .join('customers as c', 'c.id', 'r.customer_id')
        .whereIn('r.id', requestIds)
        .select('r.id', 'c.name', 'c.phone', db.raw('COALESCE(c.language, c.rated_language) AS language'))
    : []
  // Their language: the owner's choice for them, else the one they last rated in (docs/decisions.md D65).
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { name: String(row.name), phone: row.phone === null ? null : String(row.phone), language: row.language ?? null },
    ])
  )
}

/** The staff members these sessions came through, by id. */
async function staffOf(sessions: ReviewSession[]) {
  const staffIds = [...new Set(sessions.flatMap((session) => session.staffId ?? []))]
  const rows = staffIds.length ? await db.from('staff').whereIn('id', staffIds).select('id', 'name') : []
  return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), name: String(row.name) }]))
}
