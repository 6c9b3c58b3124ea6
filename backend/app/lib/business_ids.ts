/**
 * A member's or invitation's business scope as stored (a JSON array of ids, or NULL for all the workspace's
 * businesses), as a Lucid column definition.
 */
export const businessIdsColumn = {
  prepare: (value: number[] | null) => (value === null ? null : JSON.stringify(value)),
  consume: (value: unknown): number[] | null => {
    if (value === null || value === undefined) return null
    const parsed = typeof value === 'string' ? JSON.parse(value) : value
    return Array.isArray(parsed) ? parsed.map(Number) : null
  },
}
