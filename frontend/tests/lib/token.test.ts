import { clearToken, getToken, isValidToken, setToken, TOKEN_KEY } from '@reviewroute/web-shared/token'
import { describe, expect, it } from 'vitest'

describe('isValidToken (docs/product-rules.md: a non-empty string, not "null"/"undefined", longer than 20 characters)', () => {
  it('accepts a string of 21 characters', () => {
    expect(isValidToken('a'.repeat(21))).toBe(true)
    expect(isValidToken('oat_test-token-that-is-long-enough')).toBe(true)
  })

  it('refuses exactly 20 characters and fewer', () => {
    expect(isValidToken('a'.repeat(20))).toBe(false)
    expect(isValidToken('short')).toBe(false)
  })

  it('refuses empty, "null", "undefined" and non-strings', () => {
    expect(isValidToken('')).toBe(false)
    expect(isValidToken('null')).toBe(false)
    expect(isValidToken('undefined')).toBe(false)
    expect(isValidToken(null)).toBe(false)
    expect(isValidToken(undefined)).toBe(false)
    expect(isValidToken(12345678901234567890123)).toBe(false)
  })
})

describe('getToken', () => {
  it('returns a stored valid token and nothing after clearToken', () => {
    setToken('b'.repeat(30))
    expect(getToken()).toBe('b'.repeat(30))
    clearToken()
    expect(getToken()).toBeNull()
  })

  it('ignores a stored value that is not a real token', () => {
    localStorage.setItem(TOKEN_KEY, 'undefined')
    expect(getToken()).toBeNull()
    localStorage.setItem(TOKEN_KEY, 'a'.repeat(20))
    expect(getToken()).toBeNull()
  })
})
