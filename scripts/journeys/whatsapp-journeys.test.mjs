/*
 * Journey 16 (WhatsApp where businesses are, docs/decisions.md D67), in Debian's Chromium against the production build
 * started like `npm start`, with Meta's WhatsApp Business Platform on loopback (scripts/lib/whatsapp-stub.mjs: the
 * Graph API, the JavaScript SDK and its Embedded Signup popup, signed webhooks):
 *   16a: an owner connects WhatsApp Business from the requests screen: "Connect a new number" opens Meta's window (a
 *   real popup), Finish, and the card shows the number with its nine templates pending; a second owner, on a phone,
 *   connects the number of their WhatsApp Business app and the card says coexistence.
 *   16b: (connected with what Meta's window hands over) Meta approves the templates by webhook (one rejected, with Meta's reason); the owner ticks three customers
 *   (English, Hindi, Tamil), the send list by WhatsApp Business says what the batch costs, and the worker sends the
 *   templates. Inside the chat Kavya taps 5 and gets the Google button, Rahul taps 2, writes in Hindi, sends a voice
 *   note and asks to be called back, Karthik taps 4 in Tamil; the owner's inbox shows the WhatsApp rating with the
 *   Hindi text, plays the voice note and shows the number to call. A redelivered webhook and a second tap change
 *   nothing; STOP and the Tamil opt-out word opt the numbers out.
 * Screenshots in screenshots/journeys/16a-*.png and 16b-*.png, among them the customers' side of the chat as the stub recorded it
 * (support/phone-screens.mjs).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE } from '../lib/chromium.mjs'
import { api, expectStatus } from './support/api.mjs'
import { inJourneyScope, screenshot, screenshotWidths } from './support/browser.mjs'
import { BASE } from './support/product.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PLACES, WHATSAPP_CONFIG_ID } from './support/stubs.mjs'
import { waitFor } from './support/wait.mjs'
import { chatEntries, chatPage } from './support/phone-screens.mjs'
import { addBusiness, verifiedOwner } from './support/owners.mjs'

const JOURNEY_MS = 240_000
const LANGUAGES = ['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml']
const COEXISTENCE = 'Coexistence: your WhatsApp Business app'

const HINDI = 'खाना ठंडा था और बिल में दो बार चाय जोड़ दी गई।'
const TAMIL_STOP = 'நிறுத்து'

/** The customers of the batch: their language, and their WhatsApp id (91 and the mobile's digits). */
const CUSTOMERS = {
  kavya: { name: 'Kavya Iyer', phone: '98450 67890', language: 'en', waId: '919845067890' },
  rahul: { name: 'Rahul Sharma', phone: '98100 23456', language: 'hi', waId: '919810023456' },
  karthik: { name: 'Karthik Subramanian', phone: '94440 56789', language: 'ta', waId: '919444056789' },
}

const run = useProductAndBrowser()

/** A verified owner with a mobile (Meta's window is prefilled with it) and the place as their business. */
async function ownerWithBusiness({ name, firstName, lastName, phone, place }) {
  const owner = await verifiedOwner(run.product.mailDir, { name, password: 'thali-2026-whatsapp', firstName, lastName, phone })
  return { owner, business: await addBusiness(owner.token, place.id) }
}

async function whatsAppAccount(token) {
  return expectStatus(await api('GET', '/api/whatsapp-account', { token }), 200, 'the WhatsApp account')
}

/**
 * On the requests screen: "Connect WhatsApp Business", the kind of number, Meta's window (the popup page, screenshot
 * as `step`), the coexistence choice in it when asked, Finish; then the card shows the connected number.
 */
async function connectThroughPopup(page, { choice, coexistence, step }) {
  await page.goto(`${BASE}/dashboard/requests`)
  const card = page.locator('#whatsapp-business')
  // What the browser refused (the page's Content-Security-Policy), for the failure's message.
  const refused = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  await card.getByRole('button', { name: 'Connect WhatsApp Business' }).click()
  const popupOpened = page.waitForEvent('popup')
  await card.getByRole('button', { name: choice }).click()
  const popup = await Promise.race([
    popupOpened,
    card
      .locator('.ant-alert-error')
      .waitFor()
      .then(async () => {
        throw new Error(
          `No popup: the card says "${await card.locator('.ant-alert-error').first().textContent()}"; the browser: ${refused.join(' | ')}`
        )
      }),
  ])
  await popup.getByRole('heading', { name: 'Connect your business to WhatsApp' }).waitFor()
  if (coexistence) await popup.getByLabel(/Use my WhatsApp Business app number/).check()
  await card.getByText("Finish in Meta's window").waitFor()
  await screenshot(popup, '16a', step)
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Finish' }).click()
  await closed
  await card.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 })
  return card
}

/** The quick reply of a template message whose payload ends with `:{what}` (rr:{token}:5, rr:{token}:stop). */
function quickReply(message, what) {
  const button = message.buttons.find((candidate) => candidate.payload?.endsWith(`:${what}`))
  assert.ok(button, `a "${what}" quick reply in ${JSON.stringify(message.buttons)}`)
  return button
}

test(
  "journey 16a: an owner connects WhatsApp Business through Meta's window (a new number, templates pending); another, on a phone, the number of their WhatsApp Business app",
  { timeout: JOURNEY_MS },
  async () => {
    const stub = run.product.whatsapp
    await inJourneyScope(run.browser, '16a', async (scope) => {
      // Neha, at her desk, connects a new number for Lakshmi Sweets.
      const { owner, business } = await ownerWithBusiness({
        name: 'neha.agarwal',
        firstName: 'Neha',
        lastName: 'Agarwal',
        phone: '9811045678',
        place: GOOGLE_PLACES[2],
      })
      const desk = await scope.person({ token: owner.token })
      const page = await desk.newPage()
      const card = await connectThroughPopup(page, {
        choice: 'Connect a new number',
        coexistence: false,
        step: '01-meta-window-new-number',
      })

      const signup = stub.signups.at(-1)
      assert.equal(signup.outcome, 'FINISH')
      assert.equal(signup.appId, stub.appId)
      assert.equal(signup.configId, WHATSAPP_CONFIG_ID)
      assert.equal(signup.extras.setup.business.name, business.name, "Meta's window is prefilled with the business")
      assert.deepEqual(signup.extras.setup.business.phone, { code: 91, number: '9811045678' })
      assert.equal(signup.origin, BASE)

      const account = await whatsAppAccount(owner.token)
      assert.equal(account.connected, true)
      assert.equal(account.coexistence, false)
      assert.equal(account.phoneNumberId, signup.phoneNumberId)
      assert.equal(account.wabaId, signup.wabaId)
      assert.equal(account.displayPhoneNumber, '+91 98110 45678')
      assert.deepEqual(
        account.templates.map((template) => `${template.language}:${template.status}`),
        LANGUAGES.map((language) => `${language}:PENDING`)
      )
      // Meta's onboarding: the app subscribed to the WABA, the new number registered with a pin.
      assert.ok(stub.subscriptions.includes(signup.wabaId))
      assert.match(stub.numbers.get(signup.phoneNumberId).registeredPin ?? '', /^\d{6}$/)

      await card.getByText('+91 98110 45678').waitFor()
      assert.equal(await card.getByRole('region', { name: 'Message templates' }).getByText('Pending', { exact: true }).count(), 9)
      await screenshotWidths(page, '16a', '02-connected-templates-pending')

      // Suresh, on his phone, keeps his WhatsApp Business app's number for his clinic (coexistence).
      const second = await ownerWithBusiness({
        name: 'suresh.kulkarni',
        firstName: 'Suresh',
        lastName: 'Kulkarni',
        phone: '9822012345',
        place: GOOGLE_PLACES[3],
      })
      const phone = await scope.person({ token: second.owner.token, device: PHONE })
      const small = await phone.newPage()
      const phoneCard = await connectThroughPopup(small, {
        choice: 'Use the number in my WhatsApp Business app',
        coexistence: true,
        step: '03-meta-window-coexistence-390',
      })
      const coexisting = stub.signups.at(-1)
      assert.equal(coexisting.outcome, 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING')
      assert.equal(coexisting.extras.featureType, 'whatsapp_business_app_onboarding')
      await phoneCard.getByText(COEXISTENCE).waitFor()
      await phoneCard.getByText('+91 98220 12345').waitFor()
      const secondAccount = await whatsAppAccount(second.owner.token)
      assert.equal(secondAccount.coexistence, true)
      assert.equal(
        stub.requests.some((request) => request.path.endsWith(`/${coexisting.phoneNumberId}/register`)),
        false,
        'a coexistence number stays in the app: not registered'
      )
      await screenshot(small, '16a', '04-connected-coexistence-390')
    })
  }
)

test(
  'journey 16b: templates approved by Meta, a batch sent by WhatsApp Business with its cost, ratings, a Hindi text, a voice note and a call-back inside the chat, all in the inbox; redeliveries change nothing, STOP opts out',
  { timeout: JOURNEY_MS },
  async (t) => {
    const stub = run.product.whatsapp
    await inJourneyScope(run.browser, '16b', async (scope) => {
      const { owner, business } = await ownerWithBusiness({
        name: 'farhan.qureshi',
        firstName: 'Farhan',
        lastName: 'Qureshi',
        phone: '9829033445',
        place: GOOGLE_PLACES[4],
      })
      // Connected the way Meta's window ends (journey 16a goes through the window itself): the code and the ids it
      // posts, handed to the server.
      const wabaId = '102290129340777'
      const phoneNumberId = '106540352243777'
      const code = stub.issueCode({ wabaId, phoneNumberId, displayPhoneNumber: '+91 98290 33445', verifiedName: business.name })
      expectStatus(
        await api('POST', '/api/whatsapp-account/embedded-signup', { token: owner.token, body: { code, wabaId, phoneNumberId } }),
        200,
        'connecting WhatsApp Business'
      )
      const desk = await scope.person({ token: owner.token })
      const page = await desk.newPage()
      await page.goto(`${BASE}/dashboard/requests`)
      await page.locator('#whatsapp-business').getByText('+91 98290 33445').waitFor()

      // Meta reviews the templates: Malayalam rejected with its reason, the rest approved, each by a signed webhook.
      const malayalam = stub.templates.find((template) => template.wabaId === wabaId && template.language === 'ml')
      const rejected = await stub.webhook(BASE, stub.setTemplateStatus(malayalam.id, 'REJECTED', 'INCORRECT_CATEGORY'))
      assert.equal(rejected.status, 200)
      for (const answer of await stub.approveAll(BASE)) assert.equal(answer.status, 200)
      const account = await whatsAppAccount(owner.token)
      assert.deepEqual(
        account.templates.map((template) => `${template.language}:${template.status}`),
        LANGUAGES.map((language) => `${language}:${language === 'ml' ? 'REJECTED' : 'APPROVED'}`)
      )
      await page.reload()
      const templates = page.getByRole('region', { name: 'Message templates' })
      await templates.getByText('Approved', { exact: true }).first().waitFor()
      assert.equal(await templates.getByText('Approved', { exact: true }).count(), 8)
      await templates.getByText('Rejected', { exact: true }).waitFor()
      await screenshotWidths(page, '16b', '01-templates-approved')

      // Three customers: English, Hindi and Tamil.
      const ids = {}
      for (const [key, customer] of Object.entries(CUSTOMERS)) {
        const created = expectStatus(
          await api('POST', '/api/customers', {
            token: owner.token,
            body: { businessId: business.id, name: customer.name, phone: customer.phone, language: customer.language, consent: true },
          }),
          201,
          `adding ${customer.name}`
        )
        ids[key] = created.id
      }

      // Ticked on the customers screen, sent one by one by WhatsApp Business: the cost is said first.
      await page.goto(`${BASE}/dashboard/customers`)
      for (const customer of Object.values(CUSTOMERS)) {
        await page
          .getByRole('row', { name: new RegExp(customer.name) })
          .getByRole('checkbox')
          .check()
      }
      await page.getByRole('button', { name: 'Send one by one (3)' }).click()
      await page.waitForURL(`${BASE}/dashboard/send-list`)
      await page.getByRole('radio', { name: /WhatsApp Business/ }).check()
      const cost = page.locator('.whatsapp-cost')
      await cost.waitFor()
      assert.equal(await cost.textContent(), '3 WhatsApp messages, about ₹0.35 (₹0.115 a message)')
      await screenshotWidths(page, '16b', '02-send-list-cost')
      for (const customer of Object.values(CUSTOMERS)) {
        await page.getByRole('button', { name: `Send to ${customer.name}` }).click()
        if (customer !== CUSTOMERS.karthik) await page.getByText(/Here is the next customer/).waitFor()
      }
      await page.getByText('All done: 3 requests sent').waitFor()
      await screenshot(page, '16b', '03-send-list-done-1280')

      // The worker sends each the template in their language.
      const requestOf = {}
      for (const [key, customer] of Object.entries(CUSTOMERS)) {
        requestOf[key] = await waitFor(
          `the template to ${customer.name}`,
          () => stub.sentTo(customer.waId).find((message) => message.template),
          {
            timeoutMs: 60_000,
          }
        )
        assert.equal(requestOf[key].template.language, customer.language)
        assert.equal(requestOf[key].phoneNumberId, phoneNumberId)
        assert.ok(requestOf[key].body.includes(business.name), requestOf[key].text)
      }
      assert.match(requestOf.rahul.body, /[\u0900-\u097F]/)
      assert.match(requestOf.karthik.body, /[\u0B80-\u0BFF]/)

      /** What the customers wrote, for the chat screenshots. */
      const written = []
      const send = async (waId, payload, text) => {
        written.push({ waId, at: Date.now(), text })
        const answer = await stub.webhook(BASE, payload)
        assert.equal(answer.status, 200)
        return (await answer.json()).outcomes
      }
      const says = (customer, message, text) =>
        send(customer.waId, stub.inbound(phoneNumberId, { waId: customer.waId, name: customer.name }, message), text)

      // Kavya taps 5: the Google button.
      const five = stub.tap(requestOf.kavya.id, quickReply(requestOf.kavya, '5').payload, CUSTOMERS.kavya.name)
      assert.deepEqual(await send(CUSTOMERS.kavya.waId, five, quickReply(requestOf.kavya, '5').text), ['rated'])
      const google = stub.sentTo(CUSTOMERS.kavya.waId).at(-1)
      assert.equal(google.interactiveType, 'cta_url')
      assert.match(google.buttons[0].url, /^https:\/\/search\.google\.com\/local\/writereview\?placeid=/)
      assert.ok(google.buttons[0].url.includes(GOOGLE_PLACES[4].id))

      // Rahul taps 2, writes in Hindi, sends a voice note, and asks to be called back.
      assert.deepEqual(
        await send(
          CUSTOMERS.rahul.waId,
          stub.tap(requestOf.rahul.id, quickReply(requestOf.rahul, '2').payload, CUSTOMERS.rahul.name),
          quickReply(requestOf.rahul, '2').text
        ),
        ['rated']
      )
      const ask = stub.sentTo(CUSTOMERS.rahul.waId).at(-1)
      assert.equal(ask.interactiveType, 'button')
      assert.match(ask.body, /[\u0900-\u097F]/)
      await says(CUSTOMERS.rahul, { type: 'text', body: HINDI }, HINDI)
      const voice = stub.addMedia()
      assert.deepEqual(await says(CUSTOMERS.rahul, { type: 'audio', mediaId: voice }, '▶ Voice note 0:01'), ['voice-note'])
      const callMe = ask.buttons.find((button) => button.id?.endsWith(':callback'))
      assert.ok(callMe, JSON.stringify(ask.buttons))
      await send(CUSTOMERS.rahul.waId, stub.tap(ask.id, callMe.id, CUSTOMERS.rahul.name), callMe.text)

      // Karthik taps 4, in Tamil: the Google button, in Tamil.
      assert.deepEqual(
        await send(
          CUSTOMERS.karthik.waId,
          stub.tap(requestOf.karthik.id, quickReply(requestOf.karthik, '4').payload, CUSTOMERS.karthik.name),
          quickReply(requestOf.karthik, '4').text
        ),
        ['rated']
      )
      const tamilThanks = stub.sentTo(CUSTOMERS.karthik.waId).at(-1)
      assert.equal(tamilThanks.interactiveType, 'cta_url')
      assert.match(tamilThanks.body, /[\u0B80-\u0BFF]/)

      // The sessions through the API: three ratings in WhatsApp, Rahul's with his words, voice note and number.
      const sessions = async () =>
        expectStatus(await api('GET', `/api/review-sessions?businessId=${business.id}`, { token: owner.token }), 200, 'the sessions')
      const rated = await sessions()
      assert.equal(rated.length, 3)
      assert.ok(rated.every((session) => session.source === 'whatsapp'))
      const rahul = rated.find((session) => session.rating === 2)
      assert.equal(rahul.feedback, HINDI)
      assert.equal(rahul.contactPhone, '9810023456')
      assert.equal(rahul.voiceNote.mimeType, stub.media.get(voice).mimeType)

      // The owner's inbox: the WhatsApp tag, the Hindi text, the voice note played, the number to call back.
      await page.goto(`${BASE}/feedbacks`)
      const row = page.locator('.ant-list-item', { hasText: HINDI })
      await row.waitFor()
      await row.getByText('WhatsApp', { exact: true }).first().waitFor()
      const callBack = row.getByRole('group', { name: 'Call back' })
      await callBack.getByText('98100 23456').waitFor()
      assert.equal(await callBack.getByRole('link', { name: /Call/ }).getAttribute('href'), 'tel:+919810023456')
      const refused = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
      })
      await row.getByRole('button', { name: 'Play voice note' }).click()
      const audio = row.locator('audio')
      await audio.waitFor()
      assert.match(await audio.getAttribute('src'), /^blob:http:\/\/127\.0\.0\.1:\d+\//)
      // Whether the browser could load the note (ready state 1+ once its metadata is read, an error otherwise).
      const played = await audio
        .evaluate(
          (element) =>
            new Promise((resolve) => {
              if (element.readyState >= 1) return resolve({ readyState: element.readyState })
              element.addEventListener('loadedmetadata', () => resolve({ readyState: element.readyState }))
              element.addEventListener('error', () => resolve({ error: element.error?.code ?? 'unknown' }))
              setTimeout(() => resolve({ readyState: element.readyState, error: element.error?.code ?? null }), 5000)
            })
        )
        .catch((error) => ({ error: error.message }))
      t.diagnostic(`the voice note in the browser: ${JSON.stringify(played)}`)
      await screenshotWidths(page, '16b', '04-inbox-whatsapp')

      // Meta delivers Kavya's tap again, and she taps another rating: nothing changes.
      const sentBefore = stub.sentTo(CUSTOMERS.kavya.waId).length
      const again = await stub.webhook(BASE, five)
      assert.equal(again.status, 200)
      assert.deepEqual((await again.json()).outcomes, ['seen'])
      assert.equal(stub.sentTo(CUSTOMERS.kavya.waId).length, sentBefore, 'a redelivery sends nothing')
      await send(
        CUSTOMERS.kavya.waId,
        stub.tap(requestOf.kavya.id, quickReply(requestOf.kavya, '1').payload, CUSTOMERS.kavya.name),
        quickReply(requestOf.kavya, '1').text
      )
      const after = await sessions()
      assert.equal(after.length, 3)
      assert.equal(after.find((session) => session.id === rated.find((one) => one.rating === 5).id).rating, 5, 'the first rating stands')
      assert.match(stub.sentTo(CUSTOMERS.kavya.waId).at(-1).body, /already rated/)

      // STOP, and the Tamil word for it, opt the numbers out.
      assert.deepEqual(await says(CUSTOMERS.kavya, { type: 'text', body: 'STOP' }, 'STOP'), ['opted-out'])
      assert.deepEqual(await says(CUSTOMERS.karthik, { type: 'text', body: TAMIL_STOP }, TAMIL_STOP), ['opted-out'])
      const customers = expectStatus(await api('GET', `/api/customers?businessId=${business.id}`, { token: owner.token }), 200, 'customers')
      const optedOut = (key) => customers.find((customer) => customer.id === ids[key]).optedOutAt
      assert.ok(optedOut('kavya'), 'Kavya is opted out')
      assert.ok(optedOut('karthik'), 'Karthik is opted out')
      assert.equal(optedOut('rahul'), null)

      // The customers' side of the chat, as the stub recorded it.
      const phone = await scope.person({ device: PHONE })
      const chat = await phone.newPage()
      for (const [key, customer] of Object.entries(CUSTOMERS)) {
        const mine = written.filter((entry) => entry.waId === customer.waId)
        await chat.setContent(
          chatPage(
            `${business.name} · to ${customer.name}`,
            "WhatsApp Business · as the customer's phone shows it",
            chatEntries(stub.sentTo(customer.waId), mine)
          )
        )
        await chat.evaluate(() => document.fonts.ready)
        await screenshot(chat, '16b', `05-chat-${key}-${customer.language}-390`)
      }

      // Last, so that everything above is seen whatever comes of it: the owner could play the voice note.
      assert.ok(played.readyState >= 1, `the voice note did not load in the browser: ${JSON.stringify(played)}; ${refused.join(' | ')}`)
    })
  }
)
