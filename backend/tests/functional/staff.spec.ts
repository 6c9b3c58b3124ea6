/*
 * Staff attribution (docs/decisions.md D32): each staff member's own link and QR (`?s=`), ratings and
 * requests counted per staff member, and the leaderboard.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { StaffFactory } from '#database/factories/index'
import type { StaffDto } from '#types/api'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`

const form = (path: string, fields: Record<string, string>) =>
  fetch(`${API}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

test.group('Staff attribution', (group) => {
  isolated(group)

  test('each staff member has a link; ratings and requests through it count on the leaderboard, best first', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { shortUrl: 'chai-point' } })
    const add = async (name: string) =>
      (await client.post(`/api/businesses/${business.id}/staff`).bearerToken(token).json({ name })).body() as StaffDto
    const priya = await add('Priya')
    const arjun = await add('Arjun')
    assert.match(priya.link, /\/review\/chai-point\?s=[A-Za-z0-9]{4}$/)

    // Priya's QR: the page carries her code into its form; a 5 and a 2 through it.
    const html = await (await fetch(`${API}/review/chai-point?s=${priya.code}`)).text()
    assert.include(html, `<input type="hidden" name="staff" value="${priya.code}">`)
    assert.include(html, `href="/review/chai-point?s=${priya.code}&amp;lang=hi"`)
    assert.equal((await form('/review/chai-point', { rating: '5', staff: priya.code })).status, 303)
    ;(await client.post('/api/review/chai-point/submit').json({ rating: 2, feedback: 'slow', staffCode: priya.code })).assertStatus(200)
    // Arjun's: one, and a request he sent.
    ;(await client.post('/api/review/chai-point/submit').json({ rating: 4, staffCode: arjun.code })).assertStatus(200)
    ;(
      await client
        .post('/api/review-requests')
        .bearerToken(token)
        .json({
          businessId: business.id,
          customer: { name: 'K', phone: '9876543210', consent: true },
          channel: 'whatsapp_link',
          staffId: arjun.id,
        })
    ).assertStatus(201)
    // An unknown code counts for nobody.
    ;(await client.post('/api/review/chai-point/submit').json({ rating: 5, staffCode: 'ZZZZ' })).assertStatus(200)

    const board = (await client.get(`/api/businesses/${business.id}/staff`).bearerToken(token)).body() as StaffDto[]
    assert.deepEqual(
      board.map(({ name, ratings, sentToGoogle, requests }) => ({ name, ratings, sentToGoogle, requests })),
      [
        { name: 'Priya', ratings: 2, sentToGoogle: 1, requests: 0 },
        { name: 'Arjun', ratings: 1, sentToGoogle: 1, requests: 1 },
      ]
    )
  })

  test("another business's staff code, or a removed staff member, counts for nobody; ratings stay", async ({ client, assert }) => {
    const mine = await ownerWithBusiness({ business: { shortUrl: 'mine-code' } })
    const theirs = await ownerWithBusiness()
    const them = await StaffFactory.merge({ businessId: theirs.business.id, name: 'X' }).create()
    const me = (
      await client.post(`/api/businesses/${mine.business.id}/staff`).bearerToken(mine.token).json({ name: 'Y' })
    ).body() as StaffDto

    await client.post('/api/review/mine-code/submit').json({ rating: 5, staffCode: them.code === me.code ? 'QQQQ' : them.code })
    await client.post('/api/review/mine-code/submit').json({ rating: 4, staffCode: me.code })
    ;(await client.delete(`/api/businesses/${mine.business.id}/staff/${me.id}`).bearerToken(mine.token)).assertStatus(204)
    ;(await client.delete(`/api/businesses/${mine.business.id}/staff/${them.id}`).bearerToken(mine.token)).assertStatus(404)

    const rows = await db.from('review_sessions').where('business_id', mine.business.id)
    assert.lengthOf(rows, 2)
    assert.deepEqual(
      rows.map((row) => row.staff_id),
      [null, null]
    )
    ;(await client.post(`/api/businesses/${theirs.business.id}/staff`).bearerToken(mine.token).json({ name: 'Z' })).assertStatus(404)
  })
})
