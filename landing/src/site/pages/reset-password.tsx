import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { AuthResponse, ResetPasswordRequest, ResetTokenCheckResponse } from '@reviewroute/backend/types/api'
import { api, ApiError, fieldErrors, NETWORK_ERROR } from '@reviewroute/web-shared/api'
import { PASSWORD_MIN_LENGTH } from '@reviewroute/web-shared/constants'
import { setToken } from '@reviewroute/web-shared/token'
import { AuthCard, AuthField } from '#site/components/auth-card'

type Field = 'password' | 'confirm'

const INCOMPLETE_LINK = 'This reset link is incomplete. Ask for a new one below.'
const MISMATCH = 'The two passwords do not match.'

/** The way out of a link that no longer works: ask for another. */
function DeadLink({ sentence }: { sentence: string }) {
  return (
    <AuthCard title="This link does not work">
      <p className="alert alert--red" role="alert">
        {sentence}
      </p>
      <Link className="button button--primary button--large" to="/auth/forgot">
        Ask for a new link
      </Link>
    </AuthCard>
  )
}

/** The sentence of a refused token: a 400, or the token field refused by validation. Null for anything else. */
function deadLinkSentence(failure: unknown) {
  const found = fieldErrors(failure)
  if (found.token) return found.token
  return failure instanceof ApiError && failure.status === 400 ? failure.message : null
}

/**
 * /auth/reset?token=…: the page a reset mail links to (docs/decisions.md D29). The link is checked on open, so a used
 * or expired one says so before the owner types anything; a check that cannot answer (outage, 429) leaves the
 * form to try. A new password signs the owner in here (the server has revoked every other session) and goes on to
 * the dashboard.
 */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')
  return token ? <ResetForm token={token} /> : <DeadLink sentence={INCOMPLETE_LINK} />
}

function ResetForm({ token }: { token: string }) {
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [deadLink, setDeadLink] = useState<string | null>(null)
  const [checking, setChecking] = useState(true)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    api<ResetTokenCheckResponse>('/api/auth/reset-password/check', {
      method: 'POST',
      body: { token },
      auth: false,
      signal: controller.signal,
    })
      .catch((failure) => {
        if (controller.signal.aborted) return
        setDeadLink(deadLinkSentence(failure))
      })
      .finally(() => {
        if (!controller.signal.aborted) setChecking(false)
      })
    return () => controller.abort()
  }, [token])

  if (deadLink) return <DeadLink sentence={deadLink} />
  // No form until the link is known to work: a used link must not show a form and then take it away.
  if (checking) {
    return (
      <AuthCard title="Checking your link…">
        <p className="auth__checking muted" role="status" aria-busy="true">
          <span className="spinner spinner--small" aria-hidden="true" /> One moment.
        </p>
      </AuthCard>
    )
  }

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    if (values.password !== values.confirm) return setErrors({ confirm: MISMATCH })
    setErrors({})
    setBusy(true)
    try {
      const body: ResetPasswordRequest = { token, password: values.password }
      const signedIn = await api<AuthResponse>('/api/auth/reset-password', { method: 'POST', body, auth: false })
      setToken(signedIn.token)
      window.location.assign('/dashboard')
    } catch (failure) {
      setBusy(false)
      // A token refused by validation is as dead as one the server no longer knows (400).
      const dead = deadLinkSentence(failure)
      if (dead) return setDeadLink(dead)
      const found = fieldErrors(failure)
      if (found.password) return setErrors({ password: found.password })
      setFormError(failure instanceof ApiError ? failure.message : NETWORK_ERROR)
    }
  }

  return (
    <AuthCard
      title="Choose a new password"
      lead={`At least ${PASSWORD_MIN_LENGTH} characters. You will be signed in on this device and signed out everywhere else.`}
    >
      <form className="form" onSubmit={submit}>
        <AuthField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <AuthField
          name="confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={change('confirm')}
          error={errors.confirm}
        />
        {formError && (
          <p className="alert alert--red" role="alert">
            {formError}
          </p>
        )}
        <button className="button button--primary button--large" type="submit" disabled={busy}>
          {busy ? 'Please wait…' : 'Set new password'}
        </button>
      </form>
    </AuthCard>
  )
}
