/*
 * The website widget (docs/decisions.md D49) in Chromium, as an owner's visitors meet it: the snippet on the shop's
 * own site, served from another origin (a loopback port of its own), the script and the data from this test server,
 * the reviews synced from the Google stand-in. On a page whose CSS restyles everything, nothing of the page reaches
 * inside the widget and nothing of the widget reaches the page; the page does not move while it loads (cumulative
 * layout shift under 0.05); the reviews, the Google attribution and "Write a review" are there, in the business's
 * language, and work from the keyboard.
 */
import { test } from '@japa/runner'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContextOptions, Page, Route } from 'playwright-core'
import Workspace from '#models/workspace'
import GoogleLocation from '#models/google_location'
import SyncGoogleReviews from '#actions/google/sync_google_reviews'
import { BusinessProfile } from '#services/google/business_profile'
import { ProfileAccess } from '#services/google/profile_access'
import { unpaced } from '#services/google/request_pacer'
import webConfig from '#config/web'
import { appUrl } from '#lib/app_url'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { fileMailbox } from '#tests/helpers/mailbox'
import { connectGoogle, googleStub, stubReview, type GoogleStub } from '#tests/helpers/google_stub'
import { DESKTOP, PHONE, baseUrl, openBrowser } from '#tests/helpers/browser'
import {
  WIDGET_HEIGHTS,
  hostPage,
  pageStyles,
  recordLayoutShifts,
  startHostSite,
  widgetInsides,
  type LayoutShift,
} from '../../../scripts/lib/widget-pages.mjs'
import type { WidgetLayout } from '#contract/widget'
import { HOSTILE_TEXT } from '../../../scripts/lib/widget-answers.mjs'

const RENDERED = 'reviewroute-widget-rendered'
/** Screenshots of the widget with this app's data (screenshots/, not in git). */
const SHOTS = join(webConfig.landingDist, '..', '..', 'screenshots', 'widget')

const TEXTS = [
  'Best masala chai in the area. Staff remembered my order on the second visit and the samosas were fresh out of the fryer.',
  'बहुत बढ़िया मिठाइयाँ, काजू कतली एकदम ताज़ा थी।',
  'சுவையான மசாலா தோசை, சேவை வேகமாக இருந்தது.',
  HOSTILE_TEXT,
  'Quick service and friendly people.',
  'Good food, a little crowded on weekends but worth the wait.',
]
const STARS = ['FIVE', 'FIVE', 'FOUR', 'FIVE', 'FIVE', 'FOUR'] as const

let serial = 0

/** A business whose workspace is connected to Google, with six reviews imported by the real sync from the stand-in. */
async function syncedBusiness(google: GoogleStub, columns: Record<string, unknown>) {
  serial++
  const setup = await ownerWithBusiness({ business: columns })
  const workspaceId = (await Workspace.personalIdOf(setup.user.id))!
  await connectGoogle(workspaceId)
  const name = `accounts/77/locations/${serial}0${Date.now() % 100000}`
  const location = await GoogleLocation.create({
    workspaceId,
    name,
    title: 'Shop',
    address: null,
    placeId: null,
    businessId: setup.business.id,
  })
  google.state.reviews[name] = TEXTS.map((comment, i) =>
    stubReview(name, `w${i + 1}`, {
      comment,
      starRating: STARS[i],
      reviewer: {
        displayName: `Reviewer ${i + 1} Kumar`,
        profilePhotoUrl: `https://lh3.googleusercontent.com/a/w${i + 1}`,
        isAnonymous: false,
      },
      createTime: new Date(Date.UTC(2026, 10, 20 - i, 10)).toISOString(),
      updateTime: new Date(Date.UTC(2026, 10, 20 - i, 10)).toISOString(),
    })
  )
  google.state.ratings[name] = { averageRating: 4.6, totalReviewCount: 128 }
  const mail = await fileMailbox(() => {})
  await new SyncGoogleReviews(new ProfileAccess(new BusinessProfile(google.config()), unpaced, mail.mailer)).handle({
    location,
    full: true,
  })
  return setup.business
}

/** Chromium with the reviewers' Google photos answered locally; layout shifts recorded from the first byte. */
async function browserPage(device: BrowserContextOptions, cleanup: (fn: () => Promise<void>) => void) {
  if (!existsSync(join(webConfig.landingDist, 'widget', 'widget.js'))) {
    throw new Error('No widget build: run npm run build --workspace landing')
  }
  mkdirSync(SHOTS, { recursive: true })
  const context = await openBrowser(device)
  cleanup(() => context.close())
  await context.route('https://lh3.googleusercontent.com/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72"><rect width="72" height="72" fill="#7c9"/></svg>',
    })
  )
  await context.addInitScript(recordLayoutShifts)
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return page
}

async function hostSite(
  cleanup: (fn: () => Promise<void>) => void,
  widgets: { code: string; layout?: WidgetLayout }[],
  reserve = false,
  strictCsp = false
) {
  const site = await startHostSite((url) =>
    hostPage({
      app: baseUrl(),
      widgets: url.searchParams.has('bare') ? [] : widgets,
      hostile: url.searchParams.has('hostile'),
      reserve,
      strictCsp,
    })
  )
  cleanup(() => site.close())
  return site
}

/** One widget of each layout, in the order badge, carousel, list. */
const threeLayouts = (code: string) => (['badge', 'carousel', 'list'] as const).map((layout) => ({ code, layout }))

const waitRendered = (page: Page, count: number) =>
  page.waitForFunction(([mark, n]) => performance.getEntriesByName(mark).length >= n, [RENDERED, count] as const, { timeout: 30_000 })

const layoutShifts = (page: Page) => page.evaluate(() => (globalThis as unknown as { __shifts: LayoutShift[] }).__shifts)

const trackScroll = (page: Page) =>
  page.locator('div[data-reviewroute] ul').evaluate((element) => (element as unknown as { scrollLeft: number }).scrollLeft)

test.group('Website widget in Chromium (a shop’s page on another origin)', (group) => {
  isolated(group)
  const google = googleStub(group)

  test('hostile CSS on the page: the three layouts render untouched and the page keeps its own styles ({name})')
    .with([
      { name: 'desktop', device: DESKTOP },
      { name: 'phone', device: PHONE },
    ])
    .run(async ({ assert, cleanup }, { device }) => {
      const business = await syncedBusiness(google, {
        name: 'Chai Point Koramangala',
        shortUrl: `chai-widget-${device === PHONE ? 'p' : 'd'}`,
      })
      const code = business.shortUrl
      const site = await hostSite(cleanup, threeLayouts(code))
      const page = await browserPage(device, cleanup)
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })

      for (const hostile of [false, true]) {
        const suffix = hostile ? '&hostile' : ''
        await page.goto(`${site.origin}/?bare${suffix}`, { waitUntil: 'load' })
        const without = await page.evaluate(pageStyles)
        await page.goto(`${site.origin}/?widgets${suffix}`, { waitUntil: 'load' })
        await waitRendered(page, 3)
        await page.waitForTimeout(300)

        // Ours does not leak out: the page's elements look as they did without the widget.
        assert.deepEqual(await page.evaluate(pageStyles), without, `page styles with the widget (hostile: ${hostile})`)
        const owned = without.find((line) => line.startsWith('#host-owned'))!
        assert.include(owned, hostile ? 'rgb(255, 0, 0) | 40px' : 'rgb(10, 20, 30) | 18px')

        // Theirs does not leak in.
        const found = await page.evaluate(widgetInsides)
        assert.deepEqual(
          found.map((widget) => widget.layout),
          ['badge', 'carousel', 'list']
        )
        for (const widget of found) {
          const where = `${widget.layout} (hostile: ${hostile})`
          assert.equal(widget.hostDisplay, 'block', where)
          assert.equal(widget.hostHeight, WIDGET_HEIGHTS[widget.layout], where)
          assert.equal(widget.font, '14px rgb(31, 41, 55) none normal', where)
          assert.notInclude(widget.fontFamily, 'Courier', where)
          assert.equal(widget.writeBackground, 'rgb(29, 78, 216)', where)
          assert.equal(widget.writeColor, 'rgb(255, 255, 255)', where)
          assert.equal(widget.writeText, 'Write a review', where)
          assert.equal(widget.writeHref, appUrl(`/review/${code}`), where)
          assert.equal(widget.writeTarget, '_blank', where)
          assert.equal(widget.countText, '128 reviews on Google', where)
          assert.equal(widget.countHref, `https://www.google.com/maps/place/?q=place_id:${business.placeId}`, where)
          assert.equal(widget.label, 'Chai Point Koramangala · Reviews from Google', where)
          assert.equal(widget.lang, 'en', where)
          assert.equal(widget.injected, 0, where)
        }
        for (const widget of found.slice(1)) {
          assert.equal(widget.cards, 6)
          assert.equal(widget.cardDisplay, 'flex')
          assert.equal(widget.imgWidth, 36)
          assert.sameMembers(widget.texts, TEXTS)
        }
        assert.isUndefined(await page.evaluate(() => (globalThis as unknown as { __widgetXss?: number }).__widgetXss))
        await page.screenshot({
          path: join(SHOTS, `app-three-layouts${hostile ? '-hostile' : ''}-${device === PHONE ? 390 : 1280}.png`),
          fullPage: true,
          scale: 'css',
        })
      }
      assert.deepEqual(dialogs, [])
    })
    .timeout(90_000)

  // A phone-sized window without mobile emulation: with isMobile, this Chromium reports no layout-shift entries at all.
  test('nothing on the page moves while the script and the data arrive late: layout shift under 0.05 ({name})')
    .with([
      { name: 'desktop', device: DESKTOP },
      { name: 'phone width', device: { ...PHONE, isMobile: false, hasTouch: false } },
    ])
    .run(async ({ assert, cleanup }, { device }) => {
      const business = await syncedBusiness(google, {
        name: 'Chai Point Koramangala',
        shortUrl: `chai-cls-${device === DESKTOP ? 'd' : 'p'}`,
      })
      const code = business.shortUrl
      // The snippet with its reserved height, three widgets above the page's own content.
      const site = await hostSite(cleanup, threeLayouts(code), true)
      const page = await browserPage(device, cleanup)
      // As on a phone network: the page paints first, then the script arrives, then the data.
      const late = (ms: number) => async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, ms))
        await route.continue()
      }
      await page.route('**/w/*.js', late(400))
      await page.route('**/api/widget/**', late(400))
      await page.goto(`${site.origin}/`, { waitUntil: 'load' })
      await waitRendered(page, 3)
      await page.waitForTimeout(800)
      const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null)
      const rendered = await page.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, RENDERED)
      assert.isNotNull(paint)
      assert.isAbove(rendered, paint!, 'the widgets render after the page’s first paint')
      const shifts = await layoutShifts(page)
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0)
      assert.isBelow(cls, 0.05, `cumulative layout shift ${cls}: ${JSON.stringify(shifts)}`)
      assert.equal((await page.evaluate(widgetInsides)).filter((widget) => widget.writeText === 'Write a review').length, 3)
    })
    .timeout(60_000)

  test('a page whose Content-Security-Policy allows no inline styles: the widget is styled all the same', async ({ assert, cleanup }) => {
    const business = await syncedBusiness(google, { name: 'Chai Point Koramangala', shortUrl: 'chai-widget-csp' })
    const site = await hostSite(cleanup, threeLayouts(business.shortUrl), false, true)
    const page = await browserPage(DESKTOP, cleanup)
    const violations: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text())
    })
    await page.goto(`${site.origin}/`, { waitUntil: 'load' })
    await waitRendered(page, 3)
    await page.waitForTimeout(300)
    const found = await page.evaluate(widgetInsides)
    assert.deepEqual(
      found.map((widget) => [widget.layout, widget.hostHeight, widget.writeBackground, widget.font]),
      (['badge', 'carousel', 'list'] as const).map((layout) => [
        layout,
        WIDGET_HEIGHTS[layout],
        'rgb(29, 78, 216)',
        '14px rgb(31, 41, 55) none normal',
      ])
    )
    // The average's stars are filled to 4.6 of 5 (a width set through the CSSOM, which the policy allows).
    const share = await page
      .locator('div[data-reviewroute] >> nth=1')
      .locator('.head .st span')
      .evaluate((span) => {
        type Box = { getBoundingClientRect(): { width: number }; parentElement: Box }
        const gold = span as unknown as Box
        return gold.getBoundingClientRect().width / gold.parentElement.getBoundingClientRect().width
      })
    assert.closeTo(share, 4.6 / 5, 0.02)
    assert.deepEqual(violations, [])
  }).timeout(60_000)

  test('keyboard: Tab reaches the widget with a visible focus ring; next, previous and the arrow keys move the carousel', async ({
    assert,
    cleanup,
  }) => {
    const business = await syncedBusiness(google, { name: 'Chai Point Koramangala', shortUrl: 'chai-widget-keys' })
    const site = await hostSite(cleanup, [{ code: business.shortUrl, layout: 'carousel' }])
    const page = await browserPage(DESKTOP, cleanup)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`${site.origin}/`, { waitUntil: 'load' })
    await waitRendered(page, 1)
    // A desktop's carousel shows three of the six: one page further and back.
    const previous = page.getByRole('button', { name: 'Previous review' })
    const next = page.getByRole('button', { name: 'Next review' })
    assert.equal(await previous.getAttribute('aria-disabled'), 'true')
    assert.equal(await next.getAttribute('aria-disabled'), 'false')

    await page.keyboard.press('Tab')
    const ring = await page.evaluate(() => {
      type Focused = { className: string } | null
      const active = (globalThis as unknown as { document: { activeElement: { shadowRoot: { activeElement: Focused } | null } | null } })
        .document.activeElement?.shadowRoot?.activeElement
      if (!active) return null
      const style = (
        globalThis as unknown as { getComputedStyle: (e: unknown) => { outlineStyle: string; outlineWidth: string } }
      ).getComputedStyle(active)
      return { className: active.className, outline: `${style.outlineStyle} ${style.outlineWidth}` }
    })
    assert.deepEqual(ring, { className: 'count', outline: 'solid 2px' })

    await next.click()
    await assertEventually(async () => (await trackScroll(page)) > 100)
    assert.equal(await previous.getAttribute('aria-disabled'), 'false')
    assert.equal(await next.getAttribute('aria-disabled'), 'true')
    await page.keyboard.press('ArrowLeft')
    await assertEventually(async () => (await trackScroll(page)) === 0)
    await page.keyboard.press('ArrowRight')
    await assertEventually(async () => (await trackScroll(page)) > 100)
    await previous.click()
    await assertEventually(async () => (await trackScroll(page)) === 0)
    assert.equal(await previous.getAttribute('aria-disabled'), 'true')
  }).timeout(60_000)

  test('a Tamil business in Tamil; the script pasted twice and two widgets of one code: one data request, each drawn once', async ({
    assert,
    cleanup,
  }) => {
    const business = await syncedBusiness(google, { name: 'சரவணா பவன்', shortUrl: 'saravana-widget', language: 'ta' })
    const site = await hostSite(cleanup, [
      { code: business.shortUrl, layout: 'badge' },
      { code: business.shortUrl, layout: 'list' },
    ])
    const page = await browserPage(PHONE, cleanup)
    const dataRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/widget/')) dataRequests.push(request.url())
    })
    await page.goto(`${site.origin}/`, { waitUntil: 'load' })
    await waitRendered(page, 2)
    await page.waitForTimeout(300)
    const ta = REVIEW_MESSAGES.ta
    const found = await page.evaluate(widgetInsides)
    assert.deepEqual(
      found.map((widget) => [widget.writeText, widget.lang]),
      [
        [ta.widgetWriteReview, 'ta'],
        [ta.widgetWriteReview, 'ta'],
      ]
    )
    assert.equal(found[0].countText, ta.widgetReviewsOnGoogle.replace('{{count}}', '128'))
    assert.equal(found[1].label, `சரவணா பவன் · ${ta.widgetPoweredByGoogle}`)
    assert.equal(found[1].cards, 6)
    assert.equal(await page.locator('script[src*="/w/"]').count(), 2)
    assert.deepEqual(dataRequests, [`${baseUrl()}/api/widget/${business.shortUrl}`])
    assert.equal(await page.evaluate((mark) => performance.getEntriesByName(mark).length, RENDERED), 2)
    await page.screenshot({ path: join(SHOTS, 'app-ta-390.png'), fullPage: true, scale: 'css' })

    // The page for an <iframe> draws the same widget, in the layout its query asks for.
    await page.goto(`${baseUrl()}/w/${business.shortUrl}?layout=carousel`, { waitUntil: 'load' })
    await waitRendered(page, 1)
    const [framed] = await page.evaluate(widgetInsides)
    assert.deepEqual([framed.layout, framed.lang, framed.cards, framed.writeText], ['carousel', 'ta', 6, ta.widgetWriteReview])
    await page.screenshot({ path: join(SHOTS, 'app-iframe-page-ta-390.png'), fullPage: true, scale: 'css' })
  }).timeout(60_000)
})

/** Polls `check` until it holds (5 s at most). */
async function assertEventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('condition not met within 5 s')
}
