/** MySQL's duplicate-key error, optionally for one index. */
export function isDuplicateKey(error: unknown, index?: string): boolean {
  const err = error as { code?: string; sqlMessage?: string }
  return err?.code === 'ER_DUP_ENTRY' && (!index || (err.sqlMessage ?? '').includes(index))
}
