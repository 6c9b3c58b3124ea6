import { getToken, TOKEN_KEY } from '@reviewroute/web-shared/token'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, errorText, request, signInUrl } from '#providers/http'
import { stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, signIn, TEST_TOKEN } from '../helpers'

afterEach(() => vi.unstubAllGlobals())

describe('request', () => {
  it('sends the stored token as a bearer and returns the JSON body', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/auth/user': { id: 1 } })
    expect(await request('/api/auth/user')).toEqual({ id: 1 })
    expect(api.calls[0].headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`)
  })

  it('sends no token when the stored one is not valid (docs/product-rules.md)', async () => {
    localStorage.setItem(TOKEN_KEY, 'null')
    const api = fakeApi({ 'GET /api/geo': { city: null, country: null } })
    await request('/api/geo')
    expect(api.calls[0].headers.Authorization).toBeUndefined()
  })

  it('on a 401 forgets the token and goes to sign-in with the current path and query', async () => {
    signIn()
    const location = stubLocation('/feedbacks?business=7')
    fakeApi({ 'GET /api/feedbacks': { status: 401, body: { error: 'Please sign in' } } })
    await expect(request('/api/feedbacks')).rejects.toMatchObject({ status: 401, message: 'Please sign in' })
    expect(getToken()).toBeNull()
    expect(location.assign).toHaveBeenCalledWith('/auth?mode=signin&redirect=%2Ffeedbacks%3Fbusiness%3D7')
  })

  it('does not sign out on other failures', async () => {
    signIn()
    const location = stubLocation('/dashboard')
    fakeApi({ 'GET /api/businesses': { status: 403, body: { error: 'Upgrade to Pro', upgrade: true } } })
    const failure = (await request('/api/businesses').catch((error: unknown) => error)) as ApiError
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure.upgrade).toBe(true)
    expect(getToken()).toBe(TEST_TOKEN)
    expect(location.assign).not.toHaveBeenCalled()
  })
})

describe('signInUrl', () => {
  it('carries the path and query back', () => {
    expect(signInUrl({ pathname: '/business/7', search: '?tab=funnel' })).toBe('/auth?mode=signin&redirect=%2Fbusiness%2F7%3Ftab%3Dfunnel')
  })
})

describe('errorText (docs/decisions.md D14: the server sentence, else the screen default)', () => {
  it('gives the server sentence', () => {
    expect(errorText(new ApiError(409, 'That short link is taken', { error: 'That short link is taken' }), 'Could not update')).toBe(
      'That short link is taken'
    )
  })

  it('gives the default for a network failure, an answer without a sentence, or any other error', () => {
    expect(errorText(new ApiError(0, 'Could not reach ReviewRoute.'), 'Failed to fetch businesses')).toBe('Failed to fetch businesses')
    expect(errorText(new ApiError(502, 'Could not reach ReviewRoute.', {}), 'Failed to fetch businesses')).toBe(
      'Failed to fetch businesses'
    )
    expect(errorText(new Error('boom'), 'Failed to fetch businesses')).toBe('Failed to fetch businesses')
  })
})
