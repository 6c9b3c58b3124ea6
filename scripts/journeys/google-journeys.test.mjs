/*
 * Journey 15 (Google reviews, docs/decisions.md D43-D47), in Debian's Chromium against the production build started
 * like `npm start`, with Google's Business Profile, its OAuth consent screen and an OpenAI-compatible model on
 * loopback (scripts/lib/google-business-stub.mjs, scripts/lib/ai-stub.mjs):
 *   an owner connects Google from the dashboard (Google's consent screen, back with `?connected=1`), the
 *   location with the business's place id is linked by itself and its reviews (English, Hindi, Tamil) are
 *   imported; in the Feedback inbox's Google tab the owner drafts a reply to the Tamil review with AI, in Tamil,
 *   and posts it: Google receives it and the inbox shows it. Then Google pushes a new 2-star review: the product
 *   fetches it itself, it shows in the inbox, and the owner gets an alert mail. The owner pins a review to the
 *   website widget, which then shows it first. Last, Google stops granting quota (as before a project is
 *   approved): the Google screen says so in plain words.
 * Screenshots of each screen at 1280 and 390 px in screenshots/journeys/15-*.png.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE } from '../lib/chromium.mjs'
import { googleReview } from '../lib/google-business-stub.mjs'
import { readMailFiles } from '../lib/mail-files.mjs'
import { api, expectStatus } from './support/api.mjs'
import { inJourneyScope, screenshot, screenshotWidths } from './support/browser.mjs'
import { useProductAndBrowser } from './support/run.mjs'
import { GOOGLE_PROFILE_ACCOUNTS, PUBSUB_TOKEN } from './support/stubs.mjs'
import { waitFor } from './support/wait.mjs'
import { addBusiness, verifiedOwner } from './support/owners.mjs'

const JOURNEY_MS = 180_000
const [LISTED] = GOOGLE_PROFILE_ACCOUNTS[1050]
const LOCATION = 'accounts/1050/locations/7311'
const DAY = 24 * 3600 * 1000

const TAMIL = 'சாப்பாடு மிகவும் சுவையாக இருந்தது. தால் பாட்டி சூர்மா அருமை!'
const HINDI = 'खाना बहुत स्वादिष्ट था, गट्टे की सब्ज़ी लाजवाब थी। सेवा थोड़ी धीमी थी।'
const ENGLISH = 'Best Rajasthani thali in Jodhpur. Generous refills and friendly staff.'
const COMPLAINT = 'Waited 40 minutes for a table and the rotis came cold.'

const run = useProductAndBrowser()

async function ownerWithBusiness() {
  const owner = await verifiedOwner(run.product.mailDir, {
    name: 'vikram.rathore',
    password: 'laal-maas-2026',
    firstName: 'Vikram',
    lastName: 'Rathore',
    phone: '9829012345',
  })
  return { owner, business: await addBusiness(owner.token, LISTED.placeId) }
}

/** The business's Google reviews through the API, newest first. */
async function googleReviews(token, businessId) {
  return expectStatus(await api('GET', `/api/google-reviews?businessId=${businessId}&_start=0&_end=50`, { token }), 200, 'the reviews')
}

test(
  'journey 15: an owner connects Google, the reviews come in, a reply drafted with AI in Tamil is posted to Google, a pushed 2-star review alerts the owner, and a project without quota is said plainly',
  { timeout: JOURNEY_MS },
  async (t) => {
    const google = run.product.googleBusiness
    await inJourneyScope(run.browser, '15', async (scope) => {
      const { owner, business } = await ownerWithBusiness()
      const now = Date.now()
      google.state.email = 'vikram.rathore@gmail.test'
      google.state.reviews[LOCATION] = [
        googleReview(LOCATION, 'r-en', { stars: 5, comment: ENGLISH, reviewer: 'Ananya Mehta', time: new Date(now - 6 * DAY) }),
        googleReview(LOCATION, 'r-hi', { stars: 4, comment: HINDI, reviewer: 'राहुल शर्मा', time: new Date(now - 4 * DAY) }),
        googleReview(LOCATION, 'r-ta', { stars: 5, comment: TAMIL, reviewer: 'Karthik Subramanian', time: new Date(now - 2 * DAY) }),
        googleReview(LOCATION, 'r-old', {
          stars: 3,
          comment: 'Good food, parking is hard.',
          reviewer: 'Farhan Qureshi',
          time: new Date(now - 9 * DAY),
          reply: 'Thank you, Farhan! We have added valet parking on weekends.',
        }),
      ]

      // The owner connects Google from the dashboard.
      const desk = await scope.person({ token: owner.token })
      const page = await desk.newPage()
      await page.goto(`${run.product.base}/dashboard/google`)
      await page.getByRole('button', { name: 'Connect Google' }).waitFor()
      await screenshotWidths(page, '15', '1-connect')
      await page.getByRole('button', { name: 'Connect Google' }).click()
      await page.getByRole('link', { name: 'Allow' }).waitFor()
      const consent = google.state.consents.at(-1)
      assert.equal(consent.scope.split(' ').includes('https://www.googleapis.com/auth/business.manage'), true)
      assert.equal(consent.access_type, 'offline')
      assert.equal(consent.code_challenge_method, 'S256')
      await page.getByRole('link', { name: 'Allow' }).click()
      await page.waitForURL(/\/dashboard\/google\?connected=1/)
      await page.getByText('Google is connected').waitFor()

      // Its location with the business's place id is linked by itself, and the reviews are imported.
      const imported = await waitFor(
        'the four reviews imported',
        async () => {
          const list = await googleReviews(owner.token, business.id)
          return list.length === 4 ? list : null
        },
        { timeoutMs: 30_000 }
      )
      const tamil = imported.find((review) => review.reviewName === `${LOCATION}/reviews/r-ta`)
      assert.equal(tamil.comment, TAMIL, 'the Tamil review is kept letter for letter')
      assert.equal(tamil.stars, 5)
      assert.equal(imported.find((review) => review.reviewName.endsWith('r-old')).reply.comment.startsWith('Thank you, Farhan'), true)
      await page.reload()
      await page.getByText('Marwar Thali Cloud Kitchen').waitFor()
      await screenshotWidths(page, '15', '2-locations')

      // The inbox's Google tab: the reviews in their own scripts.
      await page.goto(`${run.product.base}/feedbacks?source=google`)
      await page.getByText(TAMIL).waitFor()
      await page.getByText(HINDI).waitFor()
      await screenshotWidths(page, '15', '3-inbox')

      // The Tamil review as an image to share (docs/decisions.md D50): the server's PNG, square, then story.
      await page.locator('.ant-list-item', { hasText: TAMIL }).getByRole('button', { name: 'Share image' }).click()
      const sharing = page.getByRole('dialog', { name: 'Share this review as an image' })
      const square = sharing.getByRole('img', { name: 'The review as a square image' })
      await square.waitFor()
      assert.deepEqual(await square.evaluate((image) => [image.naturalWidth, image.naturalHeight]), [1080, 1080])
      await screenshotWidths(page, '15', '3b-share-image')
      await sharing.getByText('Story').click()
      const story = sharing.getByRole('img', { name: 'The review as a story image' })
      await story.waitFor()
      assert.deepEqual(await story.evaluate((image) => [image.naturalWidth, image.naturalHeight]), [1080, 1920])
      await screenshot(page, '15', '3c-share-story-1280')
      await sharing.getByRole('button', { name: 'Close' }).click()
      await sharing.waitFor({ state: 'hidden' })

      // A reply to the Tamil review, drafted with AI, in Tamil, posted to Google.
      const item = page.locator('.ant-list-item', { hasText: TAMIL })
      await item.getByRole('button', { name: 'Reply' }).click()
      const drawer = page.locator('.ant-drawer-content')
      await drawer.getByRole('button', { name: 'Draft with AI' }).click()
      const textarea = drawer.getByRole('textbox', { name: 'Your reply' })
      await waitFor('the AI draft', async () => /[\u0B80-\u0BFF]/.test(await textarea.inputValue()))
      const draft = await textarea.inputValue()
      assert.ok(draft.length <= 600, 'a draft is at most 600 characters')
      const asked = run.product.ai.requests.map((request) => request.body).join('\n')
      assert.ok(asked.includes(TAMIL), 'the model was given the review')
      await screenshot(page, '15', '4-reply-draft-1280')
      await drawer.getByRole('button', { name: 'Post reply' }).click()
      await waitFor('the reply at Google', () =>
        google.state.replyCalls.some((call) => call.method === 'PUT' && call.review.endsWith('r-ta'))
      )
      const put = google.state.replyCalls.find((call) => call.method === 'PUT' && call.review.endsWith('r-ta'))
      assert.equal(put.comment, draft, 'Google received the text the owner posted')
      await page.locator('.ant-list-item', { hasText: TAMIL }).getByText(draft).waitFor()
      const replied = expectStatus(await api('GET', `/api/google-reviews/${tamil.id}`, { token: owner.token }), 200, 'the replied review')
      assert.equal(replied.reply.comment, draft)

      // Google pushes a new 2-star review: the product reads it itself, shows it and alerts the owner.
      const pushed = googleReview(LOCATION, 'r-new', { stars: 2, comment: COMPLAINT, reviewer: 'Meera Joshi', time: new Date() })
      google.state.reviews[LOCATION].push(pushed)
      const data = Buffer.from(JSON.stringify({ type: 'NEW_REVIEW', review: pushed.name, location: LOCATION })).toString('base64')
      const push = await api('POST', `/api/webhooks/google/${PUBSUB_TOKEN}`, {
        body: {
          message: { data, messageId: `m-${Date.now()}`, publishTime: new Date().toISOString() },
          subscription: 'projects/rr/subscriptions/reviews',
        },
      })
      assert.equal(push.status, 204)
      await waitFor('the pushed review stored', async () =>
        (await googleReviews(owner.token, business.id)).some((review) => review.comment === COMPLAINT)
      )
      await page.reload()
      await page.getByText(COMPLAINT).waitFor()
      const alert = await waitFor(
        'the alert mail',
        async () => (await readMailFiles(run.product.mailDir)).find((mail) => mail.to === owner.email && mail.text.includes(COMPLAINT)),
        { timeoutMs: 60_000 }
      )
      assert.match(alert.text, /Meera Joshi/)
      assert.match(alert.text, /\/feedbacks\?source=google/)
      t.diagnostic(`alert mail: ${alert.subject}`)

      // The website widget (D49): from the business's analytics, the owner pins the Hindi review; the widget's
      // public answer puts it first and the preview draws it.
      await page.goto(`${run.product.base}/business/${business.id}`)
      await page
        .getByRole('group', { name: 'Website widget' })
        .getByText(/views in this period/)
        .waitFor()
      await screenshot(page, '15', '7-analytics-1280')
      await page.getByRole('link', { name: /Website widget/ }).click()
      await page.waitForURL(new RegExp(`/business/${business.id}/widget$`))
      const hindiRow = page.locator('.ant-list-item', { hasText: HINDI })
      await hindiRow.getByRole('button', { name: /Pin$/ }).click()
      await hindiRow.getByText('Pinned').waitFor()
      const widget = expectStatus(await api('GET', `/api/businesses/${business.id}/widget`, { token: owner.token }), 200, 'the widget')
      assert.equal(widget.connected, true)
      const shown = expectStatus(await api('GET', `/api/widget/${widget.code}`), 200, 'the public widget')
      assert.equal(shown.reviews[0].text, HINDI, 'the pinned review comes first')
      await page.frameLocator('iframe.widget-preview').getByText(HINDI).first().waitFor()
      await screenshotWidths(page, '15', '7-widget')
      // A wildcard is refused with the server's sentence under it; a bare site name is kept with https://, lower-case (D61).
      await page.getByRole('button', { name: /Add site/ }).click()
      const site = page.getByRole('textbox', { name: 'Site 1' })
      await site.fill('https://*.marwarthali.example')
      await page.getByRole('button', { name: /Save sites/ }).click()
      await page.getByText(/Wildcards are not allowed in "https:\/\/\*\.marwarthali\.example": list each site/).waitFor()
      await site.fill('MarwarThali.example')
      await page.getByRole('button', { name: /Save sites/ }).click()
      await page.getByText('Sites Saved').waitFor()
      const kept = expectStatus(await api('GET', `/api/businesses/${business.id}/widget`, { token: owner.token }), 200, 'the widget')
      assert.deepEqual(kept.allowedSites, ['https://marwarthali.example'])
      // Another layout is saved and previewed at once.
      await page.getByRole('radiogroup', { name: 'Layout' }).getByText('List', { exact: true }).click()
      await page.frameLocator('iframe[title="Preview of the list widget"]').getByText(ENGLISH).first().waitFor()
      assert.equal(expectStatus(await api('GET', `/api/widget/${widget.code}`), 200, 'the public widget').layout, 'list')
      await screenshot(page, '15', '8-widget-list-1280')

      // The numbers: five reviews, two replied, the pushed one unanswered and negative.
      const stats = expectStatus(
        await api('GET', `/api/google-reviews/stats?businessId=${business.id}`, { token: owner.token }),
        200,
        'stats'
      )
      assert.equal(stats.total, 5)
      assert.equal(stats.replied, 2)
      assert.equal(stats.unansweredNegative, 1)
      await page.goto(`${run.product.base}/dashboard/google`)
      await page.getByText('Marwar Thali Cloud Kitchen').waitFor()
      await screenshotWidths(page, '15', '5-stats')

      // On a phone, the reply drawer comes up from the bottom, and drafts in the review's language (English here).
      const phone = await scope.person({ token: owner.token, device: PHONE })
      const small = await phone.newPage()
      await small.goto(`${run.product.base}/feedbacks?source=google`)
      await small.getByText(COMPLAINT).waitFor()
      await small.locator('.ant-list-item', { hasText: COMPLAINT }).getByRole('button', { name: 'Reply' }).click()
      const sheet = small.locator('.ant-drawer-content')
      await sheet.getByRole('button', { name: 'Draft with AI' }).click()
      await waitFor('the English draft', async () =>
        /^Thank you/.test(await sheet.getByRole('textbox', { name: 'Your reply' }).inputValue())
      )
      await screenshot(small, '15', '4-reply-draft-390')
      await phone.close()

      // Google grants no quota (as before a project is approved): the screen says so plainly.
      google.state.mode = 'quota'
      await page.reload()
      await page.getByText('Google has not approved this yet').first().waitFor()
      await screenshotWidths(page, '15', '6-not-approved')
      google.state.mode = 'ok'
    })
  }
)
