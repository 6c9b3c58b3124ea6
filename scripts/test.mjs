#!/usr/bin/env node
/*
 * Runs every test suite of the monorepo in turn, streams their output, and ends with one line:
 * `N passed, N failed` summed over all suites. A suite that crashes before printing its summary counts as a
 * failure, so a broken runner can never look green.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

const root = new URL('..', import.meta.url).pathname
const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')

/** Each suite: where it runs, the command, and how to read its totals from the output. */
const suites = [
  {
    name: 'lint (ESLint, Prettier)',
    cwd: root,
    command: ['node', ['scripts/lint.mjs']],
    // "Lint checks  2 passed, 0 failed"
    totals: (out) => {
      const line = out.match(/Lint checks\s+(\d+) passed, (\d+) failed/)
      return line ? { passed: Number(line[1]), failed: Number(line[2]) } : null
    },
  },
  {
    name: 'backend (Japa)',
    cwd: `${root}backend`,
    command: ['node', ['ace.js', 'test', ...process.argv.slice(2)]],
    // "Tests  20 passed, 1 failed (21)" / "Tests  21 passed (21)"
    totals: (out) => {
      const line = out.match(/Tests\s+(.*)\((\d+)\)\s*$/m)
      if (!line) return null
      const count = (word) => Number(line[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0)
      return { passed: count('passed'), failed: count('failed') }
    },
  },
  {
    name: 'docker files',
    cwd: root,
    command: ['node', ['scripts/check-docker.mjs']],
    // "Docker checks  6 passed, 0 failed"
    totals: (out) => {
      const line = out.match(/Docker checks\s+(\d+) passed, (\d+) failed/)
      return line ? { passed: Number(line[1]), failed: Number(line[2]) } : null
    },
  },
  ...['journeys', 'faults', 'replicas', 'backup'].map((kind) => ({
    name: `${kind} (node:test)`,
    cwd: root,
    command: ['npm', ['run', '--silent', `test:${kind}`]],
    // spec reporter "ℹ pass 6" / TAP "# pass 6"
    totals: (out) => {
      const pass = out.match(/^(?:ℹ|#) pass (\d+)/m)
      const fail = out.match(/^(?:ℹ|#) fail (\d+)/m)
      return pass && fail ? { passed: Number(pass[1]), failed: Number(fail[1]) } : null
    },
  })),
  ...['frontend', 'landing']
    .filter((dir) => existsSync(`${root}${dir}/package.json`))
    .filter((dir) => JSON.parse(readFileSync(`${root}${dir}/package.json`, 'utf8')).scripts?.test)
    .map((dir) => ({
      name: `${dir} (Vitest)`,
      cwd: `${root}${dir}`,
      command: ['npm', ['test', '--silent']],
      // "Tests  12 passed | 1 failed (13)"
      totals: (out) => {
        const line = out.match(/^\s*Tests\s+(.*)\((\d+)\)\s*$/m)
        if (!line) return null
        const count = (word) => Number(line[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0)
        return { passed: count('passed'), failed: count('failed') }
      },
    })),
]

function run({ cwd, command: [bin, args] }) {
  return new Promise((resolve) => {
    let output = ''
    const child = spawn(bin, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' } })
    const relay = (stream) => (chunk) => {
      output += chunk
      stream.write(chunk)
    }
    child.stdout.on('data', relay(process.stdout))
    child.stderr.on('data', relay(process.stderr))
    child.on('close', (code) => resolve({ code, output: stripAnsi(output) }))
  })
}

let passed = 0
let failed = 0
/** The end of each failing suite's output, printed again just above the last line (CI logs keep only the tail). */
const failures = []
const FAILURE_TAIL_LINES = 80
const tailOf = (output) => output.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n')

// The browser tests and page routes need the built front ends; the journeys, fault and replica suites run the compiled backend.
console.log('=== build (backend, dashboard, site and review bundles) ===')
const build = await run({ cwd: root, command: ['npm', ['run', 'build', '--silent']] })
if (build.code !== 0) {
  console.log('\nbuild failed; counted as 1 failure')
  failed += 1
  failures.push({ name: 'build', output: build.output })
}

for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`)
  const { code, output } = await run(suite)
  const totals = suite.totals(output)
  if (!totals) {
    console.log(`\n${suite.name}: no test summary found (exit code ${code}); counted as 1 failure`)
    failed += 1
    failures.push({ name: suite.name, output })
    continue
  }
  passed += totals.passed
  failed += totals.failed
  if (code !== 0 && totals.failed === 0) {
    console.log(`\n${suite.name}: exited with code ${code} although no test failed; counted as 1 failure`)
    failed += 1
  }
  if (code !== 0 || totals.failed > 0) failures.push({ name: suite.name, output })
}

for (const { name, output } of failures) {
  console.log(`\n=== failed: ${name} (its last ${FAILURE_TAIL_LINES} lines again) ===\n${tailOf(output)}`)
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
