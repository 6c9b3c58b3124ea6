/*
 * The customer page without JavaScript (docs/decisions.md D31): the first HTML is a form in the chosen language;
 * 4-5 post to 303 Google, 1-3 to the server-rendered feedback form, then 303 /thanks, with the rating and the
 * optional call-back stored.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import { escapeHtml } from '#lib/html'
import { FEEDBACK_FORM_ID, SWITCH_LANGUAGE_FIELD } from '#contract/review_form'
import { DateTime } from 'luxon'

const API = `http://${env.get('HOST')}:${env.get('PORT')}`

const page = (path: string, headers: Record<string, string> = {}) => fetch(`${API}${path}`, { headers, redirect: 'manual' })

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${API}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  })
}

/** The page as shown: without the feedback forms it carries inert for a tap (D62). */
const shown = (html: string) => html.replace(/<template data-feedback-rating="\d">.*?<\/template>/gs, '')

const inlined = (html: string) => JSON.parse(/<script id="review-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1])

test.group('Customer page: the first HTML', (group) => {
  isolated(group)

  test('is a form with five real star buttons posting a rating, labelled for screen readers', async ({ assert }) => {
    const { business } = await ownerWithBusiness({ business: { name: 'Anand Sweets & Savouries' } })
    const response = await page(`/review/${business.shortUrl}`)
    const html = await response.text()

    assert.equal(response.status, 200)
    assert.include(html, `<form class="rate" method="post" action="/review/${business.shortUrl}">`)
    for (let star = 1; star <= 5; star++) {
      assert.include(html, `<button class="star" type="submit" name="rating" value="${star}" aria-label="Rate ${star} out of 5">`)
    }
    assert.include(html, 'Anand Sweets &amp; Savouries')
    assert.include(html, '<html lang="en"')
  })

  test('Accept-Language ta-IN gives the first HTML in Tamil, with only the Tamil strings inlined', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const html = await (await page(`/review/${business.shortUrl}`, { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' })).text()

    assert.include(html, '<html lang="ta"')
    assert.include(html, escapeHtml(REVIEW_MESSAGES.ta.question))
    assert.notInclude(html, REVIEW_MESSAGES.en.question)
    const data = inlined(html)
    assert.equal(data.language, 'ta')
    assert.deepEqual(data.messages, REVIEW_MESSAGES.ta)
    assert.lengthOf(data.languages, 9)
    // No other language's strings travel with the page (except the nine names on the switch).
    for (const language of REVIEW_LANGUAGES.filter((code) => code !== 'ta')) {
      assert.notInclude(html, escapeHtml(REVIEW_MESSAGES[language].tapStars), language)
    }
  })

  test('?lang= wins over the pinned language, which wins over Accept-Language', async ({ assert }) => {
    const { business } = await ownerWithBusiness({ business: { language: 'bn' } })
    const lang = async (path: string) => inlined(await (await page(path, { 'accept-language': 'hi-IN' })).text()).language

    assert.equal(await lang(`/review/${business.shortUrl}`), 'bn')
    assert.equal(await lang(`/review/${business.shortUrl}?lang=ml`), 'ml')
    assert.equal(await lang(`/review/${business.shortUrl}?lang=xx`), 'bn')
  })

  test('the not-found page is in the language too, with the switch, and answers 404', async ({ assert }) => {
    const response = await page('/review/no-such-code?lang=kn')
    const html = await response.text()
    assert.equal(response.status, 404)
    assert.include(html, '<html lang="kn"')
    assert.include(html, escapeHtml(REVIEW_MESSAGES.kn.notFoundTitle))
    assert.include(html, 'href="/review/no-such-code?lang=hi"')
  })

  test("carries each 1-3 star's feedback form exactly as the server answers that tap, none for 4-5 (D62)", async ({ assert }) => {
    const { business } = await ownerWithBusiness({ business: { name: 'Lucknow Chaat Corner' } })
    const html = await (await page(`/review/${business.shortUrl}?lang=hi`)).text()
    const templates = [...html.matchAll(/<template data-feedback-rating="(\d)">(.*?)<\/template>/gs)]
    assert.deepEqual(
      templates.map(([, star]) => Number(star)),
      [1, 2, 3]
    )
    for (const [, star, content] of templates) {
      const answer = await (await postForm(`/review/${business.shortUrl}`, { rating: star, lang: 'hi' })).text()
      assert.equal(content, /<main class="card">.*?<\/main>/s.exec(answer)![0], `the ${star}-star form`)
    }
    // Inert markup: nothing was stored by showing it.
    assert.lengthOf(await db.from('review_sessions').where('business_id', business.id), 0)
  })

  test('a business out of its free ratings shows the upgrade alert and disabled stars', async ({ assert }) => {
    const { business } = await ownerWithBusiness({
      owner: { trialStartsAt: DateTime.now().minus({ days: 30 }), trialEndsAt: DateTime.now().minus({ days: 23 }) },
    })
    const sessions = Array.from({ length: 60 }, () => ({ business_id: business.id, rating: 5, redirected: true, created_at: new Date() }))
    await db.table('review_sessions').multiInsert(sessions)

    const html = await (await page(`/review/${business.shortUrl}?lang=hi`)).text()
    assert.include(html, escapeHtml(REVIEW_MESSAGES.hi.reviewLimit))
    assert.include(html, 'value="5" aria-label')
    assert.match(html, /value="5" aria-label="[^"]*" disabled>/)
    // No feedback form to show: the stars cannot be tapped.
    assert.notInclude(html, '<template data-feedback-rating')
  })
})

test.group('Customer page: the form without JavaScript', (group) => {
  isolated(group)

  test('5 stars answers 303 to the Google review link and stores the rating', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const response = await postForm(`/review/${business.shortUrl}`, { rating: '5', lang: 'en' })

    assert.equal(response.status, 303)
    assert.equal(response.headers.get('location'), business.googleReviewUrl)
    const rows = await db.from('review_sessions').where('business_id', business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].rating, 5)
  })

  test('2 stars → the feedback form in the language → /thanks, and the rating with its call-back is in the inbox', async ({
    client,
    assert,
  }) => {
    const { business, token } = await ownerWithBusiness({ business: { name: 'Chennai Tiffins' } })
    const form = await postForm(`/review/${business.shortUrl}`, { rating: '2', lang: 'ta' })
    const html = await form.text()
    assert.equal(form.status, 200)
    assert.include(
      html,
      `<form class="feedback" id="${FEEDBACK_FORM_ID}" method="post" action="/review/${business.shortUrl}/feedback?rating=2&amp;lang=ta">`
    )
    assert.include(html, '<input type="hidden" name="rating" value="2">')
    assert.include(html, '<html lang="ta"')
    assert.lengthOf(await db.from('review_sessions').where('business_id', business.id), 0)

    const sent = await postForm(`/review/${business.shortUrl}/feedback`, {
      rating: '2',
      lang: 'ta',
      feedback: 'The sambar was cold',
      contactMe: '1',
      contactName: 'Kavya',
      contactPhone: '+91 98765-43210',
    })
    assert.equal(sent.status, 303)
    const thanks = new URL(sent.headers.get('location')!, API)
    assert.equal(thanks.pathname, '/thanks')
    assert.equal(thanks.searchParams.get('lang'), 'ta')
    assert.equal(thanks.searchParams.get('callback'), '1')
    const thanksHtml = await (await page(`${thanks.pathname}${thanks.search}`)).text()
    assert.include(thanksHtml, escapeHtml(REVIEW_MESSAGES.ta.thanksText.replace('{{business}}', 'Chennai Tiffins')))
    // The customer asked to be called back: the thanks page says the number went to the business.
    assert.include(thanksHtml, escapeHtml(REVIEW_MESSAGES.ta.callbackText.replace('{{business}}', 'Chennai Tiffins')))

    const inbox = await client.get('/api/feedbacks').bearerToken(token)
    inbox.assertStatus(200)
    const [row] = inbox.body()
    assert.equal(row.rating, 2)
    assert.equal(row.feedback, 'The sambar was cold')
    assert.equal(row.contactName, 'Kavya')
    assert.equal(row.contactPhone, '9876543210')
  })

  test('without the tick no name or number is stored, and thanks promises no call', async ({ assert }) => {
    const { business } = await ownerWithBusiness({ business: { name: 'Chennai Tiffins' } })
    const sent = await postForm(`/review/${business.shortUrl}/feedback`, {
      rating: '1',
      feedback: 'Rude',
      contactName: 'Ravi',
      contactPhone: '9876543210',
    })
    const [row] = await db.from('review_sessions').where('business_id', business.id)
    assert.isNull(row.contact_name)
    assert.isNull(row.contact_phone)
    const thanks = new URL(sent.headers.get('location')!, API)
    assert.isNull(thanks.searchParams.get('callback'))
    const html = await (await page(`${thanks.pathname}${thanks.search}`)).text()
    assert.notInclude(html, escapeHtml(REVIEW_MESSAGES.en.callbackText.replace('{{business}}', 'Chennai Tiffins')))
  })

  test('a repeat rating is not stored, nor its call-back: thanks says "already in" and promises no call', async ({ assert }) => {
    const { business } = await ownerWithBusiness({ business: { name: 'Chennai Tiffins' } })
    const device = (await page(`/review/${business.shortUrl}`)).headers.get('set-cookie')!.split(';')[0]
    const callBack = { rating: '2', lang: 'en', contactMe: '1', contactName: 'Kavya', contactPhone: '9876543210' }
    await postForm(`/review/${business.shortUrl}/feedback`, { rating: '3', lang: 'en' }, { cookie: device })
    const again = await postForm(`/review/${business.shortUrl}/feedback`, callBack, { cookie: device })

    const thanks = new URL(again.headers.get('location')!, API)
    assert.equal(thanks.searchParams.get('already'), '1')
    assert.isNull(thanks.searchParams.get('callback'))
    const rows = await db.from('review_sessions').where('business_id', business.id)
    assert.deepEqual(
      rows.map((row) => row.contact_phone),
      [null]
    )
    // Even an address that claims both: the call-back is only confirmed for a stored rating.
    const html = await (await page(`/thanks?code=${business.shortUrl}&already=1&callback=1`)).text()
    assert.include(html, escapeHtml(REVIEW_MESSAGES.en.alreadyRated.replace('{{business}}', 'Chennai Tiffins')))
    assert.notInclude(html, escapeHtml(REVIEW_MESSAGES.en.callbackText.replace('{{business}}', 'Chennai Tiffins')))
  })

  test('a bad number with the tick re-renders the form with the error in the language, keeping what was typed', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const response = await postForm(`/review/${business.shortUrl}/feedback`, {
      rating: '3',
      lang: 'hi',
      feedback: 'Slow <service>',
      contactMe: '1',
      contactPhone: '12345',
    })
    const html = await response.text()
    assert.equal(response.status, 422)
    assert.include(html, escapeHtml(REVIEW_MESSAGES.hi.contactPhoneInvalid))
    assert.include(html, 'Slow &lt;service&gt;</textarea>')
    assert.include(html, 'value="12345"')
    assert.lengthOf(await db.from('review_sessions').where('business_id', business.id), 0)
  })

  test('switching language on the feedback form keeps what was typed and ticked, in the new language, storing nothing', async ({
    assert,
  }) => {
    const { business } = await ownerWithBusiness()
    const form = await (await postForm(`/review/${business.shortUrl}`, { rating: '2', lang: 'en' })).text()
    // The footer's nine languages are buttons of the feedback form (it sits outside it): they post what is typed.
    assert.include(
      form,
      `<form class="feedback" id="${FEEDBACK_FORM_ID}" method="post" action="/review/${business.shortUrl}/feedback?rating=2&amp;lang=en">`
    )
    for (const language of REVIEW_LANGUAGES) {
      assert.include(
        form,
        `<button type="submit" form="${FEEDBACK_FORM_ID}" formaction="/review/${business.shortUrl}/feedback?rating=2&amp;lang=${language}" name="${SWITCH_LANGUAGE_FIELD}" value="${language}" formnovalidate`
      )
    }
    assert.notMatch(form, /<a [^>]*lang=hi"/)

    const typed = {
      rating: '2',
      lang: 'en',
      feedback: 'Tea was cold & the wait <long>',
      contactMe: '1',
      contactName: 'Asha',
      contactPhone: '98765',
    }
    const response = await postForm(`/review/${business.shortUrl}/feedback`, { ...typed, [SWITCH_LANGUAGE_FIELD]: 'hi' })
    const html = await response.text()
    assert.equal(response.status, 200)
    assert.include(html, '<html lang="hi"')
    assert.include(html, escapeHtml(REVIEW_MESSAGES.hi.improveLabel))
    assert.include(html, '<input type="hidden" name="lang" value="hi">')
    assert.include(html, '<input type="hidden" name="rating" value="2">')
    assert.include(html, 'Tea was cold &amp; the wait &lt;long&gt;</textarea>')
    assert.include(html, 'name="contactMe" value="1" checked>')
    assert.include(html, 'name="contactName" maxlength="100" autocomplete="name" value="Asha"')
    assert.include(html, 'value="98765"')
    // Not a submission: the short number is not refused yet, and nothing is stored.
    assert.notInclude(html, 'id="contactPhone-error"')
    assert.notInclude(html, 'role="alert"')
    assert.equal(inlined(html).view, 'feedback')
    assert.equal(inlined(html).rating, 2)

    // An unknown language keeps the page's own; still nothing stored.
    const unknown = await postForm(`/review/${business.shortUrl}/feedback`, { ...typed, [SWITCH_LANGUAGE_FIELD]: 'xx' })
    assert.equal(unknown.status, 200)
    assert.include(await unknown.text(), '<html lang="en"')
    assert.lengthOf(await db.from('review_sessions').where('business_id', business.id), 0)
  })

  test('the address a language button leaves in the phone is served on a reload: the feedback form in that language', async ({
    assert,
  }) => {
    const { business } = await ownerWithBusiness()
    const code = business.shortUrl
    const form = await (await postForm(`/review/${code}`, { rating: '2', lang: 'en' })).text()
    // The buttons post to an address that names the rating and the chosen language (what was typed goes in the body).
    assert.include(form, `action="/review/${code}/feedback?rating=2&amp;lang=en"`)
    assert.include(form, `formaction="/review/${code}/feedback?rating=2&amp;lang=hi"`)
    const switched = await postForm(`/review/${code}/feedback?rating=2&lang=hi`, {
      rating: '2',
      lang: 'en',
      feedback: 'Chai thandi thi',
      [SWITCH_LANGUAGE_FIELD]: 'hi',
    })
    assert.equal(switched.status, 200)
    assert.include(await switched.text(), '<html lang="hi"')

    // A reload or a restored tab asks for that address again, without the form's fields.
    const reloaded = await page(`/review/${code}/feedback?rating=2&lang=hi`)
    const html = await reloaded.text()
    assert.equal(reloaded.status, 200)
    assert.include(html, '<html lang="hi"')
    assert.include(
      html,
      `<form class="feedback" id="${FEEDBACK_FORM_ID}" method="post" action="/review/${code}/feedback?rating=2&amp;lang=hi">`
    )
    assert.include(html, '<input type="hidden" name="rating" value="2">')
    assert.include(html, escapeHtml(REVIEW_MESSAGES.hi.improveLabel))
    assert.deepInclude(inlined(html), { view: 'feedback', rating: 2, language: 'hi' })

    // Without a 1-3 rating there is no feedback form to give back: the rating screen, in the address's language.
    for (const query of ['?lang=ta', '?rating=5&lang=ta', '?rating=abc&lang=ta']) {
      const bare = await page(`/review/${code}/feedback${query}`)
      assert.equal(bare.status, 303, query)
      assert.equal(bare.headers.get('location'), `/review/${code}?lang=ta`)
    }
    assert.equal((await page('/review/no-such-code/feedback?rating=2')).status, 404)
    assert.lengthOf(await db.from('review_sessions').where('business_id', business.id), 0)
  })

  test('the 1-3 form thanks for the rating, not for feedback not yet given', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const html = await (await postForm(`/review/${business.shortUrl}`, { rating: '1', lang: 'en' })).text()
    assert.include(html, '<h2>Thanks for rating your visit</h2>')
    assert.notMatch(html, /thanks for your feedback/i)
  })

  test('the language links keep the other screens: a rating in the address, thanks its "already in"', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    const switched = await (await page(`/review/${business.shortUrl}?rating=3&lang=ta`)).text()
    assert.include(switched, '<input type="hidden" name="rating" value="3">')
    assert.include(switched, '<html lang="ta"')
    // A 4-5 in the address is not a feedback form.
    assert.notInclude(shown(await (await page(`/review/${business.shortUrl}?rating=5`)).text()), 'name="feedback"')

    const thanks = await (await page(`/thanks?code=${business.shortUrl}&lang=en&already=1`)).text()
    assert.include(thanks, `href="/thanks?code=${business.shortUrl}&amp;already=1&amp;lang=hi"`)
    const callBack = await (await page(`/thanks?code=${business.shortUrl}&lang=en&callback=1`)).text()
    assert.include(callBack, `href="/thanks?code=${business.shortUrl}&amp;callback=1&amp;lang=hi"`)
  })

  test('a business out of free ratings says so before the customer writes feedback', async ({ assert }) => {
    const { business } = await ownerWithBusiness({
      owner: { trialStartsAt: DateTime.now().minus({ days: 30 }), trialEndsAt: DateTime.now().minus({ days: 23 }) },
    })
    await db
      .table('review_sessions')
      .multiInsert(Array.from({ length: 60 }, () => ({ business_id: business.id, rating: 5, redirected: true, created_at: new Date() })))

    const response = await postForm(`/review/${business.shortUrl}`, { rating: '2', lang: 'en' })
    const html = await response.text()
    assert.equal(response.status, 403)
    assert.notInclude(shown(html), 'name="feedback"')
    assert.include(html, escapeHtml(REVIEW_MESSAGES.en.reviewLimit))
  })

  test('nonsense ratings and unknown codes never give a 500', async ({ assert }) => {
    const { business } = await ownerWithBusiness()
    for (const rating of ['0', '6', 'abc', '', '2.5', '1e0']) {
      const response = await postForm(`/review/${business.shortUrl}`, { rating })
      assert.equal(response.status, 400, rating)
    }
    assert.equal((await postForm('/review/nope-nope', { rating: '5' })).status, 404)
    assert.equal((await postForm('/review/nope-nope/feedback', { rating: '1' })).status, 404)
    // A 4-5 sent to the feedback form goes back to the rating form.
    const wrong = await postForm(`/review/${business.shortUrl}/feedback`, { rating: '5' })
    assert.equal(wrong.status, 303)
    assert.lengthOf(await db.from('review_sessions').where('business_id', business.id), 0)
  })
})
