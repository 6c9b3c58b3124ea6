/*
 * Journey 17 (owners' alerts on their phones, docs/decisions.md D68-D71), in Debian's Chromium against the production
 * build started like `npm start`, with owners' alerts on (support/product.mjs `{alerts: true}`): Web Push to a loopback
 * push service that checks the VAPID JWT and decrypts every message (scripts/lib/push-service-stub.mjs), and
 * ReviewRoute's own number on Meta's WhatsApp stub (scripts/lib/whatsapp-stub.mjs), its alert templates made by
 * `ace whatsapp:platform-templates` and approved by Meta's webhooks.
 *   17a (push): an owner signs in on a phone, turns on "Alerts on this phone" in Profile and sees the phone listed; a
 *   customer's 2-star rating with text reaches the push service encrypted, the phone's service worker shows it, a tap
 *   on it tells the server and opens the feedback highlighted; Profile, Recent alerts says Opened.
 *   17b (WhatsApp): an owner proves their number on Profile with the 6-digit code ReviewRoute's number sends, and
 *   ticks WhatsApp for feedback and Google review alerts. A 2-star rating's alert: "Call back" answers with tel: and wa.me links,
 *   "Mark resolved" resolves it in the inbox; a made-up payload and a tap from another number are refused and said
 *   so. A 1-star Google review's alert: "Draft a reply" sends the AI draft with "Post reply", which posts it to Google
 *   once; tapped again, it says it was posted already. Then the owner picks Hindi, then Tamil, as the language of
 *   phone alerts: the next rating's alert and the answers to Call back and Mark resolved come in it.
 * Screenshots at 390 px in screenshots/journeys/17a-*.png and 17b-*.png, among them the notification and the chats as
 * the stubs recorded them (support/phone-screens.mjs).
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { test } from 'node:test'
import { launchProfile, PHONE } from '../lib/chromium.mjs'
import { googleReview } from '../lib/google-business-stub.mjs'
import { api, expectStatus, newClientIp } from './support/api.mjs'
import { inJourneyScope, screenshot, SCREENSHOTS } from './support/browser.mjs'
import { addBusiness, verifiedOwner } from './support/owners.mjs'
import { chatEntries, chatPage, notificationPage } from './support/phone-screens.mjs'
import { ALERTS_PLATFORM, BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES, GOOGLE_PROFILE_ACCOUNTS, PUBSUB_TOKEN } from './support/stubs.mjs'
import { sleep, waitFor } from './support/wait.mjs'

const JOURNEY_MS = 240_000
/** Chromium's own PushManager.subscribe gets this long before the journey says what it answered. */
const REAL_SUBSCRIBE_MS = 8_000

const run = useProductAndBrowser({ alerts: true })

/** A verified owner with the places as their businesses (a trial allows more than one). */
async function ownerWithBusinesses({ name, firstName, lastName, phone }, places) {
  const owner = await verifiedOwner(run.product.mailDir, { name, password: 'alerts-2026-phone', firstName, lastName, phone })
  const businesses = []
  for (const place of places) businesses.push(await addBusiness(owner.token, place.id))
  return { owner, businesses }
}

/** The owner's alerts as Profile lists them. */
async function recentAlerts(token) {
  return expectStatus(await api('GET', '/api/profile/alerts', { token }), 200, 'the recent alerts')
}

/** One private rating through the API (a session of the business's list). */
async function feedbackOf(token, businessId, id) {
  const sessions = expectStatus(await api('GET', `/api/review-sessions?businessId=${businessId}`, { token }), 200, 'the ratings')
  return sessions.find((session) => session.id === id)
}

/** A customer on their phone: taps `stars`, writes `text` and, with `contact`, asks to be called back. */
async function rateOnThePage(scope, business, { stars, text, contact }) {
  const customer = await (await scope.person({ device: PHONE })).newPage()
  await customer.goto(`${BASE}/review/${business.shortUrl}`)
  await customer.getByRole('button', { name: `Rate ${stars} out of 5` }).click()
  await customer.getByRole('heading', { name: 'Thanks for rating your visit' }).waitFor()
  await customer.getByLabel('How can we improve? (Optional)').fill(text)
  if (contact) {
    await customer.getByLabel('Yes, please contact me about this').check()
    await customer.getByLabel('Your name').fill(contact.name)
    await customer.getByLabel('Mobile number (10 digits)').fill(contact.phone)
  }
  await customer.getByRole('button', { name: 'Submit Feedback' }).click()
  await customer.waitForURL(`${BASE}/thanks?**`)
  await customer.close()
}

/**
 * A phone whose Chromium has a profile of its own, as a phone's browser does: support/browser.mjs's people are
 * incognito contexts, where Chromium never offers to install a web app ("in-incognito"). Set up as newPerson sets up a
 * person: its own client address, nothing outside loopback, the same timeouts. `steps(context)` runs with it; on a
 * failure its pages are saved as screenshots/journeys/{journey}-failure-phone-{n}.png; it is closed either way.
 */
async function onOwnPhone(journey, steps) {
  const context = await launchProfile('rr-journeys-phone-', { ...PHONE, extraHTTPHeaders: { 'X-Forwarded-For': newClientIp() } })
  try {
    context.setDefaultTimeout(15_000)
    context.setDefaultNavigationTimeout(20_000)
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'))
    return await steps(context)
  } catch (error) {
    let n = 0
    for (const page of context.pages()) {
      n += 1
      await page
        .screenshot({ path: join(SCREENSHOTS, `${journey}-failure-phone-${n}.png`), fullPage: true, scale: 'css', timeout: 5_000 })
        .catch(() => {})
    }
    throw error
  } finally {
    await context.close().catch(() => {})
  }
}

/** The viewport as it is (not the whole page), for a card scrolled into view. */
async function screenshotView(page, journey, step) {
  await page.screenshot({ path: join(SCREENSHOTS, `${journey}-${step}.png`), scale: 'css' })
}

/**
 * Chromium's own push subscription goes to Google's push service (FCM), which nothing here can reach: a phone with its
 * own profile gets no answer, an incognito context "Registration failed - permission denied". So the page's
 * PushManager tries it first, keeps what Chromium answered in `window.__journeysRealPush` for the report, and then
 * hands the page a subscription of the loopback push service instead: the keys a browser makes (its `subscribe()`,
 * bound to the server's VAPID key the page passed). The page's own code posts it to POST /api/push-subscriptions as it
 * would FCM's.
 */
async function pushThroughTheStub(context, push) {
  await context.exposeBinding('__journeysPushSubscribe', (_source, applicationServerKey) =>
    push.subscribe({ label: 'the journey phone', applicationServerKey })
  )
  await context.addInitScript((waitMs) => {
    window.__journeysInstallOffers = 0
    window.addEventListener('beforeinstallprompt', () => (window.__journeysInstallOffers += 1))
    if (typeof PushManager === 'undefined') return
    const KEPT = 'journeys.push-subscription'
    const asSubscription = (json) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: async () => (localStorage.removeItem(KEPT), true),
    })
    const realSubscribe = PushManager.prototype.subscribe
    const realGet = PushManager.prototype.getSubscription
    PushManager.prototype.getSubscription = async function () {
      const kept = localStorage.getItem(KEPT)
      return kept ? asSubscription(JSON.parse(kept)) : realGet.call(this)
    }
    PushManager.prototype.subscribe = async function (options) {
      try {
        const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${waitMs} ms`)), waitMs))
        const real = await Promise.race([realSubscribe.call(this, options), timeout])
        window.__journeysRealPush = { endpoint: real.endpoint }
        await real.unsubscribe().catch(() => undefined)
      } catch (error) {
        window.__journeysRealPush = { error: String(error) }
      }
      const key = new Uint8Array(options.applicationServerKey)
      const base64url = btoa(String.fromCharCode(...key))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '')
      const json = await window.__journeysPushSubscribe(base64url)
      localStorage.setItem(KEPT, JSON.stringify(json))
      return asSubscription(json)
    }
  }, REAL_SUBSCRIBE_MS)
}

test(
  'journey 17a: an owner turns on alerts on their phone; a 2-star rating arrives as a push, shown by the service worker; its tap opens the feedback and Profile says Opened',
  { timeout: JOURNEY_MS },
  async (t) => {
    const push = run.product.push
    await inJourneyScope(run.browser, '17a', async (scope) => {
      const { owner, businesses } = await ownerWithBusinesses(
        { name: 'ananya.krishnan', firstName: 'Ananya', lastName: 'Krishnan', phone: '9845033221' },
        [GOOGLE_PLACES[0]]
      )
      const [business] = businesses

      // Ananya signs in on her phone. Asked whether ReviewRoute may show notifications, she will tap Allow.
      await onOwnPhone('17a', async (phone) => {
        await phone.grantPermissions(['notifications'], { origin: BASE })
        await pushThroughTheStub(phone, push)
        const page = phone.pages()[0] ?? (await phone.newPage())
        await page.goto(`${BASE}/auth?mode=signin&redirect=/profile`)
        await page.getByLabel('Email').fill(owner.email)
        await page.getByLabel('Password').fill(owner.password)
        await page.getByRole('button', { name: 'Sign In' }).click()
        await page.waitForURL('**/profile')

        // Profile, Notifications: "Get alerts on this phone".
        const turnOn = page.getByRole('button', { name: 'Get alerts on this phone' })
        await turnOn.scrollIntoViewIfNeeded()
        await turnOn.click()
        await page.getByText('Alerts are on for this phone.').waitFor({ timeout: REAL_SUBSCRIBE_MS + 15_000 })
        t.diagnostic(`Chromium's own push subscription: ${JSON.stringify(await page.evaluate(() => window.__journeysRealPush))}`)
        const devices = page.getByRole('list', { name: 'Devices that get alerts' })
        const device = devices.getByRole('listitem').filter({ hasText: 'This phone' })
        await device.getByText('Chrome on Android').waitFor()
        await device.getByText(new URL(push.url).host).waitFor()
        await device.getByText('No alert yet').waitFor()
        const listed = expectStatus(await api('GET', '/api/push-subscriptions', { token: owner.token }), 200, 'the devices')
        assert.equal(listed.length, 1)
        assert.equal(listed[0].label, 'Chrome on Android')

        // With alerts on, the dashboard offers to install it once Chromium has offered (beforeinstallprompt, kept by the
        // app): the offer is only seen, not taken (headless Chromium has no install dialog to answer).
        const cdp = await phone.newCDPSession(page)
        const installButton = page.getByRole('button', { name: 'Install ReviewRoute' })
        const offered = await installButton.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false
        )
        const installability = await cdp.send('Page.getInstallabilityErrors')
        t.diagnostic(
          `install offer: ${await page.evaluate(() => window.__journeysInstallOffers)} beforeinstallprompt event(s), ` +
            `"Install ReviewRoute" shown: ${offered}; Chromium's installability errors: ${JSON.stringify(installability.installabilityErrors)}`
        )
        // The toast gone, the card's phone part in view.
        await page
          .locator('.ant-notification-notice, .ant-message-notice')
          .first()
          .waitFor({ state: 'hidden', timeout: 10_000 })
          .catch(() => {})
        await page.getByText('Alerts on this phone', { exact: true }).scrollIntoViewIfNeeded()
        await page.evaluate(() => window.scrollBy(0, -60))
        await screenshotView(page, '17a', '01-profile-alerts-on-390')

        // A customer leaves 2 stars with a few words.
        const FEEDBACK = 'The dosa came cold and we waited 25 minutes for the bill.'
        await rateOnThePage(scope, business, { stars: 2, text: FEEDBACK })

        // The worker sends the alert: the push service decrypts what the phone gets.
        const delivery = await waitFor(
          'the push of the alert',
          () => push.received.find((received) => received.json?.title?.includes(business.name)),
          {
            timeoutMs: 60_000,
          }
        )
        const message = delivery.json
        assert.equal(message.title, `2★ private rating at ${business.name}`)
        assert.equal(message.body, FEEDBACK)
        const url = new URL(message.url, BASE)
        assert.equal(url.pathname, '/feedbacks')
        assert.equal(url.searchParams.get('businessId'), String(business.id))
        const feedbackId = Number(url.searchParams.get('feedback'))
        const session = await feedbackOf(owner.token, business.id, feedbackId)
        assert.equal(session.rating, 2)
        assert.equal(session.feedback, FEEDBACK)
        assert.match(message.opened, /^\d+\.[A-Za-z0-9_-]{22}$/)
        assert.match(message.tag, /^alert-\d+$/)
        assert.equal(delivery.urgency, 'high')
        assert.equal(delivery.vapid.aud, push.url)
        assert.equal(delivery.vapid.sub, 'mailto:alerts@reviewroute.in')

        // Chromium gets the same message as a push to the page's service worker (DevTools' way to push one), and the
        // worker shows the notification.
        await cdp.send('ServiceWorker.enable')
        const registration = await waitFor('the service worker registration', async () => {
          const registrations = []
          const listener = (event) => registrations.push(...event.registrations)
          cdp.on('ServiceWorker.workerRegistrationUpdated', listener)
          await cdp.send('ServiceWorker.disable')
          await cdp.send('ServiceWorker.enable')
          await sleep(300)
          cdp.off('ServiceWorker.workerRegistrationUpdated', listener)
          return registrations.find((candidate) => candidate.scopeURL === `${BASE}/` && !candidate.isDeleted)
        })
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: BASE,
          registrationId: registration.registrationId,
          data: delivery.payload,
        })
        const shown = await waitFor('the notification', () =>
          page.evaluate(async () => {
            const worker = await navigator.serviceWorker.ready
            const [notification] = await worker.getNotifications()
            return notification
              ? {
                  title: notification.title,
                  body: notification.body,
                  icon: notification.icon,
                  badge: notification.badge,
                  tag: notification.tag,
                  data: notification.data,
                }
              : null
          })
        )
        assert.equal(shown.title, message.title)
        assert.equal(shown.body, FEEDBACK)
        assert.equal(shown.tag, message.tag)
        assert.deepEqual(shown.data, { url: message.url, opened: message.opened })
        assert.equal(shown.icon, `${BASE}/icons/icon-192.png`)

        // The notification as the phone's shade would draw it (headless Chromium keeps it but draws none).
        const screens = await (await scope.person({ device: PHONE })).newPage()
        await screens.setContent(
          notificationPage(shown, {
            site: new URL(BASE).host,
            at: delivery.at,
            note: "Drawn from registration.getNotifications() of the dashboard's service worker after the push.",
          })
        )
        await screens
          .locator('img.icon')
          .evaluate((image) => image.complete || new Promise((resolve) => (image.onload = image.onerror = resolve)))
        await screenshot(screens, '17a', '02-notification-390')

        // Ananya taps it. No tool taps a real notification, so the click is dispatched in the real worker: its own
        // handler closes the notification and posts the opened token; a click made by a script may not bring a window
        // forward (Chromium: "Not allowed to focus a window"), so the phone then opens the url the notification carries.
        const worker = await waitFor('the dashboard service worker', () =>
          phone.serviceWorkers().find((candidate) => candidate.url().endsWith('/dashboard-assets/sw.js'))
        )
        const clicked = await worker.evaluate(async (tag) => {
          const [notification] = await self.registration.getNotifications({ tag })
          if (!notification) return { error: 'no notification' }
          const event = new NotificationEvent('notificationclick', { notification })
          const extended = []
          Object.defineProperty(event, 'waitUntil', { value: (promise) => extended.push(promise) })
          self.dispatchEvent(event)
          const settled = await Promise.allSettled(extended)
          return {
            work: settled.map((outcome) =>
              outcome.status === 'rejected'
                ? String(outcome.reason)
                : outcome.value && 'status' in outcome.value
                  ? `HTTP ${outcome.value.status}`
                  : 'done'
            ),
            left: (await self.registration.getNotifications()).length,
          }
        }, message.tag)
        t.diagnostic(`the click in the worker: ${JSON.stringify(clicked)}`)
        assert.equal(clicked.work[0], 'HTTP 204', 'the worker posted the opened token')
        assert.equal(clicked.left, 0, 'the notification is closed')

        const [alert] = await recentAlerts(owner.token)
        assert.equal(alert.title, message.title)
        assert.equal(alert.action, 'opened')
        assert.deepEqual(alert.channels.map(({ channel, status }) => `${channel}:${status}`).sort(), ['email:sent', 'push:read'])

        await page.goto(`${BASE}${message.url}`)
        const opened = page.getByRole('region', { name: 'Feedback from your alert' })
        await opened.getByText(FEEDBACK).waitFor()
        await screenshot(page, '17a', '03-opened-feedback-390')

        // Profile, Recent alerts: the alert, its push read, Opened.
        await page.goto(`${BASE}/profile`)
        const recent = page.locator('.recent-alerts')
        await recent.getByText(message.title).waitFor()
        await recent.getByText('Push: read').waitFor()
        await recent.getByText('Opened', { exact: true }).waitFor()
        await recent.scrollIntoViewIfNeeded()
        await screenshotView(page, '17a', '04-recent-alerts-390')
      })
    })
  }
)

test(
  "journey 17b: an owner proves their WhatsApp number; a 2-star rating's alert is called back and resolved from the chat, a 1-star Google review's is answered with the AI draft posted to Google once; forged and foreign taps change nothing",
  { timeout: JOURNEY_MS },
  async (t) => {
    const stub = run.product.whatsapp
    const google = run.product.googleBusiness
    const [LISTED] = GOOGLE_PROFILE_ACCOUNTS[1050]
    const LOCATION = `accounts/1050/locations/${LISTED.id}`
    const marwar = GOOGLE_PLACES.find((place) => place.id === LISTED.placeId)
    await inJourneyScope(run.browser, '17b', async (scope) => {
      // Farhan runs two places; the Marwar Thali House is on Google Business Profile.
      const { owner, businesses } = await ownerWithBusinesses(
        { name: 'farhan.sheikh', firstName: 'Farhan', lastName: 'Sheikh', phone: '9829055667' },
        [GOOGLE_PLACES[1], marwar]
      )
      const [udupi, thali] = businesses
      const OWNER_WA = '919829055667'
      const STRANGER_WA = '919800012345'

      // ReviewRoute's alert templates on its own number, approved by Meta.
      const made = await run.product.aceAsync(['whatsapp:platform-templates'])
      t.diagnostic(made.trim().split('\n').slice(-6).join(' | '))
      for (const answer of await stub.approveAll(BASE)) assert.equal(answer.status, 200)
      // The code template in English; each alert in the nine alert languages.
      const onPlatform = stub.templates.filter((template) => template.wabaId === ALERTS_PLATFORM.wabaId)
      assert.equal(onPlatform.length, 1 + 3 * 9)
      assert.ok(onPlatform.every((template) => template.status === 'APPROVED'))
      assert.deepEqual(
        onPlatform
          .filter((template) => ['en', 'hi', 'ta'].includes(template.language))
          .map((template) => `${template.name}:${template.language}`)
          .sort(),
        [
          'reviewroute_alert_code:en',
          ...['feedback_alert', 'google_review_alert', 'summary'].flatMap((name) =>
            ['en', 'hi', 'ta'].map((l) => `reviewroute_${name}:${l}`)
          ),
        ].sort()
      )

      // Farhan proves his number for alerts on Profile with the code ReviewRoute's number sends him.
      const phone = await scope.person({ device: PHONE, token: owner.token })
      // Farhan allowed notifications for ReviewRoute once (headless Chromium's contexts answer "denied" until then,
      // which the card would show as blocked); this phone gets no push.
      await phone.grantPermissions(['notifications'], { origin: BASE })
      const page = await phone.newPage()
      await page.goto(`${BASE}/profile`)
      await page.getByLabel('Mobile number on WhatsApp').fill('98290 55667')
      await page.getByRole('button', { name: 'Send code' }).click()
      const codeMessage = await waitFor('the code on WhatsApp', () =>
        stub.sentTo(OWNER_WA).find((message) => message.template?.name === 'reviewroute_alert_code')
      )
      assert.equal(codeMessage.phoneNumberId, ALERTS_PLATFORM.phoneNumberId)
      const code = /\b(\d{6})\b/.exec(JSON.stringify(codeMessage.request))?.[1]
      assert.ok(code, JSON.stringify(codeMessage.request))
      await page.getByLabel(/Enter the code we sent on WhatsApp to/).fill(code)
      await page.getByLabel(/Enter the code we sent on WhatsApp to/).scrollIntoViewIfNeeded()
      await waitFor('Verify enabled by the six digits', () => page.getByRole('button', { name: 'Verify' }).isEnabled())
      await screenshotView(page, '17b', '00-profile-whatsapp-code-390')
      await page.getByRole('button', { name: 'Verify' }).click()
      await page.getByText('Alerts go to +91 98290 55667 on WhatsApp').waitFor()

      // WhatsApp for new private feedback and for Google reviews, ticked on the same card.
      for (const kind of ['New private feedback', 'Google reviews']) {
        const box = page.getByRole('group', { name: kind }).getByRole('checkbox', { name: 'WhatsApp' })
        await box.check()
        await waitFor(`WhatsApp for ${kind} saved`, async () => (await box.isChecked()) && (await box.isEnabled()))
      }
      const settings = expectStatus(await api('GET', '/api/notification-settings', { token: owner.token }), 200, 'the settings')
      assert.ok(settings.channels.feedback.includes('whatsapp'), JSON.stringify(settings.channels))
      assert.ok(settings.channels.googleReviews.includes('whatsapp'), JSON.stringify(settings.channels))
      assert.equal(settings.whatsapp.phone, '+919829055667')
      await page.reload()
      await page.getByText('Where alerts go').scrollIntoViewIfNeeded()
      await screenshotView(page, '17b', '01-profile-where-alerts-go-390')

      /** What Farhan tapped, for the chat's screenshot. */
      const tapped = []
      const tap = async (waId, payload, text) => {
        tapped.push({ waId, at: Date.now(), text })
        const answer = await stub.webhook(BASE, payload)
        assert.equal(answer.status, 200)
        return (await answer.json()).taps
      }
      const farhan = { waId: OWNER_WA, name: 'Farhan Sheikh' }
      /** Farhan taps `label`, a button under `message`: what his tap came to. */
      const press = (message, label) => tap(farhan.waId, stub.tap(message.id, label, farhan.name), label)
      /** A "Mark resolved" button carrying `payload`, tapped from `from` ({waId, name}); `text` is what the chat shows. */
      const resolveFrom = (from, payload, text) =>
        tap(from.waId, stub.inbound(ALERTS_PLATFORM.phoneNumberId, from, { type: 'button', text: 'Mark resolved', payload }), text)
      const lastTo = (waId) => stub.sentTo(waId).at(-1)

      // A customer of Udupi Krishna Bhavan leaves 2 stars and asks to be called back.
      const FEEDBACK = 'Sambar was watery and nobody refilled it.'
      await rateOnThePage(scope, udupi, { stars: 2, text: FEEDBACK, contact: { name: 'Meera Pillai', phone: '9845066778' } })
      const alert = await waitFor(
        'the feedback alert on WhatsApp',
        () => stub.sentTo(OWNER_WA).find((message) => message.template?.name === 'reviewroute_feedback_alert'),
        { timeoutMs: 60_000 }
      )
      assert.equal(alert.phoneNumberId, ALERTS_PLATFORM.phoneNumberId)
      assert.ok(alert.text.includes(`New 2-star private rating for ${udupi.name} from Meera Pillai: "${FEEDBACK}"`), alert.text)
      assert.deepEqual(
        alert.buttons.map((button) => button.text),
        ['Call back', 'Mark resolved', 'Open']
      )
      const open = new URL(alert.buttons[2].url)
      assert.equal(`${open.origin}${open.pathname}`, `${BASE}/feedbacks`)
      const feedbackId = Number(open.searchParams.get('feedback'))
      assert.equal((await feedbackOf(owner.token, udupi.id, feedbackId)).feedback, FEEDBACK)

      // "Call back": the customer's number to call, and a WhatsApp link with an apology ready.
      assert.deepEqual(await press(alert, 'Call back'), ['called_back'])
      const callBack = lastTo(OWNER_WA).text
      assert.ok(callBack.includes('tel:+919845066778'), callBack)
      const waLink = /https:\/\/wa\.me\/919845066778\?text=(\S+)/.exec(callBack)
      assert.ok(waLink, callBack)
      assert.ok(decodeURIComponent(waLink[1]).includes(udupi.name), decodeURIComponent(waLink[1]))

      // A payload made up for this alert, and Farhan's own button tapped from another number: refused, said why.
      const resolvePayload = alert.buttons[1].payload
      const alertId = resolvePayload.split(':')[1]
      const forged = `ra:${alertId}:resolve:${'A1b2C3d4E5f6G7h8I9j0Kx'}`
      assert.deepEqual(await resolveFrom(farhan, forged, 'Mark resolved (a made-up payload)'), ['refused'])
      assert.equal(lastTo(OWNER_WA).text, 'This button is not from a ReviewRoute alert, so nothing was done.')
      assert.deepEqual(await resolveFrom({ waId: STRANGER_WA, name: 'Someone else' }, resolvePayload, 'Mark resolved'), ['refused'])
      assert.match(lastTo(STRANGER_WA).text, /This alert was sent to another WhatsApp number/)
      assert.equal((await feedbackOf(owner.token, udupi.id, feedbackId)).resolved, false, 'nothing was resolved')

      // "Mark resolved": resolved as the inbox does.
      assert.deepEqual(await press(alert, 'Mark resolved'), ['resolved'])
      assert.match(lastTo(OWNER_WA).text, /^Marked resolved\./)
      assert.equal((await feedbackOf(owner.token, udupi.id, feedbackId)).resolved, true)
      await page.goto(`${BASE}/feedbacks?businessId=${udupi.id}`)
      const row = page.locator('.ant-list-item', { hasText: FEEDBACK }).first()
      await row.getByText('Resolved', { exact: true }).waitFor()
      await screenshot(page, '17b', '02-inbox-resolved-390')

      // Google: Farhan connects it (the consent screen's Allow); the listed location is the Thali House's.
      google.state.email = 'farhan.sheikh@gmail.test'
      google.state.reviews[LOCATION] = []
      await page.goto(`${BASE}/dashboard/google`)
      await page.getByRole('button', { name: 'Connect Google' }).click()
      await page.getByRole('link', { name: 'Allow' }).click()
      await page.waitForURL(/\/dashboard\/google\?connected=1/)
      await page.getByText('Google is connected').waitFor()

      // A 1-star review, pushed by Google: the product reads it and alerts Farhan on WhatsApp.
      const COMPLAINT = 'Waited an hour for the thali and the dal was stale.'
      const review = googleReview(LOCATION, 'r-one-star', { stars: 1, comment: COMPLAINT, reviewer: 'Rohit Bansal', time: new Date() })
      google.state.reviews[LOCATION].push(review)
      const data = Buffer.from(JSON.stringify({ type: 'NEW_REVIEW', review: review.name, location: LOCATION })).toString('base64')
      const pushed = await api('POST', `/api/webhooks/google/${PUBSUB_TOKEN}`, {
        body: {
          message: { data, messageId: `m-${Date.now()}`, publishTime: new Date().toISOString() },
          subscription: 'projects/rr/subscriptions/reviews',
        },
      })
      assert.equal(pushed.status, 204)
      const googleAlert = await waitFor(
        'the Google review alert on WhatsApp',
        () => stub.sentTo(OWNER_WA).find((message) => message.template?.name === 'reviewroute_google_review_alert'),
        { timeoutMs: 60_000 }
      )
      assert.ok(googleAlert.text.includes(`New 1-star Google review of ${thali.name} by Rohit Bansal: "${COMPLAINT}"`), googleAlert.text)
      assert.deepEqual(
        googleAlert.buttons.map((button) => button.text),
        ['Draft a reply', 'Open']
      )

      // "Draft a reply": the AI's draft, with "Post reply" and "Edit in app".
      assert.deepEqual(await press(googleAlert, 'Draft a reply'), ['reply_drafted'])
      const [draft, edit] = stub.sentTo(OWNER_WA).slice(-2)
      assert.equal(
        run.product.ai.requests.filter((request) => request.body.includes(COMPLAINT)).length,
        1,
        'the model was asked once, with the review'
      )
      assert.ok(draft.body.startsWith('Suggested reply:'), draft.body)
      assert.deepEqual(
        draft.buttons.map((button) => button.text),
        ['Post reply']
      )
      assert.equal(edit.buttons[0].text, 'Edit in app')
      // The stub model's English answer, as the chat shows it.
      const draftText = draft.body.replace(/^Suggested reply:\s*/, '')
      assert.match(draftText, /^Thank you for taking the time to tell us about your visit\./)

      // "Post reply": Google gets the reply once; tapped again, the chat says it was posted.
      assert.deepEqual(await press(draft, 'Post reply'), ['reply_posted'])
      assert.match(lastTo(OWNER_WA).text, /^Posted on Google\./)
      const replies = () => google.state.replyCalls.filter((call) => call.method === 'PUT' && call.review === review.name)
      assert.equal(replies().length, 1)
      assert.equal(replies()[0].comment, draftText)
      assert.deepEqual(await press(draft, 'Post reply'), ['already'])
      assert.equal(lastTo(OWNER_WA).text, 'This reply was already posted on Google.')
      assert.equal(replies().length, 1, 'still one reply at Google')

      // The alert's Open button: the Google reviews of the Thali House, the review with the reply that was posted.
      await page.goto(googleAlert.buttons[1].url)
      const answered = page.locator('.ant-list-item', { hasText: COMPLAINT }).first()
      await answered.getByText(draftText).waitFor()
      await screenshot(page, '17b', '03-google-alert-opened-390')

      // Meta says Farhan read both alerts; Profile, Recent alerts, says what each did.
      for (const message of [alert, googleAlert]) assert.equal((await stub.webhook(BASE, stub.statusFor(message.id, 'read'))).status, 200)
      const alerts = await recentAlerts(owner.token)
      const byTitle = Object.fromEntries(alerts.map((entry) => [entry.title, entry]))
      const feedbackRow = byTitle[`2★ private rating at ${udupi.name}`]
      const googleRow = byTitle[`1★ Google review of ${thali.name}`]
      assert.equal(feedbackRow.action, 'resolved')
      assert.equal(googleRow.action, 'reply_posted')
      assert.ok(
        feedbackRow.channels.some(({ channel, status }) => channel === 'whatsapp' && status === 'read'),
        JSON.stringify(feedbackRow.channels)
      )
      await page.goto(`${BASE}/profile`)
      const recent = page.locator('.recent-alerts')
      await recent.getByText('Reply posted on Google').waitFor()
      await recent.getByText('Marked resolved').waitFor()
      await recent.scrollIntoViewIfNeeded()
      await screenshotView(page, '17b', '04-recent-alerts-390')

      // The chats as the phones show them: Farhan's with ReviewRoute's number, and the other number's.
      const screens = await (await scope.person({ device: PHONE })).newPage()
      /** ReviewRoute's chat (`entries`, `subtitle` under its name) on the phone, screenshot as `step`. */
      const screenshotChat = async (subtitle, entries, step) => {
        await screens.setContent(chatPage('ReviewRoute', subtitle, entries))
        await screens.evaluate(() => document.fonts.ready)
        await screenshot(screens, '17b', step)
      }
      const mine = (waId) => tapped.filter((entry) => entry.waId === waId)
      await screenshotChat(
        "ReviewRoute's alerts number · as Farhan's phone shows it",
        chatEntries(stub.sentTo(OWNER_WA), mine(OWNER_WA)),
        '05-chat-owner-390'
      )
      await screenshotChat(
        'The same alert button, tapped from another number',
        chatEntries(stub.sentTo(STRANGER_WA), mine(STRANGER_WA)),
        '06-chat-other-number-390'
      )

      // Farhan reads WhatsApp in Hindi, then in Tamil: he picks it on Profile, and the next alert and the answers to
      // his taps come in it (the apology for the customer stays in the customer's language).
      const chatSince = (since) =>
        chatEntries(
          stub.sentTo(OWNER_WA).filter((message) => message.sentAt.getTime() >= since),
          mine(OWNER_WA).filter((entry) => entry.at >= since)
        )
      const LANGUAGES = [
        {
          language: 'hi',
          name: 'हिंदी',
          script: /[\u0900-\u097F]/,
          text: 'Dosa came cold and the chutney was stale.',
          contact: { name: 'Arjun Nair', phone: '9845077889' },
        },
        {
          language: 'ta',
          name: 'தமிழ்',
          script: /[\u0B80-\u0BFF]/,
          text: 'We waited 30 minutes for a table.',
          contact: { name: 'Lakshmi Iyer', phone: '9845088990' },
        },
      ]
      for (const [n, { language, name, script, text, contact }] of LANGUAGES.entries()) {
        const since = Date.now()
        await page.goto(`${BASE}/profile`)
        // In the middle of the screen: at its edges the app's header and bottom bar would take the tap.
        const select = page.locator('.alert-language')
        await page
          .getByRole('combobox', { name: 'Language of phone alerts' })
          .evaluate((input) => input.scrollIntoView({ block: 'center' }))
        await select.click()
        await page.locator('.ant-select-item-option', { hasText: name }).click()
        await page.getByText(`Phone alerts come in ${name}.`).waitFor()
        if (n === 0) {
          await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' })
          await page
            .getByRole('combobox', { name: 'Language of phone alerts' })
            .evaluate((input) => input.scrollIntoView({ block: 'center' }))
          await screenshotView(page, '17b', '08-profile-alert-language-390')
          await page.getByText('Which reviews').evaluate((label) => label.scrollIntoView({ block: 'center' }))
          await screenshotView(page, '17b', '07-profile-google-review-alerts-390')
        }
        await rateOnThePage(scope, udupi, { stars: 2, text, contact })
        const alert = await waitFor(
          `the alert in ${name}`,
          () =>
            stub
              .sentTo(OWNER_WA)
              .find((message) => message.template?.name === 'reviewroute_feedback_alert' && message.template.language === language),
          { timeoutMs: 60_000 }
        )
        assert.match(alert.text, script)
        assert.ok(alert.text.includes(text) && alert.text.includes(contact.name), alert.text)
        const [callBack, resolve] = alert.buttons
        assert.match(callBack.text, script)
        assert.deepEqual(await press(alert, callBack.text), ['called_back'])
        const answer = lastTo(OWNER_WA).text
        assert.match(answer, script)
        assert.ok(answer.includes(`tel:+91${contact.phone}`), answer)
        assert.deepEqual(await press(alert, resolve.text), ['resolved'])
        assert.match(lastTo(OWNER_WA).text, script)
        await screenshotChat(`Farhan's alerts in ${name}`, chatSince(since), `${String(9 + n).padStart(2, '0')}-chat-${language}-390`)
      }
    })
  }
)
