import env from '#start/env'
import { defineConfig } from '@adonisjs/core/bodyparser'

/** The largest customer CSV one import takes (about 100,000 short rows). */
export const CSV_IMPORT_LIMIT = '5mb'
export const CSV_IMPORT_LIMIT_BYTES = 5 * 1024 * 1024

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'], limit: env.get('BODY_LIMIT') },
  json: {
    convertEmptyStringsToNull: false,
    limit: env.get('BODY_LIMIT'),
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report'],
  },
  // Plain-text bodies are read too (request.raw()); without its own limit this type would take 1 MB. text/csv is
  // left to the one route that takes it (the customer import reads its own body, up to CSV_IMPORT_LIMIT).
  raw: { types: ['text/plain', 'text/html', 'text/xml', 'text/markdown'], limit: env.get('BODY_LIMIT') },
  // Never parsed on its own: only the customer import processes a multipart body (its `file` field).
  multipart: { autoProcess: false, convertEmptyStringsToNull: true, processManually: [], limit: CSV_IMPORT_LIMIT },
})
