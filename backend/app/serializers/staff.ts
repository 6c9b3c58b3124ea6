import type Business from '#models/business'
import { appUrl } from '#lib/app_url'
import type { StaffStanding } from '#queries/staff'
import type { StaffDto } from '#types/api'

/** A staff member with their own link to the business's page. */
export function serializeStaff(business: Business, member: StaffStanding): StaffDto {
  const { id, name, code, ...counts } = member
  return { id, name, code, link: appUrl(`/review/${business.shortUrl}?s=${code}`), ...counts }
}
