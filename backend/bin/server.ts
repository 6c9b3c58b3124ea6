/*
 * HTTP server entry point (`node bin/server.js` after a build, or through the TS loader in development).
 */
// Without NODE_ENV the app would boot in an 'unknown' environment (seeders and logging depend on it).
process.env.NODE_ENV ??= 'development'

const { prettyPrintError } = await import('@adonisjs/core')
const { createIgnitor } = await import('./ignitor.js')
const { createServer } = await import('node:http')
const { randomUUID } = await import('node:crypto')

createIgnitor()
  .httpServer()
  // Every request's log lines carry its id (config/app.ts generateRequestId). AdonisJS would make one with
  // cuid2, a pure-JS SHA-3 that cost 8 to 14% of the API's CPU under load; a UUID from Node's pool is cheap.
  .start((handle) =>
    createServer((request, response) => {
      request.headers['x-request-id'] ??= randomUUID()
      return handle(request, response)
    })
  )
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
