import { test } from '@japa/runner'
import { mobileNumberProblem, normalizeIndianMobile, normalizeIndianPhone } from '#lib/phone'
import { geoFromHeaders } from '#lib/geo'
import { generateShortCode, isReservedShortCode } from '#lib/short_code'
import { isDuplicateKey } from '#lib/db_errors'
import { parseDateFilter, istDaySql } from '#lib/time'
import { conversionRate } from '#actions/analytics/business_analytics'
import { googleReviewUrl } from '#lib/constants'

test.group('normalizeIndianPhone', () => {
  test('accepts {0} as {1}')
    .with([
      ['9876543210', '+919876543210'],
      ['+919876543210', '+919876543210'],
      ['+91 98765 43210', '+919876543210'],
      ['98765-43210', '+919876543210'],
      ['0091 98765 43210', '+919876543210'],
      ['(+91) 98765-43210', '+919876543210'],
      ['098765 43210', '+919876543210'],
    ])
    .run(({ assert }, [input, stored]) => {
      assert.equal(normalizeIndianPhone(input), stored)
    })

  test('rejects {0}')
    .with(['987654321', '98765432101', '+9198765432', '+1 9876543210', 'abcdefghij', '', '91987654321x', '٩٨٧٦٥٤٣٢١٠'])
    .run(({ assert }, input) => {
      assert.isNull(normalizeIndianPhone(input))
    })
})

test.group('normalizeIndianMobile', () => {
  test('keeps {0} as {1}')
    .with([
      ['6000012345', '+916000012345'],
      ['+91 98765 43210', '+919876543210'],
      ['0 70000 12345', '+917000012345'],
      ['0091-8000012345', '+918000012345'],
    ])
    .run(({ assert }, [input, stored]) => {
      assert.equal(normalizeIndianMobile(input), stored)
      assert.isNull(mobileNumberProblem(input))
    })

  test('says why {0} is refused')
    .with([
      ['1234567890', 'Please enter a valid mobile number: Indian mobile numbers start with 6, 7, 8 or 9'],
      ['+91 55555 55555', 'Please enter a valid mobile number: Indian mobile numbers start with 6, 7, 8 or 9'],
      ['98765', 'Please enter a valid 10-digit phone number'],
      ['+44 7911 123456', 'Please enter a valid 10-digit phone number'],
    ])
    .run(({ assert }, [input, message]) => {
      assert.isNull(normalizeIndianMobile(input))
      assert.equal(mobileNumberProblem(input), message)
    })
})

test.group('geoFromHeaders', () => {
  test('reads Cloudflare, Vercel and CloudFront headers', ({ assert }) => {
    assert.deepEqual(geoFromHeaders({ 'cf-ipcity': 'Pune', 'cf-ipcountry': 'in' }), { city: 'Pune', country: 'IN' })
    assert.deepEqual(geoFromHeaders({ 'x-vercel-ip-city': 'New%20Delhi', 'x-vercel-ip-country': 'IN' }), {
      city: 'New Delhi',
      country: 'IN',
    })
    assert.deepEqual(geoFromHeaders({ 'cloudfront-viewer-city': 'Bengaluru', 'cloudfront-viewer-country': 'IN' }), {
      city: 'Bengaluru',
      country: 'IN',
    })
  })

  test('drops values that are not a plausible city or country', ({ assert }) => {
    assert.deepEqual(geoFromHeaders({}), { city: null, country: null })
    assert.deepEqual(geoFromHeaders({ 'cf-ipcity': '<script>', 'cf-ipcountry': 'XX' }), { city: null, country: null })
    assert.isNull(geoFromHeaders({ 'cf-ipcity': 'a'.repeat(81) }).city)
    assert.isNull(geoFromHeaders({ 'cf-ipcountry': 'IND' }).country)
    assert.isNull(geoFromHeaders({ 'x-vercel-ip-city': '%E0%A4' }).city)
  })
})

test.group('short codes', () => {
  test('generated codes are 7 characters without look-alikes', ({ assert }) => {
    for (let i = 0; i < 500; i++) {
      const code = generateShortCode()
      assert.lengthOf(code, 7)
      // Lower-case letters and digits, without 0/o or 1/l/i.
      assert.match(code, /^[a-hjkmnp-z2-9]+$/)
    }
  })

  test('reserved words are refused', ({ assert }) => {
    for (const word of ['api', 'admin', 'review', 'dashboard']) assert.isTrue(isReservedShortCode(word))
    assert.isFalse(isReservedShortCode('sharma-sweets'))
  })

  test('the Google review link follows docs/decisions.md D3', ({ assert }) => {
    assert.equal(googleReviewUrl('ChIJ123'), 'https://search.google.com/local/writereview?placeid=ChIJ123')
  })

  test('duplicate-key errors are recognised, optionally by index', ({ assert }) => {
    const error = { code: 'ER_DUP_ENTRY', sqlMessage: "Duplicate entry 'x' for key 'businesses_short_url_unique'" }
    assert.isTrue(isDuplicateKey(error))
    assert.isTrue(isDuplicateKey(error, 'short_url'))
    assert.isFalse(isDuplicateKey(error, 'email'))
    assert.isFalse(isDuplicateKey({ code: 'ER_PARSE_ERROR' }))
  })
})

test.group('time', () => {
  test('a bare date filter is an IST day', ({ assert }) => {
    assert.equal(parseDateFilter('2026-03-10')!.toISO(), '2026-03-09T18:30:00.000Z')
    assert.equal(parseDateFilter('2026-03-10', true)!.toISO(), '2026-03-10T18:29:59.999Z')
  })

  test('an ISO time keeps its own offset', ({ assert }) => {
    assert.equal(parseDateFilter('2026-03-10T10:00:00+05:30')!.toISO(), '2026-03-10T04:30:00.000Z')
    assert.equal(parseDateFilter('2026-03-10T10:00:00Z')!.toISO(), '2026-03-10T10:00:00.000Z')
  })

  test('unreadable dates are null', ({ assert }) => {
    assert.isNull(parseDateFilter('yesterday'))
    assert.isNull(parseDateFilter('2026-13-40'))
  })

  test('the IST day SQL shifts by 5:30', ({ assert }) => {
    assert.equal(istDaySql('created_at'), 'DATE(DATE_ADD(created_at, INTERVAL 330 MINUTE))')
  })
})

test.group('conversionRate', () => {
  test('{0} of {1} is {2}%')
    .with([
      [0, 0, 0],
      [2, 3, 66.7],
      [1, 3, 33.3],
      [7, 10, 70],
      [5, 5, 100],
      [1, 8, 12.5],
    ])
    .run(({ assert }, [redirected, total, rate]) => {
      assert.equal(conversionRate(redirected, total), rate)
    })
})

test.group('geoFromHeaders fallbacks', () => {
  test('an invalid header does not hide a valid one from the next provider', ({ assert }) => {
    assert.deepEqual(
      geoFromHeaders({
        'cf-ipcity': '<script>',
        'x-vercel-ip-city': 'Mumbai',
        'cf-ipcountry': 'XX',
        'x-vercel-ip-country': 'IN',
      }),
      { city: 'Mumbai', country: 'IN' }
    )
  })
})
