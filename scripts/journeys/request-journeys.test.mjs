/*
 * Journey 10 (review requests, docs/decisions.md D32), on phones, in Debian's Chromium against the production build started like `npm start`:
 * an owner who just served a customer sends a review request from their own WhatsApp (the wa.me address and its
 * message are checked), the customer opens the personal link and rates 5 (on to Google), and the owner's requests
 * screen shows the request rated and the funnel counts it.
 * Journey 11 (docs/decisions.md D32): a request the product sends for the owner by email: the worker mails it over SMTP, the
 * customer opens the link in the mail, rates 2 with feedback, and the request shows rated.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE } from '../lib/chromium.mjs'
import { readMailFiles } from '../lib/mail-files.mjs'
import { api, expectStatus, uniqueEmail } from './support/api.mjs'
import { inJourneyScope, screenshot, stubGoogleReviewPage } from './support/browser.mjs'
import { BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES } from './support/stubs.mjs'
import { waitFor } from './support/wait.mjs'
import { ownerWithPlace } from './support/owners.mjs'

const PLACE = GOOGLE_PLACES[0]
const run = useProductAndBrowser()

test(
  'journey 10: a review request sent with my WhatsApp, opened and rated by the customer, shows rated and counts in the funnel',
  { timeout: 120_000 },
  async () => {
    const { token, business } = await ownerWithPlace(
      { name: 'suresh.pai', password: 'neer-dosa-2026', firstName: 'Suresh', lastName: 'Pai' },
      PLACE.id
    )

    await inJourneyScope(run.browser, 'j10', async (scope) => {
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
      assert.deepEqual(funnel.total, { sent: 1, opened: 1, rated: 1, ratedInWhatsApp: 0, sentToGoogle: 1 })

      await page.goto(`${BASE}/dashboard/requests`)
      await page.getByRole('heading', { name: 'Review requests' }).waitFor()
      await page.getByText('Rated', { exact: true }).first().waitFor()
      await page.getByText('Kavya').first().waitFor()
      await screenshot(page, 'j10', '03-requests')
    })
  }
)

test(
  'journey 11: a request sent for the owner by email arrives over SMTP; the customer opens it, leaves a 2 with feedback, and it shows rated',
  { timeout: 120_000 },
  async () => {
    const { token, business } = await ownerWithPlace(
      { name: 'anita.rao', password: 'bisi-bele-2026', firstName: 'Anita', lastName: 'Rao' },
      GOOGLE_PLACES[1].id
    )
    const customerEmail = uniqueEmail('ramesh.k')
    const request = expectStatus(
      await api('POST', '/api/review-requests', {
        token,
        body: {
          businessId: business.id,
          customer: { name: 'Ramesh', phone: '98450 33333', email: customerEmail, consent: true },
          channel: 'email',
        },
      }),
      201,
      'the email request'
    )
    assert.equal(request.status, 'created')

    // The worker sends it: the mail arrives over SMTP with the personal link and a one-click stop link.
    const mail = await waitFor(
      'the review request mail',
      async () => (await readMailFiles(run.product.mailDir)).find((one) => one.kind === 'review-request' && one.to === customerEmail),
      { timeoutMs: 30_000 }
    )
    const link = /https?:\/\/\S+\/r\/[A-Za-z0-9_-]{22}(?![\w/-])/.exec(mail.text)?.[0]
    assert.equal(link, request.link)
    assert.ok(mail.text.includes(`${request.link}/stop`), 'the stop link is in the mail')

    await inJourneyScope(run.browser, 'j11', async (scope) => {
      const customer = await scope.person({ device: PHONE })
      const page = await customer.newPage()
      await page.goto(link)
      await page.getByRole('button', { name: 'Rate 2 out of 5' }).click()
      await page.getByLabel('How can we improve? (Optional)').fill('The rice was cold.')
      await page.getByRole('button', { name: 'Submit Feedback' }).click()
      await page.waitForURL(`${BASE}/thanks?**`)
      await screenshot(page, 'j11', '01-thanks')
    })
    const after = expectStatus(await api('GET', `/api/review-requests/${request.id}`, { token }), 200, 'the request')
    assert.equal(after.status, 'rated')
    const funnel = expectStatus(await api('GET', `/api/review-requests/funnel?businessId=${business.id}`, { token }), 200, 'the funnel')
    assert.deepEqual(
      funnel.channels.find((step) => step.channel === 'email'),
      { channel: 'email', sent: 1, opened: 1, rated: 1, ratedInWhatsApp: 0, sentToGoogle: 0 }
    )
  }
)
