/*
 * docs/decisions.md D39: a new owner who clicks Start Free Trial lands on the dashboard's onboarding, not on a pricing
 * page behind the phone modal. The phone number is asked there, as the first step, in the page (no dialog), and
 * still cannot be skipped (docs/decisions.md D14); a brand-new owner is greeted 'Welcome', not 'Welcome back'.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetCityForTests } from '@reviewroute/web-shared/search'
import { Onboarding } from '#components/dashboard/onboarding'
import { WelcomeBanner } from '#components/dashboard/welcome-banner'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

beforeEach(() => resetCityForTests())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const newOwner = { ...fixtures.user, phone: '', createdAt: new Date(Date.now() - 60_000).toISOString() }

function open(path: string, routes: Routes = {}) {
  signIn()
  const api = fakeApi({
    'GET /api/auth/user': newOwner,
    'GET /api/geo': { city: null, country: null },
    'POST /api/search-business': { places: [], source: 'demo' },
    'POST /api/user/update-phone': ({ body }: { body: { phone: string } }) => ({ success: true, phone: body.phone }),
    ...routes,
  })
  renderScreen(<Onboarding />, { path, pattern: '/dashboard' })
  return api
}

const phoneField = () => screen.findByRole('textbox', { name: 'Mobile number' })

describe('onboarding after Start Free Trial (/dashboard?source=signup)', () => {
  it("asks for the phone in the page as step 1 of 'Let's get started!', with no dialog", async () => {
    open('/dashboard?source=signup')
    expect(await screen.findByRole('heading', { name: "Let's get started!" })).toBeInTheDocument()
    expect(await phoneField()).toBeInTheDocument()
    expect(screen.getByText('+91')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Required (D14): the business search comes after the number is saved.
    expect(screen.queryByRole('combobox', { name: 'Business name' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save Phone Number' })).toBeDisabled()
  })

  it('saves the number with +91, then shows the business search as step 2', async () => {
    const api = open('/dashboard?source=signup')
    await userEvent.type(await phoneField(), '98765 43210')
    await userEvent.click(screen.getByRole('button', { name: 'Save Phone Number' }))

    expect(await screen.findByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/user/update-phone')?.body).toEqual({ phone: '+919876543210' })
    expect(screen.getByText(/\+91 98765 43210/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Mobile number' })).not.toBeInTheDocument()
    expect(await screen.findByText('Phone Number Saved')).toBeInTheDocument()
  })

  it('shows the server sentence under the field when saving fails, and keeps the step', async () => {
    open('/dashboard?source=signup', {
      'POST /api/user/update-phone': { status: 422, body: { error: 'Enter a valid Indian mobile number.' } },
    })
    await userEvent.type(await phoneField(), '9876543210')
    await userEvent.click(screen.getByRole('button', { name: 'Save Phone Number' }))
    expect(await screen.findByText('Enter a valid Indian mobile number.')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Business name' })).not.toBeInTheDocument()
  })

  it('goes straight to the search for an owner who already has a number', async () => {
    open('/dashboard?source=signup', { 'GET /api/auth/user': { ...newOwner, phone: '+919876543210' } })
    expect(await screen.findByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Mobile number' })).not.toBeInTheDocument()
  })

  it('goes straight to the search without ?source (a later visit)', async () => {
    const api = open('/dashboard')
    expect(await screen.findByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/auth/user')).toBe(true))
    expect(screen.queryByRole('textbox', { name: 'Mobile number' })).not.toBeInTheDocument()
  })
})

describe('the greeting (docs/decisions.md D39)', () => {
  function greet(createdAt: string) {
    signIn()
    fakeApi({ 'GET /api/auth/user': { ...fixtures.user, createdAt } })
    renderScreen(<WelcomeBanner businessName="Sharma Sweets" />)
  }

  it("greets an owner whose account is minutes old with 'Welcome', not 'Welcome back'", async () => {
    greet(new Date(Date.now() - 5 * 60_000).toISOString())
    const heading = await screen.findByRole('heading', { name: 'Welcome, Asha!' })
    expect(within(heading).queryByText(/back/)).not.toBeInTheDocument()
  })

  it("greets a returning owner with 'Welcome back'", async () => {
    greet(new Date(Date.now() - 3 * 86_400_000).toISOString())
    expect(await screen.findByRole('heading', { name: 'Welcome back, Asha!' })).toBeInTheDocument()
  })
})
