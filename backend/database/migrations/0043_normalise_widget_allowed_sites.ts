import { BaseSchema } from '@adonisjs/lucid/schema'
import { siteOrigin } from '#lib/site_origin'

/**
 * The website widget's allowed sites as serialised origins only (docs/decisions.md D61). Sites saved before the
 * check (a %-decoded "https://a.com;x" that reached the CSP header, a wildcard CORS never matched, "Shop.Example")
 * become the origin they name, or are dropped when they name none; a list left empty is null (any site, D49). Rolling
 * back changes nothing: the new values were valid before too.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const rows = await db.from('businesses').whereNotNull('widget_allowed_sites').select('id', 'widget_allowed_sites')
      for (const row of rows) {
        const stored: unknown =
          typeof row.widget_allowed_sites === 'string' ? JSON.parse(row.widget_allowed_sites) : row.widget_allowed_sites
        const sites = normalise(stored)
        const value = sites.length > 0 ? JSON.stringify(sites) : null
        if (value !== (typeof row.widget_allowed_sites === 'string' ? row.widget_allowed_sites : JSON.stringify(stored))) {
          await db.from('businesses').where('id', row.id).update({ widget_allowed_sites: value })
        }
      }
    })
  }

  async down() {}
}

/** Each site as its origin, once, in order; what names no origin is left out. */
function normalise(stored: unknown): string[] {
  if (!Array.isArray(stored)) return []
  const origins = stored.flatMap((site) => {
    if (typeof site !== 'string') return []
    try {
      return [siteOrigin(site)]
    } catch {
      return []
    }
  })
  return [...new Set(origins)]
}
