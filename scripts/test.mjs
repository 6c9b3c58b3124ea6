#!/usr/bin/env node
/*
 * Runs every test suite of the monorepo and ends with one line: `N passed, N failed` summed over all suites. A suite
 * that crashes before printing its summary counts as a failure, so a broken runner can never look green.
 *
 * After the build and lint, the dashboard's Vitest suite runs alone (its two workers keep both cores busy), then the
 * others two at a time, longest first (TEST_PARALLEL=1: one after another, streaming): the backend's Japa suite as
 * three shards, each on its own database, port, queue prefix and mail folder
 * (its files dealt out by their measured times, backend/tests/durations.json; TEST_WRITE_DURATIONS=true rewrites
 * them from a run), the journeys, fault, replica and backup suites, and the site's Vitest suite. Much of a
 * backend or journey test's time is spent waiting on MySQL, HTTP, a browser or a timer, so two at a time keep both
 * cores of a small machine busy. Each suite prints its whole output when it ends, headed by its time, so the log
 * reads suite by suite.
 * `npm test -- <japa arguments>` (e.g. `--files widget`) runs the backend alone, unsharded, with those arguments.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'

const root = new URL('..', import.meta.url).pathname
const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
const japaArgs = process.argv.slice(2)
const parallel = japaArgs.length ? 1 : Math.max(1, Number(process.env.TEST_PARALLEL ?? 2))
const BACKEND_SHARDS = parallel > 1 ? 3 : 1
const DURATIONS = `${root}backend/tests/durations.json`

/** "Tests  20 passed, 1 failed (21)" (Japa) / "Tests  12 passed | 1 failed (13)" (Vitest). */
function testsLine(pattern) {
  return (out) => {
    const line = out.match(pattern)
    if (!line) return null
    const count = (word) => Number(line[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0)
    return { passed: count('passed'), failed: count('failed') }
  }
}
/** "Lint checks  2 passed, 0 failed" and the like. */
const checksLine = (label) => (out) => {
  const line = out.match(new RegExp(`${label}\\s+(\\d+) passed, (\\d+) failed`))
  return line ? { passed: Number(line[1]), failed: Number(line[2]) } : null
}

/**
 * The backend's spec files dealt into `count` shards, longest first, each to the shard with the least time so far
 * (a file not yet measured counts as 3 s).
 */
function backendShards(count) {
  if (count === 1) return [{ seconds: 0, args: japaArgs }]
  const measured = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, 'utf8')) : {}
  const files = readdirSync(`${root}backend/tests`, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => `tests/${file}`)
    .sort()
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] }))
  for (const file of files.sort((a, b) => (measured[b] ?? 3) - (measured[a] ?? 3))) {
    const shard = shards.reduce((least, next) => (next.seconds < least.seconds ? next : least))
    shard.seconds += measured[file] ?? 3
    shard.files.push(file)
  }
  return shards.map((shard) => ({ seconds: shard.seconds, args: shard.files.flatMap((file) => ['--files', file]) }))
}

/** Seconds per spec file from Japa's output: its group lines name the file, its test lines end with a duration. */
function fileSeconds(output) {
  const seconds = {}
  let file = null
  for (const line of output.split('\n')) {
    const group = line.match(/^(?:unit|functional|browser) \/ .*\((tests\/[^)]+)\)\s*$/)
    if (group) file = group[1]
    const test = line.match(/^\s+[✔✖].*\(([\d.]+)(ms|s|m)\)\s*$/)
    if (test && file) seconds[file] = (seconds[file] ?? 0) + Number(test[1]) / { ms: 1000, s: 1, m: 1 / 60 }[test[2]]
  }
  return seconds
}

const backend = backendShards(BACKEND_SHARDS).map(({ seconds, args }, i) => ({
  name: BACKEND_SHARDS > 1 ? `backend (Japa) ${i + 1}/${BACKEND_SHARDS}` : 'backend (Japa)',
  minutes: seconds / 60 + 0.5,
  cwd: `${root}backend`,
  command: ['node', ['ace.js', 'test', ...args]],
  // The other shards: their own database, port, queues and mails (the first keeps .env.test's).
  env:
    i === 0
      ? {}
      : {
          DB_DATABASE: `reviewroute_test_${i + 1}`,
          PORT: String(3334 + i),
          QUEUE_PREFIX: `reviewroute-test-${i + 1}`,
          MAIL_DIR: `tmp/test-mail-${i + 1}`,
        },
  totals: testsLine(/Tests\s+(.*)\((\d+)\)\s*$/m),
  backend: true,
}))

/**
 * Each suite: about how long it takes alone on a quiet 2-core machine (the order they start in), where it runs, the
 * command, and how to read its totals from the output.
 */
const suites = [
  ...backend,
  ...(japaArgs.length
    ? []
    : [
        {
          name: 'docker files',
          minutes: 0.2,
          cwd: root,
          command: ['node', ['scripts/check-docker.mjs']],
          totals: checksLine('Docker checks'),
        },
        ...Object.entries({ journeys: 5.5, faults: 1.7, replicas: 0.7, backup: 0.5 }).map(([kind, minutes]) => ({
          name: `${kind} (node:test)`,
          minutes,
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
            minutes: dir === 'frontend' ? 6 : 1,
            // The dashboard's Vitest suite keeps both cores busy on its own (two workers): beside another suite it
            // takes twice as long and slows that one too.
            alone: dir === 'frontend',
            cwd: `${root}${dir}`,
            command: ['npm', ['test', '--silent']],
            totals: testsLine(/^\s*Tests\s+(.*)\((\d+)\)\s*$/m),
          })),
      ]),
]

/** Runs one command; its output streams through when `stream`, else it is kept for the caller to print. */
function run({ cwd, command: [bin, args], env = {} }, stream) {
  return new Promise((resolve) => {
    const started = Date.now()
    let output = ''
    const child = spawn(bin, args, { cwd, env: { ...process.env, FORCE_COLOR: '0', ...env } })
    const relay = (target) => (chunk) => {
      output += chunk
      if (stream) target.write(chunk)
    }
    child.stdout.on('data', relay(process.stdout))
    child.stderr.on('data', relay(process.stderr))
    child.on('close', (code) => resolve({ code, output: stripAnsi(output), seconds: (Date.now() - started) / 1000 }))
  })
}

let passed = 0
let failed = 0
/** The end of each failing suite's output, printed again just above the last line (CI logs keep only the tail). */
const failures = []
const FAILURE_TAIL_LINES = 80
const tailOf = (output) => output.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n')
const backendSeconds = {}

/** Counts one suite's result; prints its output first unless it streamed. */
function record(suite, { code, output, seconds }, streamed) {
  if (!streamed) process.stdout.write(`\n=== ${suite.name} (${seconds.toFixed(0)} s) ===\n${output}`)
  else console.log(`\n(${suite.name}: ${seconds.toFixed(0)} s)`)
  if (suite.backend) Object.assign(backendSeconds, fileSeconds(output))
  const totals = suite.totals(output)
  if (!totals) {
    console.log(`\n${suite.name}: no test summary found (exit code ${code}); counted as 1 failure`)
    failed += 1
    failures.push({ name: suite.name, output })
    return
  }
  passed += totals.passed
  failed += totals.failed
  if (code !== 0 && totals.failed === 0) {
    console.log(`\n${suite.name}: exited with code ${code} although no test failed; counted as 1 failure`)
    failed += 1
  }
  if (code !== 0 || totals.failed > 0) failures.push({ name: suite.name, output })
}

const started = Date.now()
// The browser tests and page routes need the built front ends; the journeys, fault and replica suites run the compiled backend.
for (const step of [
  { name: 'build (backend, dashboard, site and review bundles)', command: ['npm', ['run', 'build', '--silent']] },
  ...(japaArgs.length
    ? []
    : [{ name: 'lint (ESLint, Prettier)', command: ['node', ['scripts/lint.mjs']], totals: checksLine('Lint checks') }]),
]) {
  console.log(`=== ${step.name} ===`)
  const result = await run({ cwd: root, ...step }, true)
  if (step.totals) record(step, result, true)
  else if (result.code !== 0) {
    console.log(`\n${step.name} failed; counted as 1 failure`)
    failed += 1
    failures.push({ name: step.name, output: result.output })
  }
}

if (parallel === 1) {
  for (const suite of suites) {
    console.log(`\n=== ${suite.name} ===`)
    record(suite, await run(suite, true), true)
  }
} else {
  // A suite that keeps every core busy runs alone; then the others, longest first, so that the short ones fill in at the end.
  for (const suite of suites.filter((one) => one.alone)) {
    console.log(`\n=== ${suite.name}, alone ===`)
    record(suite, await run(suite, true), true)
  }
  const queue = suites.filter((one) => !one.alone).sort((a, b) => b.minutes - a.minutes)
  console.log(`\n=== ${queue.length} suites, ${parallel} at a time, longest first; each prints its output when it ends ===`)
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let suite = queue.shift(); suite; suite = queue.shift()) record(suite, await run(suite, false), false)
    })
  )
}

// A full backend run keeps its files' times for the next run's shards (TEST_WRITE_DURATIONS=true).
if (process.env.TEST_WRITE_DURATIONS === 'true' && !japaArgs.length && Object.keys(backendSeconds).length) {
  const rounded = Object.fromEntries(
    Object.entries(backendSeconds)
      .sort()
      .map(([file, s]) => [file, Math.round(s * 10) / 10])
  )
  writeFileSync(DURATIONS, `${JSON.stringify(rounded, null, 2)}\n`)
}

for (const { name, output } of failures) {
  console.log(`\n=== failed: ${name} (its last ${FAILURE_TAIL_LINES} lines again) ===\n${tailOf(output)}`)
}

console.log(`\n(all suites: ${((Date.now() - started) / 60000).toFixed(1)} min)`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
