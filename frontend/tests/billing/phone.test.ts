import { describe, expect, it } from 'vitest'
import { isValidPhone, phoneDigits, phoneForApi } from '#lib/phone'

describe('phone number rules (docs/product-rules.md)', () => {
  it('keeps only digits as they are typed or pasted', () => {
    expect(phoneDigits('98a76-54 3')).toBe('9876543')
    expect(phoneDigits('(987) 654-3210')).toBe('9876543210')
  })

  it('keeps at most 10 digits', () => {
    expect(phoneDigits('987654321012345')).toBe('9876543210')
  })

  it('is valid with exactly 10 digits only', () => {
    expect(isValidPhone('9876543210')).toBe(true)
    expect(isValidPhone('987654321')).toBe(false)
    expect(isValidPhone('98765432101')).toBe(false)
    expect(isValidPhone('98765 4321')).toBe(false)
    expect(isValidPhone('')).toBe(false)
  })

  it('is sent with the +91 prefix', () => {
    expect(phoneForApi('9876543210')).toBe('+919876543210')
  })
})
