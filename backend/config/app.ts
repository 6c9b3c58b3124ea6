import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import { trustProxyFunction } from '#lib/trust_proxy'

// Only used for encryption helpers; production refuses to boot without a real key (start/env.ts).
export const appKey = new Secret(env.get('APP_KEY') ?? 'dev-only-key-not-for-production-use-0001')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  // Who may say who the client is (docs/decisions.md D53): request.ip() is the right-most address of
  // X-Forwarded-For that is not a trusted proxy; the rate limits and the rating checks all key on it.
  trustProxy: trustProxyFunction(env.get('TRUST_PROXY')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
