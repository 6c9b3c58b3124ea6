/*
 * Journeys 1-5, the product end to end, in Debian's Chromium against the production build started like `npm start`:
 *   1. an owner signs up from the landing page, saves a phone, adds a business, downloads the QR and the poster,
 *      copies the link;
 *   2. three customers on phones rate it (5 → Google, 2 → private feedback → /thanks, Hindi 4 → Google);
 *   3. the owner sees the activity, the feedback, the numbers and gets the alert mail;
 *   4. the trial ends, the owner is locked to /billing, buys the monthly plan (checkout, webhooks, verify: one
 *      period), is unlocked, cancels and keeps access;
 *   5. a second owner sees none of it, on screen or through the API;
 * and journey 13 (docs/decisions.md D40): on a phone's first visit, the overview's first paint shows before the app has
 * loaded, in the app's own places and words, and hands over to the app.
 * They run in order on one server and share what they made (`story`). A journey whose predecessor failed
 * builds what it needs through the API instead, so each one still runs and fails only for its own reasons.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { DESKTOP, PHONE } from '../lib/chromium.mjs'
import { razorpayId, webhookEvent } from '../lib/razorpay-stub.mjs'
import { api, expectStatus, newClientIp, query, sendWebhook, setClock, uniqueEmail } from './support/api.mjs'
import { linkInMail, readMailFiles } from '../lib/mail-files.mjs'
import { decodeQrPng, inJourneyScope, screenshot, stubCheckout, stubGoogleReviewPage } from './support/browser.mjs'
import { BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES, RAZORPAY } from './support/stubs.mjs'
import { waitFor } from './support/wait.mjs'
import { addBusiness, verifiedOwner } from './support/owners.mjs'

const JOURNEY_MS = 120_000
const PLACE = GOOGLE_PLACES[0] // Udupi Tiffin Corner
const FEEDBACK = 'The sambar was cold and we waited 25 minutes for a table'
const GOOGLE_REVIEW_URL = `https://search.google.com/local/writereview?placeid=${PLACE.id}`

/** What the journeys made, for the ones after them. */
const story = {
  /** {email, password, firstName, token} */
  owner: null,
  /** {id, name, shortUrl, link} */
  business: null,
  /** the three customers' ratings are stored */
  rated: false,
  /** ...but by the fallback, after journey 2 may have left some (and their alert mails) behind */
  ratedThroughApi: false,
}

const run = useProductAndBrowser()

/* ------------------------------------------------------------------------------------------------------------
 * What a journey needs when its predecessor did not get that far (built through the API)
 * ---------------------------------------------------------------------------------------------------------- */

async function signIn(email, password) {
  return expectStatus(await api('POST', '/api/auth/login', { body: { email, password } }), 200, 'signing in').token
}

async function needOwnerWithBusiness(t) {
  if (story.owner && story.business) return story
  t.diagnostic('journey 1 did not finish: the owner and the business are made through the API')
  const owner = await verifiedOwner(run.product.mailDir, {
    name: 'priya.raman',
    password: 'masala-dosa-2026',
    firstName: 'Priya',
    lastName: 'Raman',
    phone: '9876543210',
  })
  const business = await addBusiness(owner.token, PLACE.id)
  story.owner = owner
  story.business = { id: business.id, name: business.name, shortUrl: business.shortUrl, link: `${BASE}/review/${business.shortUrl}` }
  return story
}

async function needRatings(t) {
  const { business } = await needOwnerWithBusiness(t)
  if (story.rated) return story
  t.diagnostic('journey 2 did not finish: the three ratings are made through the API')
  await query('DELETE FROM review_sessions WHERE business_id = ?', [business.id])
  for (const body of [{ rating: 5 }, { rating: 2, feedback: FEEDBACK }, { rating: 4 }]) {
    expectStatus(await api('POST', `/api/review/${business.shortUrl}/submit`, { body }), 200, `rating ${body.rating}`)
  }
  story.rated = true
  story.ratedThroughApi = true
  return story
}

/** Text of an antd Statistic on the business page, by its title. */
async function statistic(page, title) {
  const value = page.getByRole('group', { name: title, exact: true }).locator('.ant-statistic-content-value')
  await value.waitFor()
  return (await value.textContent()).replace(/\s/g, '')
}

/* ------------------------------------------------------------------------------------------------------------
 * 1. Owner: sign-up to QR code
 * ---------------------------------------------------------------------------------------------------------- */

test(
  'journey 1: an owner signs up from the landing page, adds the business, downloads the QR and poster, copies the link',
  { timeout: JOURNEY_MS },
  async () => {
    const owner = { email: uniqueEmail('priya.raman'), password: 'masala-dosa-2026', firstName: 'Priya' }
    await inJourneyScope(run.browser, 'j1', async (scope) => {
      const page = await (await scope.person({ device: DESKTOP })).newPage()
      await page.goto(`${BASE}/`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await screenshot(page, 'j1', '01-landing')
      await page.getByRole('link', { name: 'Start Free Trial' }).first().click()
      await page.waitForURL('**/auth?**')
      const signUpUrl = new URL(page.url())
      assert.equal(signUpUrl.searchParams.get('mode'), 'signup')
      assert.equal(signUpUrl.searchParams.get('redirect'), '/billing?source=signup')

      await page.getByLabel('First name').fill(owner.firstName)
      await page.getByLabel('Last name').fill('Raman')
      await page.getByLabel('Email').fill(owner.email)
      await page.getByLabel('Password').fill(owner.password)
      await screenshot(page, 'j1', '02-signup')
      await page.getByRole('button', { name: 'Create account' }).click()

      // The phone modal of a new trial: it cannot be saved until the number has 10 digits.
      await page.waitForURL('**/billing?source=signup')
      await page.getByRole('dialog').filter({ hasText: 'Add your phone number' }).waitFor()
      // The one dialog on the page (its title goes once the number is saved).
      const phoneDialog = page.getByRole('dialog')
      const save = phoneDialog.getByRole('button', { name: 'Save Phone Number' })
      assert.equal(await save.isDisabled(), true, 'Save is disabled before a number is typed')
      await phoneDialog.getByLabel('Mobile number').fill('98765 43210')
      assert.equal(await phoneDialog.getByLabel('Mobile number').inputValue(), '9876543210')
      await screenshot(page, 'j1', '03-phone')
      await save.click()
      await phoneDialog.getByRole('button', { name: 'Go to Dashboard' }).waitFor()
      const [user] = await query('SELECT id, phone, first_name, trial_ends_at FROM users WHERE email = ?', [owner.email])
      assert.ok(user, 'the account exists')
      assert.equal(user.phone, '+919876543210')
      assert.equal(user.first_name, owner.firstName)
      owner.token = await page.evaluate(() => localStorage.getItem('reviewroute.token'))
      assert.ok(owner.token && owner.token.length > 20, 'the dashboard holds a bearer token')
      story.owner = owner

      // The owner confirms the address from the sign-up's mail (alerts go only to a verified address).
      const verifyLink = await waitFor('the verification mail', () =>
        linkInMail(run.product.mailDir, 'verify-email', owner.email, '/auth/verify')
      )
      const mailTab = await page.context().newPage()
      await mailTab.goto(verifyLink)
      await mailTab.getByText('Email verified').waitFor()
      await screenshot(mailTab, 'j1', '03b-email-verified')
      await mailTab.close()

      // Onboarding: no business yet, so the search form is the screen. The suggestions come from "Google".
      await phoneDialog.getByRole('button', { name: 'Go to Dashboard' }).click()
      await page.waitForURL('**/dashboard')
      await page.getByText("Let's get started!").waitFor()
      await page.getByText(`Hi, ${owner.firstName}!`).first().waitFor()
      await screenshot(page, 'j1', '04-onboarding')
      await page.getByLabel('Business name').fill('Udupi')
      // antd's visible suggestion rows (its role=option elements are a hidden copy named by the value).
      const suggestions = page.locator('.ant-select-item-option')
      const suggestion = suggestions.filter({ hasText: 'Udupi Tiffin Corner' })
      await suggestion.waitFor()
      assert.deepEqual(
        (await suggestions.allTextContents()).map((text) => text.replace(/\d.*$/, '').trim()),
        ['Udupi Tiffin Corner', 'Udupi Krishna Bhavan'],
        "both Udupi listings are suggested, in Google's order"
      )
      const searches = run.product.google.requests.filter((request) => request.url === '/v1/places:searchText')
      assert.ok(
        searches.some((request) => JSON.parse(request.body).textQuery.includes('Udupi')),
        'the search went to Google Places Text Search'
      )
      await screenshot(page, 'j1', '05-suggestions')
      await suggestion.click()
      await page.getByText('Business Added Successfully!').waitFor()
      assert.ok(
        run.product.google.requests.some((request) => request.method === 'GET' && request.url === `/v1/places/${PLACE.id}`),
        'the chosen listing was read from Google Place Details'
      )

      const [business] = await query('SELECT id, name, place_id, short_url, google_review_url FROM businesses WHERE user_id = ?', [user.id])
      assert.ok(business, 'the business is stored for this owner')
      assert.equal(business.name, PLACE.displayName.text)
      assert.equal(business.place_id, PLACE.id)
      assert.equal(business.google_review_url, GOOGLE_REVIEW_URL)
      assert.match(business.short_url, /^[a-z0-9-]{3,32}$/)
      const link = `${BASE}/review/${business.short_url}`
      story.business = { id: business.id, name: business.name, shortUrl: business.short_url, link }

      // The overview of the new business; a brand-new owner is greeted 'Welcome', not 'Welcome back' (docs/decisions.md D39).
      await page.getByText('Recent ratings', { exact: true }).waitFor()
      await page.getByRole('heading', { name: `Welcome, ${owner.firstName}!` }).waitFor()
      await page.getByText(PLACE.formattedAddress).first().waitFor()
      await screenshot(page, 'j1', '06-overview')

      // Quick action: the plain 400 px QR.
      const [qrDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download QR code only' }).click(),
      ])
      assert.equal(qrDownload.suggestedFilename(), 'udupi_tiffin_corner_qr_code.png')
      const qr = decodeQrPng(readFileSync(await qrDownload.path()))
      assert.deepEqual({ width: qr.width, height: qr.height }, { width: 400, height: 400 })
      assert.equal(qr.text, link)

      // The 'QR Code and Link' card (drawn when scrolled into view): the styled 600x750 poster.
      const card = page.locator('.ant-card').filter({ has: page.getByText('QR Code and Link', { exact: true }) })
      // The placeholder is swapped for the drawn card as it scrolls into view: scroll again until it holds still.
      await waitFor('the QR card in view', async () => {
        await card.scrollIntoViewIfNeeded({ timeout: 2_000 })
        return true
      })
      await card.getByRole('button', { name: /Download poster/ }).waitFor()
      assert.equal(await card.getByRole('textbox', { name: 'Review link' }).inputValue(), link)
      await card.getByRole('img', { name: `QR code for ${business.name}` }).waitFor()
      await screenshot(page, 'j1', '07-qr-card')
      const [posterDownload] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: /Download poster/ }).click(),
      ])
      assert.equal(posterDownload.suggestedFilename(), 'Udupi_Tiffin_Corner_QR_Code.png')
      const poster = decodeQrPng(readFileSync(await posterDownload.path()))
      assert.deepEqual({ width: poster.width, height: poster.height }, { width: 600, height: 750 })
      assert.equal(poster.text, link)

      // Copy Review Link (quick actions) and the card's copy button put the link on the clipboard.
      const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
      await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'))
      const quickActions = page.locator('.ant-card').filter({ has: page.getByText('Quick Actions', { exact: true }) })
      await quickActions.getByRole('button', { name: /Copy Review Link$/ }).click()
      await page.getByText('Review Link Copied!', { exact: true }).waitFor()
      assert.equal(await clipboard(), link)
      await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'))
      await card.getByRole('button', { name: 'Copy review link', exact: true }).click()
      await page.getByText('Link copied!', { exact: true }).waitFor()
      assert.equal(await clipboard(), link)
    })
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 2. Customers on their phones
 * ---------------------------------------------------------------------------------------------------------- */

test(
  'journey 2: three customers rate on their phones (5 → Google, 2 → feedback → /thanks, Hindi 4 → Google)',
  { timeout: JOURNEY_MS },
  async (t) => {
    const { business } = await needOwnerWithBusiness(t)
    const [{ before }] = await query('SELECT COUNT(*) AS `before` FROM review_sessions WHERE business_id = ?', [business.id])
    assert.equal(Number(before), 0, 'no ratings before the customers come')
    await inJourneyScope(run.browser, 'j2', async (scope) => {
      // A happy customer: 5 stars, straight on to the Google review form, in the same tab.
      const happy = await scope.person({ device: PHONE })
      await stubGoogleReviewPage(happy)
      let page = await happy.newPage()
      await page.goto(business.link)
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), business.name)
      await page.getByText('How was your experience?').waitFor()
      await screenshot(page, 'j2', '01-rating-page')
      await page.getByRole('button', { name: 'Rate 5 out of 5' }).click()
      await page.waitForURL('https://search.google.com/**')
      assert.equal(page.url(), GOOGLE_REVIEW_URL)
      await screenshot(page, 'j2', '02-google-review')
      await happy.close()

      // An unhappy customer: 2 stars, writes what went wrong, lands on /thanks.
      const unhappy = await scope.person({ device: PHONE })
      page = await unhappy.newPage()
      await page.goto(business.link)
      await page.getByRole('button', { name: 'Rate 2 out of 5' }).click()
      await page.getByRole('heading', { name: 'Thanks for rating your visit' }).waitFor()
      await page.getByLabel('How can we improve? (Optional)').fill(FEEDBACK)
      await screenshot(page, 'j2', '03-feedback-form')
      await page.getByRole('button', { name: 'Submit Feedback' }).click()
      await page.waitForURL(`${BASE}/thanks?**`)
      await page.getByRole('heading', { name: 'Thank you!' }).waitFor()
      assert.match(await page.textContent('body'), new RegExp(business.name))
      await screenshot(page, 'j2', '04-thanks')
      await unhappy.close()

      // A Hindi-speaking customer switches the page to Hindi and taps 4.
      const hindi = await scope.person({ device: PHONE })
      await stubGoogleReviewPage(hindi)
      page = await hindi.newPage()
      await page.goto(business.link)
      // The switch is nine links; the server answers the page in the language chosen.
      await page.getByRole('link', { name: 'हिंदी' }).click()
      await page.getByText('आपका अनुभव कैसा रहा?').waitFor()
      assert.equal(await page.getAttribute('html', 'lang'), 'hi')
      assert.equal(await page.getByText('How was your experience?').count(), 0, 'the English question is gone')
      await screenshot(page, 'j2', '05-hindi')
      await page.getByRole('button', { name: '5 में से 4 स्टार दें' }).click()
      await page.waitForURL('https://search.google.com/**')
      assert.equal(page.url(), GOOGLE_REVIEW_URL)
    })

    const sessions = await query('SELECT rating, feedback, redirected FROM review_sessions WHERE business_id = ? ORDER BY id', [
      business.id,
    ])
    assert.deepEqual(
      sessions.map((s) => [s.rating, s.feedback, Boolean(s.redirected)]),
      [
        [5, null, true],
        [2, FEEDBACK, false],
        [4, null, true],
      ]
    )
    story.rated = true
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 3. The owner sees what the customers did
 * ---------------------------------------------------------------------------------------------------------- */

test(
  'journey 3: the owner signs in and sees the activity, the feedback, the numbers, and the alert mail',
  { timeout: JOURNEY_MS },
  async (t) => {
    const { owner, business } = await needRatings(t)
    await inJourneyScope(run.browser, 'j3', async (scope) => {
      const page = await (await scope.person({ device: DESKTOP })).newPage()
      await page.goto(`${BASE}/auth?mode=signin&redirect=/dashboard`)
      await page.getByLabel('Email').fill(owner.email)
      await page.getByLabel('Password').fill(owner.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL('**/dashboard')

      // Recent ratings: the three ratings, newest first; two went to Google, one stayed private.
      const activity = page.locator('.ant-card').filter({ has: page.getByText('Recent ratings', { exact: true }) })
      await activity.getByText(FEEDBACK).waitFor()
      assert.equal(await activity.getByText('Sent to Google', { exact: true }).count(), 2)
      assert.equal(await activity.getByText('Private rating', { exact: true }).count(), 1)
      assert.deepEqual(
        await activity.locator('[aria-label$=" stars"]').evaluateAll((stars) => stars.map((star) => star.getAttribute('aria-label'))),
        ['4 stars', '2 stars', '5 stars']
      )
      await screenshot(page, 'j3', '01-dashboard')

      // The private feedback inbox: only the 2-star rating.
      await page.goto(`${BASE}/feedbacks`)
      await page.getByRole('heading', { name: 'Customer feedback' }).waitFor()
      await page.getByText(FEEDBACK).waitFor()
      await page.getByText('1 private rating', { exact: true }).waitFor()
      await screenshot(page, 'j3', '02-feedbacks')

      // The business page: 3 ratings, 2 of 4-5 stars, 1 private, 2 of 3 sent to Google.
      await page.goto(`${BASE}/business/${business.id}`)
      assert.equal(await statistic(page, 'Ratings'), '3')
      assert.equal(await statistic(page, '4-5 star ratings'), '2')
      assert.equal(await statistic(page, 'Private ratings'), '1')
      assert.equal(await statistic(page, 'Sent to Google'), '66.7%')
      await page.waitForTimeout(1_500) // the daily chart's bars grow in: let them settle for the screenshot
      await screenshot(page, 'j3', '03-business-analytics')
    })

    // The worker mailed the owner about the 2-star feedback, and only about that one.
    const alert = await waitFor(
      'the negative-feedback alert mail',
      async () => (await readMailFiles(run.product.mailDir)).find((mail) => mail.kind === 'feedback-alert' && mail.to === owner.email),
      { timeoutMs: 20_000, intervalMs: 250 }
    )
    assert.equal(alert.subject, `New 2-star private rating for ${business.name}`)
    assert.match(alert.text, new RegExp(FEEDBACK))
    // One alert in all: none for the 4 and 5 star ratings, none for the demo owner's seeded (invented) ratings.
    // (When journey 2 broke off and the ratings were made again, its 2-star rating may have been mailed too.)
    const alerts = (await readMailFiles(run.product.mailDir))
      .filter((mail) => mail.kind === 'feedback-alert')
      .map((mail) => [mail.to, mail.subject])
    const expected = [[owner.email, `New 2-star private rating for ${business.name}`]]
    if (story.ratedThroughApi) assert.deepEqual([...new Set(alerts.map(String))], expected.map(String))
    else assert.deepEqual(alerts, expected)
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 4. Billing: trial over, Pro bought, cancelled
 * ---------------------------------------------------------------------------------------------------------- */

test(
  'journey 4: after the trial the owner is locked to /billing, buys the monthly plan once, is unlocked, cancels and keeps access',
  { timeout: JOURNEY_MS },
  async (t) => {
    const { owner, business } = await needOwnerWithBusiness(t)
    const [user] = await query('SELECT id, trial_ends_at FROM users WHERE email = ?', [owner.email])
    const token = owner.token ?? (await signIn(owner.email, owner.password))
    const movedTo = new Date(user.trial_ends_at.getTime() + 24 * 3600 * 1000)
    try {
      await inJourneyScope(run.browser, 'j4', async (scope) => {
        const context = await scope.person({ device: DESKTOP, token })
        await setClock(movedTo)
        const expired = expectStatus(await api('GET', '/api/billing/trial-status', { token }), 200, 'trial status')
        assert.equal(expired.trialStatus, 'expired')
        assert.equal(expired.hasActiveSubscription, false)

        const page = await context.newPage()
        const webhooks = []
        let paymentId = null
        const checkout = await stubCheckout(page, async (options) => {
          // Razorpay reports the capture by webhook around the time checkout succeeds; it may deliver it twice.
          paymentId = razorpayId('pay_')
          const event = webhookEvent('payment.captured', { orderId: options.order_id, paymentId, amount: options.amount })
          const eventId = razorpayId('evt_')
          webhooks.push(await sendWebhook(event, eventId))
          webhooks.push(await sendWebhook(event, eventId))
          return { paymentId }
        })

        // Locked: the dashboard sends the owner to /billing, which shows Trial Expired.
        await page.goto(`${BASE}/dashboard`)
        await page.waitForURL('**/billing')
        await page.getByRole('heading', { name: 'Trial Expired' }).waitFor()
        await screenshot(page, 'j4', '01-locked')

        // Monthly plan through (stubbed) Razorpay Checkout, after the billing details the tax invoice needs.
        await page.getByRole('button', { name: 'Upgrade to Monthly' }).click()
        const dialog = page.getByRole('dialog').filter({ hasText: 'Upgrade to Monthly' })
        await dialog.getByLabel('Legal name').fill('Chai Point Foods LLP')
        await dialog.getByLabel('Address').fill('14 FC Road, Shivajinagar, Pune 411004')
        await dialog.getByLabel('State or union territory').fill('Mahara')
        await page.locator('.ant-select-item-option').filter({ hasText: 'Maharashtra (27)' }).click()
        await dialog.getByLabel('GSTIN (optional)').fill('27aapfu0939f1zv')
        await screenshot(page, 'j4', '02-billing-details')
        await dialog.getByRole('button', { name: 'Save and continue' }).click()
        await dialog.getByRole('button', { name: /Pay ₹499/ }).waitFor()
        await dialog.getByText(/Invoice to: Chai Point Foods LLP/).waitFor()
        await screenshot(page, 'j4', '03-payment-dialog')
        const verification = page.waitForResponse((response) => response.url() === `${BASE}/api/billing/verify-payment`)
        await dialog.getByRole('button', { name: /Pay ₹499/ }).click()
        const verified = await verification
        assert.equal(verified.status(), 200, 'checkout verification accepted the signature')
        assert.equal((await verified.json()).success, true)
        await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor()
        await screenshot(page, 'j4', '04-paid')

        assert.equal(checkout.opened.length, 1, 'checkout opened once')
        const opened = checkout.opened[0]
        const order = run.product.razorpay.orders.at(-1)
        assert.equal(opened.order_id, order.id, 'checkout pays the order the server opened')
        assert.equal(opened.key, RAZORPAY.keyId)
        assert.equal(opened.amount, 49900)
        assert.equal(order.amount, 49900)
        assert.equal(opened.currency, 'INR')
        assert.equal(opened.prefill.email, owner.email)
        assert.deepEqual(
          webhooks.map((answer) => [answer.status, answer.body?.status]),
          [
            [200, 'processed'],
            [200, 'duplicate'],
          ]
        )
        // Razorpay's order.paid for the same order, after checkout's verify: nothing more is granted.
        const orderPaid = await sendWebhook(webhookEvent('order.paid', { orderId: order.id, paymentId, amount: 49900 }), razorpayId('evt_'))
        assert.equal(orderPaid.status, 200)
        assert.equal(orderPaid.body.status, 'processed')

        const subscriptions = await query(
          'SELECT s.status, s.current_period_start, s.current_period_end, p.plan_type FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id WHERE s.user_id = ?',
          [user.id]
        )
        assert.equal(subscriptions.length, 1, 'exactly one subscription')
        assert.equal(subscriptions[0].status, 'active')
        assert.equal(subscriptions[0].plan_type, 'monthly')
        const periodDays = (subscriptions[0].current_period_end - subscriptions[0].current_period_start) / 86_400_000
        assert.ok(periodDays >= 28 && periodDays <= 31, `one month granted (${periodDays} days)`)
        assert.ok(Math.abs(subscriptions[0].current_period_start - movedTo) < 10 * 60_000, 'the period starts at the (moved) purchase time')
        const payments = await query('SELECT status, amount, razorpay_order_id, razorpay_payment_id FROM payments WHERE user_id = ?', [
          user.id,
        ])
        assert.deepEqual(
          payments.map((p) => ({ ...p })),
          [{ status: 'paid', amount: 49900, razorpay_order_id: order.id, razorpay_payment_id: paymentId }]
        )
        const [{ events }] = await query('SELECT COUNT(*) AS events FROM payment_events WHERE razorpay_order_id = ?', [order.id])
        assert.equal(Number(events), 2, 'the replayed event is stored once')

        const paid = expectStatus(await api('GET', '/api/billing/trial-status', { token }), 200, 'trial status')
        assert.equal(paid.hasActivePaidSubscription, true)
        assert.equal(paid.subscriptionPlan, 'pro')

        // Unlocked: the dashboard stays.
        await page.goto(`${BASE}/dashboard`)
        await page.getByText('Recent ratings', { exact: true }).waitFor()
        assert.equal(new URL(page.url()).pathname, '/dashboard')
        await page.getByText(business.name).first().waitFor()
        await screenshot(page, 'j4', '05-unlocked')

        // The tax invoice: IGST (Maharashtra buyer, Karnataka seller), on the billing page and in the receipt mail.
        const [invoice] = await query('SELECT id, number, igst, cgst, total, buyer FROM invoices WHERE user_id = ?', [user.id])
        assert.match(invoice.number, /^RR\/\d{4}-\d{2}\/\d{5}$/)
        assert.deepEqual([invoice.igst, invoice.cgst, invoice.total], [7612, 0, 49900])
        const buyer = typeof invoice.buyer === 'string' ? JSON.parse(invoice.buyer) : invoice.buyer
        assert.equal(buyer.gstin, '27AAPFU0939F1ZV')
        await page.goto(`${BASE}/billing`)
        const history = page.locator('.ant-card').filter({ hasText: 'Payment history' })
        await history.getByRole('button', { name: 'Invoice' }).waitFor()
        await history.scrollIntoViewIfNeeded()
        await screenshot(page, 'j4', '06-payment-history')
        const [download] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: 'Invoice' }).click()])
        assert.equal(download.suggestedFilename(), `${invoice.number.replaceAll('/', '-')}.pdf`)
        const receipt = await waitFor('the receipt mail', async () =>
          (await readMailFiles(run.product.mailDir)).find((mail) => mail.kind === 'receipt' && mail.to === owner.email)
        )
        assert.ok(receipt.subject.includes(invoice.number), receipt.subject)
        const [pdf] = receipt.attachments.filter((attachment) => attachment.contentType === 'application/pdf')
        assert.equal(pdf?.filename, `${invoice.number.replaceAll('/', '-')}.pdf`)
        assert.equal(pdf.content.subarray(0, 5).toString(), '%PDF-')

        // Cancel: access stays until the period end.
        await page.goto(`${BASE}/billing`)
        await page.getByRole('button', { name: 'Cancel Subscription' }).click()
        const confirm = page.getByRole('dialog').filter({ hasText: 'Cancel Subscription?' })
        await confirm.waitFor()
        await confirm.getByRole('button', { name: 'Cancel Subscription' }).click()
        await confirm.waitFor({ state: 'hidden' })
        await page.getByText('Subscription Cancelled', { exact: true }).waitFor()
        await page.getByText('Subscription cancelled', { exact: true }).waitFor()
        assert.equal(await page.getByRole('button', { name: 'Cancel Subscription' }).count(), 0, 'no cancel button once cancelled')
        await screenshot(page, 'j4', '07-cancelled')

        const [cancelled] = await query('SELECT status, cancelled_at FROM subscriptions WHERE user_id = ?', [user.id])
        assert.equal(cancelled.status, 'cancelled')
        assert.ok(cancelled.cancelled_at, 'cancelled_at is set')
        const status = expectStatus(await api('GET', '/api/billing/trial-status', { token }), 200, 'trial status')
        assert.equal(status.subscriptionStatus, 'cancelled')
        assert.equal(status.hasActiveSubscription, true)
        assert.equal(status.isLimited, false)

        await page.goto(`${BASE}/dashboard`)
        await page.getByText('Recent ratings', { exact: true }).waitFor()
        assert.equal(new URL(page.url()).pathname, '/dashboard', 'still not locked after cancelling')
      })
    } finally {
      await setClock(null)
    }
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * 5. Tenancy
 * ---------------------------------------------------------------------------------------------------------- */

test(
  "journey 5: a second owner sees none of the first owner's data, on any screen or through the API",
  { timeout: JOURNEY_MS },
  async (t) => {
    const { owner, business } = await needRatings(t)
    const firstToken = owner.token ?? (await signIn(owner.email, owner.password))
    const [feedback] = await query('SELECT id FROM review_sessions WHERE business_id = ? AND rating <= 3', [business.id])
    assert.ok(feedback, 'the first owner has a feedback')

    const second = expectStatus(
      await api('POST', '/api/auth/register', {
        body: { email: uniqueEmail('arjun.mehta'), password: 'vada-pav-2026', firstName: 'Arjun' },
      }),
      201,
      'registering the second owner'
    )
    const token = second.token
    await inJourneyScope(run.browser, 'j5', async (scope) => {
      const page = await (await scope.person({ device: DESKTOP, token })).newPage()
      const leaks = async (where) => {
        const text = await page.textContent('body')
        for (const secret of [business.name, business.shortUrl, FEEDBACK, owner.email]) {
          assert.ok(!text.includes(secret), `${where} shows "${secret}" of the first owner`)
        }
      }

      await page.goto(`${BASE}/dashboard`)
      await page.getByText("Let's get started!").waitFor()
      await page.getByText('Hi, Arjun!').first().waitFor()
      await leaks('the dashboard')
      await screenshot(page, 'j5', '01-dashboard')

      await page.goto(`${BASE}/business/${business.id}`)
      await page.getByText('Business Not Found').waitFor()
      await leaks(`/business/${business.id}`)
      await screenshot(page, 'j5', '02-business-not-found')

      await page.goto(`${BASE}/feedbacks`)
      await page.getByText('No businesses yet').waitFor()
      await leaks('/feedbacks')
      await screenshot(page, 'j5', '03-feedbacks')

      await page.goto(`${BASE}/dashboard/businesses`)
      await page.getByText('No businesses yet').first().waitFor()
      await leaks('/dashboard/businesses')
    })

    // Every owner route answers the second owner 404 for the first owner's rows.
    const ip = newClientIp()
    const as = (method, path, body) => api(method, path, { token, body, ip })
    const notFound = [
      ['GET', `/api/businesses/${business.id}`],
      ['GET', `/api/analytics/${business.id}`],
      ['GET', `/api/analytics/${business.id}/daily`],
      ['GET', `/api/feedbacks/${feedback.id}`],
      ['GET', `/api/review-sessions/${feedback.id}`],
      ['PATCH', `/api/feedbacks/${feedback.id}`, { resolved: true }],
      ['PATCH', `/api/businesses/${business.id}`, { shortUrl: 'taken-over' }],
      ['PATCH', `/api/business/${business.id}/update-short-url`, { shortUrl: 'taken-over' }],
      ['DELETE', `/api/businesses/${business.id}`],
      ['DELETE', `/api/business/${business.id}`],
    ]
    for (const [method, path, body] of notFound) {
      const answer = await as(method, path, body)
      assert.equal(answer.status, 404, `${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`)
      assert.ok(!JSON.stringify(answer.body).includes(business.name), `${method} ${path} names the business`)
    }
    // Lists filtered by the first owner's business are empty.
    for (const path of [
      `/api/feedbacks?businessId=${business.id}`,
      `/api/review-sessions?businessId=${business.id}`,
      '/api/businesses',
      '/api/feedbacks',
    ]) {
      const answer = await as('GET', path)
      assert.equal(answer.status, 200, `${path}: ${answer.status}`)
      assert.deepEqual(answer.body, [], path)
      assert.equal(answer.headers.get('x-total-count'), '0', path)
    }
    assert.deepEqual(expectStatus(await as('GET', '/api/my-businesses'), 200, 'my-businesses'), [])

    // Nothing changed, and the first owner still reads it all (the routes work; only ownership differs).
    const [after] = await query('SELECT short_url FROM businesses WHERE id = ?', [business.id])
    assert.equal(after?.short_url, business.shortUrl, 'the business is still there with its link')
    const [untouched] = await query('SELECT resolved_at FROM review_sessions WHERE id = ?', [feedback.id])
    assert.equal(untouched.resolved_at, null, 'the feedback was not resolved by the stranger')
    const mine = expectStatus(
      await api('GET', `/api/businesses/${business.id}`, { token: firstToken }),
      200,
      'the owner reads the business'
    )
    assert.equal(mine.name, business.name)
    const analytics = expectStatus(
      await api('GET', `/api/analytics/${business.id}`, { token: firstToken }),
      200,
      'the owner reads analytics'
    )
    assert.equal(analytics.analytics.totalSessions, 3)
  }
)

/* ------------------------------------------------------------------------------------------------------------
 * Journey 13 (docs/decisions.md D40): the overview's first paint on a phone's first visit
 * ---------------------------------------------------------------------------------------------------------- */

/** What a first screen shows, where: the text and the box of each of its parts inside `root`. */
function firstScreenParts(root) {
  const parts = {
    business: '.app-header .ant-select-selection-item',
    avatar: '.app-header .ant-avatar',
    verify: '.verify-email-banner',
    trial: '.trial-banner',
    welcome: '.dashboard-welcome',
    businessCard: '[aria-label="Business"]',
    total: '.ant-card[aria-label="Ratings"]',
    comparison: '[aria-label="Rating Comparison"]',
    feedback: '.ant-card[aria-label="Private ratings"]',
    nav: '.bottom-nav',
  }
  const container = document.querySelector(root)
  return Object.fromEntries(
    Object.entries(parts).map(([name, selector]) => {
      const element = container?.querySelector(selector)
      if (!element) return [name, null]
      const { x, y, width, height } = element.getBoundingClientRect()
      return [name, { text: element.innerText.replace(/\s+/g, ' ').trim(), x, y, width, height }]
    })
  )
}

test(
  "journey 13: on a phone's first visit the overview shows before the app has loaded, in the app's own places, and hands over to it",
  { timeout: JOURNEY_MS },
  async () => {
    // An owner of two businesses, not yet verified, in the trial: the selector, both banners and the welcome strip.
    const registered = expectStatus(
      await api('POST', '/api/auth/register', {
        body: { email: uniqueEmail('kavya.nair'), password: 'appam-stew-2026', firstName: 'Kavya', lastName: 'Nair' },
      }),
      201,
      'registering the owner'
    )
    const token = registered.token
    let newest = null
    for (const place of [GOOGLE_PLACES[3], GOOGLE_PLACES[4]]) {
      newest = expectStatus(
        await api('POST', '/api/select-business', { token, body: { placeId: place.id } }),
        201,
        `adding ${place.displayName.text}`
      ).business
    }
    for (const body of [{ rating: 5 }, { rating: 2, feedback: 'Too salty' }, { rating: 4 }]) {
      expectStatus(await api('POST', `/api/review/${newest.shortUrl}/submit`, { body, ip: newClientIp() }), 200, `rating ${body.rating}`)
    }

    await inJourneyScope(run.browser, 'j13', async (scope) => {
      // The app's own script held back, as on a slow line: what shows meanwhile is the first paint alone.
      const phone = await scope.person({ device: PHONE, token })
      let release
      const released = new Promise((resolve) => (release = resolve))
      await phone.route(/\/dashboard-assets\/index-[\w-]+\.js$/, async (route) => {
        await released
        await route.continue()
      })
      // What the app shows at the very moment the first paint goes (before the browser paints again).
      await phone.addInitScript({
        content: `window.firstScreenParts = ${firstScreenParts.toString()};
        new MutationObserver((changes) => {
          if (changes.some((change) => [...change.removedNodes].some((node) => node.id === 'first-paint')))
            window.atHandover = window.firstScreenParts('#root')
        }).observe(document, { childList: true, subtree: true })`,
      })
      const page = await phone.newPage()
      await page.goto(`${BASE}/dashboard`, { waitUntil: 'commit' })
      await page.waitForSelector('#first-paint .ant-card[aria-label="Ratings"]')
      assert.equal(await page.locator('#first-paint').getAttribute('inert'), '', 'the first paint is not interactive')
      assert.equal(await page.locator('#root').evaluate((root) => root.childElementCount), 0, 'the app has not drawn yet')
      const painted = await page.evaluate(firstScreenParts, '#first-paint')
      await screenshot(page, 'j13', 'first-paint')

      release()
      await page.waitForFunction(() => window.atHandover)
      const drawn = await page.evaluate(() => window.atHandover)
      await screenshot(page, 'j13', 'app')

      assert.match(painted.business.text, /^Marwar Thali House/, 'the selector shows the newest business')
      assert.match(painted.total.text, /Ratings 3 /)
      assert.match(painted.feedback.text, /Private ratings 1 Rated 3 or below, 1 with a comment/)
      assert.match(painted.welcome.text, /^Welcome, Kavya!/)
      for (const [name, part] of Object.entries(drawn)) {
        assert.ok(part, `the app shows ${name}`)
        const first = painted[name]
        assert.ok(first, `the first paint shows ${name}`)
        assert.equal(first.text, part.text, `${name} reads the same`)
        for (const edge of ['x', 'y', 'width', 'height']) {
          assert.ok(Math.abs(first[edge] - part[edge]) <= 2, `${name} ${edge}: ${first[edge]} in the first paint, ${part[edge]} in the app`)
        }
      }

      // A desktop draws no first paint (it is the phone layout).
      const desktop = await scope.person({ device: DESKTOP, token })
      await desktop.addInitScript(() => {
        new MutationObserver(() => {
          if (document.getElementById('first-paint')) window.__firstPaintSeen = true
        }).observe(document, { childList: true, subtree: true })
      })
      const wide = await desktop.newPage()
      await wide.goto(`${BASE}/dashboard`)
      await wide.waitForSelector('#root .ant-card[aria-label="Ratings"]:not(.ant-card-loading)')
      assert.equal(await wide.evaluate(() => window.__firstPaintSeen ?? false), false, 'no first paint on a desktop')
    })
  }
)
