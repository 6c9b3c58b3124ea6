/*
 * The business selected across the dashboard's screens (hooks/use-businesses.tsx keeps it): remembered in
 * localStorage for each owner, the remembered one if it still exists, else the first (newest), else none. Signing
 * out keeps it, and several owners may sign in on one device: each finds their own choice again
 * (`reviewroute.selectedBusiness.{user id}`). The bare key holds the device's last choice, for the moment before the
 * owner is known; an id of another owner's business matches none of theirs, so it can only ever pick the owner's own.
 * One place for the app and the first paint (first-paint/); index.html's early script, which may import nothing,
 * keeps its own copy of the keys (providers/early-requests.ts, held to the same choice by its tests).
 */
export const SELECTED_KEY = 'reviewroute.selectedBusiness'

/** The key of one owner's choice. */
export const selectedKeyOf = (userId: number) => `${SELECTED_KEY}.${userId}`

function storedId(key: string): number | null {
  let raw: number
  try {
    raw = Number(localStorage.getItem(key))
  } catch {
    return null
  }
  return Number.isInteger(raw) && raw > 0 ? raw : null
}

/** The business id `userId` last chose on this device, else the device's last choice; null when none (or no storage). */
export function rememberedBusiness(userId?: number | null): number | null {
  return (userId ? storedId(selectedKeyOf(userId)) : null) ?? storedId(SELECTED_KEY)
}

/** Keeps `businessId` as the owner's choice (and the device's last). */
export function rememberBusiness(businessId: number, userId?: number | null) {
  try {
    localStorage.setItem(SELECTED_KEY, String(businessId))
    if (userId) localStorage.setItem(selectedKeyOf(userId), String(businessId))
  } catch {
    // No storage (a private window's quota): the choice lasts this visit only.
  }
}

export function pickSelected<Business extends { id: number }>(businesses: Business[], remembered: number | null): Business | null {
  return businesses.find((business) => business.id === remembered) ?? businesses[0] ?? null
}
