/*
 * Journey 10 of issue 14, on phones, in Debian's Chromium against the production build started like `npm start`:
 * an owner who just served a customer sends a review request from their own WhatsApp (the wa.me address and its
 * message are checked), the customer opens the personal link and rates 5 (on to Google), and the owner's requests
 * screen shows the request rated and the funnel counts it.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE } from '../lib/chromium.mjs'
import { api, expectStatus, uniqueEmail } from './support/api.mjs'
import { journeyScope, screenshot, stubGoogleReviewPage } from './support/browser.mjs'
import { BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES } from './support/stubs.mjs'

const PLACE = GOOGLE_PLACES[0]
const run = useProductAndBrowser()

test('journey 10: a review request sent with my WhatsApp, opened and rated by the customer, shows rated and counts in the funnel', { timeout: 120_000 }, async () => {
  const email = uniqueEmail('suresh.pai')
  const { token } = expectStatus(
    await api('POST', '/api/auth/register', { body: { email, password: 'neer-dosa-2026', firstName: 'Suresh', lastName: 'Pai' } }),
    201,
    'registering the owner'
  )
  const { business } = expectStatus(await api('POST', '/api/select-business', { token, body: { placeId: PLACE.id } }), 201, 'adding the business')

  const scope = journeyScope(run.browser, 'j10')
  try {
    // The owner, on the phone, right after serving Kavya.
    const owner = await scope.person({ device: PHONE, token })
    const sentTo = []
    await owner.route('https://wa.me/**', (route) => {
      sentTo.push(route.request().url())
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>WhatsApp (stub)</title><h1>WhatsApp (stub)</h1>' })
    })
    const page = await owner.newPage()
    await page.goto(`${BASE}/dashboard/send`)
    await page.getByRole('heading', { name: 'Just served someone?' }).waitFor()
    await page.getByLabel('Their name').fill('Kavya')
    await page.getByLabel('Their WhatsApp number').fill('+91 98450 67890')
    await page.getByLabel('They agreed to get a message from us').check()
    await screenshot(page, 'j10', '01-quick-send')
    await page.getByRole('button', { name: 'Send with my WhatsApp' }).click()
    await page.waitForURL('https://wa.me/**')

    assert.equal(sentTo.length, 1)
    const whatsapp = new URL(sentTo[0])
    assert.equal(`${whatsapp.origin}${whatsapp.pathname}`, 'https://wa.me/919845067890')
    const text = whatsapp.searchParams.get('text')
    assert.match(text, /^Hi Kavya, thank you for visiting /)
    assert.ok(text.includes(business.name), text)
    const personal = /(http:\/\/\S+\/r\/[A-Za-z0-9_-]{22})(?!\/)/.exec(text)?.[1]
    assert.ok(personal?.startsWith(`${BASE}/r/`), `a personal link in: ${text}`)
    assert.ok(text.includes(`${personal}/stop`), 'the stop link too')

    // The customer opens the link on their phone and taps 5 stars: on to Google.
    const customer = await scope.person({ device: PHONE })
    await stubGoogleReviewPage(customer)
    const rating = await customer.newPage()
    await rating.goto(personal)
    assert.equal(await rating.getByRole('heading', { level: 1 }).textContent(), business.name)
    await screenshot(rating, 'j10', '02-personal-link')
    await rating.getByRole('button', { name: 'Rate 5 out of 5' }).click()
    await rating.waitForURL('https://search.google.com/**')

    // The request is rated and counted, by the API and on the owner's screen.
    const [request] = expectStatus(await api('GET', `/api/review-requests?businessId=${business.id}`, { token }), 200, 'the requests')
    assert.equal(request.status, 'rated')
    const funnel = expectStatus(await api('GET', `/api/review-requests/funnel?businessId=${business.id}`, { token }), 200, 'the funnel')
    assert.deepEqual(funnel.total, { sent: 1, opened: 1, rated: 1, sentToGoogle: 1 })

    await page.goto(`${BASE}/dashboard/requests`)
    await page.getByRole('heading', { name: 'Review requests' }).waitFor()
    await page.getByText('Rated', { exact: true }).first().waitFor()
    await page.getByText('Kavya').first().waitFor()
    await screenshot(page, 'j10', '03-requests')
  } catch (error) {
    await scope.failed()
    throw error
  } finally {
    await scope.close()
  }
})
