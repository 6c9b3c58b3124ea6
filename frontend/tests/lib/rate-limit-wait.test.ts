/*
 * A refused request says how long to wait, from its Retry-After (docs/product-rules.md#errors): the contract's words,
 * the shared API client (the dashboard, the site and the customer page all call through it) and the dashboard's
 * purchase toast.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { retryAfterSeconds, tooManyRequestsText, waitText } from '@reviewroute/backend/contract/waiting'
import { api, ApiError } from '@reviewroute/web-shared/api'
import { purchaseErrorToast } from '#lib/billing'

describe('the wait in words', () => {
  it.each([
    [1, '1 second'],
    [30, '30 seconds'],
    [59.2, '60 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3000, '50 minutes'],
    [3600, '1 hour'],
    [3900, '1 hour 5 minutes'],
    [7200, '2 hours'],
    [86_400, '1 day'],
    [90_000, '2 days'],
  ])('%s seconds → %s', (seconds, words) => {
    expect(waitText(seconds)).toBe(words)
  })

  it('has no words for nothing to wait or a value that is not a number', () => {
    for (const value of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '60', null, undefined]) expect(waitText(value)).toBeNull()
  })

  it('says how long in the 429 sentence, and "a moment" only when the wait is unknown', () => {
    expect(tooManyRequestsText(3000)).toBe('Too many requests. Please try again in 50 minutes.')
    expect(tooManyRequestsText(null)).toBe('Too many requests. Please wait a moment and try again.')
  })

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('3000')).toBe(3000)
    expect(retryAfterSeconds(' 45 ')).toBe(45)
    const now = Date.parse('2026-12-02T10:00:00Z')
    expect(retryAfterSeconds('Wed, 02 Dec 2026 10:50:00 GMT', now)).toBe(3000)
    expect(retryAfterSeconds('soon')).toBeNull()
    expect(retryAfterSeconds(null)).toBeNull()
  })
})

describe('the API client on a 429', () => {
  afterEach(() => vi.unstubAllGlobals())

  const answer = (body: string | null, headers: Record<string, string>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 429, headers }))
    )

  async function refusal() {
    try {
      await api('/api/anything')
    } catch (error) {
      return error as ApiError
    }
    throw new Error('no refusal')
  }

  it('keeps the server sentence and knows the wait', async () => {
    answer(JSON.stringify({ error: 'Too many requests. Please try again in 50 minutes.', retryAfter: 3000 }), {
      'Content-Type': 'application/json',
      'Retry-After': '3000',
    })
    const error = await refusal()
    expect(error.message).toBe('Too many requests. Please try again in 50 minutes.')
    expect(error.retryAfter).toBe(3000)
  })

  it('says how long from Retry-After when the server sentence does not', async () => {
    answer(JSON.stringify({ error: 'Too many requests. Please wait a moment and try again.' }), {
      'Content-Type': 'application/json',
      'Retry-After': '3000',
    })
    expect((await refusal()).message).toBe('Too many requests. Please try again in 50 minutes.')
  })

  it('says how long for a refusal without our JSON (a proxy page) instead of the network sentence', async () => {
    answer('<html>429 Too Many Requests</html>', { 'Content-Type': 'text/html', 'Retry-After': '120' })
    expect((await refusal()).message).toBe('Too many requests. Please try again in 2 minutes.')
  })
})

describe('the purchase toast on a 429', () => {
  it('says how long when the answer had no sentence', () => {
    const error = new ApiError(429, '', { retryAfter: 3000 })
    expect(purchaseErrorToast(error)).toEqual({ title: 'Please Wait', description: 'Too many requests. Please try again in 50 minutes.' })
  })
})
