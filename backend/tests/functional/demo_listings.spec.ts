/*
 * A business from the demo catalogue (docs/decisions.md D59): its place id does not exist on Google, so a 4-5 star
 * rating goes to the product's own note that this is a demo instead of a broken Google page, on the page that works
 * without scripts, through the review bundle's submit and in the owner's copied Google review link.
 */
import { test } from '@japa/runner'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { googleReviewUrl } from '#lib/constants'
import { posterText } from '#tests/helpers/posters'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`
const page = (path: string) => fetch(`${API}${path}`, { redirect: 'manual' })
const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${API}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

const demoBusiness = () =>
  ownerWithBusiness({
    business: { placeId: 'demo_mumbai_2', name: 'Desai Chai Corner', googleReviewUrl: googleReviewUrl('demo_mumbai_2') },
  })

test.group('Demo listings: the Google step', (group) => {
  isolated(group)

  test('a 5-star form rating goes to the demo note, which says it is a demo and links to no Google page', async ({ assert }) => {
    const { business } = await demoBusiness()
    const rated = await postForm(`/review/${business.shortUrl}`, { rating: '5' })
    assert.equal(rated.status, 303)
    const location = rated.headers.get('location')!
    assert.match(location, new RegExp(`/review/${business.shortUrl}/google$`))

    const note = await page(new URL(location, API).pathname)
    assert.equal(note.status, 200)
    const html = await note.text()
    assert.include(html, 'Desai Chai Corner')
    assert.match(html, /demo/i)
    assert.notInclude(html, 'search.google.com')
  })

  test('the review bundle and the dashboard get the same demo address', async ({ client, assert }) => {
    const { business, token } = await demoBusiness()
    const submitted = await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5 })
    submitted.assertStatus(200)
    assert.match(submitted.body().url, new RegExp(`/review/${business.shortUrl}/google$`))
    const owner = await client.get(`/api/businesses/${business.id}`).bearerToken(token)
    assert.match(owner.body().googleReviewUrl, new RegExp(`/review/${business.shortUrl}/google$`))
  })

  test('a real listing keeps its Google review form, and its /google address goes there', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const rated = await postForm(`/review/${business.shortUrl}`, { rating: '5' })
    assert.equal(rated.headers.get('location'), business.googleReviewUrl)
    const google = await page(`/review/${business.shortUrl}/google`)
    assert.equal(google.status, 302)
    assert.equal(google.headers.get('location'), business.googleReviewUrl)
  })
})

test.group('Demo listings: what is printed', (group) => {
  isolated(group)

  test("the printable poster says Demo next to the name; a real listing's does not", async ({ assert }) => {
    const pdf = async (token: string, id: number) => {
      const response = await fetch(`${API}/api/businesses/${id}/poster.pdf?size=a4`, { headers: { authorization: `Bearer ${token}` } })
      assert.equal(response.status, 200)
      return (await posterText(Buffer.from(await response.arrayBuffer()))).join('\n')
    }
    const demo = await demoBusiness()
    assert.include(await pdf(demo.token, demo.business.id), 'Desai Chai Corner (Demo)')
    const real = await ownerWithBusiness({ business: { name: 'Sharma Sweets' } })
    assert.notInclude(await pdf(real.token, real.business.id), 'Demo')
  })
})
