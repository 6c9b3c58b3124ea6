import type { BusinessDto } from '@reviewroute/backend/types/api'

/** The name, and where two businesses share it (two branches), the first part of the address too. */
export function businessLabel(business: Pick<BusinessDto, 'id' | 'name' | 'address'>, businesses: Pick<BusinessDto, 'id' | 'name'>[]) {
  const shared = businesses.some((other) => other.id !== business.id && other.name === business.name)
  const place = business.address.split(',')[0]?.trim()
  return shared && place ? `${business.name} (${place})` : business.name
}
