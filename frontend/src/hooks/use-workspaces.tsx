/*
 * The user's workspaces (GET /api/workspaces) and the one the dashboard acts in (lib/workspace-store.ts): the
 * device's last choice when it is one of the user's, else the default (the first they joined, first in the list).
 * Once the user and the list are known, a choice made by another user on this device, or one that is no longer
 * theirs, gives way to their own, and the dashboard loads again if its calls named another workspace. What the
 * member's role may do (lib/roles.ts) comes with it. Outside the provider (a screen on its own in a test) there is
 * no list and the role is unknown: everything shows, as before workspaces.
 */
import { useCustom } from '@refinedev/core'
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react'
import { useCurrentUser } from '#hooks/use-current-user'
import { permissionsOf, UNKNOWN_ROLE, type Permissions } from '#lib/roles'
import { currentWorkspaceId, settleWorkspace, switchWorkspace } from '#lib/workspace-store'
import { noteIfLost } from '#providers/http'

export const WORKSPACES_KEY = ['workspaces'] as const

export interface WorkspacesState {
  workspaces: WorkspaceDto[]
  /** The workspace the dashboard acts in; null while loading or when the list cannot be read. */
  current: WorkspaceDto | null
  loading: boolean
  error: unknown
  permissions: Permissions
  /** Opens `path` (the overview) in workspace `id`. */
  switchTo(id: number, path?: string): void
  refetch(): void
}

const UNKNOWN: WorkspacesState = {
  workspaces: [],
  current: null,
  loading: false,
  error: null,
  permissions: UNKNOWN_ROLE,
  switchTo: () => undefined,
  refetch: () => undefined,
}

const WorkspacesContext = createContext<WorkspacesState>(UNKNOWN)

/** The workspace of `id` in the list, else the default (the first). */
export const pickWorkspace = (workspaces: WorkspaceDto[], id: number | null) =>
  workspaces.find((workspace) => workspace.id === id) ?? workspaces[0] ?? null

export function WorkspacesProvider({ children }: { children: ReactNode }) {
  const { query } = useCustom<WorkspaceDto[]>({
    url: '/api/workspaces',
    method: 'get',
    queryOptions: { queryKey: [...WORKSPACES_KEY] },
  })
  const userId = useCurrentUser().user?.id ?? null
  const data = query.data?.data
  const workspaces = useMemo(() => (Array.isArray(data) ? data : []), [data])

  useEffect(() => {
    if (userId === null || !query.isSuccess) return
    const ids = workspaces.map((workspace) => workspace.id)
    const sent = currentWorkspaceId()
    if (!settleWorkspace(userId, ids, ids[0] ?? null).reload) return
    // The page named a workspace that is no longer theirs: the next one says so when they were removed from it.
    const lost = sent !== null && !ids.includes(sent) ? noteIfLost(sent) : Promise.resolve()
    void lost.finally(() => window.location.reload())
  }, [userId, query.isSuccess, workspaces])

  const current = pickWorkspace(workspaces, currentWorkspaceId())
  const value = useMemo<WorkspacesState>(
    () => ({
      workspaces,
      current,
      loading: query.isLoading,
      error: query.error,
      permissions: current ? permissionsOf(current.role) : UNKNOWN_ROLE,
      switchTo(id, path) {
        if (userId !== null) switchWorkspace(userId, id, path)
      },
      refetch: () => void query.refetch(),
    }),
    [workspaces, current, query, userId]
  )
  return <WorkspacesContext.Provider value={value}>{children}</WorkspacesContext.Provider>
}

export const useWorkspaces = () => useContext(WorkspacesContext)

/** What the member's role may do in the current workspace. */
export const usePermissions = () => useContext(WorkspacesContext).permissions
