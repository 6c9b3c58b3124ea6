import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'

// Only used for encryption helpers; production refuses to boot without a real key (start/env.ts).
export const appKey = new Secret(env.get('APP_KEY') ?? 'dev-only-key-not-for-production-use-0001')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  trustProxy: () => env.get('TRUST_PROXY'),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
