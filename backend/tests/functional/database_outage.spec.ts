/*
 * When MySQL cannot be reached the API answers 503 with the JSON error shape, never a 500 (docs/decisions.md D13):
 * a dropped or refused connection (mysql2's error codes) and knex's pool timeout (config/database.ts bounds
 * the wait for a connection). The end-to-end version, with a real cut between the compiled API and MariaDB,
 * is scripts/faults/mysql-outage.test.mjs.
 */
import { test } from '@japa/runner'
import FindBusinessByCode from '#actions/reviews/find_business_by_code'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.'

/** What mysql2 and knex throw when the database is gone, as they throw it. */
const outages = {
  'a lost connection (PROTOCOL_CONNECTION_LOST)': () =>
    Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }),
  'a refused connection (ECONNREFUSED)': () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED', errno: -111, fatal: true }),
  "knex's pool timeout (KnexTimeoutError)": () => {
    const error = new Error('Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?')
    error.name = 'KnexTimeoutError'
    return error
  },
}

test.group('Database outage', (group) => {
  isolated(group)

  for (const [label, makeError] of Object.entries(outages)) {
    test(`${label} answers 503 with the JSON error shape`, async ({ client, assert, cleanup }) => {
      const { business } = await ownerWithBusiness()
      const original = FindBusinessByCode.prototype.handle
      FindBusinessByCode.prototype.handle = async () => {
        throw makeError()
      }
      cleanup(() => {
        FindBusinessByCode.prototype.handle = original
      })

      for (const response of [
        await client.get(`/api/business/by-url/${business.shortUrl}`),
        await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5 }),
      ]) {
        response.assertStatus(503)
        assert.deepEqual(response.body(), { error: UNAVAILABLE, message: UNAVAILABLE })
      }
    })
  }
})
