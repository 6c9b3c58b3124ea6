import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { pageViewCounter } from '#hot_path/page_view_counter'
import { ownerWithBusiness, type OwnerSetup } from '#tests/helpers/owners'
import { PHONE, baseUrl, openBrowser } from '#tests/helpers/browser'

/** Chai Point Koramangala, with these columns. */
async function seededBusiness(columns: OwnerSetup['business'] = {}) {
  return (await ownerWithBusiness({ business: { name: 'Chai Point Koramangala', ...columns } })).business
}

test.group('Customer review page in Chromium (phone)', (group) => {
  isolated(group)

  test('2 stars, feedback, /thanks, and the session is stored', async ({ assert, cleanup }) => {
    const business = await seededBusiness({ shortUrl: 'chai-point' })
    const context = await openBrowser(PHONE)
    cleanup(() => context.close())
    const page = await context.newPage()

    await page.goto(`${baseUrl()}/review/chai-point`)
    assert.equal(await page.locator('h1').textContent(), 'Chai Point Koramangala')
    await page.getByRole('button', { name: '2 stars' }).click()
    await page.getByRole('heading', { name: 'Thanks for Your Feedback' }).waitFor()
    await page.getByLabel('How can we improve? (Optional)').fill('Tea was cold and the wait was long')
    await page.getByRole('button', { name: 'Submit Feedback' }).click()
    await page.waitForURL('**/thanks', { timeout: 10_000 })
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor()
    assert.include(await page.textContent('body'), 'Chai Point Koramangala')

    const sessions = await db.from('review_sessions').where('business_id', business.id)
    assert.lengthOf(sessions, 1)
    assert.equal(sessions[0].rating, 2)
    assert.equal(sessions[0].feedback, 'Tea was cold and the wait was long')
    assert.equal(Boolean(sessions[0].redirected), false)
    await pageViewCounter.flush()
    const views = await db.from('page_views_daily').where('business_id', business.id).first()
    assert.equal(views?.views, 1)
  })

  test('5 stars on a phone open the Google review page in place', async ({ assert, cleanup }) => {
    const business = await seededBusiness({ shortUrl: 'chai-five' })
    const context = await openBrowser(PHONE)
    cleanup(() => context.close())
    const page = await context.newPage()
    await page.route('https://search.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Google review form (stub)</h1>' })
    )

    await page.goto(`${baseUrl()}/review/chai-five`)
    await page.getByRole('button', { name: '5 stars' }).click()
    await page.waitForURL('https://search.google.com/**', { timeout: 10_000 })

    assert.equal(page.url(), business.googleReviewUrl)
    const session = await db.from('review_sessions').where('business_id', business.id).first()
    assert.equal(session.rating, 5)
    assert.equal(Boolean(session.redirected), true)
  })

  test('Hindi: a customer switches the language and taps 4', async ({ assert, cleanup }) => {
    const business = await seededBusiness({ shortUrl: 'chai-hindi' })
    const context = await openBrowser(PHONE)
    cleanup(() => context.close())
    const page = await context.newPage()
    await page.route('https://search.google.com/**', (route) => route.fulfill({ body: 'ok' }))

    await page.goto(`${baseUrl()}/review/chai-hindi`)
    await page.getByRole('button', { name: 'हिंदी' }).click()
    await page.getByText('आपका अनुभव कैसा रहा?').waitFor()
    await page.getByRole('button', { name: '4 स्टार' }).click()
    await page.waitForURL('https://search.google.com/**', { timeout: 10_000 })

    const session = await db.from('review_sessions').where('business_id', business.id).first()
    assert.equal(session.rating, 4)
  })

  test('an unknown link answers 404 with the not-found screen', async ({ assert, cleanup }) => {
    const context = await openBrowser(PHONE)
    cleanup(() => context.close())
    const page = await context.newPage()
    const response = await page.goto(`${baseUrl()}/review/no-such-code`)
    assert.equal(response?.status(), 404)
    await page.getByRole('heading', { name: 'Business Not Found' }).waitFor()
    assert.include(await page.textContent('body'), 'This review link is invalid or expired.')
  })
})
