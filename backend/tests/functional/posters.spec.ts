/*
 * The printable QR poster (docs/product-rules.md#qr-posters): GET /api/businesses/:id/poster.pdf answers one A4 or A5
 * page with the short link printed under a vector QR that scans to it, in the business's pinned language (else
 * English with Hindi under it); another owner's business is a 404, a size other than a4 or a5 a 422.
 */
import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { posterPages, posterText, scanPoster } from '#tests/helpers/posters'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { POSTER_MESSAGES } from '#contract/poster_messages'
import type { ReviewLanguage } from '#contract/review_messages/index'
import { appUrl } from '#lib/app_url'
import env from '#start/env'

const A4 = [595.28, 841.89]
const A5 = [419.53, 595.28]

/** The poster as the dashboard downloads it: the raw answer, its bytes when it is a PDF. */
async function download(token: string, businessId: number, query = '') {
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/api/businesses/${businessId}/poster.pdf${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = Buffer.from(await response.arrayBuffer())
  return { response, body }
}

/** The sentences a poster in `language` prints, first to last. */
const sentencesIn = (language: ReviewLanguage) => [
  REVIEW_MESSAGES[language].posterScan,
  POSTER_MESSAGES[language].typeLink,
  POSTER_MESSAGES[language].rateOnPhone,
]

test.group('QR poster PDF', (group) => {
  isolated(group)
  // Fonts are read and a PDF drawn, printed to pixels and scanned per test, on a CI machine that may be busy.
  group.each.timeout(30_000)

  test('A4 by default: one page with the name, the short link printed and a vector QR that scans to it', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { name: 'Chai & Co Hospitality', shortUrl: 'chai-and-co' } })
    const link = appUrl('/review/chai-and-co')

    const { response, body } = await download(token, business.id)

    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/pdf')
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="Chai_Co_Hospitality_poster_A4.pdf"')
    assert.equal(response.headers.get('cache-control'), 'private, no-store')
    const pages = await posterPages(body)
    assert.lengthOf(pages, 1)
    assert.closeTo(pages[0].size[0], A4[0], 0.01)
    assert.closeTo(pages[0].size[1], A4[1], 0.01)
    // The QR is drawn, not pasted in as a picture, and a scanner reads the review link off the printed page.
    assert.equal(pages[0].images, 0)
    assert.notInclude(body.toString('latin1'), '/Subtype /Image')
    assert.equal(await scanPoster(body), link)

    const lines = await posterText(body)
    assert.equal(lines[0], 'Chai & Co Hospitality')
    // Printed for whoever cannot scan: the link without its scheme, under the sentence that says to type it.
    const printed = link.replace(/^https?:\/\//, '')
    assert.include(lines, printed)
    assert.equal(lines[lines.indexOf(printed) - 1], POSTER_MESSAGES.hi.typeLink)
    assert.equal(lines.at(-1), 'Powered by ReviewRoute')
  })

  test('no pinned language: each sentence in English with Hindi under it', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { language: null } })
    const { response, body } = await download(token, business.id, '?size=a4')
    assert.equal(response.status, 200)

    const lines = await posterText(body)
    const english = sentencesIn('en')
    const hindi = sentencesIn('hi')
    english.forEach((sentence, index) => {
      assert.include(lines, sentence)
      assert.equal(lines.indexOf(hindi[index]), lines.indexOf(sentence) + 1, `Hindi under "${sentence}"`)
    })
  })

  test('size=a5: one A5 page, the same poster scaled, its QR still scans', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { name: 'Sharma Sweets', shortUrl: 'sharma-sweets', language: 'en' } })

    const { response, body } = await download(token, business.id, '?size=a5')

    assert.equal(response.status, 200)
    assert.include(response.headers.get('content-disposition'), 'Sharma_Sweets_poster_A5.pdf')
    const pages = await posterPages(body)
    assert.lengthOf(pages, 1)
    assert.closeTo(pages[0].size[0], A5[0], 0.01)
    assert.closeTo(pages[0].size[1], A5[1], 0.01)
    assert.equal(pages[0].images, 0)
    assert.equal(await scanPoster(body), appUrl('/review/sharma-sweets'))
    const lines = await posterText(body)
    assert.deepEqual(lines, [
      'Sharma Sweets',
      REVIEW_MESSAGES.en.posterScan,
      POSTER_MESSAGES.en.typeLink,
      appUrl('/review/sharma-sweets').replace(/^https?:\/\//, ''),
      POSTER_MESSAGES.en.rateOnPhone,
      REVIEW_MESSAGES.en.poweredBy,
    ])
  })

  test('a business pinned to Hindi: every sentence in Hindi, none in English, a Hindi name as written', async ({ assert }) => {
    const { token, business } = await ownerWithBusiness({ business: { name: 'श्री गणेश स्वीट्स', language: 'hi' } })

    const { body } = await download(token, business.id, '?size=a5')

    const lines = await posterText(body)
    assert.equal(lines[0], 'श्री गणेश स्वीट्स')
    for (const sentence of [...sentencesIn('hi'), REVIEW_MESSAGES.hi.poweredBy]) assert.include(lines, sentence)
    for (const sentence of [...sentencesIn('en'), REVIEW_MESSAGES.en.poweredBy]) assert.notInclude(lines, sentence)
  })

  test('{$self}: the pinned language set in its own script, a long sentence on two lines')
    .with(['ta', 'ml', 'bn', 'te', 'kn', 'gu', 'mr'] as ReviewLanguage[])
    .run(async ({ assert }, language) => {
      const { token, business } = await ownerWithBusiness({ business: { language } })

      const { response, body } = await download(token, business.id)

      assert.equal(response.status, 200)
      // A sentence may wrap: compared without its line breaks.
      const text = (await posterText(body)).join(' ')
      for (const sentence of [...sentencesIn(language), REVIEW_MESSAGES[language].poweredBy]) assert.include(text, sentence)
      assert.equal(await scanPoster(body), appUrl(`/review/${business.shortUrl}`))
    })

  test("another owner's business is a 404; a size other than a4 or a5 is a 422 naming it; no token is a 401", async ({ assert }) => {
    const { token, business } = await ownerWithBusiness()
    const other = await ownerWithBusiness()

    const foreign = await download(other.token, business.id)
    assert.equal(foreign.response.status, 404)
    assert.deepEqual(JSON.parse(foreign.body.toString()), { error: 'Business not found', message: 'Business not found' })

    for (const query of ['?size=a3', '?size=A4', '?size=', '?size[]=a4']) {
      const invalid = await download(token, business.id, query)
      assert.equal(invalid.response.status, 422, query)
      const answer = JSON.parse(invalid.body.toString())
      assert.equal(answer.errors[0].field, 'size', query)
    }

    const signedOut = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/api/businesses/${business.id}/poster.pdf`)
    assert.equal(signedOut.status, 401)
  })
})
