import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router'
import type { AcceptedMessageResponse, ForgotPasswordRequest } from '@reviewroute/backend/types/api'
import { api, ApiError, fieldErrors, NETWORK_ERROR } from '@reviewroute/web-shared/api'
import { AuthCard, AuthField } from '#site/components/auth-card'

/**
 * /auth/forgot: asks for a reset link (docs/decisions.md D29). The page says the same thing whether or not the address has
 * an account, so it cannot be used to learn who is a customer; only a malformed address or a rate limit shows.
 */
export default function ForgotPasswordPage() {
  const location = useLocation()
  const [email, setEmail] = useState<string>(() => (location.state as { email?: string } | null)?.email ?? '')
  const [emailError, setEmailError] = useState<string>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setEmailError(undefined)
    setFormError(null)
    setBusy(true)
    try {
      const body: ForgotPasswordRequest = { email: email.trim() }
      await api<AcceptedMessageResponse>('/api/auth/forgot-password', { method: 'POST', body, auth: false })
      setSentTo(email.trim())
    } catch (failure) {
      const found = fieldErrors(failure)
      if (found.email) setEmailError(found.email)
      else setFormError(failure instanceof ApiError ? failure.message : NETWORK_ERROR)
    } finally {
      setBusy(false)
    }
  }

  if (sentTo !== null) {
    return (
      <AuthCard title="Check your email">
        <p className="alert alert--green" role="status">
          If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link works once and expires
          after an hour; check your spam folder if it does not arrive.
        </p>
        <p className="auth__switch">
          <Link to="/auth?mode=signin">Back to sign in</Link>
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Forgot your password?" lead="Enter the email you signed up with and we will send you a link to choose a new one.">
      <form className="form" onSubmit={submit}>
        <AuthField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
        />
        {formError && (
          <p className="alert alert--red" role="alert">
            {formError}
          </p>
        )}
        <button className="button button--primary button--large" type="submit" disabled={busy}>
          {busy ? 'Please wait…' : 'Send reset link'}
        </button>
      </form>
      <p className="auth__switch">
        Remembered it? <Link to="/auth?mode=signin">Sign in</Link>
      </p>
    </AuthCard>
  )
}
