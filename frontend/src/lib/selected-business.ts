/*
 * The business selected across the dashboard's screens (hooks/use-businesses.tsx keeps it): remembered in
 * localStorage, the remembered one if it still exists, else the first (newest), else none. One place for the app
 * and the first paint (first-paint/); index.html's early script, which may import nothing, keeps its own copy of
 * the key (providers/early-requests.ts, held to the same choice by its tests).
 */
export const SELECTED_KEY = 'reviewroute.selectedBusiness'

/** The remembered business id, or null (none, not a valid id, or no storage). */
export function rememberedBusiness(): number | null {
  let raw: number
  try {
    raw = Number(localStorage.getItem(SELECTED_KEY))
  } catch {
    return null
  }
  return Number.isInteger(raw) && raw > 0 ? raw : null
}

export function pickSelected<Business extends { id: number }>(businesses: Business[], remembered: number | null): Business | null {
  return businesses.find((business) => business.id === remembered) ?? businesses[0] ?? null
}
