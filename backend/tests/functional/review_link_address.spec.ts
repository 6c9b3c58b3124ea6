/*
 * The review link the dashboard and the site show is the one posters, snippets and mails carry: APP_URL's, handed
 * out by the API with each business (`reviewUrl`), whatever address the dashboard was opened from.
 */
import { test } from '@japa/runner'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'

const reviewUrlOf = (code: string) => `${env.get('APP_URL').replace(/\/+$/, '')}/review/${code}`

test.group('Review links on APP_URL', (group) => {
  isolated(group)

  test('every answer with a business carries its APP_URL review link, also after the code changes', async ({ client, assert }) => {
    const { user: owner, business } = await ownerWithBusiness({ business: { shortUrl: 'chai-point' } })
    assert.notInclude(reviewUrlOf('x'), '127.0.0.1')

    // Asked through another address than APP_URL's (a LAN address, a tunnel): the link is still APP_URL's.
    const list = await client.get('/api/businesses').header('host', '127.0.0.1:9999').loginAs(owner)
    list.assertStatus(200)
    assert.equal(list.body()[0].reviewUrl, reviewUrlOf('chai-point'))

    const one = await client.get(`/api/businesses/${business.id}`).loginAs(owner)
    assert.equal(one.body().reviewUrl, reviewUrlOf('chai-point'))

    const changed = await client.patch(`/api/business/${business.id}/update-short-url`).json({ shortUrl: 'chai-point-2' }).loginAs(owner)
    changed.assertStatus(200)
    assert.equal(changed.body().business.reviewUrl, reviewUrlOf('chai-point-2'))
  })
})
