import env from '#start/env'
import { defineConfig } from '@adonisjs/cors'
import { isWidgetApi } from '#web/widget_cors'

const allowed = env
  .get('CORS_ORIGINS')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean)

export default defineConfig({
  // The website widget's answer is read by the owners' own sites: its CORS is its own (#web/widget_cors, D49).
  enabled: (ctx) => !isWidgetApi(ctx.request.url()),
  origin: allowed,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  headers: true,
  // Refine's simple-rest data provider reads the list total from this header.
  exposeHeaders: ['x-total-count'],
  credentials: true,
  maxAge: 90,
})
