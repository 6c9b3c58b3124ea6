import type Business from '#models/business'
import Staff from '#models/staff'
import { clock } from '#lib/clock'
import { isDuplicateKey } from '#lib/db_errors'
import { newStaffCode } from '#lib/staff_codes'

/** A new staff member of the business (docs/decisions.md D32), with a fresh code (drawn again if taken). */
export default class AddStaff {
  async handle(business: Business, name: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await Staff.create({ businessId: business.id, name, code: newStaffCode(), createdAt: clock.now() })
      } catch (error) {
        if (!isDuplicateKey(error) || attempt > 5) throw error
      }
    }
  }
}
