#!/usr/bin/env node
/*
 * `npm run lint`: ESLint over every workspace (eslint.config.js), then Prettier's check of the formatting
 * (.prettierrc.json). Ends with `Lint checks  N passed, N failed` (one per tool) for scripts/test.mjs.
 */
import { spawnSync } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const checks = [
  ['ESLint', 'eslint', ['--max-warnings', '0', '.']],
  ['Prettier', 'prettier', ['--check', '--log-level', 'warn', '.']],
]

let passed = 0
let failed = 0
for (const [name, bin, args] of checks) {
  const { status } = spawnSync('npx', ['--no-install', bin, ...args], { cwd: root, stdio: 'inherit' })
  console.log(`${name}: ${status === 0 ? 'clean' : 'problems above'}`)
  if (status === 0) passed += 1
  else failed += 1
}
console.log(`Lint checks  ${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
