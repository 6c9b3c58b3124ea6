import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { AcceptedMessageResponse, VerifyEmailRequest, VerifyEmailResponse } from '@reviewroute/backend/types/api'
import { api, ApiError, NETWORK_ERROR } from '@reviewroute/web-shared/api'
import { SIGN_IN_URL } from '@reviewroute/web-shared/constants'
import { getToken } from '@reviewroute/web-shared/token'
import { AuthCard } from '#site/components/auth-card'
import { useToast } from '#site/toast'

type State =
  | { kind: 'verifying' }
  | { kind: 'verified'; email: string }
  | { kind: 'already-verified'; sentence: string }
  | { kind: 'failed'; sentence: string }

/** A spent link of an address that is confirmed is good news told again, not a failure (the server says which). */
function stateOf(failure: unknown): State {
  if (!(failure instanceof ApiError)) return { kind: 'failed', sentence: NETWORK_ERROR }
  return { kind: failure.body.alreadyVerified ? 'already-verified' : 'failed', sentence: failure.message }
}

const INCOMPLETE_LINK = 'This verification link is incomplete.'

/** A new link for the signed-in owner; signed out, the way to sign in (the dashboard's banner sends one too). */
function ResendLink() {
  const toast = useToast()
  const [busy, setBusy] = useState(false)

  if (!getToken()) {
    return (
      <Link className="button button--primary button--large" to={SIGN_IN_URL}>
        Sign in to get a new link
      </Link>
    )
  }

  async function resend() {
    setBusy(true)
    try {
      await api<AcceptedMessageResponse>('/api/auth/resend-verification', { method: 'POST' })
      toast({ title: 'Verification Email Sent', description: 'Check your inbox for the new link.', variant: 'success' })
    } catch (failure) {
      toast({ title: 'Resend Failed', description: failure instanceof ApiError ? failure.message : NETWORK_ERROR, variant: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <button className="button button--primary button--large" type="button" onClick={resend} disabled={busy}>
      {busy ? 'Sending…' : 'Send a new link'}
    </button>
  )
}

/** /auth/verify?token=…: the page a verification mail links to (docs/decisions.md D29); the token alone verifies, signed in or not. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const [state, setState] = useState<State>(token ? { kind: 'verifying' } : { kind: 'failed', sentence: INCOMPLETE_LINK })
  // A token is single use: React's development double effect must not spend it twice.
  const posted = useRef(false)

  useEffect(() => {
    if (!token || posted.current) return
    posted.current = true
    const body: VerifyEmailRequest = { token }
    api<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', body, auth: false })
      .then(({ user }) => setState({ kind: 'verified', email: user.email }))
      .catch((failure) => setState(stateOf(failure)))
  }, [token])

  if (state.kind === 'verifying') {
    return (
      <AuthCard title="Verifying your email…">
        <p className="muted" role="status" aria-busy="true">
          One moment.
        </p>
      </AuthCard>
    )
  }
  if (state.kind === 'verified') {
    return (
      <AuthCard
        title="Email verified"
        lead={
          <>
            Thank you: <strong>{state.email}</strong> is confirmed, so alerts and summaries will reach you there.
          </>
        }
      >
        <a className="button button--primary button--large" href="/dashboard">
          Go to dashboard
        </a>
      </AuthCard>
    )
  }
  if (state.kind === 'already-verified') {
    return (
      <AuthCard title="Email already verified" lead={state.sentence}>
        <a className="button button--primary button--large" href="/dashboard">
          Go to dashboard
        </a>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="We could not verify your email">
      <p className="alert alert--red" role="alert">
        {state.sentence}
      </p>
      <ResendLink />
    </AuthCard>
  )
}
