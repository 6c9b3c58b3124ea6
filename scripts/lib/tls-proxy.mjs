/*
 * The production front for benchmarks: Caddy terminating TLS (HTTP/2, as docker/Caddyfile's site does once it has a
 * domain) and passing everything to the API on loopback. A browser on a real phone reaches ReviewRoute that way:
 * over HTTP/2 on one connection and offered brotli, which browsers ask for only over https. A certificate for
 * 127.0.0.1 is made for the run; Chromium trusts it through --ignore-certificate-errors-spki-list (what
 * WebPageReplay does), so the page is a secure origin with a working HTTP cache and service worker, as in
 * production, and not an origin with a certificate error (whose responses Chromium does not cache).
 * Needs `caddy` (Debian's package) and openssl; `tlsProxyAvailable()` says whether they are here.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { until } from './compiled-api.mjs'

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

export const tlsProxyAvailable = () => has('caddy') && has('openssl')

/** Runs openssl; its output as text, or as bytes when `binary`. */
function openssl(args, { input, binary = false } = {}) {
  const result = spawnSync('openssl', args, binary ? { input } : { input, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr}`)
  return result.stdout
}

/** A self-signed certificate for 127.0.0.1 and localhost, and its public key's SHA-256 (base64) for Chromium. */
function certificate(dir) {
  const cert = join(dir, 'cert.pem')
  const key = join(dir, 'key.pem')
  openssl([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    key,
    '-out',
    cert,
  ])
  const publicKey = openssl(['x509', '-pubkey', '-noout', '-in', cert])
  const der = openssl(['pkey', '-pubin', '-outform', 'der'], { input: publicKey, binary: true })
  const spki = openssl(['dgst', '-sha256', '-binary'], { input: der, binary: true }).toString('base64')
  return { cert, key, spki }
}

/** Resolves once `base` answers over TLS (any status), with our certificate accepted. */
function answers(base) {
  return new Promise((resolve) => {
    const req = httpsRequest(`${base}/api/health/live`, { rejectUnauthorized: false, timeout: 2000 }, (response) => {
      response.resume()
      resolve(true)
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
    req.end()
  })
}

/**
 * Starts Caddy on https://127.0.0.1:`port` in front of http://127.0.0.1:`upstreamPort`. Returns the base URL, the
 * Chromium arguments that trust its certificate, and stop().
 */
export async function startTlsProxy({ port, upstreamPort }) {
  const dir = mkdtempSync(join(tmpdir(), 'rr-tls-proxy-'))
  const { cert, key, spki } = certificate(dir)
  const config = join(dir, 'Caddyfile')
  writeFileSync(
    config,
    `{
	admin off
	auto_https off
	storage file_system ${join(dir, 'data')}
}
https://127.0.0.1:${port} {
	tls ${cert} ${key}
	encode gzip
	reverse_proxy 127.0.0.1:${upstreamPort}
}
`
  )
  const caddy = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  })
  let log = ''
  caddy.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)))
  const base = `https://127.0.0.1:${port}`
  const stop = async () => {
    if (caddy.exitCode === null) {
      caddy.kill('SIGTERM')
      await new Promise((resolve) => caddy.once('exit', resolve))
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const up = await until(() => (caddy.exitCode === null ? answers(base) : true), { timeoutMs: 15_000, everyMs: 200 })
  if (!up || caddy.exitCode !== null) {
    await stop()
    throw new Error(`caddy did not start on ${port}:\n${log}`)
  }
  return { base, chromiumArgs: [`--ignore-certificate-errors-spki-list=${spki}`], stop }
}
