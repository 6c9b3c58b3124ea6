/*
 * The two buttons every landing page repeats. docs/decisions.md D14: sign-up always goes to SIGN_UP_URL, sign-in to
 * SIGN_IN_URL, whatever the label.
 */
import { Link } from 'react-router'
import { SIGN_IN_URL, SIGN_UP_URL } from '@reviewroute/web-shared/constants'

export function SignUpLink({ label = 'Start Free Trial', variant = 'primary' }: { label?: string; variant?: 'primary' | 'light' }) {
  return (
    <Link className={`button button--${variant} button--large`} to={SIGN_UP_URL}>
      {label}
    </Link>
  )
}

export function SignInLink({ onDark = false }: { onDark?: boolean }) {
  return (
    <Link className={`button button--large ${onDark ? 'button--on-dark' : 'button--ghost'}`} to={SIGN_IN_URL}>
      Sign In
    </Link>
  )
}

/** Start Free Trial and Sign In side by side (they wrap under each other on a phone). */
export function AuthActions({ signUpLabel, onDark = false }: { signUpLabel?: string; onDark?: boolean }) {
  return (
    <div className="hero__actions">
      <SignUpLink label={signUpLabel} variant={onDark ? 'light' : 'primary'} />
      <SignInLink onDark={onDark} />
    </div>
  )
}
