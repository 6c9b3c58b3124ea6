/*
 * A server without Razorpay's keys (docs/decisions.md D59): the billing status says payments are not set up, so the
 * dashboard offers no buy button; the key and order endpoints answer 503 with a code and a sentence that does not
 * ask the owner to try again, before anything else is checked, and store nothing.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { isolated } from '#tests/helpers/setup'
import { countWhere, createPayment, useGateway } from '#tests/helpers/razorpay'
import { UserFactory, planOf } from '#database/factories/index'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { PAYMENTS_NOT_CONFIGURED, PAYMENTS_NOT_SET_UP } from '#contract/product_rules'

test.group('Payments without Razorpay keys', (group) => {
  isolated(group)
  group.each.teardown(() => app.container.restore(RazorpayGateway))

  test('the billing status says whether payments are set up on this server', async ({ client, assert }) => {
    const user = await UserFactory.create()

    useGateway({ keyId: '', keySecret: '' })
    const off = await client.get('/api/billing/trial-status').loginAs(user)
    off.assertStatus(200)
    assert.isFalse(off.body().paymentsConfigured)

    useGateway({})
    const on = await client.get('/api/billing/trial-status').loginAs(user)
    assert.isTrue(on.body().paymentsConfigured)
  })

  test('the key endpoint answers 503 with the code and says payments are not set up, without "try again"', async ({ client, assert }) => {
    useGateway({ keyId: '', keySecret: '' })
    const response = await client.get('/api/billing/razorpay-config')
    response.assertStatus(503)
    assert.equal(response.body().code, PAYMENTS_NOT_CONFIGURED)
    assert.equal(response.body().error, PAYMENTS_NOT_SET_UP)
    assert.notMatch(response.body().error, /try again/i)
  })

  test('an order is refused with the same 503 before the billing details are asked for, and nothing is stored', async ({
    client,
    assert,
  }) => {
    useGateway({ keyId: '', keySecret: '' })
    const user = await UserFactory.create()
    const plan = await planOf('monthly')

    // Without billing details too: the owner is not sent to fill in a form for a purchase that cannot happen.
    const bare = await client.post('/api/billing/create-payment').json({ planId: plan.id }).loginAs(user)
    bare.assertStatus(503)
    assert.equal(bare.body().code, PAYMENTS_NOT_CONFIGURED)

    const response = await createPayment(client, user, { planId: plan.id })
    response.assertStatus(503)
    assert.equal(response.body().code, PAYMENTS_NOT_CONFIGURED)
    assert.equal(response.body().message, PAYMENTS_NOT_SET_UP)
    assert.equal(await countWhere('payments', 'user_id', user.id), 0)
  })
})
