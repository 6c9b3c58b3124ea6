/*
 * Setting an agency's brand (docs/decisions.md D42, "Brand"): the logo's bytes are stored once by their hash, the
 * workspace points at them, the change is in the activity log, and every process's brand cache forgets.
 */
import db from '@adonisjs/lucid/services/db'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import type { BrandLogo } from '#services/brand/brand_logo'
import { brands } from '#services/brand/brands'

export interface BrandChange {
  name: string
  color: string
  /** A new logo, `null` to remove it, `undefined` to keep it. */
  logo: BrandLogo | null | undefined
}

export default class UpdateBrand {
  async handle(by: Member, { name, color, logo }: BrandChange) {
    const workspace = by.workspace
    await db.transaction(async (trx) => {
      if (logo) {
        await trx
          .insertQuery()
          .table('brand_logos')
          .insert({ hash: logo.hash, content_type: logo.contentType, bytes: logo.bytes, created_at: new Date() })
          .knexQuery.onConflict('hash')
          .ignore()
      }
      workspace.useTransaction(trx)
      workspace.merge({ brandName: name, brandColor: color })
      if (logo) workspace.merge({ brandLogoHash: logo.hash, brandLogoType: logo.contentType })
      else if (logo === null) workspace.merge({ brandLogoHash: null, brandLogoType: null })
      await workspace.save()
      await WorkspaceActivity.record(workspace.id, by.user, 'brand.updated', { name }, trx)
    })
    brands.forgetBrands()
    return workspace
  }
}
