import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AcceptedMessageResponse } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callsTo, card, openProfile } from './profile-helpers'
import type { Routes } from '../helpers'

afterEach(() => vi.unstubAllGlobals())

const SENT = { message: 'We sent a link to new@example.in. Your email changes when you open it.' } satisfies AcceptedMessageResponse

/** The message under the dialog's field labelled `label`, or '' when it has none. */
const fieldError = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? ''

async function openDialog(routes: Routes = {}) {
  const api = openProfile(routes)
  const info = await card('Personal Information')
  expect(await within(info).findByText('asha@example.in')).toBeInTheDocument()
  await userEvent.click(within(info).getByRole('button', { name: 'Change' }))
  const dialog = await screen.findByRole('dialog')
  return { api, dialog }
}

async function fill(dialog: HTMLElement, email = 'new@example.in', password = 'my-secret') {
  await userEvent.type(within(dialog).getByLabelText('New email'), email)
  await userEvent.type(within(dialog).getByLabelText('Current password'), password)
  await userEvent.click(within(dialog).getByRole('button', { name: /Send link/ }))
}

describe('profile: changing the email (docs/decisions.md D29)', () => {
  it("sends the new address and the password, shows the server's message and closes", async () => {
    const { api, dialog } = await openDialog({ 'POST /api/auth/change-email': { status: 202, body: SENT } })
    expect(within(dialog).getByText('asha@example.in')).toBeInTheDocument()
    await fill(dialog)
    expect(await screen.findByText(SENT.message)).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/auth/change-email')?.body).toEqual({
      password: 'my-secret',
      email: 'new@example.in',
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your email' })).not.toBeInTheDocument())
    // The account keeps its address until the link is opened.
    expect(within(await card('Personal Information')).getByText('asha@example.in')).toBeInTheDocument()
  })

  it("shows the server's field message (422) under the email and keeps the dialog open", async () => {
    const message = 'An account with this email already exists'
    const { dialog } = await openDialog({
      'POST /api/auth/change-email': { status: 422, body: { error: message, errors: [{ field: 'email', message }] } },
    })
    await fill(dialog, 'taken@example.in')
    await waitFor(() => expect(fieldError(dialog, 'New email')).toBe(message))
    expect(fieldError(dialog, 'Current password')).toBe('')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('shows a wrong password (400) under the password', async () => {
    const { dialog } = await openDialog({
      'POST /api/auth/change-email': {
        status: 400,
        body: { error: 'That password is not correct.', message: 'That password is not correct.' },
      },
    })
    await fill(dialog)
    await waitFor(() => expect(fieldError(dialog, 'Current password')).toBe('That password is not correct.'))
    expect(within(dialog).getByLabelText('New email')).toHaveValue('new@example.in')
  })

  it('tells an owner without a password to set one first', async () => {
    const sentence = 'This account signs in through your identity provider and has no password. Set one with "Forgot password?" first.'
    const { dialog } = await openDialog({ 'POST /api/auth/change-email': { status: 400, body: { error: sentence } } })
    expect(within(dialog).getByText(/never set a password\? Set one first/)).toBeInTheDocument()
    await fill(dialog)
    await waitFor(() => expect(fieldError(dialog, 'Current password')).toBe(sentence))
  })

  it('shows a refusal for asking too often (429) in a toast', async () => {
    const sentence = 'Too many requests. Please try again in a few minutes.'
    const { dialog } = await openDialog({ 'POST /api/auth/change-email': { status: 429, body: { error: sentence } } })
    await fill(dialog)
    expect(await screen.findByText(sentence)).toBeInTheDocument()
    expect(screen.getByText('Email Not Changed')).toBeInTheDocument()
  })

  it('checks the address on the device and sends nothing', async () => {
    const { api, dialog } = await openDialog()
    await fill(dialog, 'not-an-email')
    await waitFor(() => expect(fieldError(dialog, 'New email')).toBe('Enter a valid email address'))
    expect(callsTo(api, '/api/auth/change-email')).toBe(0)
  })
})
