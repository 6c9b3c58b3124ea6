/*
 * What every /auth screen is made of (sign in, forgot, reset, verify): the centred card with the logo and a
 * title, and a labelled field with its message under it.
 */
import type { InputHTMLAttributes, ReactNode } from 'react'
import { Logo } from '#site/components/logo'

export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth__card card card--shadow">
        <Logo />
        <h1>{title}</h1>
        {lead && <p className="muted">{lead}</p>}
        {children}
      </div>
    </main>
  )
}

type FieldProps = { name: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>

export function AuthField({ name, label, error, ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} aria-invalid={Boolean(error)} aria-describedby={error ? `${name}-error` : undefined} {...input} />
      {error && (
        <p className="field__error" id={`${name}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
