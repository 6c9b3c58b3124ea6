/*
 * Google Business Profile connection and locations (docs/decisions.md D43). Start and callback are browser
 * navigations: start (signed in) records a one-time state naming the workspace and the user, and the callback,
 * which carries no token, is accepted only with that state.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import type GoogleLocation from '#models/google_location'
import Business from '#models/business'
import GoogleConnectionPolicy from '#policies/google_connection_policy'
import BusinessPolicy from '#policies/business_policy'
import type Member from '#policies/member'
import { GOOGLE_NOT_CONFIGURED, toApiError } from '#services/google/profile_access'
import { BusinessProfile } from '#services/google/business_profile'
import StartGoogleConnection from '#actions/google/start_google_connection'
import FinishGoogleConnection, { STATE_EXPIRED } from '#actions/google/finish_google_connection'
import DisconnectGoogle from '#actions/google/disconnect_google'
import ReadGoogleLocations from '#actions/google/read_google_locations'
import LinkGoogleLocation from '#actions/google/link_google_location'
import AddGoogleLocation from '#actions/google/add_google_location'
import { connectionOf, locationCountOf, storedLocation } from '#queries/google_connections'
import { AppException, NotFoundError } from '#exceptions/app_errors'
import { addLocationValidator, linkLocationValidator } from '#validators/google'
import type { GoogleConnectionDto, GoogleConnectStartResponse, GoogleLocationAddResponse, GoogleLocationDto } from '#types/api'

const NOT_LOADED = 'Could not finish connecting Google. Please try again.'

const dashboard = (params: Record<string, string>) => `/dashboard/google?${new URLSearchParams(params)}`

/** A business outside a limited member's scope shows as not linked. */
const locationDto = (member: Member, location: GoogleLocation): GoogleLocationDto => ({
  name: location.name,
  title: location.title,
  address: location.address,
  placeId: location.placeId,
  businessId: location.businessId !== null && member.sees(location.businessId) ? location.businessId : null,
})

export default class GoogleConnectionsController {
  /**
   * GET /api/google/connect/start → 302 to Google's consent screen (owner, or manager of the whole workspace). The
   * dashboard signs its calls with a bearer header, which a page navigation cannot carry: with `?format=json` it gets
   * `{url}` and goes there.
   */
  @inject()
  async start({ tenant, bouncer, request, response }: HttpContext, google: BusinessProfile, starting: StartGoogleConnection) {
    await bouncer.with(GoogleConnectionPolicy).authorize('manage')
    if (!google.isConfigured) throw new NotFoundError(GOOGLE_NOT_CONFIGURED)
    const url = await starting.handle(tenant.member)
    if (request.qs().format === 'json') return { url: url.href } satisfies GoogleConnectStartResponse
    return response.redirect(url.href)
  }

  /** GET /api/google/connect/callback?code&state → 302 to the dashboard's Google page, connected or with a sentence. */
  @inject()
  async callback({ request, response }: HttpContext, google: BusinessProfile, finishing: FinishGoogleConnection) {
    // Nothing can have started without a client id (as for the sign-in callback, a 404).
    if (!google.isConfigured) throw new NotFoundError(GOOGLE_NOT_CONFIGURED)
    try {
      // Stored, then its locations read and linked and every linked one's reviews imported (docs/decisions.md D44, D58).
      await finishing.handle(request.qs())
      return response.redirect(dashboard({ connected: '1' }))
    } catch (error) {
      const shown = toApiError(error)
      if (shown instanceof AppException) return response.redirect(dashboard({ error: shown.message || STATE_EXPIRED }))
      logger.warn({ err: error }, 'Connecting Google failed')
      return response.redirect(dashboard({ error: NOT_LOADED }))
    }
  }

  /** GET /api/google/connection (any member) */
  @inject()
  async show({ tenant, bouncer }: HttpContext, google: BusinessProfile): Promise<GoogleConnectionDto> {
    await bouncer.with(GoogleConnectionPolicy).authorize('view')
    const configured = google.isConfigured
    const connection = await connectionOf(tenant.member)
    if (!connection)
      return {
        connected: false,
        configured,
        demo: false,
        email: null,
        locations: 0,
        lastSyncAt: null,
        error: null,
        importStatus: null,
        importError: null,
      }
    return {
      connected: true,
      configured,
      demo: connection.demo,
      email: connection.email,
      locations: await locationCountOf(tenant.member),
      lastSyncAt: connection.lastSyncAt?.toISO() ?? null,
      error: connection.error,
      importStatus: connection.importStatus,
      importError: connection.importError,
    }
  }

  /** DELETE /api/google/connection (owner, or manager of the whole workspace): revoked at Google (best effort), forgotten. */
  @inject()
  async destroy({ tenant, bouncer, response }: HttpContext, disconnecting: DisconnectGoogle) {
    await bouncer.with(GoogleConnectionPolicy).authorize('manage')
    await disconnecting.handle(tenant.member)
    return response.noContent()
  }

  /**
   * GET /api/google/locations (any member): read from Google, stored, linked by place id; a location linked now (here
   * or by the connection's job at the same moment) gets its import queued (docs/decisions.md D58).
   */
  @inject()
  async locations({ tenant, bouncer }: HttpContext, readLocations: ReadGoogleLocations): Promise<GoogleLocationDto[]> {
    await bouncer.with(GoogleConnectionPolicy).authorize('view')
    const rows = await readLocations.handle(tenant.member)
    return rows.map((row) => locationDto(tenant.member, row))
  }

  /** PUT /api/google/locations/link {name, businessId|null} (owner or manager) */
  @inject()
  async link({ tenant, bouncer, request }: HttpContext, linking: LinkGoogleLocation): Promise<GoogleLocationDto> {
    const member = tenant.member
    const { name, businessId } = await request.validateUsing(linkLocationValidator)
    const location = await storedLocation(member, name)
    if (businessId === null) {
      // Unlinking changes the business it was linked to; a location linked to none is the workspace's to decide.
      if (location.businessId !== null) await bouncer.with(BusinessPolicy).authorize('update', await Business.find(location.businessId))
      else await bouncer.with(GoogleConnectionPolicy).authorize('manage')
    } else {
      await bouncer.with(BusinessPolicy).authorize('update', await Business.find(businessId))
    }
    await linking.handle(location, businessId)
    return locationDto(member, location)
  }

  /** POST /api/google/locations/add {name} (who may add businesses): the location becomes a business, linked. */
  @inject()
  async add({ tenant, bouncer, request, response }: HttpContext, adding: AddGoogleLocation) {
    await bouncer.with(BusinessPolicy).authorize('create')
    const member = tenant.member
    const { name } = await request.validateUsing(addLocationValidator)
    const { location, businessId } = await adding.handle(member, await storedLocation(member, name))
    return response.created({ location: locationDto(member, location), businessId } satisfies GoogleLocationAddResponse)
  }
}
