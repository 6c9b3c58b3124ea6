/*
 * Journey 18 (requests that send themselves, docs/decisions.md D72, docs/integrations.md), in Debian's Chromium against
 * the production build: an owner opens a business's Integrations screen, adds Shopify ("Order paid", her customers'
 * consent ticked) and gets its webhook address, the secret and the steps for Shopify's own screen. Shopify then
 * sends a real `orders/paid` webhook signed with that secret, and the owner presses "Send a test event": both are in
 * the event log, the order as "request scheduled for …" with the customer masked, and the requests screen's funnel
 * has Shopify as a source. The other four providers' set-up steps are shown from their cards. Screenshots at 1280
 * and 390 px in screenshots/journeys/18-*.png.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { test } from 'node:test'
import { DESKTOP } from '../lib/chromium.mjs'
import { api, expectStatus } from './support/api.mjs'
import { inJourneyScope, screenshotWidths } from './support/browser.mjs'
import { addBusiness, verifiedOwner } from './support/owners.mjs'
import { BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES } from './support/stubs.mjs'
import { waitFor } from './support/wait.mjs'

const run = useProductAndBrowser()

/** An order as Shopify's `orders/paid` webhook carries it. */
const shopifyOrder = {
  id: 5731148923012,
  admin_graphql_api_id: 'gid://shopify/Order/5731148923012',
  name: '#1042',
  email: 'ananya.krishnan@example.com',
  phone: null,
  currency: 'INR',
  total_price: '1299.00',
  financial_status: 'paid',
  fulfillment_status: null,
  customer: { first_name: 'Ananya', last_name: 'Krishnan', email: 'ananya.krishnan@example.com', phone: '+919845077001' },
  billing_address: { first_name: 'Ananya', last_name: 'Krishnan', phone: '+91 98450 77001', city: 'Chennai', country_code: 'IN' },
  line_items: [{ id: 1, name: 'Filter coffee decoction kit', price: '1299.00', quantity: 1 }],
}

test(
  'journey 18: an owner adds Shopify, Shopify sends a paid order, the test event runs the whole path, and both are in the event log',
  { timeout: 180_000 },
  async () => {
    const owner = await verifiedOwner(run.product.mailDir, {
      name: 'ananya.rao',
      password: 'filter-coffee-2026',
      firstName: 'Ananya',
      lastName: 'Rao',
      phone: '9845012345',
    })
    const business = await addBusiness(owner.token, GOOGLE_PLACES[3].id)

    await inJourneyScope(run.browser, '18', async (scope) => {
      const person = await scope.person({ device: DESKTOP, token: owner.token })
      const page = await person.newPage()
      await page.goto(`${BASE}/business/${business.id}`)
      await page.getByRole('group', { name: 'Integrations' }).getByRole('link', { name: 'Integrations' }).click()
      await page.waitForURL(`${BASE}/business/${business.id}/integrations`)
      await page.getByRole('heading', { name: 'Integrations' }).waitFor()
      await screenshotWidths(page, '18', '01-empty')

      // Shopify, after an order is paid, with the customers' consent.
      await page.getByRole('button', { name: 'Add integration' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add an integration' })
      await dialog.getByRole('radio', { name: /Shopify/ }).check()
      await dialog.getByRole('button', { name: 'Add integration' }).click()
      await dialog.getByText('Confirm that your customers agreed to hear from you.').waitFor()
      await dialog.getByRole('checkbox', { name: /My customers agreed at checkout to hear from/ }).check()
      await screenshotWidths(page, '18', '02-add-shopify')
      await dialog.getByRole('button', { name: 'Add integration' }).click()

      const setup = page.getByRole('dialog', { name: 'Set up Shopify' })
      await setup.waitFor()
      const text = await setup.innerText()
      const url = /https?:\/\/\S+\/api\/integrations\/hooks\/shopify\/[A-Za-z0-9_-]{43}/.exec(text)?.[0]
      assert.ok(url, text)
      const listed = expectStatus(await api('GET', `/api/businesses/${business.id}/integrations`, { token: owner.token }), 200, 'the list')
      assert.equal(listed.length, 1)
      assert.equal(listed[0].webhookUrl, url)
      assert.equal(listed[0].trigger, 'orders/paid')
      const secret = text
        .split('\n')
        .map((line) => line.trim())
        .find((line) => /^[A-Za-z0-9_-]{32}$/.test(line))
      assert.ok(secret, `the secret is shown once: ${text}`)
      assert.match(text, /Settings → Notifications/)
      await screenshotWidths(page, '18', '03-setup-steps')
      await page.keyboard.press('Escape')

      // Shopify sends a paid order, signed with the secret as Shopify signs.
      const raw = JSON.stringify(shopifyOrder)
      const delivered = await fetch(new URL(new URL(url).pathname, BASE), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/paid',
          'x-shopify-hmac-sha256': createHmac('sha256', secret).update(raw).digest('base64'),
          'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
          'x-shopify-shop-domain': 'ananyas-coffee.myshopify.com',
        },
        body: raw,
      })
      assert.equal(delivered.status, 200)
      assert.deepEqual(await delivered.json(), { outcome: 'scheduled' })

      // The owner's own test event, through the same path.
      await page.getByRole('button', { name: 'Send a test event' }).click()
      await page.getByText(/^It works: a test request scheduled for .+, to you\.$/).waitFor()
      await screenshotWidths(page, '18', '04-test-event')

      await page.getByRole('button', { name: 'Event log' }).click()
      const log = page.getByRole('dialog', { name: 'Event log: Shopify' })
      await log.getByText('#1042').waitFor()
      await log.getByText(/^Ananya K\., \+91 98•••••001$/).waitFor()
      assert.equal(await log.getByText('Test', { exact: true }).count(), 1)
      assert.equal(await log.getByText('Scheduled', { exact: true }).count(), 2)
      await screenshotWidths(page, '18', '05-event-log')
      await page.keyboard.press('Escape')

      // The other providers' set-up steps, as each card shows them again (without the secret).
      for (const provider of ['razorpay', 'woocommerce', 'zoho_books', 'zenoti']) {
        expectStatus(
          await api('POST', `/api/businesses/${business.id}/integrations`, { token: owner.token, body: { provider, consent: true } }),
          201,
          `adding ${provider}`
        )
      }
      await page.reload()
      for (const [provider, name, screen] of [
        ['razorpay', 'Razorpay', /Webhooks/],
        ['woocommerce', 'WooCommerce', /Advanced/],
        ['zoho_books', 'Zoho Books', /Automation/],
        ['zenoti', 'Zenoti', /Webhooks/],
      ]) {
        const card = page.locator('.ant-card', { has: page.getByText(name, { exact: true }) })
        await card.getByRole('button', { name: 'Set-up steps' }).click()
        const steps = page.getByRole('dialog', { name: `Set up ${name}` })
        await steps.waitFor()
        assert.match(await steps.innerText(), screen, `${name}'s steps name its own screen`)
        assert.doesNotMatch(await steps.innerText(), /Shown once/, 'the secret is not shown again')
        await screenshotWidths(page, '18', `06-setup-${provider}`)
        await steps.getByRole('button', { name: 'Done' }).click()
        await steps.waitFor({ state: 'hidden' })
      }

      // The requests: one from Shopify's order, one from the test, both from the integration.
      const requests = await waitFor('the scheduled requests', async () => {
        const rows = expectStatus(
          await api('GET', `/api/review-requests?businessId=${business.id}`, { token: owner.token }),
          200,
          'the requests'
        )
        return rows.length === 2 ? rows : null
      })
      assert.deepEqual(requests.map((request) => request.status).sort(), ['created', 'created'])
      const funnel = expectStatus(
        await api('GET', `/api/review-requests/funnel?businessId=${business.id}`, { token: owner.token }),
        200,
        'the funnel'
      )
      assert.deepEqual(
        funnel.sources.map((step) => [step.source, step.provider, step.requests]),
        [['integration', 'shopify', 2]]
      )
    })
  }
)
