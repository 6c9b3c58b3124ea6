#!/usr/bin/env node
/*
 * `npm start` on one machine: builds what is missing or older than its sources (backend, dashboard, site and
 * review bundles), prepares the database (create, migrate, seed), then runs the built API and the worker side
 * by side. SIGINT/SIGTERM stop both gracefully; if either exits, the other is stopped too.
 * In production run them as separate processes instead (`npm run start:api`, `npm run worker`).
 */
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { buildWorkspaces, root, staleWorkspaces } from './lib/builds.mjs'

const backend = join(root, 'backend')
const node = process.execPath

const stale = staleWorkspaces()
if (stale.length) {
  console.log(`[start] building ${stale.join(', ')}`)
  const status = buildWorkspaces(stale)
  if (status !== 0) process.exit(status ?? 1)
}

const built = join(backend, 'build')
const prepare = spawnSync(node, ['ace.js', 'db:prepare'], { cwd: built, stdio: 'inherit' })
if (prepare.status !== 0) process.exit(prepare.status ?? 1)

const processes = [
  ['api', ['bin/server.js']],
  ['worker', ['ace.js', 'queue:work']],
].map(([name, args]) => {
  const child = spawn(node, args, { cwd: built, stdio: 'inherit' })
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
