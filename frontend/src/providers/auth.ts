/*
 * Refine's auth provider on the API's token endpoints. Signing in and up happens on the site's /auth page;
 * the dashboard checks the stored token (docs/product-rules.md's validity rule), loads the owner, and signs out.
 */
import type { AuthProvider } from '@refinedev/core'
import type { UserDto } from '@reviewroute/backend/types/api'
import { clearToken, getToken } from '@reviewroute/web-shared/token'
import { request, signInUrl } from './http'

export const authProvider: AuthProvider = {
  // Sign-in lives on the site (/auth); the dashboard never shows its own form.
  login: async () => ({ success: false, redirectTo: signInUrl() }),

  logout: async () => {
    if (getToken()) await request('/api/auth/logout', { method: 'POST' }).catch(() => undefined)
    clearToken()
    return { success: true, redirectTo: '/' }
  },

  check: async () => (getToken() ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: signInUrl() }),

  onError: async (error) => (error?.statusCode === 401 || error?.status === 401 ? { logout: true, redirectTo: signInUrl() } : {}),

  getIdentity: async () => (getToken() ? request<UserDto>('/api/auth/user') : null),
}
