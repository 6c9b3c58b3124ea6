/*
 * The website widget's pure rules (docs/decisions.md D49): allowed sites as origins, who may read the answer, how a
 * reviewer is named, and the widget's words with single-brace placeholders.
 */
import { test } from '@japa/runner'
import { siteOrigin, siteOrigins } from '#lib/site_origin'
import { FieldError } from '#exceptions/app_errors'
import { widgetAllowedOrigin } from '#web/widget_cors'
import { reviewerName, widgetLabels } from '#actions/widget/widget_data'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'

test.group('Website widget: allowed sites', () => {
  test('an http(s) origin is kept lower-case, without the default port or a trailing slash', ({ assert }) => {
    assert.equal(siteOrigin('https://Example.COM'), 'https://example.com')
    assert.equal(siteOrigin('https://example.com/'), 'https://example.com')
    assert.equal(siteOrigin('https://example.com:443'), 'https://example.com')
    assert.equal(siteOrigin('http://localhost:8080'), 'http://localhost:8080')
    assert.equal(siteOrigin('HTTPS://shop.example.in'), 'https://shop.example.in')
    assert.deepEqual(siteOrigins(['https://a.example', 'https://A.example/', 'http://a.example']), [
      'https://a.example',
      'http://a.example',
    ])
  })

  test('anything else is a field error saying what to write', ({ assert }) => {
    const cases: [string, RegExp][] = [
      ['example.com', /Include https:\/\//],
      ['www.example.com/page', /Include https:\/\//],
      ['//example.com', /Include https:\/\//],
      ['ftp://example.com', /https:\/\/ or http:\/\//],
      ['https://example.com/reviews', /without a path/],
      ['https://example.com/#top', /without a path/],
      ['https://example.com?', /without a path/],
      ['https://me@example.com', /without a path/],
      ['https://', /not a web address/],
    ]
    for (const [site, message] of cases) {
      assert.throws(() => siteOrigin(site), message)
      try {
        siteOrigin(site)
      } catch (error) {
        assert.instanceOf(error, FieldError, site)
        assert.equal((error as FieldError).field, 'allowedSites', site)
      }
    }
  })

  test('the answer is readable by any site without a list, else only by the listed ones', ({ assert }) => {
    assert.equal(widgetAllowedOrigin(null, 'https://any.example'), '*')
    assert.equal(widgetAllowedOrigin([], undefined), '*')
    assert.equal(widgetAllowedOrigin(['https://shop.example'], 'https://shop.example'), 'https://shop.example')
    assert.equal(widgetAllowedOrigin(['https://shop.example'], 'https://SHOP.example'), 'https://SHOP.example')
    assert.isNull(widgetAllowedOrigin(['https://shop.example'], 'https://shop.example.evil.example'))
    assert.isNull(widgetAllowedOrigin(['https://shop.example'], 'http://shop.example'))
    assert.isNull(widgetAllowedOrigin(['https://shop.example'], undefined))
    assert.isNull(widgetAllowedOrigin(['https://shop.example'], 'null'))
    assert.isNull(widgetAllowedOrigin(false, 'https://shop.example'))
  })
})

test.group('Website widget: reviewers and words', () => {
  test('a reviewer is their first name and the initial of the last', ({ assert }) => {
    assert.equal(reviewerName('Priya Sharma', false), 'Priya S.')
    assert.equal(reviewerName('  priya   kumari sharma ', false), 'priya S.')
    assert.equal(reviewerName('Ravi', false), 'Ravi')
    assert.equal(reviewerName('प्रिया शर्मा', false), 'प्रिया श.')
    assert.equal(reviewerName('Priya Sharma', true), 'A Google user')
    assert.equal(reviewerName(null, false), 'A Google user')
    assert.equal(reviewerName('   ', false), 'A Google user')
  })

  test('every language has the widget words, with {count} and {rating} for the widget to fill', ({ assert }) => {
    for (const language of REVIEW_LANGUAGES) {
      const labels = widgetLabels(REVIEW_MESSAGES[language])
      assert.lengthOf(Object.keys(labels), 7, language)
      for (const [key, value] of Object.entries(labels)) {
        assert.isAbove(value.trim().length, 0, `${language}.${key}`)
        assert.notInclude(value, '{{', `${language}.${key}`)
      }
      assert.include(labels.reviewsOnGoogle, '{count}', language)
      assert.include(labels.reviewsOnGoogle, 'Google', language)
      assert.include(labels.ratingOutOf, '{rating}', language)
      assert.include(labels.ratingOutOf, '5', language)
      if (language !== 'en') assert.notEqual(labels.writeReview, widgetLabels(REVIEW_MESSAGES.en).writeReview, language)
    }
  })
})
