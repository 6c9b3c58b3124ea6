import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ChangePasswordResponse } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callsTo, card, openProfile } from './profile-helpers'

afterEach(() => vi.unstubAllGlobals())

const CHANGED = {
  success: true,
  message: 'Your password has been changed. Other devices have been signed out.',
} satisfies ChangePasswordResponse

/** The message under the field labelled `label`, or '' when it has none. */
const fieldError = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? ''

async function fill(form: HTMLElement, fields: { current?: string; next?: string; confirm?: string } = {}) {
  const { current = 'old-secret', next = 'new-secret-1', confirm = next } = fields
  await userEvent.click(within(form).getByLabelText('Current password'))
  await userEvent.paste(current)
  await userEvent.click(within(form).getByLabelText('New password'))
  await userEvent.paste(next)
  await userEvent.click(within(form).getByLabelText('Confirm new password'))
  await userEvent.paste(confirm)
  await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }))
}

describe('profile: changing the password', () => {
  it("sends the current and new password, shows the server's message, clears the form and reads the devices again", async () => {
    const api = openProfile({ 'POST /api/auth/change-password': CHANGED })
    const form = await card('Password')
    await waitFor(() => expect(callsTo(api, '/api/auth/sessions')).toBe(1))
    await fill(form)
    expect(await screen.findByText(CHANGED.message)).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'old-secret',
      password: 'new-secret-1',
    })
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(within(form).getByLabelText(label)).toHaveValue('')
    }
    await waitFor(() => expect(callsTo(api, '/api/auth/sessions')).toBe(2))
  })

  it('shows a wrong current password (400) under that field', async () => {
    openProfile({ 'POST /api/auth/change-password': { status: 400, body: { error: 'Your current password is not correct.' } } })
    const form = await card('Password')
    await fill(form)
    await waitFor(() => expect(fieldError(form, 'Current password')).toBe('Your current password is not correct.'))
    expect(within(form).getByLabelText('New password')).toHaveValue('new-secret-1')
  })

  it("shows the server's field message (422) under the new password", async () => {
    const message = 'The password field must not be greater than 128 characters'
    openProfile({
      'POST /api/auth/change-password': { status: 422, body: { error: message, errors: [{ field: 'password', message }] } },
    })
    const form = await card('Password')
    await fill(form, { next: 'x'.repeat(129) })
    await waitFor(() => expect(fieldError(form, 'New password')).toBe(message))
    expect(fieldError(form, 'Current password')).toBe('')
  })

  it("shows the lock's sentence (429) in a toast", async () => {
    const sentence = 'Too many failed attempts. Please try again in 10 minutes.'
    openProfile({ 'POST /api/auth/change-password': { status: 429, body: { error: sentence } } })
    const form = await card('Password')
    await fill(form)
    expect(await screen.findByText(sentence)).toBeInTheDocument()
  })

  it('checks the confirmation and the length on the device, sending nothing', async () => {
    const api = openProfile()
    const form = await card('Password')
    await fill(form, { confirm: 'new-secret-2' })
    await waitFor(() => expect(fieldError(form, 'Confirm new password')).toBe('The new passwords do not match'))

    await userEvent.clear(within(form).getByLabelText('New password'))
    await userEvent.type(within(form).getByLabelText('New password'), 'short')
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }))
    await waitFor(() => expect(fieldError(form, 'New password')).toBe('Use at least 8 characters'))
    expect(callsTo(api, '/api/auth/change-password')).toBe(0)
  })
})
