import { describe, expect, it } from 'vitest'
import { createI18n } from '@reviewroute/web-shared/i18n'
import { ApiError } from '@reviewroute/web-shared/api'
import { REVIEW_LANGUAGES } from '@reviewroute/backend/contract/review_messages/index'
import { translate } from '../../backend/app/web/review_page'
import { indianMobileDigits } from '@reviewroute/backend/contract/phone'
import { feedbackFailure, isIndianMobile, thanksPath } from '#review/flow'
import { isValidToken } from '@reviewroute/web-shared/token'
import { safeRedirect } from '@reviewroute/web-shared/redirect'
import { isMobileUserAgent } from '@reviewroute/web-shared/user-agent'

describe('i18n layer', () => {
  const i18n = createI18n('en', { helps: 'Your rating helps {{business}} improve their service', rateAria: 'Rate {{count}} out of 5' })
  it('fills parameters, keeps one not given, reads an unknown key as itself', () => {
    expect(i18n.t('helps', { business: 'Café Ole' })).toBe('Your rating helps Café Ole improve their service')
    expect(i18n.t('rateAria', { count: 4 })).toBe('Rate 4 out of 5')
    expect(i18n.t('helps')).toBe('Your rating helps {{business}} improve their service')
    expect(i18n.t('missing' as 'helps')).toBe('missing')
    expect(i18n.language).toBe('en')
  })
  it('fills a parameter the way the server does, for every language', async () => {
    for (const code of REVIEW_LANGUAGES) {
      const messages = (await import(`../../backend/contract/review_messages/${code}.ts`)).default
      expect(createI18n(code, messages).t('helps', { business: 'X' })).toBe(translate(messages, 'helps', { business: 'X' }))
    }
  })
})

describe('after a rating', () => {
  it('a call-back number is 10 digits starting 6-9, with +91, 91 or 0, spaces and dashes allowed', () => {
    for (const ok of ['9876543210', '+91 98765 43210', '+91-98765-43210', '098765 43210', '91 6000000000', '(987) 654-3210']) {
      expect(isIndianMobile(ok)).toBe(true)
    }
    for (const bad of ['', '12345 67890', '98765', '+1 9876543210', '98765432101', '5876543210', 'abcdefghij']) {
      expect(isIndianMobile(bad)).toBe(false)
    }
  })
  it('checks the number exactly as the server will', () => {
    for (const typed of [
      '9876543210',
      '+919876543210',
      '919876543210',
      '09876543210',
      '91 98765',
      '0 12345 67890',
      '+91 5876543210',
      '98.76.54.32.10',
    ]) {
      expect(isIndianMobile(typed)).toBe(indianMobileDigits(typed) !== null)
    }
  })
  it('thanks carries the code and the language, already=1 for a repeat, callback=1 for a stored call-back', () => {
    expect(thanksPath('demo-cafe', 'ta', { counted: true, callback: false })).toBe('/thanks?code=demo-cafe&lang=ta')
    expect(thanksPath('demo cafe', 'hi', { counted: false, callback: false })).toBe('/thanks?code=demo+cafe&lang=hi&already=1')
    expect(thanksPath('demo-cafe', 'ta', { counted: true, callback: true })).toBe('/thanks?code=demo-cafe&lang=ta&callback=1')
    // A repeat is not stored, nor its call-back: the page must not say the number went anywhere.
    expect(thanksPath('demo-cafe', 'ta', { counted: false, callback: true })).toBe('/thanks?code=demo-cafe&lang=ta&already=1')
  })
  it("maps refusals to the page's own texts", () => {
    expect(feedbackFailure(new ApiError(403, 'x', { upgrade: true }))).toEqual({ upgrade: true })
    expect(feedbackFailure(new ApiError(403, 'x'))).toEqual({ field: 'form', key: 'tryAgain' })
    expect(feedbackFailure(new ApiError(429, 'x'))).toEqual({ field: 'form', key: 'tooManyRequests' })
    expect(feedbackFailure(new ApiError(422, 'x', { errors: [{ field: 'contactPhone', message: 'm' }] }))).toEqual({
      field: 'contactPhone',
      key: 'contactPhoneInvalid',
    })
    expect(feedbackFailure(new ApiError(422, 'x', { errors: [{ field: 'feedback', message: 'm' }] }))).toEqual({
      field: 'feedback',
      key: 'feedbackTooLong',
    })
    expect(feedbackFailure(new ApiError(0, ''))).toEqual({ field: 'form', key: 'submitFailed' })
  })
  it('recognises phone user agents', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Mobile Safari/537.36')).toBe(true)
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true)
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false)
  })
})

describe('tokens and redirects', () => {
  it('a token counts only when real (docs/product-rules.md)', () => {
    expect(isValidToken('rr_MQ.abcdefghijklmnopqrstuvwxyz')).toBe(true)
    expect(isValidToken('a'.repeat(20))).toBe(false)
    expect(isValidToken('null')).toBe(false)
    expect(isValidToken('undefined')).toBe(false)
    expect(isValidToken('')).toBe(false)
    expect(isValidToken(null)).toBe(false)
  })
  it('sign-in only returns to paths on this site', () => {
    expect(safeRedirect('/billing?source=signup')).toBe('/billing?source=signup')
    expect(safeRedirect('//evil.example')).toBe('/dashboard')
    expect(safeRedirect('https://evil.example')).toBe('/dashboard')
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard')
    expect(safeRedirect(null)).toBe('/dashboard')
  })
})
