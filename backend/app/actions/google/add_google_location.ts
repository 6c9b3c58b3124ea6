/*
 * A stored Google location becomes one of the workspace's businesses, linked to it, its import queued
 * (POST /api/google/locations/add, docs/decisions.md D43, D58). The caller may add businesses (BusinessPolicy.create).
 */
import { inject } from '@adonisjs/core'
import type GoogleLocation from '#models/google_location'
import type Member from '#policies/member'
import SelectBusiness from '#actions/businesses/select_business'
import LinkGoogleLocation from '#actions/google/link_google_location'
import { ConflictError, FieldError } from '#exceptions/app_errors'

const ALREADY_LINKED = 'This location is already linked to a business.'
const NO_PLACE = 'This location has no Google Maps listing yet, so it cannot be added as a business. Link it to a business by hand.'

@inject()
export default class AddGoogleLocation {
  constructor(
    private selectBusiness: SelectBusiness,
    private linking: LinkGoogleLocation
  ) {}

  async handle(member: Member, location: GoogleLocation) {
    if (location.businessId !== null) throw new ConflictError(ALREADY_LINKED)
    if (!location.placeId) throw new FieldError('name', NO_PLACE)
    const { business } = await this.selectBusiness.handle(member, location.placeId)
    await this.linking.handle(location, business.id)
    return { location, businessId: business.id }
  }
}
