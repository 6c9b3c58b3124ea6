import { describe, expect, it } from 'vitest'
import { createI18n, pickLanguage } from '@reviewroute/web-shared/i18n'
import { nextStep } from '#review/flow'
import { isValidToken } from '@reviewroute/web-shared/token'
import { safeRedirect } from '@reviewroute/web-shared/redirect'
import { isMobileUserAgent } from '@reviewroute/web-shared/user-agent'
import { messages } from '#review/messages'

describe('language choice', () => {
  it('the owner pinned language wins, then the stored choice, then the browser', () => {
    expect(pickLanguage('hi', 'en', ['en-IN'])).toBe('hi')
    expect(pickLanguage(null, 'hi', ['en-IN'])).toBe('hi')
    expect(pickLanguage(null, null, ['hi-IN', 'en'])).toBe('hi')
    expect(pickLanguage(null, null, ['ta-IN', 'en-GB'])).toBe('en')
    expect(pickLanguage(null, 'fr', ['fr-FR'])).toBe('en')
  })
})

describe('i18n layer', () => {
  const i18n = createI18n(messages, 'en')
  it('interpolates and picks plural forms', () => {
    expect(i18n.t('star', { count: 1 })).toBe('1 star')
    expect(i18n.t('star', { count: 4 })).toBe('4 stars')
    expect(i18n.t('helps', { business: 'Café Ole' })).toBe('Your rating helps Café Ole improve their service')
  })
  it('falls back to English, then to the key', () => {
    const partial = createI18n({ en: { only: 'English only' }, hi: {} }, 'hi')
    expect(partial.t('only')).toBe('English only')
    expect(partial.t('missing')).toBe('missing')
  })
  it('every Hindi string exists for every English one', () => {
    const en = Object.keys(messages.en).sort()
    expect(Object.keys((messages as { hi: object }).hi).sort()).toEqual(en)
  })
})

describe('after a rating', () => {
  it('phones open Google in place; desktops in a new tab then /thanks at 2 s; no redirect: /thanks at 1.5 s', () => {
    expect(nextStep({ redirect: true, url: 'u' }, true)).toEqual({ kind: 'google-in-place', url: 'u' })
    expect(nextStep({ redirect: true, url: 'u' }, false)).toEqual({ kind: 'google-new-tab', url: 'u', thanksAfterMs: 2000 })
    expect(nextStep({ redirect: false }, true)).toEqual({ kind: 'thanks', thanksAfterMs: 1500 })
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
