/*
 * An agency's white label (docs/decisions.md D42, "Brand"): its name, colour and logo, shown instead of
 * ReviewRoute's on its clients' customer pages, posters and review request mails. Any member reads it; an agency's
 * owner sets it. Logos are stored and served as PNG only (an SVG is drawn into one on upload), by content hash from our
 * origin (GET /brand-logos/{hash}.png).
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import UpdateBrand from '#actions/workspaces/update_brand'
import WorkspacePolicy from '#policies/workspace_policy'
import type Workspace from '#models/workspace'
import { serializeBrand } from '#serializers/workspaces'
import { updateBrandValidator } from '#validators/brand'
import { BrandLogoError, type BrandLogo } from '#services/brand/brand_logo'
import { storableBrandLogo } from '#services/brand/logo_raster'
import { brands, DEFAULT_BRAND_COLOR } from '#services/brand/brands'
import { FieldError, NotFoundError } from '#exceptions/app_errors'
import type { WorkspaceBrandDto } from '#types/api'

const brandOf = (workspace: Workspace): WorkspaceBrandDto =>
  serializeBrand(workspace) ?? { name: workspace.name, color: DEFAULT_BRAND_COLOR, logoUrl: null }

const LOGO_FILE = /^([0-9a-f]{64})\.png$/

export default class BrandsController {
  /** GET /api/workspaces/{id}/brand (any member): its brand, else its name in the default colour. */
  async show({ tenant, bouncer, params }: HttpContext): Promise<WorkspaceBrandDto> {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('view')
    return brandOf(member.workspace)
  }

  /** PUT /api/workspaces/{id}/brand {name, color, logo?} (an agency's owner): `logo` null removes it, absent keeps it. */
  @inject()
  async update({ tenant, bouncer, params, request }: HttpContext, updateBrand: UpdateBrand): Promise<WorkspaceBrandDto> {
    const member = await tenant.in(params.id)
    if (member.workspace.kind !== 'agency') throw new NotFoundError('Only an agency workspace has a brand.')
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const { name, color, logo } = await request.validateUsing(updateBrandValidator)
    let read: BrandLogo | null | undefined = logo === null ? null : undefined
    if (typeof logo === 'string') {
      try {
        read = await storableBrandLogo(logo)
      } catch (error) {
        if (error instanceof BrandLogoError) throw new FieldError('logo', error.message)
        throw error
      }
    }
    return brandOf(await updateBrand.handle(member, { name, color, logo: read }))
  }

  /**
   * GET /brand-logos/{hash}.png: the bytes, cached for a year (the name is their hash); unknown is a 404, and so is a
   * logo still stored as SVG (never served: migration 0046 draws those into PNGs).
   */
  async logo({ params, response }: HttpContext) {
    const file = LOGO_FILE.exec(String(params.file))
    const logo = file ? await brands.logo(file[1]) : null
    if (!file || !logo || logo.contentType !== 'image/png') throw new NotFoundError('No such logo.')
    response.header('Content-Type', logo.contentType)
    response.header('Cache-Control', 'public, max-age=31536000, immutable')
    response.header('X-Content-Type-Options', 'nosniff')
    return response.send(logo.bytes)
  }
}
