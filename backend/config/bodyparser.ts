import env from '#start/env'
import { defineConfig } from '@adonisjs/core/bodyparser'

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'], limit: env.get('BODY_LIMIT') },
  json: {
    convertEmptyStringsToNull: false,
    limit: env.get('BODY_LIMIT'),
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report'],
  },
  // Plain-text bodies are read too (request.raw()); without its own limit this type would take 1 MB.
  raw: { types: ['text/*'], limit: env.get('BODY_LIMIT') },
  multipart: { autoProcess: false, convertEmptyStringsToNull: true, processManually: [], limit: env.get('BODY_LIMIT') },
})
