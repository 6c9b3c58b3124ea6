/*
 * Puts a business under an agency's brand straight in the database (for the customer page's benchmark): an
 * agency workspace with a name, a colour and a 96×32 PNG logo, and the business's workspace made its client.
 * Run again, it replaces the previous bench agency. The business's ratings are deleted (earlier runs' taps would
 * reach the plan's monthly limit and disable the stars): use a database of its own.
 */
import { createHash } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

/** A real RGB PNG of the given size whose pixels do not compress (about 9 KB at 96×32: more than most small logos). */
export function logoPng(width = 96, height = 32) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  let seed = 20261128
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24
  const rows = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let i = 1; i < row.length; i++) row[i] = next()
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** `db`: a mysql2/promise connection to the app's database; `shortUrl`: the business's review code. */
export async function brandDemoBusiness(db, shortUrl, brandName = 'Asha Digital') {
  const [[business]] = await db.query('SELECT id, workspace_id FROM businesses WHERE short_url = ?', [shortUrl])
  if (!business) throw new Error(`no business /review/${shortUrl}`)
  // Earlier runs' taps count against the plan's monthly ratings: without them the stars stay enabled.
  await db.query('DELETE FROM review_sessions WHERE business_id = ?', [business.id])
  const logo = logoPng()
  const hash = createHash('sha256').update(logo).digest('hex')
  const now = new Date()
  await db.query('INSERT IGNORE INTO brand_logos (hash, content_type, bytes, created_at) VALUES (?, ?, ?, ?)', [
    hash,
    'image/png',
    logo,
    now,
  ])
  await db.query("DELETE FROM workspaces WHERE kind = 'agency' AND name = 'Bench agency'")
  const [agency] = await db.query(
    `INSERT INTO workspaces (name, kind, brand_name, brand_color, brand_logo_hash, brand_logo_type, created_at, updated_at)
     VALUES ('Bench agency', 'agency', ?, '#0f766e', ?, 'image/png', ?, ?)`,
    [brandName, hash, now, now]
  )
  await db.query("UPDATE workspaces SET kind = 'client', managed_by_workspace_id = ? WHERE id = ?", [
    agency.insertId,
    business.workspace_id,
  ])
  return { agencyId: agency.insertId, logoBytes: logo.length }
}
