import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import { NotFoundError } from '#exceptions/app_errors'

/** Removes a staff member of the business (their link stops counting for them); none of that id is a 404. */
export default class RemoveStaff {
  async handle(business: Business, staffId: number | string) {
    const deleted = await db.from('staff').where({ id: staffId, business_id: business.id }).delete()
    if (!Number(deleted)) throw new NotFoundError('Staff member not found')
  }
}
