/*
 * A workspace's Google Business Profile connection and its stored locations as a member reads them
 * (docs/decisions.md D43): the connection, how many locations it has, and one location by its Google name, which
 * a member limited to some businesses sees only when it is linked to none or to one of theirs.
 */
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import { NotFoundError } from '#exceptions/app_errors'

interface InWorkspace {
  workspaceId: number
  sees(businessId: number): boolean
}

export const LOCATION_NOT_FOUND = 'Location not found'

/** The workspace's connection, or null when it has none. */
export function connectionOf(member: Pick<InWorkspace, 'workspaceId'>) {
  return GoogleConnection.findBy('workspace_id', member.workspaceId)
}

/** How many locations the workspace's connection has stored. */
export async function locationCountOf(member: Pick<InWorkspace, 'workspaceId'>) {
  const count = await GoogleLocation.query().where('workspace_id', member.workspaceId).count('* as total').first()
  return Number(count?.$extras.total ?? 0)
}

/** One stored location of the workspace by its Google name; a 404 when there is none or the member may not see it. */
export async function storedLocation(member: InWorkspace, name: string) {
  const location = await GoogleLocation.query().where('workspace_id', member.workspaceId).where('name', name).first()
  if (!location || (location.businessId !== null && !member.sees(location.businessId))) throw new NotFoundError(LOCATION_NOT_FOUND)
  return location
}
