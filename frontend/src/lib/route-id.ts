/** A route id the API could own (`/business/:businessId`): a positive whole number; anything else cannot exist. */
export function parseRouteId(raw: string | undefined) {
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}
