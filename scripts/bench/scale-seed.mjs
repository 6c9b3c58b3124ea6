/*
 * The scale bench's data set (scripts/bench/analytics-scale.mjs), written by MariaDB itself: every row comes from
 * INSERT … SELECT over the SEQUENCE engine (seq_1_to_N), so nothing crosses the wire row by row.
 *   - BENCH_SCALE_BUSINESSES (100,000) businesses: the owner's workspace holds the big business and 4 more, every
 *     other workspace (one owner each) holds 5;
 *   - the big business: BENCH_SCALE_SESSIONS (10,000,000) ratings over BENCH_SCALE_DAYS (1,095) days, oldest first,
 *     in chunks of 1,000,000 (one statement and one transaction each); every other business BENCH_SCALE_OTHER (10);
 *   - page views (about 1.7 per rating per IST day) for the big business;
 *   - analytics_daily for every finished day, filled by the rollup's own statement (RollupAnalytics.rollDays) over the
 *     whole history at once, and the watermark at yesterday, as the nightly job leaves them.
 * Deterministic: the same settings give the same rows (pseudo-random numbers are MD5 of the sequence number).
 */

const DAY_MS = 86_400_000
const IST_OFFSET_MINUTES = 330
const WORKSPACE_SIZE = 5
const CHUNK = 1_000_000

/** The shape a seeded database was built for: a different one is seeded again. */
export const shapeOf = (s) => JSON.stringify({ v: 2, businesses: s.businesses, sessions: s.sessions, days: s.days, other: s.other })

/** The words of the seeded private feedback (also the bench's own small seed in analytics-scale.mjs). */
export const FEEDBACK = [
  'Had to wait 25 minutes for a table.',
  'Service was slow on a weekday afternoon.',
  'Staff was a bit rude at the counter.',
  'The food was cold when it arrived.',
  'Quality has dropped since last year.',
  'Tables were not clean.',
  'Washroom was dirty.',
  'Too expensive for the portion size.',
  'Prices went up again, not worth it.',
  'Parking was a problem.',
  'Music was too loud to talk.',
  'Order was wrong and nobody apologised.',
]

const sqlString = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
const utc = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ')

/**
 * A number in [0, 1) from `key` (an SQL expression) and a salt: the first 32 bits of MD5, so the same key gives the
 * same number. Not CRC32: it is linear, so the numbers of two salts were correlated (90% of low ratings had text).
 */
const unit = (key, salt) => `(CONV(LEFT(MD5(CONCAT('${salt}', ${key})), 8), 16, 10) / 4294967296)`

/**
 * INSERT … SELECT of review_sessions rows, one per row of `from` (SQL), whose business is `businessId`, whose
 * sequence number is `n` and whose time is `createdAt` (SQL expressions over `from`): rating 5 55%, 4 20%, 3 10%,
 * 2 7%, 1 8%; 45% of 1-3 ratings with feedback, 30% of those resolved within 48 hours.
 */
function insertSessionsSql({ businessId, n, createdAt, from }) {
  const r = unit('n', 'r')
  const rating = `CASE WHEN ${r} < 0.55 THEN 5 WHEN ${r} < 0.75 THEN 4 WHEN ${r} < 0.85 THEN 3 WHEN ${r} < 0.92 THEN 2 ELSE 1 END`
  const feedback = `ELT(1 + FLOOR(${unit('n', 't')} * ${FEEDBACK.length}), ${FEEDBACK.map(sqlString).join(', ')})`
  const rows = `SELECT ${businessId} AS business_id, ${n} AS n, ${createdAt} AS created_at FROM ${from}`
  const rated = `SELECT business_id, n, created_at, ${rating} AS rating FROM (${rows}) AS a`
  const withFeedback = `SELECT business_id, n, created_at, rating, IF(rating <= 3 AND ${unit('n', 'f')} < 0.45, ${feedback}, NULL) AS feedback FROM (${rated}) AS b`
  return `INSERT INTO review_sessions (business_id, rating, feedback, redirected, resolved_at, client_fingerprint, created_at, alerted_at)
    SELECT business_id, rating, feedback, rating >= 4,
      IF(feedback IS NOT NULL AND ${unit('n', 'z')} < 0.3, created_at + INTERVAL 1 + MOD(n, 48) HOUR, NULL),
      SHA2(CONCAT('client-', MOD(n, 20000)), 256), created_at, IF(feedback IS NOT NULL, created_at + INTERVAL 1 MINUTE, NULL)
    FROM (${withFeedback}) AS c`
}

async function timed(log, label, work) {
  const started = Date.now()
  const result = await work()
  log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return result
}

/**
 * Seeds the data set around the owner (who registered through the API, so their personal workspace exists).
 * `toMs`: the end of the big business's history. Returns the big business's id.
 */
export async function seedScale(db, { ownerId, passwordHash, settings: s, toMs, log }) {
  const fromMs = toMs - s.days * DAY_MS
  const now = utc(Date.now())
  await db.query('SET SESSION foreign_key_checks = 0, unique_checks = 0')
  const [[{ workspace_id: ownerWorkspace }]] = await db.query(
    "SELECT workspace_id FROM workspace_members WHERE user_id = ? AND role = 'owner'",
    [ownerId]
  )
  const otherWorkspaces = Math.ceil((s.businesses - WORKSPACE_SIZE) / WORKSPACE_SIZE)

  await timed(log, `${otherWorkspaces} owners, workspaces and memberships`, async () => {
    await db.query(
      `INSERT INTO users (email, password, first_name, last_name, trial_starts_at, trial_ends_at, created_at, updated_at, email_verified_at)
       SELECT CONCAT('scale-owner-', seq, '@example.test'), ?, 'Scale', CONCAT('Owner ', seq), ?, ?, ?, ?, ? FROM seq_1_to_${otherWorkspaces}`,
      [passwordHash, now, now, now, now, now]
    )
    await db.query(
      `INSERT INTO workspaces (name, kind, created_by_user_id, created_at, updated_at)
       SELECT CONCAT(first_name, ' ', last_name), 'personal', id, ?, ? FROM users WHERE email LIKE 'scale-owner-%' ORDER BY id`,
      [now, now]
    )
    await db.query(
      `INSERT INTO workspace_members (workspace_id, user_id, role, created_at, updated_at)
       SELECT id, created_by_user_id, 'owner', ?, ? FROM workspaces WHERE id <> ? ORDER BY id`,
      [now, now, ownerWorkspace]
    )
  })

  const created = utc(fromMs)
  const [big] = await db.query(
    `INSERT INTO businesses (user_id, workspace_id, place_id, name, address, rating, review_count, short_url, google_review_url, compliance_mode, created_at)
     VALUES (?, ?, 'bench-scale-place', 'Scale Test Cafe', '1 MG Road, Bengaluru', 4.3, 1200, 'bench-scale',
       'https://search.google.com/local/writereview?placeid=bench-scale-place', 0, ?)`,
    [ownerId, ownerWorkspace, created]
  )
  const bigId = big.insertId
  await timed(log, `${s.businesses - 1} more businesses`, () =>
    db.query(
      `INSERT INTO businesses (user_id, workspace_id, place_id, name, address, rating, review_count, short_url, google_review_url, compliance_mode, created_at)
       SELECT w.created_by_user_id, w.id, CONCAT('scale-place-', w.id, '-', k.seq), CONCAT('Scale Shop ', w.id, '-', k.seq), 'Bengaluru',
              4.2, 80, CONCAT('s', w.id, 'x', k.seq), CONCAT('https://search.google.com/local/writereview?placeid=scale-place-', w.id, '-', k.seq), 0,
              ? + INTERVAL (w.id * 5 + k.seq) SECOND
       FROM workspaces w JOIN seq_1_to_${WORKSPACE_SIZE} k ON k.seq <= IF(w.id = ?, ${WORKSPACE_SIZE - 1}, ${WORKSPACE_SIZE})
       ORDER BY w.id, k.seq LIMIT ${s.businesses - 1}`,
      [created, ownerWorkspace]
    )
  )

  // The big business, oldest first: rating n at fromMs + (n - 1 + jitter) * span / sessions.
  const spanMs = toMs - fromMs
  await timed(log, `${s.sessions.toLocaleString('en-IN')} ratings of the big business`, async () => {
    for (let first = 1; first <= s.sessions; first += CHUNK) {
      const last = Math.min(s.sessions, first + CHUNK - 1)
      const started = Date.now()
      const createdAt = `TIMESTAMP'${utc(fromMs)}' + INTERVAL FLOOR((seq - 1 + ${unit('seq', 'j')}) * ${spanMs / s.sessions} * 1000) MICROSECOND`
      await db.query(insertSessionsSql({ businessId: bigId, n: 'seq', createdAt, from: `seq_${first}_to_${last}` }))
      log(`  ratings ${first.toLocaleString('en-IN')}-${last.toLocaleString('en-IN')}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
    }
  })

  // Every other business: s.other ratings at pseudo-random times of the same span.
  if (s.other > 0) {
    const n = '(b.id * 100 + k.seq)'
    await timed(log, `${s.other} ratings of each other business`, () =>
      db.query(
        insertSessionsSql({
          businessId: 'b.id',
          n,
          createdAt: `TIMESTAMP'${utc(fromMs)}' + INTERVAL FLOOR(${unit(n, 'o')} * ${spanMs} * 1000) MICROSECOND`,
          from: `businesses b JOIN seq_1_to_${s.other} k WHERE b.id <> ${bigId}`,
        })
      )
    )
  }

  await timed(log, 'page views of the big business', () =>
    db.query(
      `INSERT INTO page_views_daily (business_id, day, views)
       SELECT business_id, DATE(created_at + INTERVAL ${IST_OFFSET_MINUTES} MINUTE) AS day, ROUND(COUNT(*) * (1.5 + MOD(COUNT(*), 5) / 10))
       FROM review_sessions WHERE business_id = ? GROUP BY business_id, day`,
      [bigId]
    )
  )
  await db.query('SET SESSION foreign_key_checks = 1, unique_checks = 1')
  return bigId
}

/**
 * analytics_daily through `throughDay` (an IST day, 'YYYY-MM-DD') as RollupAnalytics.rollDays fills it (the same
 * statements, over the whole history at once instead of 31 days at a time), and the watermark there.
 */
export async function fillRollups(db, throughDay) {
  const endUtc = utc(Date.parse(`${throughDay}T00:00:00Z`) + DAY_MS - IST_OFFSET_MINUTES * 60_000)
  const istDay = `DATE(DATE_ADD(created_at, INTERVAL ${IST_OFFSET_MINUTES} MINUTE))`
  const now = utc(Date.now())
  // Private feedback and the 4-5 stars' sum are rolled up since migration 0041.
  const [[since0041]] = await db.query(
    "SELECT COUNT(*) AS n FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'analytics_daily' AND column_name = 'complaints'"
  )
  const more =
    Number(since0041.n) > 0
      ? { columns: ', complaints, positive_rating_sum', values: ', SUM(is_complaint), SUM(IF(rating >= 4, rating, 0))' }
      : null
  await db.query('DELETE FROM analytics_daily')
  await db.query(
    `INSERT INTO analytics_daily (business_id, day, sessions, positive, negative, redirected, rating_sum, views, computed_at${more?.columns ?? ''})
     SELECT business_id, ${istDay} AS day, COUNT(*), SUM(rating >= 4), SUM(rating <= 3), SUM(redirected), SUM(rating), 0, ?${more?.values ?? ''}
     FROM review_sessions WHERE created_at < ? GROUP BY business_id, day`,
    [now, endUtc]
  )
  await db.query(
    `INSERT INTO analytics_daily (business_id, day, views, computed_at)
     SELECT business_id, day, views, ? FROM page_views_daily WHERE day <= ? ON DUPLICATE KEY UPDATE views = VALUES(views)`,
    [now, throughDay]
  )
  await db.query(
    `INSERT INTO analytics_rollup_state (id, rolled_through, updated_at) VALUES (1, ?, ?)
     ON DUPLICATE KEY UPDATE rolled_through = VALUES(rolled_through), updated_at = VALUES(updated_at)`,
    [throughDay, now]
  )
}
