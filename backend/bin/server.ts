/*
 * HTTP server entry point (`node bin/server.js` after a build, or through the TS loader in development).
 */
// Without NODE_ENV the app would boot in an 'unknown' environment (seeders and logging depend on it).
process.env.NODE_ENV ??= 'development'

const { prettyPrintError } = await import('@adonisjs/core')
const { createIgnitor } = await import('./ignitor.js')

createIgnitor()
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
