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
import { demoMarked } from '#contract/demo_places'
import { brands } from '#services/brand/brands'

export default class PostersController {
  /** GET /api/businesses/:id/poster.pdf?size=a4|a5 */
  async show({ bouncer, params, request, response }: HttpContext) {
    const business = await Business.find(params.id)
    await bouncer.with(BusinessPolicy).authorize('view', business)
    const { size = 'a4' } = await request.validateUsing(posterQueryValidator, { data: request.qs() })
    const { name, shortUrl, language, workspaceId } = business!
    const link = appUrl(`/review/${encodeURIComponent(shortUrl)}`)
    // A client business of a branded agency: the agency's colour and logo in the band, its name in the footer
    // (docs/decisions.md D42, "Brand"; D60).
    const shown = await brands.forWorkspace(workspaceId)
    const hash = shown?.logoUrl ? /([0-9a-f]{64})\.png$/.exec(shown.logoUrl)?.[1] : undefined
    const logo = hash ? await brands.logo(hash) : null
    const brand = shown && { name: shown.name, color: shown.color, logo: logo?.contentType === 'image/png' ? logo.bytes : null }
    // A demo-catalogue listing says so on paper (docs/decisions.md D59).
    return sendPosterPdf(response, { name: demoMarked(name, business!.placeId), link, language, size, brand })
  }
}
