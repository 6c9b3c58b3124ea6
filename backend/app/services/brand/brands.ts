/*
 * Where an agency's brand is read (docs/decisions.md D42, "Brand"): the brand a business is shown under (its
 * workspace's managing agency's, when that agency set one) and the logo bytes by hash. Both are on the customer
 * page's path, so both are kept in memory: brands per workspace for REVIEW_LINK_CACHE_MS (an edit is seen at once
 * by this process, by the others within that time), logos for good (a hash names its bytes forever).
 */
import { LRUCache } from 'lru-cache'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { brandLogoUrl } from '#serializers/workspaces'
import type { ShownBrand } from '#services/brand/shown_brand'
import { invalidations } from '#hot_path/invalidations'

export const DEFAULT_BRAND_COLOR = '#4f46e5'

export type { ShownBrand }

const NONE = 'none' as const

class BrandCache {
  #brands: LRUCache<number, ShownBrand | typeof NONE> | null = null
  #logos = new LRUCache<string, { bytes: Buffer; contentType: string }>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (logo) => logo.bytes.length + 64,
  })
  #generation = 0

  constructor(ttlMs: number) {
    this.configure(ttlMs)
  }

  configure(ttlMs: number) {
    this.#brands = ttlMs > 0 ? new LRUCache({ max: 10_000, ttl: ttlMs }) : null
  }

  /** The brand a business of this workspace is shown under: its managing agency's, or null (ReviewRoute's own). */
  async forWorkspace(workspaceId: number | null): Promise<ShownBrand | null> {
    if (!workspaceId) return null
    const cached = this.#brands?.get(workspaceId)
    if (cached !== undefined) return cached === NONE ? null : cached
    const generation = this.#generation
    const row = await db
      .from('workspaces as w')
      .join('workspaces as a', 'a.id', 'w.managed_by_workspace_id')
      .leftJoin('brand_logos as l', 'l.hash', 'a.brand_logo_hash')
      .where('w.id', workspaceId)
      .where('w.kind', 'client')
      .where('a.kind', 'agency')
      .whereNotNull('a.brand_name')
      .select('a.brand_name', 'a.brand_color', 'a.brand_logo_hash', 'a.brand_logo_type')
      // A PNG's width and height (IHDR, bytes 17-24), not the whole logo.
      .select(db.raw('SUBSTRING(l.bytes, 17, 8) as ihdr'))
      .first()
    const brand: ShownBrand | null = row
      ? {
          name: row.brand_name,
          color: row.brand_color ?? DEFAULT_BRAND_COLOR,
          logoUrl: brandLogoUrl(row.brand_logo_hash),
          logoType: row.brand_logo_hash ? row.brand_logo_type : null,
          ...logoSize(row.brand_logo_hash ? row.ihdr : null, row.brand_logo_type),
        }
      : null
    if (generation === this.#generation) this.#brands?.set(workspaceId, brand ?? NONE)
    return brand
  }

  /**
   * A brand changed: every workspace's is read again (an agency's brand is shown for all of its clients), here
   * and, told over Redis, in every other process.
   */
  forgetBrands() {
    this.forgetBrandsHere()
    invalidations.publish('brands')
  }

  /** Forgets in this process only: what a message from another process does. */
  forgetBrandsHere() {
    this.#generation += 1
    this.#brands?.clear()
  }

  /** The logo stored under this hash, or null. */
  async logo(hash: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const cached = this.#logos.get(hash)
    if (cached) return cached
    const row = await db.from('brand_logos').where('hash', hash).select('bytes', 'content_type').first()
    if (!row) return null
    const logo = { bytes: Buffer.from(row.bytes), contentType: String(row.content_type) }
    this.#logos.set(hash, logo)
    return logo
  }
}

/** The width and height for the logo's <img> from a PNG's IHDR size (scaled to 32 px high); an SVG's is a square box. */
function logoSize(bytes: Buffer | null | undefined, type: string | null): { logoWidth: number | null; logoHeight: number | null } {
  if (!bytes) return { logoWidth: null, logoHeight: null }
  const height = 32
  if (type === 'image/png' && bytes.length >= 8) {
    const width = bytes.readUInt32BE(0)
    const own = bytes.readUInt32BE(4)
    if (width > 0 && own > 0) return { logoWidth: Math.max(1, Math.min(160, Math.round((width * height) / own))), logoHeight: height }
  }
  return { logoWidth: height, logoHeight: height }
}

export const brands = new BrandCache(env.get('REVIEW_LINK_CACHE_MS'))
invalidations.register('brands', { forget: () => brands.forgetBrandsHere(), clear: () => brands.forgetBrandsHere() })
