/*
 * List parameters are read once, from the raw query string: filters, paging, sorting and the total all see the
 * same request, however it is padded or spelled.
 */
import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'

test.group('List parameters read once', (group) => {
  isolated(group)

  test('several sort fields with their own orders', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness({
      sessions: [{ rating: 2 }, { rating: 5 }, { rating: 2 }, { rating: 4 }],
    })
    const response = await client
      .get(`/api/review-sessions?businessId=${business.id}&_sort=rating,createdAt&_order=desc,asc`)
      .bearerToken(token)
    response.assertStatus(200)
    const rows: { rating: number; createdAt: string }[] = response.body()
    assert.deepEqual(
      rows.map((row) => row.rating),
      [5, 4, 2, 2]
    )
    assert.isBelow(Date.parse(rows[2].createdAt), Date.parse(rows[3].createdAt), 'equal ratings oldest first')
  })

  test('a filter after a thousand empty parameters still filters, and the total counts what it filters', async ({ client, assert }) => {
    const { token, business } = await ownerWithBusiness({ sessions: [{ rating: 1 }, { rating: 5 }, { rating: 5 }] })
    const padding = '&'.repeat(1200)
    const response = await client.get(`/api/review-sessions?businessId=${business.id}${padding}&rating=5&_end=1`).bearerToken(token)
    response.assertStatus(200)
    assert.lengthOf(response.body(), 1, '_end read after the padding')
    assert.equal(response.header('x-total-count'), '2', 'the total of the filtered rows, not of the business')
  })

  test('a parameter without a name is a 422, and a repeated one too', async ({ client, assert }) => {
    const { token } = await ownerWithBusiness()
    const nameless = await client.get('/api/review-sessions?=1').bearerToken(token)
    nameless.assertStatus(422)
    assert.equal(nameless.body().errors[0].message, 'A query parameter has no name')
    const twice = await client.get('/api/review-sessions?rating=1&rating=2').bearerToken(token)
    twice.assertStatus(422)
    assert.equal(twice.body().errors[0].field, 'rating')
    const sortTwice = await client.get('/api/businesses?_sort=id&_sort=name').bearerToken(token)
    sortTwice.assertStatus(422)
  })
})
