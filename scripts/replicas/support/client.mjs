/*
 * Talking to the replicas as their clients do: each call from a client address of this run (sent as
 * X-Forwarded-For, which the balancer extends and the replicas trust from loopback), through the balancer or
 * straight to one replica; and the people the checks need (owners with businesses, an operator past TOTP).
 */
import { randomInt } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { generate } from 'otplib'
import { request } from '../../lib/compiled-api.mjs'

/** Per-run client addresses: the per-address limits never carry over between runs. */
const runNet = `10.${randomInt(1, 255)}.${randomInt(0, 255)}`
let nextHost = 0
export const newClientIp = () => `${runNet}.${(nextHost++ % 254) + 1}`

export const uniqueEmail = (name) => `${name}.${Date.now().toString(36)}${randomInt(1000, 9999)}@example.test`

/** One API call to `base` (the balancer or a replica) as the client at `ip` (a new address when not given). */
export function call(base, method, path, { token, body, ip = newClientIp(), headers = {}, timeoutMs = 15_000 } = {}) {
  return request(base, method, path, { token, body, timeoutMs, headers: { 'x-forwarded-for': ip, ...headers } })
}

/** Throws unless the answer has the status, with its body in the message; the parsed body. */
export function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 500)}`)
  return answer.json
}

/** Registers an owner on `base` (a 7-day trial) with the first place of the demo catalogue as their business. */
export async function owner(base, name = 'owner') {
  const email = uniqueEmail(name)
  const registered = expectStatus(
    await call(base, 'POST', '/api/auth/register', {
      body: { email, password: 'replicas-password-2026', firstName: 'Replica', lastName: 'Owner' },
    }),
    201,
    'register'
  )
  const person = { email, token: registered.token, userId: registered.user.id, businesses: [] }
  await addBusiness(base, person)
  return person
}

/** Adds the next place of the demo catalogue (one the owner does not have yet) as a business of theirs. */
export async function addBusiness(base, person) {
  const search = expectStatus(
    await call(base, 'POST', '/api/search-business', { token: person.token, body: { query: 'cafe' } }),
    200,
    'search'
  )
  const taken = new Set(person.businesses.map((b) => b.placeId))
  const place = search.places.find((p) => !taken.has(p.place_id))
  const selected = await call(base, 'POST', '/api/select-business', { token: person.token, body: { placeId: place.place_id } })
  if (selected.status !== 201 && selected.status !== 200) throw new Error(`select-business: ${selected.status} ${selected.text}`)
  person.businesses.push(selected.json.business)
  return selected.json.business
}

/** An operator made by `ace operator:create`, signed in and past the TOTP step: their token. */
export async function operator(base, runAce) {
  const email = uniqueEmail('ops')
  const password = /one-time password: (\S+)/.exec(runAce(['operator:create', email]))?.[1]
  if (!password) throw new Error('ace operator:create printed no one-time password')
  const ip = newClientIp()
  const { token } = expectStatus(await call(base, 'POST', '/api/auth/login', { ip, body: { email, password } }), 200, 'operator login')
  const { secret } = expectStatus(await call(base, 'POST', '/api/admin/2fa/enroll', { ip, token }), 200, '2fa enroll')
  for (let attempt = 0; ; attempt++) {
    const activated = await call(base, 'POST', '/api/admin/2fa/activate', { ip, token, body: { code: await generate({ secret }) } })
    if (activated.status === 200) return token
    // A code is used once: at a 30-second step's edge, wait for the next one.
    if (attempt === 2) throw new Error(`2fa activate: ${activated.status} ${activated.text}`)
    await sleep(1500)
  }
}
