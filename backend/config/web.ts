import { fromBackendRoot } from '#lib/paths'
import env from '#start/env'

export default {
  /** Built site + review bundles (`npm run build --workspace landing`). */
  landingDist: fromBackendRoot(env.get('LANDING_DIST')),
  /** Built owner dashboard (`npm run build --workspace frontend`). */
  dashboardDist: fromBackendRoot(env.get('DASHBOARD_DIST')),
}
