/*
 * The customer page in Chromium (docs/decisions.md D31), each flow with JavaScript off (the server's forms alone)
 * and on (the review bundle taking over), on a phone: 2 stars → feedback → /thanks with the rating in the owner's
 * inbox, the thanks page confirming the call-back; 5 stars → the Google review page; the language switch, on the
 * feedback form keeping what was typed; the not-found page.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { pageViewCounter } from '#hot_path/page_view_counter'
import { ownerWithBusiness, type OwnerSetup } from '#tests/helpers/owners'
import { PHONE, baseUrl, openBrowser } from '#tests/helpers/browser'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'

/** Chai Point Koramangala, with these columns; and the owner's token for the inbox. */
async function seededBusiness(columns: OwnerSetup['business'] = {}) {
  return ownerWithBusiness({ business: { name: 'Chai Point Koramangala', ...columns } })
}

const MODES = [
  { name: 'without JavaScript', javaScriptEnabled: false },
  { name: 'with JavaScript', javaScriptEnabled: true },
]

async function phonePage(javaScriptEnabled: boolean, cleanup: (fn: () => Promise<void>) => void) {
  const context = await openBrowser({ ...PHONE, javaScriptEnabled })
  cleanup(() => context.close())
  const page = await context.newPage()
  await page.route('https://search.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Google review form (stub)</h1>' })
  )
  return page
}

test.group('Customer review page in Chromium (phone)', (group) => {
  isolated(group)

  test('2 stars, feedback with a call-back, /thanks, and the rating is in the inbox ({name})')
    .with(MODES)
    .run(async ({ assert, cleanup, client }, mode) => {
      const { business, token } = await seededBusiness({ shortUrl: `chai-two-${mode.javaScriptEnabled ? 'js' : 'nojs'}` })
      const page = await phonePage(mode.javaScriptEnabled, cleanup)

      await page.goto(`${baseUrl()}/review/${business.shortUrl}`)
      assert.equal(await page.locator('h1').first().textContent(), 'Chai Point Koramangala')
      await page.getByRole('button', { name: 'Rate 2 out of 5' }).click()
      await page.getByRole('heading', { name: 'Thanks for rating your visit' }).waitFor()
      await page.getByLabel('How can we improve? (Optional)').fill('Tea was cold and the wait was long')
      await page.getByLabel('Yes, please contact me about this').check()
      await page.getByLabel('Your name').fill('Kavya')
      await page.getByLabel('Mobile number (10 digits)').fill('98765 43210')
      await page.getByRole('button', { name: 'Submit Feedback' }).click()
      await page.waitForURL('**/thanks?**', { timeout: 10_000 })
      await page.getByRole('heading', { name: 'Thank you!' }).waitFor()
      assert.include(await page.textContent('body'), 'Chai Point Koramangala')
      await page.getByText('We’ve passed your number to Chai Point Koramangala. They will call you back about this.').waitFor()

      const inbox = await client.get('/api/feedbacks').bearerToken(token)
      const [row] = inbox.body()
      assert.equal(row.rating, 2)
      assert.equal(row.feedback, 'Tea was cold and the wait was long')
      assert.equal(row.contactName, 'Kavya')
      assert.equal(row.contactPhone, '9876543210')
      await pageViewCounter.flush()
      const views = await db.from('page_views_daily').where('business_id', business.id).first()
      assert.equal(views?.views, 1)
    })
    .timeout(60_000)

  test('5 stars open the Google review page ({name})')
    .with(MODES)
    .run(async ({ assert, cleanup }, mode) => {
      const { business } = await seededBusiness({ shortUrl: `chai-five-${mode.javaScriptEnabled ? 'js' : 'nojs'}` })
      const page = await phonePage(mode.javaScriptEnabled, cleanup)

      await page.goto(`${baseUrl()}/review/${business.shortUrl}`)
      await page.getByRole('button', { name: 'Rate 5 out of 5' }).click()
      await page.waitForURL('https://search.google.com/**', { timeout: 10_000 })

      assert.equal(page.url(), business.googleReviewUrl)
      const session = await db.from('review_sessions').where('business_id', business.id).first()
      assert.equal(session.rating, 5)
      assert.equal(Boolean(session.redirected), true)
    })
    .timeout(60_000)

  test('Hindi from the switch: the page comes back in Hindi and a 4 goes to Google ({name})')
    .with(MODES)
    .run(async ({ assert, cleanup }, mode) => {
      const { business } = await seededBusiness({ shortUrl: `chai-hindi-${mode.javaScriptEnabled ? 'js' : 'nojs'}` })
      const page = await phonePage(mode.javaScriptEnabled, cleanup)

      await page.goto(`${baseUrl()}/review/${business.shortUrl}`)
      await page.getByRole('link', { name: 'हिंदी' }).click()
      await page.getByText('आपका अनुभव कैसा रहा?').waitFor()
      assert.equal(await page.getAttribute('html', 'lang'), 'hi')
      await page.getByRole('button', { name: '5 में से 4 स्टार दें' }).click()
      await page.waitForURL('https://search.google.com/**', { timeout: 10_000 })

      const session = await db.from('review_sessions').where('business_id', business.id).first()
      assert.equal(session.rating, 4)
    })
    .timeout(60_000)

  test('2 stars, typing, then हिंदी: the form comes back in Hindi with everything still filled in, and is sent from there ({name})')
    .with(MODES)
    .run(async ({ assert, cleanup, client }, mode) => {
      const { business, token } = await seededBusiness({ shortUrl: `chai-switch-${mode.javaScriptEnabled ? 'js' : 'nojs'}` })
      const page = await phonePage(mode.javaScriptEnabled, cleanup)

      await page.goto(`${baseUrl()}/review/${business.shortUrl}`)
      await page.getByRole('button', { name: 'Rate 2 out of 5' }).click()
      await page.getByLabel('How can we improve? (Optional)').fill('Chai thandi thi')
      await page.getByLabel('Yes, please contact me about this').check()
      await page.getByLabel('Your name').fill('Kavya')
      await page.getByLabel('Mobile number (10 digits)').fill('98765 43210')
      await page.getByRole('button', { name: 'हिंदी' }).click()

      await page.getByRole('heading', { name: REVIEW_MESSAGES.hi.feedbackTitle }).waitFor()
      assert.equal(await page.getAttribute('html', 'lang'), 'hi')
      assert.equal(await page.getByLabel(REVIEW_MESSAGES.hi.improveLabel).inputValue(), 'Chai thandi thi')
      assert.isTrue(await page.getByLabel(REVIEW_MESSAGES.hi.contactMe).isChecked())
      assert.equal(await page.getByLabel(REVIEW_MESSAGES.hi.contactName).inputValue(), 'Kavya')
      assert.equal(await page.getByLabel(REVIEW_MESSAGES.hi.contactPhone).inputValue(), '98765 43210')
      assert.equal((await client.get('/api/feedbacks').bearerToken(token)).body().length, 0)

      await page.getByRole('button', { name: REVIEW_MESSAGES.hi.submitFeedback }).click()
      await page.waitForURL('**/thanks?**', { timeout: 10_000 })
      await page.getByText(REVIEW_MESSAGES.hi.callbackText.replace('{{business}}', 'Chai Point Koramangala')).waitFor()
      const [row] = (await client.get('/api/feedbacks').bearerToken(token)).body()
      assert.equal(row.rating, 2)
      assert.equal(row.feedback, 'Chai thandi thi')
      assert.equal(row.contactPhone, '9876543210')
    })
    .timeout(60_000)

  test('the first tap is the server form’s: before the phone is idle the page fetches no script but its small entry', async ({
    assert,
    cleanup,
    client,
  }) => {
    const { business, token } = await seededBusiness({ shortUrl: 'chai-idle' })
    const page = await phonePage(true, cleanup)
    // A phone that is never idle on its own: the test says when (docs/decisions.md D62).
    await page.addInitScript({ content: 'window.heldIdle = []; window.requestIdleCallback = (run) => window.heldIdle.push(run)' })
    const scripts: string[] = []
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
    })

    await page.goto(`${baseUrl()}/review/${business.shortUrl}`, { waitUntil: 'load' })
    assert.lengthOf(scripts, 1, scripts.join(', '))
    assert.match(scripts[0], /^\/assets\/review-[\w-]+\.js$/)
    await page.getByRole('button', { name: 'Rate 2 out of 5' }).click()
    await page.getByRole('heading', { name: 'Thanks for rating your visit' }).waitFor()
    // The server's feedback form, shown at once from the page under its own address: no round trip, no other script.
    assert.deepEqual(posts, [])
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, `/review/${business.shortUrl}/feedback?rating=2&lang=en`)
    assert.deepEqual([...new Set(scripts)], [scripts[0]])
    assert.equal(await page.evaluate(() => performance.getEntriesByName('review-interactive').length), 0)

    // Idle: the takeover arrives, draws the same form, and sends it.
    await page.getByLabel('How can we improve? (Optional)').fill('Tea was cold')
    await page.evaluate('window.heldIdle.forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 }))')
    await page.waitForFunction(() => performance.getEntriesByName('review-interactive').length > 0)
    assert.equal(await page.getByLabel('How can we improve? (Optional)').inputValue(), 'Tea was cold')
    await page.getByRole('button', { name: 'Submit Feedback' }).click()
    await page.waitForURL('**/thanks?**', { timeout: 10_000 })
    const [row] = (await client.get('/api/feedbacks').bearerToken(token)).body()
    assert.equal(row.feedback, 'Tea was cold')
    assert.equal(row.rating, 2)
  }).timeout(60_000)

  test('Back from the feedback form shown at once brings the stars again, and a 4 then goes to Google', async ({ assert, cleanup }) => {
    const { business } = await seededBusiness({ shortUrl: 'chai-back' })
    const page = await phonePage(true, cleanup)
    await page.addInitScript({ content: 'window.requestIdleCallback = () => 0' })
    await page.goto(`${baseUrl()}/review/${business.shortUrl}`, { waitUntil: 'load' })
    await page.getByRole('button', { name: 'Rate 3 out of 5' }).click()
    await page.getByRole('heading', { name: 'Thanks for rating your visit' }).waitFor()
    assert.equal(await page.getByText('You rated your visit 3 out of 5').count(), 1)

    // Back: the stars as the server serves that address again.
    await Promise.all([page.waitForEvent('domcontentloaded'), page.goBack()])
    await page.getByRole('button', { name: 'Rate 4 out of 5' }).click()
    await page.waitForURL('https://search.google.com/**')
    assert.equal((await db.from('review_sessions').where('business_id', business.id).first())?.rating, 4)
  }).timeout(60_000)

  test('an unknown link answers 404 with the not-found screen', async ({ assert, cleanup }) => {
    const page = await phonePage(true, cleanup)
    const response = await page.goto(`${baseUrl()}/review/no-such-code`)
    assert.equal(response?.status(), 404)
    await page.getByRole('heading', { name: 'Business Not Found' }).waitFor()
    assert.include(await page.textContent('body'), 'This review link is invalid or expired.')
  })
})
