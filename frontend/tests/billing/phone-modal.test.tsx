import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fixtures, type Routes } from '../helpers'
import { plans } from './fixtures'
import { openBilling } from './billing-screen'

const open = (path = '/billing?source=signup', routes: Routes = {}) =>
  openBilling(
    { 'POST /api/user/update-phone': ({ body }: { body: { phone: string } }) => ({ success: true, phone: body.phone }), ...routes },
    path
  )

const dialog = () => screen.findByRole('dialog', { name: 'Add your phone number' })
const field = () => screen.getByRole('textbox', { name: 'Mobile number' })
const saveButton = () => screen.getByRole('button', { name: 'Save Phone Number' })

describe('billing: the phone number asked for when the trial starts', () => {
  it.each(['/billing?source=signup', '/billing?source=clerk'])('opens at %s, with +91 shown before the field', async (path) => {
    open(path)
    const modal = await dialog()
    expect(within(modal).getByText('+91')).toBeInTheDocument()
    expect(within(modal).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
  })

  it('does not open without the source', async () => {
    open('/billing')
    await screen.findByRole('heading', { name: 'Monthly' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('does not open for an owner who already has a number', async () => {
    open('/billing?source=signup', { 'GET /api/auth/user': { ...fixtures.user, phone: '+919876543210' } })
    await screen.findByRole('heading', { name: 'Monthly' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('keeps digits only, at most 10, and enables Save only at exactly 10', async () => {
    open()
    await dialog()
    await userEvent.type(field(), '98a7-6 54')
    expect(field()).toHaveValue('987654')
    expect(saveButton()).toBeDisabled()
    await userEvent.type(field(), '3210999')
    expect(field()).toHaveValue('9876543210')
    expect(saveButton()).toBeEnabled()
  })

  // Typed key by key, '+91 98450 12345' was saved as +919198450123; the field takes keys by the paste's own rule.
  it('saves +91 98450 12345 typed key by key as the same number as pasted', async () => {
    const api = open()
    await dialog()
    await userEvent.type(field(), '+91 98450 12345')
    expect(field()).toHaveValue('9845012345')
    await userEvent.click(saveButton())
    expect(await screen.findByText('Phone Number Saved')).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/user/update-phone')?.body).toEqual({ phone: '+919845012345' })
  })

  // docs/product-rules.md#accounts-and-tokens: a pasted number in the usual Indian forms keeps its 10 digits, not '91' and the first eight.
  it.each(['+91 98765 43210', '0091 98765 43210', '098765 43210', '(+91) 98765-43210', '+91-98765-43210', '919876543210'])(
    'keeps the 10 digits of a pasted %s and saves them with +91',
    async (pasted) => {
      const api = open()
      await dialog()
      await userEvent.click(field())
      await userEvent.paste(pasted)
      expect(field()).toHaveValue('9876543210')
      await userEvent.click(saveButton())
      expect(await screen.findByText('Phone Number Saved')).toBeInTheDocument()
      expect(api.calls.find((call) => call.path === '/api/user/update-phone')?.body).toEqual({ phone: '+919876543210' })
    }
  )

  it('does not count the +91 of a pasted number that is short of 10 digits, and takes the missing digit after it', async () => {
    open()
    await dialog()
    await userEvent.click(field())
    await userEvent.paste('+91 98765 4321')
    expect(field()).toHaveValue('+91 98765 4321')
    expect(saveButton()).toBeDisabled()
    await userEvent.type(field(), '0')
    expect(field()).toHaveValue('9876543210')
    expect(saveButton()).toBeEnabled()
  })

  it('explains a wrong length when submitted with Enter', async () => {
    const api = open()
    await dialog()
    await userEvent.type(field(), '98765{Enter}')
    expect(await screen.findByText('Please enter a valid 10-digit phone number')).toBeInTheDocument()
    expect(api.calls.some((call) => call.path === '/api/user/update-phone')).toBe(false)
  })

  // Indian mobile numbers start with 6-9: '1234567890' was saved as the owner's number.
  it('refuses a number no mobile has, saying why as soon as the first digit is typed', async () => {
    const api = open()
    await dialog()
    await userEvent.type(field(), '1')
    expect(await screen.findByText('Please enter a valid mobile number: Indian mobile numbers start with 6, 7, 8 or 9')).toBeInTheDocument()
    await userEvent.type(field(), '234567890{Enter}')
    expect(field()).toHaveValue('1234567890')
    expect(saveButton()).toBeDisabled()
    expect(api.calls.some((call) => call.path === '/api/user/update-phone')).toBe(false)
  })

  it('cannot be dismissed with Escape before the number is saved', async () => {
    open()
    await dialog()
    // fireEvent runs in act(): a close the key started would have rendered by the time it returns.
    fireEvent.keyDown(field(), { key: 'Escape', code: 'Escape', keyCode: 27 })
    // A closing antd modal stays in jsdom's DOM with its leave animation running: look for that.
    expect((await dialog()).className).not.toMatch(/leave/)
  })

  it('shows the failure under the field: the server sentence, else the default', async () => {
    open('/billing?source=signup', {
      'POST /api/user/update-phone': { status: 422, body: { error: 'Enter a valid Indian mobile number.' } },
    })
    await dialog()
    await userEvent.type(field(), '9876543210')
    await userEvent.click(saveButton())
    expect(await screen.findByText('Enter a valid Indian mobile number.')).toBeInTheDocument()
  })

  it("falls back to 'Failed to save phone number' when the network fails", async () => {
    const api = open()
    api.fetch.mockImplementation(async (input: string) => {
      if (String(input).includes('update-phone')) throw new TypeError('Failed to fetch')
      const path = new URL(input, 'http://localhost').pathname
      const bodies: Record<string, unknown> = {
        '/api/auth/user': fixtures.user,
        '/api/billing/trial-status': fixtures.trialStatus(),
        '/api/billing/subscription-plans': plans,
      }
      return new Response(JSON.stringify(bodies[path] ?? null), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    await dialog()
    await userEvent.type(field(), '9876543210')
    await userEvent.click(saveButton())
    expect(await screen.findByText('Failed to save phone number')).toBeInTheDocument()
  })

  it("saves '+91' and the digits, then offers 'Go to Dashboard'", async () => {
    const api = open()
    await dialog()
    await userEvent.type(field(), '9876543210')
    await userEvent.click(saveButton())
    expect(await screen.findByText('Phone Number Saved')).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/user/update-phone')?.body).toEqual({ phone: '+919876543210' })
    await userEvent.click(await screen.findByRole('button', { name: 'Go to Dashboard' }))
    // The screen is mounted at /billing only: leaving it unmounts it.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Billing & Plans' })).not.toBeInTheDocument())
  })
})
