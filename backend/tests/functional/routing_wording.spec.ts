/*
 * The product's sentences follow each business's routing choice (docs/decisions.md D51, D59): what every business
 * is sold or told cannot promise that low ratings are kept off Google, since a business may let everyone post there.
 */
import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'

const GATING = /1-3 stars? to private|4-5 stars to Google|stay (private|with you)|kept off Google/i

test.group('Plan cards and the routing choice', (group) => {
  isolated(group)

  test('no plan feature promises that low ratings stay away from Google', async ({ client, assert }) => {
    const response = await client.get('/api/billing/subscription-plans')
    response.assertStatus(200)
    const features: string[] = response.body().flatMap((plan: { features: string[] }) => plan.features)
    assert.isNotEmpty(features)
    for (const feature of features) assert.notMatch(feature, GATING, feature)
    assert.isTrue(features.some((feature) => /routing choice/i.test(feature)))
  })
})
