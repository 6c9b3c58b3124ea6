/*
 * Bad input to the customer page's forms (docs/decisions.md D31, D13): every POST page route of the router (so a
 * new one is covered without touching this file) gets generated bodies, content types and codes. It never answers
 * 500, answers an HTML page or a redirect, and anything but a valid rating leaves the database as it was.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { BUILTIN_NAMES } from '#tests/helpers/builtin_names'
import { databaseFingerprinter, fingerprintChanges } from '#tests/helpers/db_fingerprint'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const SEED = 20261124

/** POST routes outside /api: the page forms. */
function pageForms() {
  const all = Object.values(router.toJSON()).flat() as unknown as { pattern: string; methods: string[] }[]
  return all.filter((route) => !route.pattern.startsWith('/api/') && route.methods.includes('POST'))
}

const field = fc.oneof(
  fc.constantFrom('1', '2', '3', '4', '5', '4', '5', '0', '6', '-1', '2.5', '1e0', ' 3', '３', '', 'null', '[]', '{}'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 3000 }),
  fc.constantFrom(...BUILTIN_NAMES)
)
const formBody = fc.dictionary(
  fc.oneof(
    fc.constantFrom('rating', 'feedback', 'lang', 'contactMe', 'contactName', 'contactPhone', 'rating[]', '__proto__'),
    fc.string({ maxLength: 12 })
  ),
  field,
  { maxKeys: 7 }
)
const request = fc.oneof(
  fc.record({
    kind: fc.constantFrom('form', 'json', 'text', 'none'),
    body: formBody,
    code: fc.oneof(
      fc.constant('own'),
      fc.constant('unknown'),
      fc.constantFrom(...BUILTIN_NAMES),
      fc.string({ minLength: 1, maxLength: 40 })
    ),
  }),
  // A customer's own valid form, with extra fields around it: the side that may store.
  fc.record({
    kind: fc.constant('form'),
    body: fc.tuple(fc.constantFrom('1', '2', '3', '4', '5'), formBody).map(([rating, extra]) => ({ ...extra, rating })),
    code: fc.constant('own'),
  })
)

test.group('Fuzz: the customer page forms', (group) => {
  isolated(group)

  test('{pattern}')
    .with(() => pageForms())
    .run(async ({ assert }, route) => {
      const { business } = await ownerWithBusiness()
      const fingerprint = await databaseFingerprinter()
      let stored = 0
      await fc.assert(
        fc.asyncProperty(request, async ({ kind, body, code }) => {
          await limiter.clear()
          const before = await fingerprint()
          const shortCode = code === 'own' ? business.shortUrl : code === 'unknown' ? 'no-such-code' : code
          const path = route.pattern.replace(':code', encodeURIComponent(shortCode))
          const headers: Record<string, string> = {}
          let payload: string | undefined
          if (kind === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded'
            payload = new URLSearchParams(Object.entries(body)).toString()
          } else if (kind === 'json') {
            headers['content-type'] = 'application/json'
            payload = JSON.stringify(body)
          } else if (kind === 'text') {
            headers['content-type'] = 'text/plain'
            payload = Object.values(body).join('&')
          }
          const response = await fetch(`${API}${path}`, { method: 'POST', redirect: 'manual', headers, body: payload })
          const answered = await response.text()

          assert.isBelow(response.status, 500, `${path} ${kind} ${JSON.stringify(body)}: ${answered.slice(0, 200)}`)
          if (response.status >= 300 && response.status < 400) assert.isString(response.headers.get('location'))
          else assert.match(String(response.headers.get('content-type')), /^text\/html/)
          const changes = fingerprintChanges(before, await fingerprint())
          // Only a valid rating of this business may change anything, and only its ratings.
          for (const change of changes) assert.match(change, /^review_sessions: /, `${path} ${kind} ${JSON.stringify(body)}`)
          if (changes.length) stored++
        }),
        { seed: SEED, numRuns: 120 }
      )
      // Some generated requests are valid ratings: the property saw both sides.
      if (route.pattern === '/review/:code') assert.isAbove(stored, 0)
    })
    .timeout(180_000)
})
