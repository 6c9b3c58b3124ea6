#!/usr/bin/env node
/*
 * Runs every test suite of the monorepo and ends with one line: `N passed, N failed` summed over all suites. A
 * suite that crashes before printing its summary counts as a failure, so a broken runner can never look green.
 *
 * Two suites run at a time (TEST_JOBS, 1 for one after another), taken in the order below as soon as what they need
 * is there: the backend's Japa suite mostly waits on MySQL and fills little of a 2-core machine, so the dashboard's
 * Vitest suite runs beside it instead of after it. Each suite has its own database, ports and queue prefix (see
 * each suite's setup), so none sees another's rows. Each suite's output is kept and printed whole when it ends, so
 * two suites never interleave their lines; a line says when each one starts.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

const root = new URL('..', import.meta.url).pathname
const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
const JOBS = Math.max(1, Number.parseInt(process.env.TEST_JOBS ?? '2', 10) || 1)

/** "Tests  20 passed, 1 failed (21)" (Japa) / "Tests  12 passed | 1 failed (13)" (Vitest). */
const testsLine = (pattern) => (out) => {
  const line = out.match(pattern)
  if (!line) return null
  const count = (word) => Number(line[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0)
  return { passed: count('passed'), failed: count('failed') }
}

/**
 * Each suite: where it runs, the command, how to read its totals from the output, and whether it needs the build
 * (the browser tests and page routes need the built front ends; the journeys, fault and backup suites run the
 * compiled backend). The order is the order they start in: the longest first, the build before what needs it.
 */
const build = {
  name: 'build (backend, dashboard, site and review bundles)',
  cwd: root,
  command: ['npm', ['run', 'build', '--silent']],
  // Not a test suite: it adds no passes, and a failed build counts as one failure.
  totals: () => ({ passed: 0, failed: 0 }),
}
const suites = [
  build,
  {
    name: 'backend (Japa)',
    cwd: `${root}backend`,
    command: ['node', ['ace.js', 'test', ...process.argv.slice(2)]],
    needsBuild: true,
    totals: testsLine(/Tests\s+(.*)\((\d+)\)\s*$/m),
  },
  ...['frontend', 'landing']
    .filter((dir) => existsSync(`${root}${dir}/package.json`))
    .filter((dir) => JSON.parse(readFileSync(`${root}${dir}/package.json`, 'utf8')).scripts?.test)
    .map((dir) => ({
      name: `${dir} (Vitest)`,
      cwd: `${root}${dir}`,
      command: ['npm', ['test', '--silent']],
      totals: testsLine(/^\s*Tests\s+(.*)\((\d+)\)\s*$/m),
    })),
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
  ...['journeys', 'faults', 'backup'].map((kind) => ({
    name: `${kind} (node:test)`,
    cwd: root,
    command: ['npm', ['run', '--silent', `test:${kind}`]],
    needsBuild: true,
    // spec reporter "ℹ pass 6" / TAP "# pass 6"
    totals: (out) => {
      const pass = out.match(/^(?:ℹ|#) pass (\d+)/m)
      const fail = out.match(/^(?:ℹ|#) fail (\d+)/m)
      return pass && fail ? { passed: Number(pass[1]), failed: Number(fail[1]) } : null
    },
  })),
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
]

/** Runs a suite with its output kept (stdout and stderr in the order they came); resolves once, when it has exited. */
function run({ cwd, command: [bin, args] }) {
  return new Promise((resolve) => {
    let output = ''
    const child = spawn(bin, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' } })
    const keep = (chunk) => {
      output += chunk
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', (error) => {
      output += `\n${error.message}\n`
    })
    child.on('close', (code) => resolve({ code: code ?? 1, output: stripAnsi(output) }))
  })
}

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`
}

let passed = 0
let failed = 0
/** The end of each failing suite's output, printed again just above the last line (CI logs keep only the tail). */
const failures = []
const FAILURE_TAIL_LINES = 80
const tailOf = (output) => output.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n')
/** One row per suite, in the order they ended: name, time, what it counted. */
const timings = []
const started = Date.now()

/** Adds a finished suite's totals, prints its output whole, and notes a failure. */
function report(suite, { code, output }, ms) {
  console.log(`\n=== ${suite.name} (${minutes(ms)}) ===\n${output.trimEnd()}`)
  const totals = suite.totals(output)
  if (!totals) {
    console.log(`\n${suite.name}: no test summary found (exit code ${code}); counted as 1 failure`)
    failed += 1
    failures.push({ name: suite.name, output })
    timings.push([suite.name, ms, 'no summary'])
    return
  }
  passed += totals.passed
  failed += totals.failed
  if (code !== 0 && totals.failed === 0) {
    const why = suite === build ? 'failed' : `exited with code ${code} although no test failed`
    console.log(`\n${suite.name}: ${why}; counted as 1 failure`)
    failed += 1
  }
  if (code !== 0 || totals.failed > 0) failures.push({ name: suite.name, output })
  timings.push([suite.name, ms, suite === build ? (code === 0 ? 'built' : 'failed') : `${totals.passed} passed, ${totals.failed} failed`])
}

// The queue: whenever fewer than JOBS suites run, start the first waiting one whose build (if it needs it) is done.
// Suites that need the build still run when it failed (and fail with their own message), as one after another did.
const waiting = [...suites]
const running = new Set()
let buildDone = false
await new Promise((allDone) => {
  const next = () => {
    while (running.size < JOBS) {
      const index = waiting.findIndex((suite) => !suite.needsBuild || buildDone)
      if (index === -1) break
      const [suite] = waiting.splice(index, 1)
      console.log(`--- started: ${suite.name} (at ${minutes(Date.now() - started)})`)
      const begun = Date.now()
      const job = run(suite).then((result) => {
        running.delete(job)
        report(suite, result, Date.now() - begun)
        if (suite === build) buildDone = true
        if (waiting.length === 0 && running.size === 0) allDone()
        else next()
      })
      running.add(job)
    }
  }
  next()
})

for (const { name, output } of failures) {
  console.log(`\n=== failed: ${name} (its last ${FAILURE_TAIL_LINES} lines again) ===\n${tailOf(output)}`)
}

console.log(`\n=== times (${JOBS} at a time, ${minutes(Date.now() - started)} in all) ===`)
for (const [name, ms, what] of timings) console.log(`${minutes(ms).padStart(7)}  ${name.padEnd(54)} ${what}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
