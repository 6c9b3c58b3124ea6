/*
 * Ace command-line entry point.
 */
// Without NODE_ENV the app would boot in an 'unknown' environment (seeders and logging depend on it).
process.env.NODE_ENV ??= 'development'

const { prettyPrintError } = await import('@adonisjs/core')
const { createIgnitor } = await import('./ignitor.js')

createIgnitor()
  .ace()
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
