#!/usr/bin/env node
/*
 * `npm start` on one machine: builds what is missing or older than its sources (backend, dashboard, site and
 * review bundles), prepares the database (create, migrate, seed), then runs the built API and the worker side
 * by side. SIGINT/SIGTERM stop both gracefully; if either exits, the other is stopped too.
 * In production run them as separate processes instead (`npm run start:api`, `npm run worker`).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const backend = join(root, 'backend')
const node = process.execPath

/** Newest modification time under the given paths (files and folders, node_modules and outputs skipped). */
function newest(paths) {
  let latest = 0
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    latest = Math.max(latest, stat.mtimeMs)
    if (!stat.isDirectory()) return
    for (const entry of readdirSync(path)) {
      if (entry === 'node_modules' || entry === 'build' || entry === 'dist' || entry === 'tmp') continue
      visit(join(path, entry))
    }
  }
  paths.forEach(visit)
  return latest
}

const builtAt = (marker) => (existsSync(marker) ? statSync(marker).mtimeMs : 0)
const targets = [
  { workspace: 'backend', marker: join(backend, 'build', 'bin', 'server.js'), sources: ['app', 'bin', 'commands', 'config', 'database', 'start', 'types', 'adonisrc.ts', 'package.json'].map((p) => join(backend, p)) },
  { workspace: 'landing', marker: join(root, 'landing', 'dist', 'index.html'), sources: ['src', 'index.html', 'review.html', 'public', 'vite.config.ts', 'package.json'].map((p) => join(root, 'landing', p)) },
  { workspace: 'frontend', marker: join(root, 'frontend', 'dist', 'index.html'), sources: ['src', 'index.html', 'vite.config.ts', 'package.json', '../landing/src/shared'].map((p) => join(root, 'frontend', p)) },
]
const stale = targets.filter(({ marker, sources }) => builtAt(marker) < newest(sources))
if (stale.length) {
  console.log(`[start] building ${stale.map((t) => t.workspace).join(', ')}`)
  const args = ['run', 'build', ...stale.flatMap((t) => ['--workspace', t.workspace])]
  // Bundles are always production builds, whatever NODE_ENV the server itself runs with.
  const build = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (build.status !== 0) process.exit(build.status ?? 1)
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
