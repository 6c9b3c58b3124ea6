import db from '@adonisjs/lucid/services/db'
import type { DeviceDto } from '#types/api'

const toIso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/**
 * The user's signed-in devices (docs/decisions.md D29): each access token not yet expired, with its browser and last
 * use, the most recently used first; `currentId` is the token of the request asking.
 */
export async function signedInDevices(userId: number, currentId: string | null | undefined): Promise<DeviceDto[]> {
  const rows = await db
    .from('auth_access_tokens')
    .where('tokenable_id', userId)
    .where((query) => query.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
    .orderByRaw('last_used_at IS NULL, last_used_at DESC, created_at DESC, id DESC')
    .select('id', 'name', 'created_at', 'last_used_at')
  return rows.map((row) => ({
    id: Number(row.id),
    createdAt: toIso(row.created_at)!,
    lastUsedAt: toIso(row.last_used_at),
    userAgent: row.name ?? null,
    current: String(row.id) === currentId,
  }))
}
