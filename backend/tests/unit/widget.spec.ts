/*
 * The website widget's pure rules (docs/decisions.md D49): allowed sites as origins, who may read the answer, how a
 * reviewer is named, and the widget's words with single-brace placeholders.
 */
import { test } from '@japa/runner'
import { isSiteOrigin, siteOrigin, siteOrigins } from '#lib/site_origin'
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

  test('a bare site gets https:// (the browser sends the scheme in its Origin)', ({ assert }) => {
    assert.equal(siteOrigin('sharmasweets.in'), 'https://sharmasweets.in')
    assert.equal(siteOrigin('WWW.SharmaSweets.in/'), 'https://www.sharmasweets.in')
    assert.equal(siteOrigin('//shop.example'), 'https://shop.example')
    assert.equal(siteOrigin('localhost:3000'), 'https://localhost:3000')
    assert.equal(siteOrigin('münchen.example'), 'https://xn--mnchen-3ya.example')
    assert.deepEqual(siteOrigins(['sharmasweets.in', 'https://sharmasweets.in']), ['https://sharmasweets.in'])
  })

  test('only a serialised origin is kept: nothing that could add a word to a header', ({ assert }) => {
    const cases: [string, RegExp][] = [
      // Decoded by the URL parser into a host with a ';', which would end frame-ancestors and start a directive.
      ['https://a.com%3Bx', /%/],
      ['https://a.com%3Bscript-src%20*', /%/],
      ['https://a%2ecom', /%/],
      ['https://a.com;x', /not a site's address/],
      ['https://a.com,b.com', /not a site's address/],
      ["https://a.com'", /not a site's address/],
      ['https://a_b.com', /not a site's address/],
      ['https://a.com.', /not a site's address/],
      ['https://0x7f.1', /not a site's address/],
      ['https://a.com\\', /not a site's address|without a path/],
      ['https://[::1]:3000', /domain/],
      ['https://exa mple.com', /not a site's address|not a web address/],
      ['https://a.com\nframe-ancestors https://evil.example', /not a site's address|not a web address/],
    ]
    for (const [site, message] of cases) {
      assert.throws(() => siteOrigin(site), message, JSON.stringify(site))
    }
  })

  test('wildcards are refused with a sentence saying to list each site', ({ assert }) => {
    for (const site of ['https://*.example.com', '*.example.com', 'https://shop.*', '*']) {
      assert.throws(() => siteOrigin(site), /^Wildcards are not allowed in ".+": list each site/, site)
    }
  })

  test('what passes is exactly an origin: the CSP and CORS read it the same way', ({ assert }) => {
    for (const site of ['https://Example.COM', 'sharmasweets.in', 'http://localhost:8080', 'https://münchen.example', 'https://1.2.3.4']) {
      const origin = siteOrigin(site)
      assert.equal(new URL(origin).origin, origin, site)
      assert.isTrue(isSiteOrigin(origin), site)
      assert.match(origin, /^https?:\/\/[a-z0-9.-]+(:\d+)?$/, site)
    }
    for (const stored of [
      'https://a.com;x',
      'https://*.example.com',
      'https://A.com',
      'https://a.com/',
      'example.com',
      '',
      'http://[::1]',
    ]) {
      assert.isFalse(isSiteOrigin(stored), stored)
    }
  })

  test('anything else is a field error saying what to write', ({ assert }) => {
    const cases: [string, RegExp][] = [
      ['www.example.com/page', /without a path/],
      ['mailto:owner@example.com', /https:\/\/ or http:\/\//],
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
