/*
 * Nobody is stopped on the way to Google (docs/decisions.md D31): ratings are told apart by the device cookie the
 * page sets. A flood from one device is held back (one rating per business per hour) while 50 devices behind one
 * address (a shop's Wi-Fi, a carrier's shared IP) all get through; every 4-5 still ends on the Google link.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { DEVICE_COOKIE } from '#hot_path/rating_admission'
import type { SubmitReviewResponse } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
/** Every request here comes from the same address: loopback. */
const SAME_ADDRESS = '127.0.0.1'

/** A phone opening the review link: the device cookie the page gives it, as the browser sends it back. */
async function newDevice(code: string) {
  const response = await fetch(`${API}/review/${code}`, { redirect: 'manual' })
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`))
  if (!cookie) throw new Error(`no device cookie (status ${response.status})`)
  return cookie.split(';')[0]
}

function submit(code: string, body: Record<string, unknown>, cookie?: string) {
  return fetch(`${API}/api/review/${code}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
}

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${API}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  })
}

const rowsOf = async (businessId: number) => db.from('review_sessions').where('business_id', businessId).orderBy('id')

test.group('Device cookie', (group) => {
  isolated(group)

  test('the page gives a new browser a signed, HttpOnly, SameSite=Lax device cookie, and keeps an existing one', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const first = await fetch(`${API}/review/${business.shortUrl}`)
    const [line] = first.headers.getSetCookie()
    assert.match(line, new RegExp(`^${DEVICE_COOKIE}=`))
    assert.match(line, /HttpOnly/i)
    assert.match(line, /SameSite=Lax/i)
    assert.match(line, /Path=\//)

    const again = await fetch(`${API}/review/${business.shortUrl}`, { headers: { cookie: line.split(';')[0] } })
    assert.lengthOf(again.headers.getSetCookie(), 0)
    // Two browsers, two devices.
    assert.notEqual(await newDevice(business.shortUrl), await newDevice(business.shortUrl))
  })
})

test.group('Floods: one device against many devices behind one address', (group) => {
  isolated(group)

  test('a flood from one device counts one rating per business an hour, and every 4-5 of it still goes to Google', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const device = await newDevice(business.shortUrl)

    const answers: SubmitReviewResponse[] = []
    for (let n = 0; n < 20; n++)
      answers.push((await (await submit(business.shortUrl, { rating: 5 }, device)).json()) as SubmitReviewResponse)
    const complaint = await submit(business.shortUrl, { rating: 1, feedback: 'again' }, device)

    assert.deepEqual(answers[0], { redirect: true, url: business.googleReviewUrl, counted: true })
    for (const answer of answers.slice(1)) assert.deepEqual(answer, { redirect: true, url: business.googleReviewUrl, counted: false })
    assert.equal(complaint.status, 200)
    assert.deepEqual(await complaint.json(), { redirect: false, counted: false })
    assert.lengthOf(await rowsOf(business.id), 1)

    // The hour is per business: the same phone rating another business counts there.
    const { business: another } = await ownerWithBusiness()
    const elsewhere = (await (await submit(another.shortUrl, { rating: 4 }, device)).json()) as SubmitReviewResponse
    assert.isTrue(elsewhere.counted)
    assert.lengthOf(await rowsOf(another.id), 1)
  })

  test(`50 phones behind one address (${SAME_ADDRESS}) all get through, happy and unhappy alike`, async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const devices = await Promise.all(Array.from({ length: 50 }, () => newDevice(business.shortUrl)))
    assert.equal(new Set(devices).size, 50)

    const answers = await Promise.all(
      devices.map(async (device, index) => {
        const response = await submit(business.shortUrl, index % 2 ? { rating: 5 } : { rating: 2, feedback: `visit ${index}` }, device)
        return { status: response.status, body: (await response.json()) as SubmitReviewResponse }
      })
    )

    for (const { status, body } of answers) {
      assert.equal(status, 200)
      assert.isTrue(body.counted)
    }
    const rows = await rowsOf(business.id)
    assert.lengthOf(rows, 50)
    assert.equal(rows.filter((row) => row.redirected).length, 25)
  })

  test('a device cookie made up by the client is no device: it shares the address allowance', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const forged = `${DEVICE_COOKIE}=${'A'.repeat(22)}`
    const limit = env.get('RATING_IP_LIMIT_PER_MINUTE')

    const statuses: number[] = []
    for (let n = 0; n < limit + 2; n++) statuses.push((await submit(business.shortUrl, { rating: 1 }, forged)).status)

    assert.deepEqual(statuses, [...Array(limit).fill(200), 429, 429])
    assert.lengthOf(await rowsOf(business.id), limit)
  })

  test('the no-script form: a 4-5 from a flooding device still answers 303 to Google', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const device = await newDevice(business.shortUrl)

    for (let n = 0; n < 5; n++) {
      const response = await postForm(`/review/${business.shortUrl}`, { rating: '5', lang: 'en' }, device)
      assert.equal(response.status, 303)
      assert.equal(response.headers.get('location'), business.googleReviewUrl)
    }
    assert.lengthOf(await rowsOf(business.id), 1)
  })
})
