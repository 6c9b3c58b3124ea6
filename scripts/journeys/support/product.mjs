/*
 * The product under test: the production build started the way `npm start` starts it (scripts/start.mjs:
 * db:prepare, then the compiled API and the worker) on its own port, database and queue prefix, pointed at the
 * loopback stubs (Meta's WhatsApp Business Platform among them, with its Embedded Signup), a real OpenID provider and
 * a real SMTP server (which files each mail it receives), with a movable clock.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createECDH } from 'node:crypto'
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mysqlConnection, root } from '../../lib/compiled-api.mjs'
import { startAiStub } from '../../lib/ai-stub.mjs'
import { startGoogleBusinessStub } from '../../lib/google-business-stub.mjs'
import { startOidcProvider } from '../../lib/oidc-provider.mjs'
import { startPushService } from '../../lib/push-service-stub.mjs'
import { startSmtpInbox } from '../../lib/smtp-inbox.mjs'
import { startWhatsAppStub } from '../../lib/whatsapp-stub.mjs'
import {
  GOOGLE_KEY,
  GOOGLE_PROFILE_ACCOUNTS,
  OIDC_ACCOUNTS,
  PUBSUB_TOKEN,
  RAZORPAY,
  startGoogleStub,
  startRazorpay,
  WHATSAPP_CONFIG_ID,
} from './stubs.mjs'
import { sleep, waitFor } from './wait.mjs'

// JOURNEYS_PORT, JOURNEYS_DATABASE and JOURNEYS_QUEUE_PREFIX let two runs share the machine without meeting.
export const PORT = Number(process.env.JOURNEYS_PORT || 3350)
export const HOST = '127.0.0.1'
export const BASE = `http://${HOST}:${PORT}`
export const DATABASE = process.env.JOURNEYS_DATABASE || 'reviewroute_journeys'
export const QUEUE_PREFIX = process.env.JOURNEYS_QUEUE_PREFIX || 'rr-journeys'
/** The product remembers a review link's business and owner access this long (shorter than the default 5 s). */
export const REVIEW_LINK_CACHE_MS = 1000

/**
 * ReviewRoute's own WhatsApp number for owners' alerts (docs/decisions.md D69), held by the WhatsApp stub of a product
 * started with `{alerts: true}`: its ids and the token the stub accepts for it.
 */
export const ALERTS_PLATFORM = {
  phoneNumberId: '109876543210350',
  wabaId: '108765432109350',
  token: 'EAAJourneysAlertsPlatformToken7c41d09e5b',
  displayPhoneNumber: '+91 80000 03500',
  verifiedName: 'ReviewRoute',
}

/** A VAPID key pair as `web-push generate-vapid-keys` gives one: a P-256 public point and private scalar, base64url. */
function vapidKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const scalar = ecdh.getPrivateKey()
  // 32 bytes, as web-push wants it, even when the scalar starts with a zero byte.
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar])
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') }
}

const SERVER_START_MS = 240_000
const STOP_GRACE_MS = 15_000

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, HOST)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/** Our queue prefix only: jobs with stable ids (feedback-alert-{sessionId}) from an earlier run would otherwise swallow new ones. */
async function clearQueues() {
  const { default: Redis } = await import('ioredis')
  const redis = new Redis({ host: process.env.REDIS_HOST ?? '127.0.0.1', port: Number(process.env.REDIS_PORT ?? 6379), lazyConnect: true })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${QUEUE_PREFIX}:*`, 'COUNT', 500)
      cursor = next
      if (keys.length) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/**
 * Starts the stubs and the product (`node scripts/start.mjs`) on a fresh database; resolves once
 * /api/health answers 200. `stop()` ends the whole process group and the stubs.
 * `alerts: true` also turns on owners' alerts on their phones (docs/decisions.md D68-D70): Web Push with a fresh VAPID
 * key to a loopback push service (scripts/lib/push-service-stub.mjs, `product.push`, its certificate trusted by the
 * API and the worker), and ReviewRoute's own WhatsApp number (ALERTS_PLATFORM) on the WhatsApp stub.
 */
export async function startProduct({ alerts = false } = {}) {
  const workDir = mkdtempSync(join(tmpdir(), 'rr-journeys-'))
  const logFile = join(workDir, 'server.log')
  const mailDir = join(workDir, 'mail')
  mkdirSync(mailDir)
  // scripts/start.mjs builds whatever is missing or stale first; its output goes to the server log.

  if (await portAnswers(PORT)) throw new Error(`Port ${PORT} is already in use: stop what listens there before running the journeys`)

  const google = await startGoogleStub()
  const razorpay = await startRazorpay()
  const googleBusiness = await startGoogleBusinessStub({ accounts: GOOGLE_PROFILE_ACCOUNTS })
  const ai = await startAiStub()
  const whatsapp = alerts
    ? await startWhatsAppStub({
        accessTokens: [ALERTS_PLATFORM.token],
        numbers: [
          {
            id: ALERTS_PLATFORM.phoneNumberId,
            wabaId: ALERTS_PLATFORM.wabaId,
            displayPhoneNumber: ALERTS_PLATFORM.displayPhoneNumber,
            verifiedName: ALERTS_PLATFORM.verifiedName,
          },
        ],
      })
    : await startWhatsAppStub()
  const vapid = alerts ? vapidKeys() : null
  const push = alerts ? await startPushService({ vapidPublicKey: vapid.publicKey }) : null
  const oidc = await startOidcProvider({ redirectUris: [`${BASE}/api/auth/oidc/callback`], accounts: OIDC_ACCOUNTS })
  const smtp = await startSmtpInbox(mailDir)
  const admin = await mysqlConnection()
  await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``)
  await admin.end()
  await clearQueues()

  const env = {
    ...process.env,
    FORCE_COLOR: '0',
    PORT: String(PORT),
    HOST,
    APP_URL: BASE,
    CORS_ORIGINS: BASE,
    // The journeys' clients are on loopback and name their address in X-Forwarded-For, as a balancer would (D53).
    TRUST_PROXY: 'loopback',
    DB_DATABASE: DATABASE,
    QUEUE_PREFIX,
    LIMITER_STORE: 'redis',
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: HOST,
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'off',
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    TEST_CLOCK: 'true',
    // Journeys run at any hour: the worker must not hold review requests for the morning.
    REQUEST_QUIET_HOURS: 'off',
    REVIEW_LINK_CACHE_MS: String(REVIEW_LINK_CACHE_MS),
    GOOGLE_PLACES_API_KEY: GOOGLE_KEY,
    GOOGLE_PLACES_BASE_URL: google.url,
    RAZORPAY_KEY_ID: RAZORPAY.keyId,
    RAZORPAY_KEY_SECRET: RAZORPAY.keySecret,
    RAZORPAY_WEBHOOK_SECRET: RAZORPAY.webhookSecret,
    RAZORPAY_BASE_URL: razorpay.url,
    ...googleBusiness.env,
    GOOGLE_PUBSUB_TOKEN: PUBSUB_TOKEN,
    ...ai.env,
    // Meta's Graph API, its JavaScript SDK and the Embedded Signup popup (scripts/lib/whatsapp-stub.mjs).
    WHATSAPP_API_BASE_URL: whatsapp.url,
    WHATSAPP_APP_ID: whatsapp.appId,
    WHATSAPP_APP_SECRET: whatsapp.appSecret,
    WHATSAPP_CONFIG_ID,
    WHATSAPP_SDK_URL: whatsapp.sdkUrl,
    ...(alerts
      ? {
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          VAPID_SUBJECT: 'mailto:alerts@reviewroute.in',
          PUSH_SERVICE_ORIGINS: push.url,
          // web-push speaks https: the API and the worker trust the push service's self-signed certificate.
          NODE_EXTRA_CA_CERTS: push.caFile,
          WHATSAPP_PLATFORM_PHONE_NUMBER_ID: ALERTS_PLATFORM.phoneNumberId,
          WHATSAPP_PLATFORM_WABA_ID: ALERTS_PLATFORM.wabaId,
          WHATSAPP_PLATFORM_TOKEN: ALERTS_PLATFORM.token,
        }
      : {}),
  }
  // NODE_ENV stays unset, as with `npm start`: the API, ace and the worker default to development (which
  // allows TEST_CLOCK), while a front end that start.mjs finds stale is rebuilt as a production bundle (Vite
  // builds development bundles when NODE_ENV=development is in the environment).
  delete env.NODE_ENV
  const fd = openSync(logFile, 'a')
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, detached: true, stdio: ['ignore', fd, fd] })
  closeSync(fd)
  let exited = null
  child.on('exit', (code, signal) => (exited = signal ?? code))
  // If this test process dies without stopping it, take the product down with it.
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }
  const killAndExit = (signal) => {
    killGroup()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  process.once('exit', killGroup)
  process.once('SIGINT', killAndExit)
  process.once('SIGTERM', killAndExit)

  const product = {
    base: BASE,
    mailDir,
    /** Runs a command of the built backend's ace against this product (e.g. operator:create); its output. */
    ace(args) {
      const result = spawnSync(process.execPath, ['ace.js', ...args], {
        cwd: join(root, 'backend', 'build'),
        env,
        encoding: 'utf8',
        timeout: 60_000,
      })
      if (result.status !== 0) throw new Error(`ace ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
      return `${result.stdout}${result.stderr}`
    },
    /**
     * `ace(args)` without blocking this process, for a command that talks to a stub living here (e.g.
     * whatsapp:platform-templates); its output.
     */
    aceAsync(args) {
      return new Promise((resolve, reject) => {
        const command = spawn(process.execPath, ['ace.js', ...args], {
          cwd: join(root, 'backend', 'build'),
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let output = ''
        command.stdout.on('data', (chunk) => (output += chunk))
        command.stderr.on('data', (chunk) => (output += chunk))
        const timer = setTimeout(() => command.kill('SIGKILL'), 60_000)
        command.once('error', (error) => (clearTimeout(timer), reject(error)))
        command.once('close', (code, signal) => {
          clearTimeout(timer)
          if (code === 0) resolve(output)
          else reject(new Error(`ace ${args.join(' ')} failed (${signal ?? code}):\n${output}`))
        })
      })
    },
    logFile,
    google,
    googleBusiness,
    ai,
    razorpay,
    oidc,
    whatsapp,
    /** The loopback push service (with `alerts: true`, else null). */
    push,
    async stop() {
      process.removeListener('exit', killGroup)
      process.removeListener('SIGINT', killAndExit)
      process.removeListener('SIGTERM', killAndExit)
      if (exited === null) {
        try {
          process.kill(-child.pid, 'SIGTERM')
        } catch {}
        const deadline = Date.now() + STOP_GRACE_MS
        while (exited === null && Date.now() < deadline) await sleep(100)
        if (exited === null) killGroup()
      }
      await Promise.all([
        google.close(),
        googleBusiness.close(),
        ai.close(),
        razorpay.close(),
        oidc.close(),
        smtp.close(),
        whatsapp.close(),
        push?.close(),
      ])
      await clearQueues().catch(() => {})
    },
  }

  try {
    await waitFor(
      `${BASE}/api/health (server log: ${logFile})`,
      async () => {
        if (exited !== null) {
          throw Object.assign(new Error(`scripts/start.mjs exited (${exited}) before the API answered:\n${tail(logFile)}`), { fatal: true })
        }
        const response = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null)
        return response?.status === 200
      },
      { timeoutMs: SERVER_START_MS, intervalMs: 300 }
    )
  } catch (error) {
    await product.stop()
    throw error
  }
  return product
}
