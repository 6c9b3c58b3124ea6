/* My Businesses inside the businesses provider the app layout gives it, against a fake API. */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { fixtures, renderScreen } from '../helpers'
import { BusinessesProvider } from '#hooks/use-businesses'
import BusinessesPage from '#pages/businesses'
import type { BusinessesView } from '#components/businesses/views'

export const DAY_MS = 86_400_000

/** A business added three days ago, so its card reads 'Added 3 days ago'. */
export const cafe = (overrides: Partial<BusinessDto> = {}) =>
  fixtures.business({ createdAt: new Date(Date.now() - 3 * DAY_MS).toISOString(), ...overrides })

export function renderBusinesses(view: BusinessesView = 'businesses', path = `/dashboard/${view}`) {
  return renderScreen(
    <BusinessesProvider>
      <BusinessesPage view={view} />
    </BusinessesProvider>,
    { path }
  )
}

/** The calls a fake API received for `method path`. */
export const callsTo = (calls: { method: string; path: string; body: unknown }[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path)
