/* /admin is an operator's: an owner never downloads the console's chunk nor reaches its API; an operator lands there. */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chromeApi, setViewport } from '../chrome/chrome-helpers'
import { signIn } from '../helpers'
import { adminUser, list, operator, operatorApi, renderApp, where } from './admin-fixtures'

// Records whether the console's lazy chunk (src/pages/admin) was ever imported.
const chunk = vi.hoisted(() => ({ loaded: vi.fn() }))
vi.mock('../../src/pages/admin/index.tsx', async (importOriginal) => {
  chunk.loaded()
  return importOriginal()
})

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

describe('operator console routes (docs/decisions.md D34)', { timeout: 60_000 }, () => {
  it('sends an owner on /admin to /dashboard without loading the console or calling its API', async () => {
    signIn()
    const api = chromeApi({ 'GET /api/overview': { status: 500, body: { error: 'Not in this test' } } })
    renderApp('/admin/users')
    await waitFor(() => expect(where()).toBe('/dashboard'))
    expect(await screen.findByRole('heading', { name: 'Hi, Asha!' })).toBeInTheDocument()
    expect(api.calls.filter((call) => call.path.startsWith('/api/admin'))).toEqual([])
    expect(chunk.loaded).not.toHaveBeenCalled()
  })

  it('keeps an owner on /dashboard', async () => {
    signIn()
    chromeApi({ 'GET /api/overview': { status: 500, body: { error: 'Not in this test' } } })
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Hi, Asha!' })).toBeInTheDocument()
    expect(where()).toBe('/dashboard')
    expect(chunk.loaded).not.toHaveBeenCalled()
  })

  it('takes an operator from /dashboard (where signing in lands) to the console, with their email and sign-out', async () => {
    const api = operatorApi({ 'GET /api/admin/users': list([adminUser()]) })
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument()
    expect(where()).toBe('/admin/users')
    expect(chunk.loaded).toHaveBeenCalled()
    expect(screen.getByTestId('operator-email')).toHaveTextContent(operator.email)
    expect(screen.getByRole('button', { name: /Sign out/ })).toBeInTheDocument()
    for (const label of ['Users', 'Businesses', 'Payments', 'Invoices', 'Contact messages', 'Queues', 'Audit log']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument()
    }
    expect(await screen.findByRole('link', { name: 'asha@example.in' })).toHaveAttribute('href', '/admin/users/5')
    expect(api.calls.some((call) => call.path === '/api/admin/2fa')).toBe(true)
  })
})
