/*
 * A workspace's members and pending invitations (GET /api/workspaces/{id}/members, any member) and the owners'
 * changes to them: invite, cancel an invitation, change a member's role or businesses, remove a member; and leaving,
 * which any member may. Each change reads the list again; the server's sentence comes back as the error
 * (409 for leaving no owner, 403 for a role that may not).
 */
import { useCustom } from '@refinedev/core'
import type { UpdateMemberRequest, WorkspaceMembersResponse } from '@reviewroute/backend/types/api'
import { useCallback, useMemo } from 'react'
import { request } from '#providers/http'

export const teamKey = (workspaceId: number) => ['workspaces', workspaceId, 'members'] as const

export function useTeam(workspaceId: number) {
  const base = `/api/workspaces/${workspaceId}` as const
  const { query } = useCustom<WorkspaceMembersResponse>({
    url: `${base}/members`,
    method: 'get',
    queryOptions: { queryKey: [...teamKey(workspaceId)] },
  })
  const refetch = useCallback(() => void query.refetch(), [query])
  const then = useCallback(
    async <T>(call: Promise<T>) => {
      const result = await call
      refetch()
      return result
    },
    [refetch]
  )

  return useMemo(
    () => ({
      team: query.data?.data ?? null,
      loading: query.isLoading,
      error: query.error,
      refetch,
      /** Where an invitation is posted (`CreateInvitationRequest`); the invite form reads the list again after. */
      invitationsPath: `${base}/invitations` as const,
      cancelInvitation: (id: number) => then(request<void>(`${base}/invitations/${id}`, { method: 'DELETE' })),
      update: (userId: number, body: UpdateMemberRequest) => then(request<void>(`${base}/members/${userId}`, { method: 'PATCH', body })),
      remove: (userId: number) => then(request<void>(`${base}/members/${userId}`, { method: 'DELETE' })),
      leave: () => request<void>(`${base}/members/me`, { method: 'DELETE' }),
    }),
    [query, refetch, then, base]
  )
}

export type Team = ReturnType<typeof useTeam>
