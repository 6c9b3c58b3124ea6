/*
 * Brand logos are PNG only (docs/decisions.md D60): every logo stored as SVG before is drawn into its PNG, the
 * workspaces naming it point at the PNG, and the SVG is deleted. Nothing to undo: the PNG stays.
 */
import { BaseSchema } from '@adonisjs/lucid/schema'
import { rasteriseStoredSvgLogos } from '#services/brand/logo_raster'

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await rasteriseStoredSvgLogos(db)
    })
  }

  async down() {}
}
