/*
 * The MySQL backup and restore scripts (scripts/backup/mysql-backup.sh, mysql-restore.sh; docs/runbook.md) on a
 * real database: the backend's migrations (the build's `db:prepare`, as scripts/lib/compiled-api.mjs
 * `resetDatabase` does) on a database of our own, seeded with owners, businesses, a few thousand ratings,
 * customers, requests, payments, subscriptions, webhook events, billing details and tax invoices (JSON columns),
 * with Hindi, Tamil and Bengali text, ₹ and emoji. Then: every table's row count, CHECKSUM TABLE, an ordered
 * digest of its rows' bytes and its SHOW CREATE TABLE are recorded; the backup script runs; the database is
 * DROPPED; the restore script loads the dump into the same name; everything recorded must be equal, table by
 * table, and the Unicode text must be the same bytes the test wrote. Also: retention deletes only this database's
 * old dumps, a failed dump exits non-zero and leaves no file, the password reaches the dump program in MYSQL_PWD and
 * never as an argument, restore refuses a non-empty target without --force (and replaces it with), and refuses a
 * damaged dump or one without its checksum.
 *
 * Own databases (reviewroute_backup_test, reviewroute_backup_test_corrupt) and a temp folder, both removed at
 * the end even when a test fails; MariaDB on loopback only; ~5-10 s with a current backend build.
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { ace, apiEnv, ensureBackendBuild, mysqlConnection, root } from '../lib/compiled-api.mjs'

const DATABASE = 'reviewroute_backup_test'
const CORRUPT_TARGET = `${DATABASE}_corrupt`
const MISSING_DATABASE = `${DATABASE}_missing`
const BACKUP = join(root, 'scripts/backup/mysql-backup.sh')
const RESTORE = join(root, 'scripts/backup/mysql-restore.sh')
const SCRIPT_TIMEOUT_MS = 60_000

const USERS = 60
const BUSINESSES_PER_USER = 2
const SESSIONS = 4000
const CUSTOMERS = 300
const PAYMENTS = 45

/** Text that must survive byte for byte (names in three scripts, the rupee sign, a 4-byte emoji). */
const TEXT = {
  hindiFirst: 'प्रिया',
  hindiLast: 'शर्मा',
  tamilFirst: 'முருகன்',
  tamilLast: 'சுப்பிரமணியம்',
  bengaliFirst: 'অনন্যা',
  hindiBusiness: 'शर्मा स्वीट्स & नमकीन भंडार',
  tamilBusiness: 'முருகன் இட்லி கடை',
  feedback: 'खाना ठंडा था, ₹450 की थाली में दाल नहीं 😞 — உணவு நன்றாக இல்லை',
  legalName: 'முருகன் டிரேடர்ஸ் பிரைவேட் லிமிடெட்',
  failure: 'भुगतान विफल: बैंक ने मना किया (₹499)',
}

const tmp = mkdtempSync(join(tmpdir(), 'rr-backup-test-'))
const backupDir = join(tmp, 'backups')
let db
/** Ids of the rows whose Unicode text is checked after the restore. */
const marked = {}
let recorded = null
let dumpPath = null
const timings = {}

/** Settings the scripts run with: loopback MariaDB, our database and folder; nothing inherited that changes them. */
function scriptEnv(overrides = {}) {
  const env = {
    ...process.env,
    DB_HOST: '127.0.0.1',
    DB_PORT: '3306',
    DB_USER: process.env.DB_USER ?? 'root',
    DB_PASSWORD: process.env.DB_PASSWORD ?? '',
    DB_DATABASE: DATABASE,
    BACKUP_DIR: backupDir,
    ...overrides,
  }
  for (const key of ['BACKUP_KEEP_DAYS', 'BACKUP_BINLOG_POS', 'MYSQLDUMP', 'MYSQL', 'MYSQL_PWD']) {
    if (!(key in overrides)) delete env[key]
  }
  return env
}

function run(script, args = [], overrides = {}) {
  const started = performance.now()
  const result = spawnSync('bash', [script, ...args], { env: scriptEnv(overrides), encoding: 'utf8', timeout: SCRIPT_TIMEOUT_MS })
  return {
    code: result.status,
    signal: result.signal,
    stdout: result.stdout,
    stderr: result.stderr,
    seconds: (performance.now() - started) / 1000,
  }
}

const described = (result) =>
  `exit ${result.code}${result.signal ? ` (${result.signal})` : ''}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`

async function dropOwnDatabases() {
  const admin = await mysqlConnection(undefined)
  try {
    for (const name of [DATABASE, CORRUPT_TARGET, MISSING_DATABASE]) {
      if (!name.startsWith('reviewroute_backup_test')) throw new Error(`refusing to drop ${name}`)
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
    }
  } finally {
    await admin.end()
  }
}

async function databaseExists(name) {
  const [[row]] = await db.query('SELECT COUNT(*) AS n FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name])
  return Number(row.n) === 1
}

const pad = (n, width) => String(n).padStart(width, '0')
const at = (dayOffset, second = 0, ms = 0) => {
  const date = new Date(Date.UTC(2026, 9, 1) + dayOffset * 86_400_000 + second * 1000 + ms)
  return date.toISOString().replace('T', ' ').replace('Z', '')
}

/** Multi-row INSERT in chunks; returns the first id of each chunk's rows in order (consecutive per statement). */
async function insertRows(table, columns, rows, chunk = 1000) {
  const ids = []
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk)
    const [result] = await db.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [part])
    for (let j = 0; j < part.length; j++) ids.push(result.insertId + j)
  }
  return ids
}

async function tableExists(name) {
  const [[row]] = await db.query('SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [
    DATABASE,
    name,
  ])
  return Number(row.n) === 1
}

async function seed() {
  const fingerprint = (i) => createHash('sha256').update(`client-${i}`).digest('hex')
  const names = [
    [TEXT.hindiFirst, TEXT.hindiLast],
    [TEXT.tamilFirst, TEXT.tamilLast],
    [TEXT.bengaliFirst, 'সেন'],
    ['Aarav', 'Patel'],
    ['Zoë', 'D’Souza'],
  ]
  const userIds = await insertRows(
    'users',
    [
      'email',
      'password',
      'first_name',
      'last_name',
      'phone',
      'trial_starts_at',
      'trial_ends_at',
      'email_verified_at',
      'created_at',
      'updated_at',
    ],
    Array.from({ length: USERS }, (_, i) => {
      const [first, last] = names[i % names.length]
      return [
        `owner${i}@example.in`,
        i % 7 ? `$scrypt$n=16384,r=8,p=1$c2FsdHNhbHQ$${'x'.repeat(43)}` : null,
        first,
        last,
        `+9198450${pad(i, 5)}`,
        at(i),
        at(i + 7),
        i % 3 ? at(i, 60) : null,
        at(i),
        at(i, 1),
      ]
    })
  )
  marked.hindiUser = userIds[0]
  marked.tamilUser = userIds[1]

  // Each user's personal workspace (the tenant everything below belongs to), an agency with a binary logo and a
  // client it manages, and a team with a manager limited to some businesses (JSON).
  const workspaceIds = await insertRows(
    'workspaces',
    ['name', 'kind', 'created_by_user_id', 'created_at', 'updated_at'],
    userIds.map((userId, i) => [names[i % names.length].join(' '), 'personal', userId, at(i), at(i)])
  )
  const workspaceOf = new Map(userIds.map((userId, i) => [userId, workspaceIds[i]]))
  await insertRows(
    'workspace_members',
    ['workspace_id', 'user_id', 'role', 'business_ids', 'created_at', 'updated_at'],
    userIds.map((userId, i) => [workspaceIds[i], userId, 'owner', null, at(i), at(i)])
  )
  const logo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x00, 0x27, 0x5c, 0x22])
  const logoHash = createHash('sha256').update(logo).digest('hex')
  await insertRows('brand_logos', ['hash', 'content_type', 'bytes', 'created_at'], [[logoHash, 'image/png', logo, at(0)]])
  const [agencyId] = await insertRows(
    'workspaces',
    ['name', 'kind', 'created_by_user_id', 'brand_name', 'brand_color', 'brand_logo_hash', 'brand_logo_type', 'created_at', 'updated_at'],
    [['डिजिटल एजेंसी', 'agency', userIds[0], 'தமிழ் Digital', '#0f766e', logoHash, 'image/png', at(0), at(0)]]
  )
  const [clientId, teamId] = await insertRows(
    'workspaces',
    ['name', 'kind', 'managed_by_workspace_id', 'created_by_user_id', 'created_at', 'updated_at'],
    [
      ['Sharma Sweets — क्लाइंट', 'client', agencyId, userIds[0], at(1), at(1)],
      ['Annapoorna branches', 'team', null, userIds[1], at(1), at(1)],
    ]
  )
  await insertRows(
    'workspace_members',
    ['workspace_id', 'user_id', 'role', 'business_ids', 'created_at', 'updated_at'],
    [
      [agencyId, userIds[0], 'owner', null, at(0), at(0)],
      [teamId, userIds[1], 'owner', null, at(1), at(1)],
      [teamId, userIds[2], 'manager', JSON.stringify([1, 2]), at(2), at(2)],
    ]
  )
  marked.clientWorkspace = clientId
  marked.logo = { hash: logoHash, hex: logo.toString('hex').toUpperCase() }

  const businessNames = [TEXT.hindiBusiness, TEXT.tamilBusiness, 'Café Ñandú — ₹99 thali', 'Annapoorna Mess']
  const businessIds = await insertRows(
    'businesses',
    [
      'user_id',
      'workspace_id',
      'place_id',
      'name',
      'address',
      'rating',
      'review_count',
      'short_url',
      'google_review_url',
      'compliance_mode',
      'language',
      'created_at',
      'updated_at',
    ],
    userIds.flatMap((userId, u) =>
      Array.from({ length: BUSINESSES_PER_USER }, (_, b) => {
        const i = u * BUSINESSES_PER_USER + b
        return [
          userId,
          workspaceOf.get(userId),
          `ChIJ-backup-${i}`,
          businessNames[i % businessNames.length],
          `${i} अन्ना सालै, சென்னை 600002`,
          (3 + (i % 20) / 10).toFixed(1),
          i * 7,
          `bk-${pad(i, 4)}`,
          `https://search.google.com/local/writereview?placeid=ChIJ-backup-${i}`,
          i % 2,
          i % 3 === 0 ? 'hi' : null,
          at(u),
          at(u, 5),
        ]
      })
    )
  )
  marked.hindiBusiness = businessIds[0]
  marked.tamilBusiness = businessIds[1]

  const staffIds = await insertRows(
    'staff',
    ['business_id', 'name', 'code', 'created_at'],
    businessIds.slice(0, 20).map((businessId, i) => [businessId, i % 2 ? 'रवि कुमार' : 'கார்த்திக்', `S${pad(i, 3)}`, at(i)])
  )

  const customerIds = await insertRows(
    'customers',
    ['business_id', 'name', 'phone', 'email', 'consent_at', 'opted_out_at', 'created_at', 'updated_at'],
    Array.from({ length: CUSTOMERS }, (_, i) => [
      businessIds[i % businessIds.length],
      i % 2 ? `मीना ${i}` : `மீனா ${i}`,
      `+9199${pad(i, 8)}`,
      i % 4 ? `customer${i}@example.in` : null,
      at(i % 30),
      i % 25 === 0 ? at(i % 30, 90) : null,
      at(i % 30),
      at(i % 30, 1),
    ])
  )
  const requestIds = await insertRows(
    'review_requests',
    ['business_id', 'customer_id', 'channel', 'status', 'token', 'sent_at', 'created_at', 'updated_at', 'staff_id', 'failure_reason'],
    customerIds
      .slice(0, 150)
      .map((customerId, i) => [
        businessIds[i % businessIds.length],
        customerId,
        ['email', 'whatsapp_link', 'whatsapp', 'sms'][i % 4],
        ['sent', 'opened', 'rated', 'failed'][i % 4],
        createHash('sha256').update(`token-${i}`).digest('base64url').slice(0, 22),
        at(i % 30, 10),
        at(i % 30),
        at(i % 30, 10),
        i % 5 === 0 ? staffIds[i % staffIds.length] : null,
        i % 4 === 3 ? '(#131026) संदेश नहीं भेजा जा सका' : null,
      ])
  )

  const sessionIds = await insertRows(
    'review_sessions',
    [
      'business_id',
      'rating',
      'feedback',
      'redirected',
      'resolved_at',
      'client_fingerprint',
      'created_at',
      'contact_name',
      'contact_phone',
      'staff_id',
      'review_request_id',
    ],
    Array.from({ length: SESSIONS }, (_, i) => {
      const rating = (i % 5) + 1
      const low = rating <= 3
      const feedback = low && i % 2 ? (i % 10 === 1 ? TEXT.feedback : `Waited ${i % 40} minutes, staff rude, food cold (${i})`) : null
      return [
        businessIds[i % businessIds.length],
        rating,
        feedback,
        rating >= 4 ? 1 : 0,
        low && i % 9 === 0 ? at(i % 60, 3600) : null,
        fingerprint(i % 500),
        at(i % 60, i, i % 1000),
        low && i % 13 === 0 ? 'சுரேஷ்' : null,
        low && i % 13 === 0 ? `98450${pad(i % 100000, 5)}` : null,
        i % 17 === 0 ? staffIds[i % staffIds.length] : null,
        i < requestIds.length ? requestIds[i] : null,
      ]
    })
  )
  marked.feedbackSession = sessionIds[1]

  const [plans] = await db.query("SELECT id, total_price FROM subscription_plans WHERE plan_type <> 'trial' ORDER BY id")
  assert.ok(plans.length > 0, 'db:prepare seeded no paid plans')
  const paymentRows = Array.from({ length: PAYMENTS }, (_, i) => {
    const plan = plans[i % plans.length]
    const status = ['paid', 'paid', 'paid', 'created', 'failed'][i % 5]
    return [
      userIds[i % userIds.length],
      workspaceOf.get(userIds[i % userIds.length]),
      workspaceOf.get(userIds[i % userIds.length]),
      plan.id,
      `order_BK${pad(i, 12)}`,
      status === 'created' ? null : `pay_BK${pad(i, 12)}`,
      plan.total_price,
      'INR',
      status,
      status === 'failed' ? TEXT.failure : null,
      status === 'paid' ? at(i, 30) : null,
      at(i),
      at(i, 30),
    ]
  })
  const paymentIds = await insertRows(
    'payments',
    [
      'user_id',
      'workspace_id',
      'paid_by_workspace_id',
      'plan_id',
      'razorpay_order_id',
      'razorpay_payment_id',
      'amount',
      'currency',
      'status',
      'failure_reason',
      'paid_at',
      'created_at',
      'updated_at',
    ],
    paymentRows
  )
  const paid = paymentRows.map((row, i) => ({ row, id: paymentIds[i] })).filter(({ row }) => row[8] === 'paid')
  marked.failedPayment = paymentIds[4]

  await insertRows(
    'subscriptions',
    [
      'user_id',
      'workspace_id',
      'plan_id',
      'payment_id',
      'status',
      'current_period_start',
      'current_period_end',
      'created_at',
      'updated_at',
    ],
    paid.map(({ row, id }, i) => [row[0], row[1], row[3], id, 'active', at(i, 30), at(i + 30, 30), at(i, 30), at(i, 30)])
  )
  await insertRows(
    'payment_events',
    ['event_id', 'event', 'razorpay_order_id', 'payload', 'received_at'],
    paid.map(({ row }, i) => [
      `evt_BK${pad(i, 12)}`,
      'payment.captured',
      row[4],
      JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: row[5], amount: row[6], currency: 'INR', notes: { plan: '₹ प्लान' } } } },
      }),
      at(i, 31),
    ])
  )

  const payerIds = [...new Set(paid.map(({ row }) => row[0]))]
  if (await tableExists('billing_profiles')) {
    await insertRows(
      'billing_profiles',
      ['user_id', 'workspace_id', 'legal_name', 'address', 'state_code', 'gstin', 'created_at', 'updated_at'],
      payerIds.map((userId, i) => [
        userId,
        workspaceOf.get(userId),
        i % 2 ? TEXT.legalName : 'शर्मा एंटरप्राइजेज',
        '12 அண்ணா சாலை, சென்னை 600002',
        i % 2 ? '33' : '09',
        i % 3 ? null : `33AAGCR${pad(4375 + i, 4)}J1ZU`,
        at(i),
        at(i),
      ])
    )
  }
  if (await tableExists('invoices')) {
    const seller = {
      legalName: 'ReviewRoute Technologies Private Limited',
      address: '3rd Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
      stateCode: '29',
      gstin: '29AAGCR4375J1ZU',
    }
    const invoiceRows = paid.map(({ row, id }, i) => {
      const total = row[6]
      const taxable = Math.round((total * 100) / 118)
      const tax = total - taxable
      const intraState = i % 2 === 0
      return [
        `RR/2026-27/${pad(i + 1, 5)}`,
        'invoice',
        'RR',
        '2026-27',
        i + 1,
        id,
        row[0],
        row[1],
        at(i, 30),
        JSON.stringify(seller),
        JSON.stringify({
          legalName: i % 2 ? TEXT.legalName : 'शर्मा एंटरप्राइजेज',
          address: '12 அண்ணா சாலை, சென்னை 600002',
          stateCode: intraState ? '29' : '33',
          gstin: null,
        }),
        intraState ? '29' : '33',
        '998314',
        `ReviewRoute Pro — ₹${total / 100} (GST included)`,
        taxable,
        intraState ? Math.floor(tax / 2) : 0,
        intraState ? tax - Math.floor(tax / 2) : 0,
        intraState ? 0 : tax,
        total,
        i % 4 ? at(i, 40) : null,
        at(i, 30),
      ]
    })
    const invoiceIds = await insertRows(
      'invoices',
      [
        'number',
        'kind',
        'series',
        'financial_year',
        'sequence',
        'payment_id',
        'user_id',
        'workspace_id',
        'issued_at',
        'seller',
        'buyer',
        'place_of_supply',
        'sac',
        'description',
        'taxable_value',
        'cgst',
        'sgst',
        'igst',
        'total',
        'mailed_at',
        'created_at',
      ],
      invoiceRows
    )
    marked.tamilInvoice = invoiceIds[1]
    await db.query('INSERT INTO invoice_counters (series, financial_year, last_number) VALUES (?, ?, ?)', [
      'RR',
      '2026-27',
      invoiceRows.length,
    ])
  }
  if (await tableExists('whatsapp_accounts')) {
    const accountIds = await insertRows(
      'whatsapp_accounts',
      ['user_id', 'workspace_id', 'phone_number_id', 'access_token_encrypted', 'created_at', 'updated_at'],
      userIds
        .slice(0, 5)
        .map((userId, i) => [userId, workspaceOf.get(userId), `1065${pad(i, 11)}`, `encrypted-token-${i}.not-a-real-one`, at(i), at(i)])
    )
    // Each account's templates, with names in Devanagari and Tamil for the Unicode bytes.
    await insertRows(
      'whatsapp_templates',
      ['whatsapp_account_id', 'name', 'language', 'status', 'created_at', 'updated_at'],
      accountIds.flatMap((accountId, i) =>
        [
          ['review_request_en', 'en'],
          ['समीक्षा_अनुरोध', 'hi'],
          ['மதிப்புரை', 'ta'],
        ].map(([name, language]) => [accountId, name, language, 'APPROVED', at(i), at(i)])
      )
    )
  }
}

/*
 * Tables whose CHECKSUM TABLE MariaDB 10.11 gives differently for the restored copy although the row count, every
 * row's bytes (the digest below) and SHOW CREATE TABLE are equal. For these the digest is the comparison.
 */
const CHECKSUM_NOT_COMPARED = {
  customers:
    "seen on MariaDB 10.11 since the phone became a nullable ASCII VARCHAR next to the generated email_without_phone: the original's checksum differs from the restore's with identical rows and schema (it also differs with the column VIRTUAL or the table rebuilt by ALTER … FORCE)",
}

/** Per base table: row count, CHECKSUM TABLE, sha256 of every row's bytes in primary-key order, SHOW CREATE TABLE. */
async function snapshot() {
  const [tables] = await db.query(
    "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
    [DATABASE]
  )
  const result = {}
  for (const { name } of tables) {
    const [[{ n }]] = await db.query(`SELECT COUNT(*) AS n FROM \`${name}\``)
    const [[{ Checksum }]] =
      name in CHECKSUM_NOT_COMPARED ? [[{ Checksum: 'not compared' }]] : await db.query(`CHECKSUM TABLE \`${name}\` EXTENDED`)
    const [[create]] = await db.query(`SHOW CREATE TABLE \`${name}\``)
    const [keyColumns] = await db.query(
      "SELECT COLUMN_NAME AS c FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY ORDINAL_POSITION",
      [DATABASE, name]
    )
    const orderBy = keyColumns.length ? keyColumns.map(({ c }) => `\`${c}\``).join(', ') : '1'
    const [rows] = await db.query({ sql: `SELECT * FROM \`${name}\` ORDER BY ${orderBy}`, rowsAsArray: true, typeCast: false })
    const digest = createHash('sha256')
    for (const row of rows) {
      for (const value of row) {
        if (value === null) digest.update('N')
        else digest.update(`V${value.length}:`).update(value)
      }
      digest.update('\n')
    }
    result[name] = { rows: Number(n), checksum: String(Checksum), digest: digest.digest('hex'), create: create['Create Table'] }
  }
  return result
}

before(async () => {
  ensureBackendBuild()
  await dropOwnDatabases()
  // What compiled-api.mjs resetDatabase does, for a database name outside its bench/faults guard.
  let started = performance.now()
  ace(['db:prepare'], apiEnv({ DB_DATABASE: DATABASE, DB_PORT: '3306' }))
  timings.prepare = (performance.now() - started) / 1000
  db = await mysqlConnection(DATABASE)
  // Bytes in and out as the text is: the connection speaks utf8mb4 (mysql2's default charset is utf8mb4 too).
  await db.query('SET NAMES utf8mb4')
  started = performance.now()
  await seed()
  timings.seed = (performance.now() - started) / 1000
  mkdirSync(backupDir, { recursive: true })
})

after(async () => {
  try {
    await db?.end()
  } catch {}
  try {
    await dropOwnDatabases()
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
})

test(
  "backup writes a gzipped dump named by database and UTC time, its .sha256, and deletes only this database's old dumps",
  { timeout: 90_000 },
  async (t) => {
    recorded = await snapshot()
    // Old dumps: one of ours past the retention, one of ours within it, one of another database past it.
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000)
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000)
    const old = {
      expired: `${DATABASE}_20200101T000000Z.sql.gz`,
      recent: `${DATABASE}_20200102T000000Z.sql.gz`,
      otherDatabase: 'reviewroute_20200101T000000Z.sql.gz',
    }
    for (const [kind, name] of Object.entries(old)) {
      writeFileSync(join(backupDir, name), 'old')
      writeFileSync(join(backupDir, `${name}.sha256`), 'old')
      const when = kind === 'recent' ? twoDaysAgo : tenDaysAgo
      utimesSync(join(backupDir, name), when, when)
      utimesSync(join(backupDir, `${name}.sha256`), when, when)
    }

    const result = run(BACKUP, [], { BACKUP_KEEP_DAYS: '7' })
    assert.equal(result.code, 0, described(result))
    timings.backup = result.seconds

    const dumps = readdirSync(backupDir).filter(
      (name) => /^reviewroute_backup_test_\d{8}T\d{6}Z\.sql\.gz$/.test(name) && !name.startsWith(`${DATABASE}_2020`)
    )
    assert.equal(dumps.length, 1, `one new dump expected, found ${dumps.join(', ')}`)
    dumpPath = join(backupDir, dumps[0])
    const stamp = dumps[0].match(/_(\d{8}T\d{6}Z)\.sql\.gz$/)[1]
    const written = Date.UTC(
      +stamp.slice(0, 4),
      +stamp.slice(4, 6) - 1,
      +stamp.slice(6, 8),
      +stamp.slice(9, 11),
      +stamp.slice(11, 13),
      +stamp.slice(13, 15)
    )
    assert.ok(Math.abs(Date.now() - written) < 120_000, `the name's time ${stamp} is UTC now`)
    assert.match(result.stdout, new RegExp(dumps[0].replace(/\./g, '\\.')), 'the script says which file it wrote')

    const bytes = readFileSync(dumpPath)
    const [sum, file] = readFileSync(`${dumpPath}.sha256`, 'utf8').trim().split(/\s+/)
    assert.equal(sum, createHash('sha256').update(bytes).digest('hex'), "the .sha256 is the dump's")
    assert.equal(file, dumps[0], 'the .sha256 names the dump by its file name (checkable with sha256sum -c in its folder)')
    assert.equal(statSync(dumpPath).mode & 0o077, 0, 'the dump is readable by its owner only')
    assert.ok(!readdirSync(backupDir).some((name) => name.endsWith('.partial')), 'no partial file left')

    const sql = gunzipSync(bytes)
    timings.dumpBytes = bytes.length
    timings.sqlBytes = sql.length
    const text = sql.toString('utf8')
    assert.match(text, /-- Dump completed/)
    assert.match(text, /CREATE TABLE `review_sessions`/)
    assert.ok(sql.includes(Buffer.from(TEXT.tamilBusiness, 'utf8')), 'Tamil text is in the dump as UTF-8')
    assert.ok(sql.includes(Buffer.from('😞', 'utf8')), 'a 4-byte emoji is in the dump as UTF-8')

    assert.ok(
      !existsSync(join(backupDir, old.expired)) && !existsSync(join(backupDir, `${old.expired}.sha256`)),
      'a dump older than BACKUP_KEEP_DAYS is deleted with its checksum'
    )
    assert.ok(existsSync(join(backupDir, old.recent)), 'a dump within BACKUP_KEEP_DAYS is kept')
    assert.ok(existsSync(join(backupDir, old.otherDatabase)), "another database's dumps are never deleted")
    t.diagnostic(
      `backup: ${timings.backup.toFixed(2)} s, dump ${bytes.length.toLocaleString('en')} bytes gzip (${sql.length.toLocaleString('en')} bytes SQL)`
    )
  }
)

test('a dump that fails (unknown database, unreachable server, bad name) exits non-zero and leaves no file', { timeout: 60_000 }, () => {
  const listing = () => readdirSync(backupDir).sort()
  const beforeFiles = listing()
  const missing = run(BACKUP, [], { DB_DATABASE: MISSING_DATABASE })
  assert.notEqual(missing.code, 0, described(missing))
  const unreachable = run(BACKUP, [], { DB_PORT: '1' })
  assert.notEqual(unreachable.code, 0, described(unreachable))
  const bad = run(BACKUP, [], { DB_DATABASE: 'reviewroute; DROP' })
  assert.equal(bad.code, 2, described(bad))
  assert.deepEqual(listing(), beforeFiles, 'no dump, partial file or checksum was left behind')
})

test('the dump runs with the consistent-dump options and gets the password in MYSQL_PWD, never as an argument', { timeout: 30_000 }, () => {
  const folder = join(tmp, 'fake-dump')
  mkdirSync(folder)
  const fake = join(folder, 'fake-mysqldump.sh')
  // Records its arguments and MYSQL_PWD, then writes what a finished dump ends with.
  writeFileSync(
    fake,
    [
      '#!/usr/bin/env bash',
      'if [[ ${1:-} == --help ]]; then echo "fake dump"; exit 0; fi',
      `printf '%s\\n' "$@" > ${JSON.stringify(join(folder, 'args'))}`,
      `printf '%s' "\${MYSQL_PWD-unset}" > ${JSON.stringify(join(folder, 'pwd'))}`,
      'echo "-- fake dump"',
      'echo "-- Dump completed on 2026-11-24  2:45:00"',
    ].join('\n'),
    { mode: 0o755 }
  )
  const password = 'canary-Pa55word-not-on-the-command-line'
  const result = run(BACKUP, [], { MYSQLDUMP: fake, DB_PASSWORD: password, BACKUP_DIR: join(folder, 'out') })
  assert.equal(result.code, 0, described(result))
  const args = readFileSync(join(folder, 'args'), 'utf8').trim().split('\n')
  assert.equal(readFileSync(join(folder, 'pwd'), 'utf8'), password, 'the password is in MYSQL_PWD')
  assert.ok(!args.some((arg) => arg.includes(password)), `the password is not an argument: ${args.join(' ')}`)
  assert.ok(!args.some((arg) => /^(-p|--password)/.test(arg)), 'no password option at all')
  for (const option of ['--single-transaction', '--routines', '--triggers', '--events', '--hex-blob', '--default-character-set=utf8mb4']) {
    assert.ok(args.includes(option), `${option} is passed`)
  }
  assert.equal(args.at(-1), DATABASE, 'the database is the last argument')
  assert.ok(!`${result.stdout}${result.stderr}`.includes(password), 'the password is never printed')
})

test(
  'restore after DROP DATABASE gives the same tables, row counts, checksums, schema and Unicode bytes',
  { timeout: 90_000 },
  async (t) => {
    assert.ok(dumpPath && recorded, 'the backup test made a dump')
    await db.query(`DROP DATABASE \`${DATABASE}\``)
    assert.equal(await databaseExists(DATABASE), false)

    const result = run(RESTORE, [dumpPath, DATABASE])
    assert.equal(result.code, 0, described(result))
    timings.restore = result.seconds
    assert.match(result.stdout, /checksum ok/)
    assert.match(result.stdout, /created database reviewroute_backup_test/)

    await db.changeUser({ database: DATABASE })
    const restored = await snapshot()
    assert.deepEqual(Object.keys(restored), Object.keys(recorded), 'the same tables')
    for (const [table, was] of Object.entries(recorded)) {
      const now = restored[table]
      assert.equal(now.rows, was.rows, `${table}: row count`)
      assert.equal(now.checksum, was.checksum, `${table}: CHECKSUM TABLE`)
      assert.equal(now.digest, was.digest, `${table}: digest of every row's bytes`)
      assert.equal(now.create, was.create, `${table}: SHOW CREATE TABLE (columns, generated columns, keys, AUTO_INCREMENT)`)
    }

    // The text as the test wrote it, byte for byte (equal before and after would also hold for text mangled twice).
    const hex = (text) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()
    const [[hindi]] = await db.query('SELECT HEX(first_name) AS f, HEX(last_name) AS l FROM users WHERE id = ?', [marked.hindiUser])
    assert.deepEqual([hindi.f, hindi.l], [hex(TEXT.hindiFirst), hex(TEXT.hindiLast)], 'Hindi owner name')
    const [[tamil]] = await db.query('SELECT HEX(first_name) AS f, HEX(last_name) AS l FROM users WHERE id = ?', [marked.tamilUser])
    assert.deepEqual([tamil.f, tamil.l], [hex(TEXT.tamilFirst), hex(TEXT.tamilLast)], 'Tamil owner name')
    const [[business]] = await db.query('SELECT HEX(name) AS n FROM businesses WHERE id = ?', [marked.tamilBusiness])
    assert.equal(business.n, hex(TEXT.tamilBusiness), 'Tamil business name')
    const [[session]] = await db.query('SELECT HEX(feedback) AS f, is_complaint AS c FROM review_sessions WHERE id = ?', [
      marked.feedbackSession,
    ])
    assert.equal(session.f, hex(TEXT.feedback), 'feedback with ₹ and an emoji')
    assert.equal(Number(session.c), 1, 'the stored generated column is computed again on the restored row')
    const [[payment]] = await db.query('SELECT HEX(failure_reason) AS r FROM payments WHERE id = ?', [marked.failedPayment])
    assert.equal(payment.r, hex(TEXT.failure), 'payment failure reason with ₹')
    if (marked.tamilInvoice) {
      const [[invoice]] = await db.query(
        "SELECT buyer, JSON_VALID(buyer) AS valid, HEX(JSON_UNQUOTE(JSON_EXTRACT(buyer, '$.legalName'))) AS legal FROM invoices WHERE id = ?",
        [marked.tamilInvoice]
      )
      assert.equal(Number(invoice.valid), 1, 'the JSON column is still valid JSON')
      assert.equal(invoice.legal, hex(TEXT.legalName), "Tamil legal name inside the invoice's JSON")
      assert.equal(JSON.parse(typeof invoice.buyer === 'string' ? invoice.buyer : JSON.stringify(invoice.buyer)).legalName, TEXT.legalName)
    }

    const [[logoRow]] = await db.query('SELECT HEX(bytes) AS b FROM brand_logos WHERE hash = ?', [marked.logo.hash])
    assert.equal(logoRow.b, marked.logo.hex, "an agency's logo (binary, with NUL, 0xFF, quote and backslash bytes)")
    const [[client]] = await db.query(
      'SELECT a.brand_logo_hash AS hash FROM workspaces w JOIN workspaces a ON a.id = w.managed_by_workspace_id WHERE w.id = ?',
      [marked.clientWorkspace]
    )
    assert.equal(client.hash, marked.logo.hash, 'the client workspace is still managed by the branded agency')

    const totalRows = Object.values(restored).reduce((sum, { rows }) => sum + rows, 0)
    const biggest = Object.entries(restored)
      .filter(([, { rows }]) => rows > 0)
      .sort(([, a], [, b]) => b.rows - a.rows)
      .map(([table, { rows }]) => `${table} ${rows}`)
    t.diagnostic(`tables: ${Object.keys(restored).length}, rows: ${totalRows.toLocaleString('en')} (${biggest.join(', ')})`)
    t.diagnostic(`dump: ${timings.dumpBytes.toLocaleString('en')} bytes gzip, ${timings.sqlBytes.toLocaleString('en')} bytes SQL`)
    t.diagnostic(`backup: ${timings.backup.toFixed(2)} s, restore: ${timings.restore.toFixed(2)} s (script wall time, checksum included)`)
    t.diagnostic(`set-up: migrations (db:prepare) ${timings.prepare.toFixed(2)} s, seeding ${timings.seed.toFixed(2)} s`)
  }
)

test('restore refuses a non-empty target without --force and replaces it with --force', { timeout: 90_000 }, async (t) => {
  assert.ok(dumpPath && recorded, 'the backup test made a dump')
  // A row that is not in the dump: what a refused restore must leave alone and a forced one must remove.
  await db.query('INSERT INTO users (email, first_name, created_at) VALUES (?, ?, ?)', ['late@example.in', 'Added after the backup', at(0)])
  const changed = await snapshot()

  const refused = run(RESTORE, [dumpPath, DATABASE])
  assert.equal(refused.code, 3, described(refused))
  assert.match(refused.stderr, /not empty.*--force/)
  assert.deepEqual(await snapshot(), changed, 'a refused restore changes nothing')

  const forced = run(RESTORE, ['--force', dumpPath, DATABASE])
  assert.equal(forced.code, 0, described(forced))
  assert.match(forced.stdout, /--force: dropping database reviewroute_backup_test/)
  await db.changeUser({ database: DATABASE })
  assert.deepEqual(await snapshot(), recorded, 'with --force the database is exactly the dump again')
  t.diagnostic(`restore --force over the database: ${forced.seconds.toFixed(2)} s`)
})

test('restore refuses a damaged dump and a dump without its checksum, before creating anything', { timeout: 60_000 }, async () => {
  assert.ok(dumpPath, 'the backup test made a dump')
  const folder = join(tmp, 'damaged')
  mkdirSync(folder)
  const damaged = join(folder, 'damaged.sql.gz')
  const bytes = readFileSync(dumpPath)
  bytes[Math.floor(bytes.length / 2)] ^= 0xff
  writeFileSync(damaged, bytes)
  writeFileSync(`${damaged}.sha256`, readFileSync(`${dumpPath}.sha256`, 'utf8').replace(/\S+$/m, 'damaged.sql.gz'))

  const mismatch = run(RESTORE, [damaged, CORRUPT_TARGET])
  assert.equal(mismatch.code, 4, described(mismatch))
  assert.match(mismatch.stderr, /checksum mismatch/)
  assert.equal(await databaseExists(CORRUPT_TARGET), false, 'nothing was created for a damaged dump')

  const unverified = join(folder, 'unverified.sql.gz')
  copyFileSync(dumpPath, unverified)
  const missing = run(RESTORE, [unverified, CORRUPT_TARGET])
  assert.equal(missing.code, 4, described(missing))
  assert.match(missing.stderr, /no checksum file/)
  assert.equal(await databaseExists(CORRUPT_TARGET), false, 'nothing was created for an unverified dump')

  const usage = run(RESTORE, [dumpPath])
  assert.equal(usage.code, 2, described(usage))
})
