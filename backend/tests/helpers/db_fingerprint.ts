/*
 * A fingerprint of every table's rows (count and an order-free checksum of each row's values), taken in one
 * query, so a spec can assert that a refused request changed nothing anywhere in the database.
 */
import db from '@adonisjs/lucid/services/db'

/** Columns that change on reads by design: the access-token guard stamps `last_used_at` on every use. */
const VOLATILE_COLUMNS: Record<string, string[]> = { auth_access_tokens: ['last_used_at'] }
const IGNORED_TABLES = new Set(['adonis_schema', 'adonis_schema_versions'])

export type Fingerprint = Record<string, { rows: number; checksum: string }>

const quote = (identifier: string) => `\`${identifier.replace(/`/g, '``')}\``

/** Reads the schema once; the returned function takes a fingerprint (through the global transaction, if any). */
export async function databaseFingerprinter() {
  const columns: { table_name: string; column_name: string }[] = (
    await db.rawQuery(
      `SELECT table_name AS table_name, column_name AS column_name FROM information_schema.columns
        WHERE table_schema = DATABASE() ORDER BY table_name, ordinal_position`
    )
  )[0]
  const byTable = new Map<string, string[]>()
  for (const { table_name: table, column_name: column } of columns) {
    if (IGNORED_TABLES.has(table) || VOLATILE_COLUMNS[table]?.includes(column)) continue
    byTable.set(table, [...(byTable.get(table) ?? []), column])
  }
  if (byTable.size === 0) throw new Error('No tables to fingerprint')

  const sql = [...byTable]
    .map(
      ([table, cols]) =>
        `SELECT '${table}' AS t, COUNT(*) AS n, ` +
        `COALESCE(BIT_XOR(CRC32(CONCAT_WS('|', ${cols.map((col) => `IFNULL(${quote(col)}, '<null>')`).join(', ')}))), 0) AS h ` +
        `FROM ${quote(table)}`
    )
    .join(' UNION ALL ')

  return async function fingerprint(): Promise<Fingerprint> {
    const [rows] = await db.rawQuery(sql)
    return Object.fromEntries(
      (rows as { t: string; n: number; h: number | string }[]).map((row) => [row.t, { rows: Number(row.n), checksum: String(row.h) }])
    )
  }
}

/** The tables whose fingerprint differs, e.g. `['review_sessions: 3 → 4 rows']`. */
export function fingerprintChanges(before: Fingerprint, after: Fingerprint) {
  return Object.keys({ ...before, ...after })
    .filter((table) => before[table]?.rows !== after[table]?.rows || before[table]?.checksum !== after[table]?.checksum)
    .map((table) =>
      before[table]?.rows === after[table]?.rows
        ? `${table}: a row changed`
        : `${table}: ${before[table]?.rows ?? 0} → ${after[table]?.rows ?? 0} rows`
    )
}
