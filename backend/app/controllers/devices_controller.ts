import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { NotFoundError } from '#exceptions/app_errors'
import { currentTokenId } from '#auth/current_token'
import type { DeviceDto } from '#types/api'

const TOKENS = 'auth_access_tokens'

const toIso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/** Signed-in devices (docs/decisions.md D29): each access token of the owner, with its browser and last use. */
export default class DevicesController {
  async index(ctx: HttpContext): Promise<DeviceDto[]> {
    const current = currentTokenId(ctx)
    const rows = await db
      .from(TOKENS)
      .where('tokenable_id', ctx.auth.getUserOrFail().id)
      .where((query) => query.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
      .orderByRaw('last_used_at IS NULL, last_used_at DESC, created_at DESC, id DESC')
      .select('id', 'name', 'created_at', 'last_used_at')
    return rows.map((row) => ({
      id: Number(row.id),
      createdAt: toIso(row.created_at)!,
      lastUsedAt: toIso(row.last_used_at),
      userAgent: row.name ?? null,
      current: String(row.id) === current,
    }))
  }

  /** Signs one device out; another owner's device is a 404 like any row that is not yours. */
  async destroy({ auth, params, response }: HttpContext) {
    const deleted = await db.from(TOKENS).where('id', params.id).where('tokenable_id', auth.getUserOrFail().id).delete()
    if (!Number(deleted)) throw new NotFoundError('Session not found')
    return response.noContent()
  }

  /** Signs every device out, this one included. */
  async destroyAll({ auth, response }: HttpContext) {
    await db.from(TOKENS).where('tokenable_id', auth.getUserOrFail().id).delete()
    return response.noContent()
  }
}
