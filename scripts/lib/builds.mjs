/*
 * What `npm run build` produces per workspace, and whether it is older than its sources. One definition for
 * `npm start` (rebuilds what is stale) and the benchmarks and fault tests (need a current backend/build).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const root = new URL('../..', import.meta.url).pathname

/** Each workspace's build marker and the sources it is built from. */
export const BUILD_TARGETS = {
  backend: {
    marker: 'backend/build/bin/server.js',
    sources: ['app', 'bin', 'commands', 'config', 'database', 'start', 'types', 'adonisrc.ts', 'package.json'].map((p) => `backend/${p}`),
  },
  landing: {
    marker: 'landing/dist/index.html',
    sources: ['src', 'index.html', 'review.html', 'public', 'vite.config.ts', 'vite.widget.config.ts', 'package.json'].map(
      (p) => `landing/${p}`
    ),
  },
  frontend: {
    marker: 'frontend/dist/index.html',
    sources: ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => `frontend/${p}`).concat('landing/src/shared'),
  },
}

/** Newest modification time under the given paths (files and folders; dependencies and outputs skipped). */
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

/** The workspaces (of `workspaces`) whose build is missing or older than one of its sources. */
export function staleWorkspaces(workspaces = Object.keys(BUILD_TARGETS)) {
  return workspaces.filter((workspace) => {
    const { marker, sources } = BUILD_TARGETS[workspace]
    const markerPath = join(root, marker)
    const builtAt = existsSync(markerPath) ? statSync(markerPath).mtimeMs : 0
    return builtAt < newest(sources.map((source) => join(root, source)))
  })
}

/**
 * Builds the given workspaces (`npm run build --workspace …`). Bundles are always production builds, whatever
 * NODE_ENV the caller runs with. Returns the exit status.
 */
export function buildWorkspaces(workspaces, { stdio = 'inherit' } = {}) {
  const args = ['run', 'build', ...workspaces.flatMap((workspace) => ['--workspace', workspace])]
  return spawnSync('npm', args, { cwd: root, stdio, env: { ...process.env, NODE_ENV: 'production' } }).status
}
