/*
 * Where this operator's token stands with the TOTP step (GET /api/admin/2fa, docs/decisions.md D34). The console's
 * screens open only once it passed; any admin answer 403 `{twoFactor}` (a query, a mutation, or a write the reason
 * modal sends) takes the operator to that step, and passing it brings them back where they were.
 */
import { useQueryClient } from '@tanstack/react-query'
import type { TwoFactorStatusDto } from '@reviewroute/backend/types/api'
import { Button } from 'antd'
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { LoadingScreen } from '#components/loading-screen'
import { MessageScreen } from '#components/message-screen'
import { ADMIN_HOME, TWO_FACTOR_API, TWO_FACTOR_PATH, twoFactorStep, type TwoFactorStep } from '#lib/admin'
import { errorText, request } from '#providers/http'

interface TwoFactorSession {
  /** null until the first answer. */
  status: TwoFactorStatusDto | null
  /** The step passed (verify) or was set up (activate): the answer's status. The step's screen then leads back. */
  passed(status: TwoFactorStatusDto): void
  /** True when `error` was a 403 asking for the TOTP step, after sending the operator there. */
  handleError(error: unknown): boolean
}

const TwoFactorContext = createContext<TwoFactorSession | null>(null)

export function useTwoFactor() {
  const session = useContext(TwoFactorContext)
  if (!session) throw new Error('useTwoFactor needs a TwoFactorProvider')
  return session
}

/** Where to come back to after the step: the path the operator was on. */
interface StepState {
  from?: string
}

/** The path the step leads back to once passed: where the operator was, else the users list. */
export function useReturnPath() {
  const from = (useLocation().state as StepState | null)?.from
  return from && from !== TWO_FACTOR_PATH ? from : ADMIN_HOME
}

export function TwoFactorProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<TwoFactorStatusDto | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const navigate = useNavigate()
  const location = useLocation()
  // Where the operator is, for requireStep, which stays the same across navigations (the watcher keeps its subscription).
  const here = useRef(location)
  useLayoutEffect(() => {
    here.current = location
  }, [location])

  useEffect(() => {
    let live = true
    request<TwoFactorStatusDto>(TWO_FACTOR_API)
      .then((answer) => live && setStatus(answer))
      .catch((error) => live && setFailure(errorText(error, 'Could not reach the operator console.')))
    return () => {
      live = false
    }
  }, [attempt])

  const requireStep = useCallback(
    (step: TwoFactorStep) => {
      setStatus({ enrolled: step === 'verify', verified: false, verifiedUntil: null })
      const { pathname, search } = here.current
      if (pathname !== TWO_FACTOR_PATH) navigate(TWO_FACTOR_PATH, { replace: true, state: { from: pathname + search } satisfies StepState })
    },
    [navigate]
  )

  const handleError = useCallback(
    (error: unknown) => {
      const step = twoFactorStep(error)
      if (step) requireStep(step)
      return step !== null
    },
    [requireStep]
  )

  useTwoFactorWatcher(handleError)
  const session = useMemo(() => ({ status, passed: setStatus, handleError }), [status, handleError])

  if (failure) {
    return (
      <MessageScreen
        title="The operator console did not open"
        text={failure}
        actions={
          <>
            <Button
              type="primary"
              onClick={() => {
                setFailure(null)
                setAttempt((count) => count + 1)
              }}
            >
              Try again
            </Button>
            <Link to="/dashboard">
              <Button>Back to Dashboard</Button>
            </Link>
          </>
        }
      />
    )
  }
  if (!status) return <LoadingScreen text="Opening the operator console..." />
  return <TwoFactorContext.Provider value={session}>{children}</TwoFactorContext.Provider>
}

/** Every query and mutation the console runs through Refine shares one react-query client: its errors are watched here. */
function useTwoFactorWatcher(handleError: (error: unknown) => boolean) {
  const client = useQueryClient()
  useEffect(() => {
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handleError(event.action.error)
    })
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handleError(event.action.error)
    })
    return () => {
      offQueries()
      offMutations()
    }
  }, [client, handleError])
}

/** The console's screens, once this token passed the step; else the step, with the way back. */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const { status } = useTwoFactor()
  const location = useLocation()
  if (!status?.verified) {
    return <Navigate to={TWO_FACTOR_PATH} replace state={{ from: location.pathname + location.search } satisfies StepState} />
  }
  return children
}
