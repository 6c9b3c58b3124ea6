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
  multipart: { autoProcess: false, convertEmptyStringsToNull: true, processManually: [], limit: env.get('BODY_LIMIT') },
})
