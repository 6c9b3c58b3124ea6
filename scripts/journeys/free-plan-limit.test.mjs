/*
 * Journey 6 (docs/product-rules.md#free-plan-limits): a free owner (trial over, no plan) whose business already received 50 ratings this
 * month. The customer page shows the blocked state (amber alert with the server's sentence, 'Upgrade to Pro',
 * stars disabled) and a submission is refused with 403. Its own server, so it runs whatever the others do.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE } from '../lib/chromium.mjs'
import { api, expectStatus, newClientIp, query } from './support/api.mjs'
import { inJourneyScope, screenshot } from './support/browser.mjs'
import { BASE, REVIEW_LINK_CACHE_MS } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { ownerWithPlace } from './support/owners.mjs'
import { GOOGLE_PLACES } from './support/stubs.mjs'
import { sleep } from './support/wait.mjs'

const PLACE = GOOGLE_PLACES[2] // Lakshmi Sweets & Namkeen
const FREE_MONTHLY_REVIEWS = 50
const REVIEW_LIMIT_MESSAGE =
  'Usage limit exceeded: this business has received its 50 free reviews this month. Upgrade to Pro to keep collecting reviews.'

const run = useProductAndBrowser()

test(
  "journey 6: past 50 reviews this month, a free owner's customer page is blocked, a complaint answers 403 and a 5 still goes to Google uncounted",
  { timeout: 120_000 },
  async () => {
    // Setup data: an owner with one business (added during the trial), then 50 ratings this month.
    const { email, token, business } = await ownerWithPlace(
      { name: 'kavita.joshi', password: 'kaju-katli-2026', firstName: 'Kavita', lastName: 'Joshi' },
      PLACE.id
    )
    const values = Array.from({ length: FREE_MONTHLY_REVIEWS }, (_, i) => {
      const rating = (i % 5) + 1
      return [business.id, rating, rating <= 3 ? `Seeded feedback ${i + 1}` : null, rating >= 4 ? 1 : 0]
    })
    // Now (UTC, as the API stores it): always inside the current IST calendar month.
    await query('INSERT INTO review_sessions (business_id, rating, feedback, redirected, alerted_at, created_at) VALUES ?', [
      values.map((row) => [...row, new Date(), new Date()]),
    ])
    const link = `${BASE}/review/${business.shortUrl}`

    // Control: during the trial 50 ratings are no limit.
    const duringTrial = expectStatus(await api('GET', `/api/business/by-url/${business.shortUrl}`), 200, 'the link during the trial')
    assert.equal(duringTrial.canSubmitReview, true, 'a trial owner is unlimited')

    // The trial ends (setup data): the owner is on the free plan now.
    const [{ id: userId }] = await query('SELECT id FROM users WHERE email = ?', [email])
    await query(
      'UPDATE users SET trial_starts_at = UTC_TIMESTAMP() - INTERVAL 10 DAY, trial_ends_at = UTC_TIMESTAMP() - INTERVAL 3 DAY WHERE id = ?',
      [userId]
    )
    // The API remembered this trial owner's unlimited access (the control lookup above) until the trial's end as
    // it knew it; no product path moves a trial's end backwards, so this raw change shows after the cache's TTL.
    await sleep(REVIEW_LINK_CACHE_MS + 250)
    const status = expectStatus(await api('GET', '/api/billing/trial-status', { token }), 200, 'trial status')
    assert.equal(status.isLimited, true, 'the owner is on the free plan')
    const usage = expectStatus(await api('GET', '/api/billing/usage', { token }), 200, 'usage')
    assert.equal(usage.usage.reviewsThisMonth, FREE_MONTHLY_REVIEWS)
    assert.equal(usage.limits.reviewsPerBusinessPerMonth, FREE_MONTHLY_REVIEWS)

    await inJourneyScope(run.browser, 'j6', async (scope) => {
      const customer = await scope.person({ device: PHONE })
      const page = await customer.newPage()
      const submissions = []
      page.on('request', (request) => request.url().includes('/submit') && submissions.push(request.url()))

      await page.goto(link)
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), PLACE.displayName.text)
      const blocked = page.locator('.alert--amber')
      await blocked.waitFor()
      // The page's own sentence in the page's language (docs/decisions.md D31), not the API's English one.
      assert.equal((await blocked.locator('p').textContent()).trim(), 'Review limit reached. Please upgrade to continue.')
      assert.equal(await blocked.getAttribute('role'), 'alert')
      await blocked.getByRole('link', { name: 'Upgrade to Pro' }).waitFor()
      const stars = page.getByRole('button', { name: /^Rate \d out of 5$/ })
      assert.equal(await stars.count(), 5)
      for (const star of await stars.all())
        assert.equal(await star.isDisabled(), true, `${await star.getAttribute('aria-label')} is disabled`)
      await screenshot(page, 'j6', '01-blocked')

      // A tap on a star does nothing: no request, no navigation.
      await page.getByRole('button', { name: 'Rate 5 out of 5' }).click({ force: true })
      await page.waitForTimeout(500)
      assert.deepEqual(submissions, [])
      assert.equal(page.url(), link)

      // 'Upgrade to Pro' opens the owner's billing page in a new tab.
      const [billing] = await Promise.all([customer.waitForEvent('page'), blocked.getByRole('link', { name: 'Upgrade to Pro' }).click()])
      await billing.waitForLoadState('domcontentloaded')
      assert.match(billing.url(), /billing/)
      await billing.close()

      // A submission anyway (as a script would send it): a complaint is refused with 403, the upgrade flag and
      // the API's sentence; a 4-5 still goes on to Google, not counted (nobody is stopped on the way there).
      const submit = (rating) =>
        page.evaluate(
          async ({ code, rating }) => {
            const response = await fetch(`/api/review/${code}/submit`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'accept': 'application/json' },
              body: JSON.stringify({ rating }),
            })
            return { status: response.status, body: await response.json() }
          },
          { code: business.shortUrl, rating }
        )
      const refused = await submit(2)
      assert.equal(refused.status, 403)
      assert.equal(refused.body.upgrade, true)
      assert.equal(refused.body.error, REVIEW_LIMIT_MESSAGE)
      const happy = await submit(5)
      assert.equal(happy.status, 200)
      assert.equal(happy.body.counted, false)
    })

    const fromAnotherClient = await api('POST', `/api/review/${business.shortUrl}/submit`, {
      body: { rating: 2, feedback: 'Too sweet' },
      ip: newClientIp(),
    })
    assert.equal(fromAnotherClient.status, 403, 'refused for every client, not rate limited')
    const [{ total }] = await query('SELECT COUNT(*) AS total FROM review_sessions WHERE business_id = ?', [business.id])
    assert.equal(Number(total), FREE_MONTHLY_REVIEWS, 'nothing was stored past the limit')
  }
)
