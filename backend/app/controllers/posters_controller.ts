/*
 * The printable QR poster of a business as a PDF, A4 or A5 (docs/product-rules.md#qr-posters): the owner's own
 * business only, in its pinned language.
 */
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import BusinessPolicy from '#policies/business_policy'
import { posterQueryValidator } from '#validators/poster'
import { sendPosterPdf } from '#services/posters/poster_pdf'
import { appUrl } from '#lib/app_url'
import { brands } from '#services/brand/brands'

export default class PostersController {
  /** GET /api/businesses/:id/poster.pdf?size=a4|a5 */
  async show({ bouncer, params, request, response }: HttpContext) {
    const business = await Business.find(params.id)
    await bouncer.with(BusinessPolicy).authorize('view', business)
    const { size = 'a4' } = await request.validateUsing(posterQueryValidator, { data: request.qs() })
    const { name, shortUrl, language, workspaceId } = business!
    const link = appUrl(`/review/${encodeURIComponent(shortUrl)}`)
    // A client business of a branded agency: the agency's name in the footer (docs/decisions.md D42, "Brand").
    const brand = await brands.forWorkspace(workspaceId)
    return sendPosterPdf(response, { name, link, language, size, brand })
  }
}
