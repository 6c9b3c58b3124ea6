/*
 * Brand logos are stored and served as PNG only (docs/decisions.md D60): an SVG that passed the checks of
 * brand_logo.ts is drawn here, by Skia (@napi-rs/canvas, which runs no script and fetches nothing), into a PNG in
 * its own proportions, and only that PNG is kept. No uploaded SVG ever reaches a browser, so no trick in how a
 * browser would read its bytes can matter. `rasteriseStoredSvgLogos` converts logos stored as SVG before.
 */
import { createHash } from 'node:crypto'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { BrandLogoError, readBrandLogo, type BrandLogo } from '#services/brand/brand_logo'
import { canvas } from '#services/review_images/canvas_fonts'

/** An SVG's width over its height, from its viewBox, else its width and height; 1 when it says neither. */
export function svgAspect(svg: string) {
  const number = '([-+]?[\\d.]+(?:e[-+]?\\d+)?)'
  const viewBox = new RegExp(`viewBox\\s*=\\s*["']\\s*${number}[\\s,]+${number}[\\s,]+${number}[\\s,]+${number}`, 'i').exec(svg)
  const [width, height] = viewBox
    ? [Number(viewBox[3]), Number(viewBox[4])]
    : [/\swidth\s*=\s*["']\s*([\d.]+)/i, /\sheight\s*=\s*["']\s*([\d.]+)/i].map((pattern) => Number(pattern.exec(svg)?.[1]))
  const aspect = width / height
  return Number.isFinite(aspect) && aspect > 0 ? Math.min(8, Math.max(1 / 8, aspect)) : 1
}

/** The drawn logo's height; a logo wider than 4:1 is drawn 1024 px wide instead. */
const RASTER_HEIGHT = 256
const RASTER_MAX_WIDTH = 1024

/** The PNG of a checked SVG, `RASTER_HEIGHT` high (or `RASTER_MAX_WIDTH` wide) in its viewBox's proportions. */
export async function rasteriseSvg(svg: Buffer): Promise<BrandLogo> {
  const { Image, createCanvas } = await canvas()
  const aspect = svgAspect(svg.toString('utf8'))
  const width = Math.min(RASTER_MAX_WIDTH, Math.round(RASTER_HEIGHT * aspect))
  const height = Math.max(1, Math.round(width / aspect))
  const image = new Image()
  image.width = width
  image.height = height
  const loaded = new Promise<boolean>((resolve) => {
    image.onload = () => resolve(true)
    image.onerror = () => resolve(false)
  })
  image.src = svg
  if (!(await loaded) || image.width < 1 || image.height < 1) {
    throw new BrandLogoError('The SVG logo could not be drawn. Export it again as a plain SVG, or use a PNG.')
  }
  const surface = createCanvas(width, height)
  surface.getContext('2d').drawImage(image, 0, 0, width, height)
  const bytes = surface.toBuffer('image/png')
  return { bytes, contentType: 'image/png', hash: createHash('sha256').update(bytes).digest('hex'), width, height }
}

/** Reads a logo data URL (brand_logo.ts's checks) and gives what is stored: the PNG as sent, an SVG drawn into one. */
export async function storableBrandLogo(dataUrl: string): Promise<BrandLogo> {
  const logo = readBrandLogo(dataUrl)
  return logo.contentType === 'image/svg+xml' ? rasteriseSvg(logo.bytes) : logo
}

/**
 * Every logo still stored as SVG becomes its PNG: the workspaces naming it point at the PNG and the SVG row is
 * deleted. One that can no longer be drawn is removed, and its workspaces keep their brand without a logo.
 */
export async function rasteriseStoredSvgLogos(client: Pick<QueryClientContract, 'from' | 'transaction'>) {
  const result = { converted: 0, removed: 0 }
  const rows = await client.from('brand_logos').where('content_type', 'image/svg+xml').select('hash', 'bytes')
  for (const row of rows) {
    let png: BrandLogo | null = null
    try {
      png = await rasteriseSvg(Buffer.from(row.bytes))
    } catch (error) {
      if (!(error instanceof BrandLogoError)) throw error
    }
    await client.transaction(async (trx) => {
      if (png) {
        await trx
          .insertQuery()
          .table('brand_logos')
          .insert({ hash: png.hash, content_type: png.contentType, bytes: png.bytes, created_at: new Date() })
          .knexQuery.onConflict('hash')
          .ignore()
      }
      await trx
        .from('workspaces')
        .where('brand_logo_hash', row.hash)
        .update(png ? { brand_logo_hash: png.hash, brand_logo_type: png.contentType } : { brand_logo_hash: null, brand_logo_type: null })
      await trx.from('brand_logos').where('hash', row.hash).delete()
    })
    result[png ? 'converted' : 'removed'] += 1
  }
  return result
}
