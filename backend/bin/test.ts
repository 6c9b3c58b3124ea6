/*
 * Japa test runner entry point (`node ace test` spawns this file).
 */
process.env.NODE_ENV = 'test'

const { prettyPrintError } = await import('@adonisjs/core')
const { configure, processCLIArgs, run } = await import('@japa/runner')
const { createIgnitor } = await import('./ignitor.js')

createIgnitor()
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      setup: runnerHooks.setup,
      teardown: [...runnerHooks.teardown, () => app.terminate()],
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
