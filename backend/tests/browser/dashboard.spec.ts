/*
 * The owner dashboard in Debian's Chromium, against this test server (built dashboard + landing bundles,
 * real database, demo places catalogue): the first-day path of a new owner.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolated } from '#tests/helpers/setup'
import { DESKTOP, PHONE, assertDashboardReady, baseUrl, openBrowser } from '#tests/helpers/browser'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { appUrl } from '#lib/app_url'

test.group('Owner dashboard in Chromium', (group) => {
  isolated(group)

  test('sign up, add a business from the demo catalogue, copy its link, see a review arrive, open its analytics', async ({
    assert,
    cleanup,
  }) => {
    assertDashboardReady()
    const context = await openBrowser(DESKTOP)
    cleanup(() => context.close())
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() })
    const page = await context.newPage()

    await page.goto(`${baseUrl()}/auth?mode=signup&redirect=/dashboard`)
    await page.getByLabel('First name').fill('Meera')
    await page.getByLabel('Last name').fill('Iyer')
    await page.getByLabel('Email').fill('meera.iyer@example.in')
    await page.getByLabel('Password').fill('filter-kaapi-2026')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL('**/dashboard')
    await page.getByText('Hi, Meera!').waitFor()

    // Onboarding: no business yet, so the search form is the screen.
    await page.getByText("Let's get started!").waitFor()
    await page.getByLabel('Business name').fill('Bean Street')
    await page.getByText('Bean Street Coffee House').first().click()
    await page.getByText('Business Added Successfully!').waitFor()
    const owner = await db.from('users').where('email', 'meera.iyer@example.in').firstOrFail()
    const business = await db.from('businesses').where('user_id', owner.id).firstOrFail()
    assert.equal(business.name, 'Bean Street Coffee House')

    await page.getByRole('button', { name: 'Copy Review Link' }).first().click()
    await page.getByText('Review Link Copied!').waitFor()
    const copied = await page.evaluate(() => (globalThis as any).navigator.clipboard.readText() as Promise<string>)
    // The link every poster and mail carries: on APP_URL, whatever address the dashboard was opened on.
    assert.equal(copied, appUrl(`/review/${business.short_url}`))

    // A customer rates the visit 2 stars with a comment.
    const submitted = await fetch(`${baseUrl()}/api/review/${business.short_url}/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rating: 2, feedback: 'The filter coffee came cold' }),
    })
    assert.equal(submitted.status, 200)

    await page.reload()
    await page.getByText('Recent ratings', { exact: true }).waitFor()
    await page.getByText('The filter coffee came cold').first().waitFor()
    assert.isTrue(await page.getByText('Private rating', { exact: true }).first().isVisible())

    // Its analytics, reached from My Businesses.
    await page.getByRole('link', { name: 'Businesses' }).first().click()
    await page.waitForURL('**/dashboard/businesses')
    await page.getByRole('button', { name: 'Analytics' }).first().click()
    await page.waitForURL(`**/business/${business.id}`)
    // Named as every screen names them (docs/product-rules.md#words-for-the-figures).
    const stat = (title: string) => page.getByRole('group', { name: title, exact: true }).locator('.ant-statistic-content-value')
    await stat('Ratings').waitFor()
    assert.equal((await stat('Ratings').textContent())?.trim(), '1')
    assert.equal((await stat('Private ratings').textContent())?.trim(), '1')
    assert.equal((await stat('Sent to Google').textContent())?.replace(/\s/g, ''), '0.0%')
  })
})

test.group('Owner dashboard on a 390 px phone in Chromium', (group) => {
  isolated(group)

  /** A phone signed in as a new owner with one business. */
  async function phoneOfOwner(cleanup: (fn: () => Promise<void>) => void) {
    assertDashboardReady()
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai Point Cafe' } })
    const context = await openBrowser(PHONE)
    cleanup(() => context.close())
    await context.addInitScript((value) => (globalThis as any).localStorage.setItem('reviewroute.token', value), token)
    return { page: await context.newPage(), business }
  }

  const phoneWidth = PHONE.viewport!.width
  /** Whether the box lies within the phone's width (a popup cut off at either edge does not). */
  const withinWidth = (box: { x: number; width: number } | null) => box !== null && box.x >= 0 && box.x + box.width <= phoneWidth

  test("the date-range picker's calendar and presets fit the screen", async ({ assert, cleanup }) => {
    const { page, business } = await phoneOfOwner(cleanup)
    await page.goto(`${baseUrl()}/business/${business.id}`)
    await page.getByPlaceholder('Start date').click()
    const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')
    await popup.getByText('Last 90 days').waitFor()

    const box = await popup.boundingBox()
    assert.isTrue(withinWidth(box), `picker at x=${box?.x}, ${box?.width} px wide, on a ${phoneWidth} px screen`)
    for (const preset of ['Last 7 days', 'Last 30 days', 'Last 90 days', 'This month']) {
      assert.isTrue(withinWidth(await popup.getByText(preset).boundingBox()), `${preset} is on screen`)
    }
  })

  test('Search shows every listing found, to choose from', async ({ assert, cleanup }) => {
    const { page } = await phoneOfOwner(cleanup)
    await page.goto(`${baseUrl()}/dashboard/businesses?add=1`)
    await page.getByLabel('Business name').pressSequentially('Sharma Sweets')
    await page.getByRole('button', { name: 'Search', exact: true }).click()

    const results = page.getByRole('list', { name: 'Search results' })
    await results.waitFor()
    const branches = results.getByRole('button', { name: 'Sharma Sweets' })
    assert.equal(await branches.count(), 3)
    for (const branch of await branches.all()) assert.isTrue(withinWidth(await branch.boundingBox()))

    await branches.filter({ hasText: 'Koramangala' }).click()
    await page.getByText('Business Added Successfully!').waitFor()
  })
})
