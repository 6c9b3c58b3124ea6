import { useGetIdentity } from '@refinedev/core'
import type { UserDto } from '@reviewroute/backend/types/api'

/** The signed-in owner (GET /api/auth/user through the auth provider). */
export function useCurrentUser() {
  const { data, isLoading, refetch } = useGetIdentity<UserDto>()
  return { user: data ?? null, loading: isLoading, refetch }
}
