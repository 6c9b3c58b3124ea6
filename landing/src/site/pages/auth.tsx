import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { AuthResponse, LoginRequest, RegisterRequest } from '@reviewroute/backend/types/api'
import { api, ApiError, fieldErrors } from '@reviewroute/web-shared/api'
import { PASSWORD_MIN_LENGTH } from '@reviewroute/web-shared/constants'
import { getToken, setToken } from '@reviewroute/web-shared/token'
import { safeRedirect } from '@reviewroute/web-shared/redirect'
import { TRIAL_DAYS } from '@reviewroute/backend/contract/product_rules'
import { AuthCard, AuthField } from '#site/components/auth-card'
import { OidcSignIn, type AuthMode as Mode } from '#site/components/oidc-button'
type Fields = Record<'firstName' | 'lastName' | 'email' | 'password', string>

/** Where an invitation's mail leads (the dashboard's /invite page), and so where its sign-up comes back to. */
const INVITE_PATH = '/invite'

/**
 * What creating an account (by email or by Google) agrees to, named with links. They open in a new tab, so what was
 * typed into the form stays.
 */
function TermsNote() {
  return (
    <p className="auth__terms">
      By creating an account you agree to the{' '}
      <a href="/terms" target="_blank" rel="noopener">
        Terms of Service
      </a>{' '}
      and{' '}
      <a href="/privacy" target="_blank" rel="noopener">
        Privacy Policy
      </a>
      .
    </p>
  )
}

/** /auth?mode=signin|signup&redirect=/path: our own accounts (docs/decisions.md D1), then back where the owner was going. */
export default function AuthPage() {
  const [params] = useSearchParams()
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin'
  const redirect = safeRedirect(params.get('redirect'))
  // From an invitation (docs/decisions.md D57): the invited address comes filled in, and a person joining a team is
  // not sold a trial.
  const invited = redirect.startsWith(`${INVITE_PATH}?`)
  const email = params.get('email')?.trim() ?? ''
  const [fields, setFields] = useState<Fields>({ firstName: '', lastName: '', email, password: '' })
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (getToken()) window.location.replace(redirect)
  }, [redirect])

  const other = new URLSearchParams({ mode: mode === 'signin' ? 'signup' : 'signin', redirect, ...(email && { email }) })
  const update = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setErrors({})
    setFormError(null)
    setBusy(true)
    try {
      const body: RegisterRequest | LoginRequest =
        mode === 'signup'
          ? {
              email: fields.email,
              password: fields.password,
              firstName: fields.firstName || undefined,
              lastName: fields.lastName || undefined,
            }
          : { email: fields.email, password: fields.password }
      const { token } = await api<AuthResponse>(`/api/auth/${mode === 'signup' ? 'register' : 'login'}`, {
        method: 'POST',
        body,
        auth: false,
      })
      setToken(token)
      window.location.assign(redirect)
    } catch (failure) {
      const found = fieldErrors(failure)
      setErrors(found)
      if (!Object.keys(found).length)
        setFormError(failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.')
      setBusy(false)
    }
  }

  const field = (name: keyof Fields, label: string, type = 'text', autoComplete?: string) => (
    <AuthField
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={update(name)}
      required={name === 'email' || name === 'password'}
      minLength={name === 'password' && mode === 'signup' ? PASSWORD_MIN_LENGTH : undefined}
      error={errors[name]}
    />
  )

  return (
    <AuthCard
      title={mode === 'signup' ? (invited ? 'Create your account to join' : 'Create your account') : 'Welcome back'}
      lead={
        invited
          ? 'Then accept the invitation you were sent. Use the address it was sent to.'
          : mode === 'signup'
            ? `Start your ${TRIAL_DAYS}-day free trial. No card needed.`
            : 'Sign in to manage your reviews.'
      }
    >
      <OidcSignIn mode={mode} redirect={redirect} />
      <form className="form" onSubmit={submit} noValidate={false}>
        {mode === 'signup' && (
          <div className="auth__names">
            {field('firstName', 'First name', 'text', 'given-name')}
            {field('lastName', 'Last name', 'text', 'family-name')}
          </div>
        )}
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', mode === 'signup' ? 'new-password' : 'current-password')}
        {mode === 'signin' && (
          <Link className="auth__forgot" to="/auth/forgot" state={{ email: fields.email }}>
            Forgot password?
          </Link>
        )}
        {formError && (
          <p className="alert alert--red" role="alert">
            {formError}
          </p>
        )}
        <button className="button button--primary button--large" type="submit" disabled={busy}>
          {busy ? 'Please wait…' : mode === 'signup' ? 'Create account' : 'Sign In'}
        </button>
      </form>
      {mode === 'signup' && <TermsNote />}
      <p className="auth__switch">
        {mode === 'signup' ? 'Already have an account?' : 'New to ReviewRoute?'}{' '}
        <Link to={`/auth?${other}`}>{mode === 'signup' ? 'Sign in' : 'Create an account'}</Link>
      </p>
    </AuthCard>
  )
}
