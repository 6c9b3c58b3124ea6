import env from '#start/env'
import { defineConfig } from '@adonisjs/cors'

const allowed = env
  .get('CORS_ORIGINS')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean)

export default defineConfig({
  enabled: true,
  origin: allowed,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  headers: true,
  // Refine's simple-rest data provider reads the list total from this header.
  exposeHeaders: ['x-total-count'],
  credentials: true,
  maxAge: 90,
})
