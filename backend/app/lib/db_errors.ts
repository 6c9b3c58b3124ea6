/** MySQL's duplicate-key error, optionally for one index. */
export function isDuplicateKey(error: unknown, index?: string): boolean {
  const err = error as { code?: string; sqlMessage?: string }
  return err?.code === 'ER_DUP_ENTRY' && (!index || (err.sqlMessage ?? '').includes(index))
}

/**
 * A failure caused by the row itself rather than the database: SQLSTATE class 22 (data exception) or 23
 * (integrity constraint violation, such as a foreign key to a business deleted a moment ago).
 */
export function isRowError(error: unknown): boolean {
  return /^2[23]/.test((error as { sqlState?: string })?.sqlState ?? '')
}
