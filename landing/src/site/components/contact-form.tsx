/*
 * The contact form (docs/architecture.md, docs/product-rules.md, docs/decisions.md D12): four required fields, checked here before anything is sent,
 * then POST /api/contact. The server's field messages (422) appear next to their field.
 */
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import type { ContactRequest, ContactResponse, UserDto } from '@reviewroute/backend/types/api'
import { api, ApiError } from '@reviewroute/web-shared/api'
import { EMAIL_RESPONSE } from '@reviewroute/web-shared/constants'

const FIELDS = ['name', 'email', 'subject', 'message'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>
type Errors = Partial<Record<Field, string>>
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string }

export const CONTACT_TEXTS = {
  sent: 'Message Sent Successfully',
  sentDetail: `We'll get back to you ${EMAIL_RESPONSE}.`,
  failed: 'Failed to send message. Please try again.',
}

const LABELS: Record<Field, string> = { name: 'Your name', email: 'Email address', subject: 'Subject', message: 'Message' }
const MISSING: Record<Field, string> = {
  name: 'Please enter your name',
  email: 'Please enter your email address',
  subject: 'Please enter a subject',
  message: 'Please write your message',
}
const INVALID_EMAIL = 'Please enter a valid email address'
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A signed-in owner does not retype their name and email. */
const initialValues = (user: UserDto | null): Values => ({
  name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
  email: user?.email ?? '',
  subject: '',
  message: '',
})

function check(values: Values): Errors {
  const errors: Errors = {}
  for (const field of FIELDS) if (!values[field].trim()) errors[field] = MISSING[field]
  if (!errors.email && !EMAIL_PATTERN.test(values.email.trim())) errors.email = INVALID_EMAIL
  return errors
}

/** 422 field messages for our four fields, or null when the server named none of them. */
function serverFieldErrors(error: unknown): Errors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null
  const errors: Errors = {}
  for (const { field, message } of error.body.errors ?? []) {
    if ((FIELDS as readonly string[]).includes(field)) errors[field as Field] ??= message
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/** The server's sentence for a client-side problem (429, 4xx); the spec's text for a crash or no network. */
function failureMessage(error: unknown) {
  const serverSentence = error instanceof ApiError && error.status >= 400 && error.status < 500 && typeof error.body.error === 'string'
  return serverSentence ? error.message : CONTACT_TEXTS.failed
}

export function ContactForm({ user }: { user: UserDto | null }) {
  const [values, setValues] = useState<Values>(() => initialValues(user))
  const [errors, setErrors] = useState<Errors>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const form = useRef<HTMLFormElement>(null)
  const sending = status.kind === 'sending'

  function showErrors(found: Errors) {
    setErrors(found)
    const first = FIELDS.find((field) => found[field])
    if (first) (form.current?.elements.namedItem(first) as HTMLElement | null)?.focus()
  }

  function change(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as Field
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    if (status.kind === 'failed') setStatus({ kind: 'idle' })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const found = check(values)
    if (Object.keys(found).length > 0) {
      setStatus({ kind: 'idle' })
      showErrors(found)
      return
    }
    setStatus({ kind: 'sending' })
    const body = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()])) as ContactRequest
    try {
      await api<ContactResponse>('/api/contact', { method: 'POST', body })
      setValues(initialValues(user))
      setErrors({})
      setStatus({ kind: 'sent' })
    } catch (error) {
      const fieldErrors = serverFieldErrors(error)
      if (fieldErrors) {
        setStatus({ kind: 'idle' })
        showErrors(fieldErrors)
      } else {
        setStatus({ kind: 'failed', message: failureMessage(error) })
      }
    }
  }

  const control = (field: Field) => ({
    'id': `contact-${field}`,
    'name': field,
    'value': values[field],
    'onChange': change,
    'required': true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
  })

  const row = (field: Field, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`contact-${field}`}>{LABELS[field]}</label>
      {input}
      {errors[field] && (
        <p className="field__error" id={`contact-${field}-error`} role="alert">
          {errors[field]}
        </p>
      )}
    </div>
  )

  return (
    <form ref={form} className="form contact-form" onSubmit={submit} aria-busy={sending} aria-label="Contact form">
      <div className="contact-form__pair">
        {row('name', <input type="text" autoComplete="name" {...control('name')} />)}
        {row('email', <input type="email" autoComplete="email" inputMode="email" {...control('email')} />)}
      </div>
      {row('subject', <input type="text" {...control('subject')} />)}
      {row('message', <textarea rows={6} {...control('message')} />)}
      {status.kind === 'sent' && (
        <div className="alert alert--green" role="status">
          <strong>{CONTACT_TEXTS.sent}</strong>
          <p>{CONTACT_TEXTS.sentDetail}</p>
        </div>
      )}
      {status.kind === 'failed' && (
        <div className="alert alert--red" role="alert">
          {status.message}
        </div>
      )}
      <button type="submit" className="button button--primary button--large contact-form__submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}
