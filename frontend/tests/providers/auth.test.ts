import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authProvider } from '#providers/auth'
import { stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, TEST_TOKEN } from '../helpers'

afterEach(() => vi.unstubAllGlobals())

describe('authProvider.check (docs/product-rules.md token rule)', () => {
  it('is authenticated with a valid stored token', async () => {
    signIn()
    expect(await authProvider.check()).toEqual({ authenticated: true })
  })

  it.each([
    ['no token', null],
    ['"null"', 'null'],
    ['"undefined"', 'undefined'],
    ['20 characters', 'a'.repeat(20)],
  ])('is not authenticated with %s, and points to sign-in with the way back', async (_label, token) => {
    if (token !== null) localStorage.setItem(TOKEN_KEY, token)
    stubLocation('/profile')
    expect(await authProvider.check()).toEqual({
      authenticated: false,
      logout: true,
      redirectTo: '/auth?mode=signin&redirect=%2Fprofile',
    })
  })
})

describe('authProvider.logout', () => {
  it('posts /api/auth/logout with the token, clears it and goes to /', async () => {
    signIn()
    const api = fakeApi({ 'POST /api/auth/logout': { status: 204 } })
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/' })
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/logout' })
    expect(api.calls[0].headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`)
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('still signs out locally when the call fails', async () => {
    signIn()
    fakeApi({ 'POST /api/auth/logout': { status: 503, body: { error: 'Service unavailable' } } })
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/' })
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('makes no call without a token', async () => {
    const api = fakeApi({})
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/' })
    expect(api.calls).toHaveLength(0)
  })
})

describe('authProvider identity and errors', () => {
  it('getIdentity reads GET /api/auth/user', async () => {
    signIn()
    fakeApi({ 'GET /api/auth/user': fixtures.user })
    expect(await authProvider.getIdentity!()).toEqual(fixtures.user)
  })

  it('getIdentity is null when signed out, without a call', async () => {
    const api = fakeApi({})
    expect(await authProvider.getIdentity!()).toBeNull()
    expect(api.calls).toHaveLength(0)
  })

  it('onError signs out on a 401 only', async () => {
    stubLocation('/feedbacks')
    expect(await authProvider.onError({ statusCode: 401 })).toEqual({
      logout: true,
      redirectTo: '/auth?mode=signin&redirect=%2Ffeedbacks',
    })
    expect(await authProvider.onError({ statusCode: 403 })).toEqual({})
    expect(await authProvider.onError({ statusCode: 500 })).toEqual({})
  })

  it('login never signs in here: it points to the site’s sign-in page', async () => {
    stubLocation('/dashboard')
    expect(await authProvider.login({})).toEqual({ success: false, redirectTo: '/auth?mode=signin&redirect=%2Fdashboard' })
  })
})
