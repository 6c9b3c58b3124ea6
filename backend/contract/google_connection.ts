/*
 * The workspace's Google Business Profile connection (docs/decisions.md D43, D58), shared by the API and the
 * dashboard: who connects and disconnects it, and what its first import's status says.
 */
import { roleAllows, type WorkspaceRole } from './workspace_roles.js'

/**
 * Connecting Google (or connecting another Google account in its place) and disconnecting it reach every business of
 * the workspace: owners, and managers of the whole workspace. A manager limited to some businesses does not.
 */
export function mayConnectGoogle(role: WorkspaceRole, businessIds: readonly number[] | null) {
  return roleAllows(role, 'owner') || (roleAllows(role, 'write') && businessIds === null)
}

export const GOOGLE_CONNECTION_DENIED = "Only the workspace's owners, and managers of all its businesses, can connect or disconnect Google."

/**
 * The import of a connection's reviews: `queued` (waiting for the worker), `running` (reading Google), `done` (every
 * linked location read in full), `failed` (with Google's words).
 */
export const GOOGLE_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type GoogleImportStatus = (typeof GOOGLE_IMPORT_STATUSES)[number]
