/*
 * The signed-in owner as the site sees them: a valid stored token and the user it belongs to. Fetched once
 * for the whole site; a 401 means the token is gone.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import type { UserDto } from '@reviewroute/backend/types/api'
import { api, ApiError } from '@reviewroute/web-shared/api'
import { clearToken, getToken } from '@reviewroute/web-shared/token'

interface Session {
  user: UserDto | null
  loading: boolean
  setUser(user: UserDto | null): void
}

const SessionContext = createContext<Session>({ user: null, loading: false, setUser: () => {} })

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserDto | null>(null)
  const [loading, setLoading] = useState(() => getToken() !== null)

  useEffect(() => {
    if (!getToken()) return
    api<UserDto>('/api/auth/user')
      .then(setUser)
      .catch((error) => {
        if (error instanceof ApiError && error.status === 401) clearToken()
      })
      .finally(() => setLoading(false))
  }, [])

  return <SessionContext.Provider value={{ user, loading, setUser }}>{children}</SessionContext.Provider>
}

export const useSession = () => useContext(SessionContext)
