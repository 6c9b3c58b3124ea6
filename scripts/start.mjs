#!/usr/bin/env node
/*
 * `npm start` on one machine: prepares the database (create, migrate, seed), then runs the API and the
 * worker side by side. SIGINT/SIGTERM stop both gracefully; if either exits, the other is stopped too.
 * In production run them as separate processes instead (`npm run start:api`, `npm run worker`).
 */
import { spawn, spawnSync } from 'node:child_process'

const backend = new URL('../backend/', import.meta.url).pathname
const node = process.execPath

const prepare = spawnSync(node, ['ace.js', 'db:prepare'], { cwd: backend, stdio: 'inherit' })
if (prepare.status !== 0) process.exit(prepare.status ?? 1)

const processes = [
  ['api', ['--import', 'ts-node-maintained/register/esm', 'bin/server.js']],
  ['worker', ['ace.js', 'queue:work']],
].map(([name, args]) => {
  const child = spawn(node, args, { cwd: backend, stdio: 'inherit' })
  child.on('exit', (code, signal) => {
    console.log(`[start] ${name} exited (${signal ?? code})`)
    stop('SIGTERM')
    process.exitCode ||= code ?? 0
  })
  return child
})

let stopping = false
function stop(signal) {
  if (stopping) return
  stopping = true
  for (const child of processes) if (child.exitCode === null) child.kill(signal)
}

process.on('SIGINT', () => stop('SIGTERM'))
process.on('SIGTERM', () => stop('SIGTERM'))
