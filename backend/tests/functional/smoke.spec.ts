import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { UserFactory, BusinessFactory } from '#database/factories/index'

test.group('Smoke', (group) => {
  isolated(group)

  test('an owner lists their businesses', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await BusinessFactory.merge({ userId: user.id }).create()
    const response = await client.get('/api/my-businesses').loginAs(user)
    response.assertStatus(200)
    assert.lengthOf(response.body(), 1)
  })
})
