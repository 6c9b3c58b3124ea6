import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { serializeUser } from '#serializers/users'
import { clock } from '#lib/clock'

/** Rows read per query: an owner with a million ratings is exported without holding them all in memory. */
const BATCH = 1000

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value)
const clean = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)]))

/**
 * Everything stored about an owner and their businesses (docs/decisions.md D29, India's DPDP Act 2023), as one
 * JSON document written piece by piece. Secrets are left out: the password hash and token hashes.
 */
export default class ExportAccount {
  async *chunks(user: User): AsyncGenerator<string> {
    const userRow = await db.from('users').where('id', user.id).first()
    const { password: _password, ...account } = userRow
    yield `{"exportedAt":${JSON.stringify(clock.now().toISO())},"profile":${JSON.stringify(serializeUser(user))},`
    yield `"account":${JSON.stringify(clean(account))},`

    const businesses = await db.from('businesses').where('user_id', user.id).orderBy('id')
    yield `"businesses":${JSON.stringify(businesses.map(clean))},`
    const businessIds = businesses.map((row) => row.id as number)

    yield '"reviewSessions":['
    let first = true
    for (const businessId of businessIds) {
      let after = 0
      for (;;) {
        const rows = await db
          .from('review_sessions')
          .where('business_id', businessId)
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .select('id', 'business_id', 'rating', 'feedback', 'redirected', 'resolved_at', 'created_at')
        if (rows.length === 0) break
        yield (first ? '' : ',') + rows.map((row) => JSON.stringify(clean(row))).join(',')
        first = false
        after = rows[rows.length - 1].id
      }
    }
    yield '],'

    const owned = (table: string) => (businessIds.length ? db.from(table).whereIn('business_id', businessIds).orderBy('business_id') : Promise.resolve([]))
    yield `"pageViewsDaily":${JSON.stringify((await owned('page_views_daily')).map(clean))},`
    const mine = (table: string) => db.from(table).where('user_id', user.id).orderBy('id')
    yield `"payments":${JSON.stringify((await mine('payments')).map(clean))},`
    yield `"subscriptions":${JSON.stringify((await mine('subscriptions')).map(clean))},`
    yield `"contactMessages":${JSON.stringify((await mine('contact_messages')).map(clean))},`
    const devices = await db
      .from('auth_access_tokens')
      .where('tokenable_id', user.id)
      .orderBy('id')
      .select('id', 'name', 'created_at', 'last_used_at', 'expires_at')
    yield `"signedInDevices":${JSON.stringify(devices.map(clean))}}`
  }
}
