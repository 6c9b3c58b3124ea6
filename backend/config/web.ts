import app from '@adonisjs/core/services/app'
import env from '#start/env'

export default {
  /** Built site + review bundles (`npm run build --workspace landing`). */
  landingDist: app.makePath(env.get('LANDING_DIST')),
  /** Built owner dashboard (`npm run build --workspace frontend`). */
  dashboardDist: app.makePath(env.get('DASHBOARD_DIST')),
}
