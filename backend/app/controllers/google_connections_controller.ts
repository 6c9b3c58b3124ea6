/*
 * Google Business Profile connection and locations (docs/decisions.md D43). Start and callback are browser
 * navigations: start (signed in) records a one-time state naming the workspace and the user, and the callback,
 * which carries no token, is accepted only with that state.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import Business from '#models/business'
import GoogleConnectionPolicy from '#policies/google_connection_policy'
import BusinessPolicy from '#policies/business_policy'
import type Member from '#policies/member'
import GoogleProfile, { GOOGLE_NOT_CONFIGURED, GOOGLE_NOT_CONNECTED, STATE_EXPIRED, toApiError } from '#actions/google/google_profile'
import SelectBusiness from '#actions/businesses/select_business'
import { AppException, ConflictError, FieldError, NotFoundError } from '#exceptions/app_errors'
import { addLocationValidator, linkLocationValidator } from '#validators/google'
import { QueueService } from '#queue/queue_service'
import { QueueName, googleReviewJobId } from '#queue/queues'
import { clock } from '#lib/clock'

const LOCATION_NOT_FOUND = 'Location not found'
const ALREADY_LINKED = 'This location is already linked to a business.'
const NO_PLACE = 'This location has no Google Maps listing yet, so it cannot be added as a business. Link it to a business by hand.'
const NOT_LOADED = 'Could not finish connecting Google. Please try again.'

export interface GoogleConnectionDto {
  connected: boolean
  email: string | null
  /** How many of the profile's locations were read. */
  locations: number
  lastSyncAt: string | null
  error: string | null
}

export interface GoogleLocationDto {
  name: string
  title: string
  address: string | null
  placeId: string | null
  businessId: number | null
}

/** A location just linked: its reviews imported in the background (docs/decisions.md D44). */
const importReviews = (queues: QueueService, locationId: number) =>
  queues.enqueue(QueueName.GoogleReviewSync, { locationId, full: true }, { jobId: googleReviewJobId(locationId, true, clock.nowMs()) })

const dashboard = (params: Record<string, string>) => `/dashboard/google?${new URLSearchParams(params)}`

/** A business outside a limited member's scope shows as not linked. */
const locationDto = (member: Member, location: GoogleLocation): GoogleLocationDto => ({
  name: location.name,
  title: location.title,
  address: location.address,
  placeId: location.placeId,
  businessId: location.businessId !== null && member.sees(location.businessId) ? location.businessId : null,
})

async function storedLocation(member: Member, name: string) {
  const location = await GoogleLocation.query().where('workspace_id', member.workspaceId).where('name', name).first()
  if (!location) throw new NotFoundError(LOCATION_NOT_FOUND)
  if (location.businessId !== null && !member.sees(location.businessId)) throw new NotFoundError(LOCATION_NOT_FOUND)
  return location
}

export default class GoogleConnectionsController {
  /**
   * GET /api/google/connect/start → 302 to Google's consent screen (owner or manager). The dashboard signs its calls
   * with a bearer header, which a page navigation cannot carry: with `?format=json` it gets `{url}` and goes there.
   */
  @inject()
  async start({ tenant, bouncer, request, response }: HttpContext, profile: GoogleProfile) {
    await bouncer.with(GoogleConnectionPolicy).authorize('manage')
    if (!profile.google.isConfigured) throw new NotFoundError(GOOGLE_NOT_CONFIGURED)
    const url = await profile.start(tenant.member)
    if (request.qs().format === 'json') return { url: url.href }
    return response.redirect(url.href)
  }

  /** GET /api/google/connect/callback?code&state → 302 to the dashboard's Google page, connected or with a sentence. */
  @inject()
  async callback({ request, response }: HttpContext, profile: GoogleProfile, queues: QueueService) {
    // Nothing can have started without a client id (as for the sign-in callback, a 404).
    if (!profile.google.isConfigured) throw new NotFoundError(GOOGLE_NOT_CONFIGURED)
    try {
      const connection = await profile.finish(request.qs())
      // Its locations read and linked, then every linked one's reviews imported (docs/decisions.md D44).
      await queues.enqueue(QueueName.GoogleReviewSync, { connectionId: connection.id })
      return response.redirect(dashboard({ connected: '1' }))
    } catch (error) {
      const shown = toApiError(error)
      if (shown instanceof AppException) return response.redirect(dashboard({ error: shown.message || STATE_EXPIRED }))
      logger.warn({ err: error }, 'Connecting Google failed')
      return response.redirect(dashboard({ error: NOT_LOADED }))
    }
  }

  /** GET /api/google/connection (any member) */
  async show({ tenant, bouncer }: HttpContext): Promise<GoogleConnectionDto> {
    await bouncer.with(GoogleConnectionPolicy).authorize('view')
    const connection = await GoogleConnection.findBy('workspace_id', tenant.member.workspaceId)
    if (!connection) return { connected: false, email: null, locations: 0, lastSyncAt: null, error: null }
    const count = await GoogleLocation.query().where('workspace_id', connection.workspaceId).count('* as total').first()
    return {
      connected: true,
      email: connection.email,
      locations: Number(count?.$extras.total ?? 0),
      lastSyncAt: connection.lastSyncAt?.toISO() ?? null,
      error: connection.error,
    }
  }

  /** DELETE /api/google/connection (owner or manager): revoked at Google (best effort) and forgotten. */
  @inject()
  async destroy({ tenant, bouncer, response }: HttpContext, profile: GoogleProfile) {
    await bouncer.with(GoogleConnectionPolicy).authorize('manage')
    await profile.disconnect(tenant.member)
    return response.noContent()
  }

  /** GET /api/google/locations (any member): read from Google, stored, linked by place id. */
  @inject()
  async locations({ tenant, bouncer }: HttpContext, profile: GoogleProfile): Promise<GoogleLocationDto[]> {
    await bouncer.with(GoogleConnectionPolicy).authorize('view')
    const member = tenant.member
    const connection = await GoogleConnection.findBy('workspace_id', member.workspaceId)
    if (!connection) throw new ConflictError(GOOGLE_NOT_CONNECTED)
    try {
      const rows = await profile.syncLocations(connection)
      return rows.map((row) => locationDto(member, row))
    } catch (error) {
      throw toApiError(error)
    }
  }

  /** PUT /api/google/locations/link {name, businessId|null} (owner or manager) */
  @inject()
  async link({ tenant, bouncer, request }: HttpContext, profile: GoogleProfile, queues: QueueService): Promise<GoogleLocationDto> {
    const member = tenant.member
    const { name, businessId } = await request.validateUsing(linkLocationValidator)
    const location = await storedLocation(member, name)
    if (businessId === null) {
      await bouncer.with(GoogleConnectionPolicy).authorize('manage')
    } else {
      await bouncer.with(BusinessPolicy).authorize('update', await Business.find(businessId))
    }
    await profile.link(location, businessId)
    if (businessId !== null) await importReviews(queues, location.id)
    return locationDto(member, location)
  }

  /** POST /api/google/locations/add {name} (who may add businesses): the location becomes a business, linked. */
  @inject()
  async add(
    { tenant, bouncer, request, response }: HttpContext,
    profile: GoogleProfile,
    selectBusiness: SelectBusiness,
    queues: QueueService
  ) {
    await bouncer.with(BusinessPolicy).authorize('create')
    const member = tenant.member
    const { name } = await request.validateUsing(addLocationValidator)
    const location = await storedLocation(member, name)
    if (location.businessId !== null) throw new ConflictError(ALREADY_LINKED)
    if (!location.placeId) throw new FieldError('name', NO_PLACE)
    const { business } = await selectBusiness.handle(member, location.placeId)
    await profile.link(location, business.id)
    await importReviews(queues, location.id)
    return response.created({ location: locationDto(member, location), businessId: business.id })
  }
}
