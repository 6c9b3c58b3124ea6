import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'

test.group('Smoke', (group) => {
  isolated(group)

  test('an owner lists their businesses', async ({ client, assert }) => {
    const { user } = await ownerWithBusiness()
    const response = await client.get('/api/my-businesses').loginAs(user)
    response.assertStatus(200)
    assert.lengthOf(response.body(), 1)
  })
})
