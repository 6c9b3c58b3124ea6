/*
 * Where relative paths in settings (LANDING_DIST, DASHBOARD_DIST, MAIL_DIR) start: the backend folder. The compiled
 * server runs from backend/build, one level down, so the same settings work for `npm run dev` and the built app.
 */
import { basename, isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import app from '@adonisjs/core/services/app'

export function backendRoot() {
  const root = fileURLToPath(app.appRoot)
  return basename(root) === 'build' ? resolve(root, '..') : root
}

export const fromBackendRoot = (path: string) => (isAbsolute(path) ? path : resolve(backendRoot(), path))
