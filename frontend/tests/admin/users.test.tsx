/* Users: the server pages, sorts, filters and searches; a user's page and its writes, each with a reason. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setViewport } from '../chrome/chrome-helpers'
import { adminUser, adminUserDetail, choose, lastQuery, list, loadConsoleFirst, operatorApi, renderApp } from './admin-fixtures'

loadConsoleFirst()

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

const users = Array.from({ length: 20 }, (_, index) => adminUser({ id: index + 1, email: `owner${index + 1}@example.in` }))

describe('users', { timeout: 60_000 }, () => {
  it('asks the server for each page, order, filter and search', async () => {
    const api = operatorApi({ 'GET /api/admin/users': list(users, 45) })
    renderApp('/admin/users')
    expect(await screen.findByRole('link', { name: 'owner1@example.in' })).toBeInTheDocument()
    expect(lastQuery(api, '/api/admin/users')).toEqual({ _start: '0', _end: '20', _sort: 'createdAt', _order: 'desc' })
    expect(screen.getByText('45 in all')).toBeInTheDocument()

    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(lastQuery(api, '/api/admin/users')).toMatchObject({ _start: '20', _end: '40' }))

    fireEvent.click(screen.getByRole('columnheader', { name: /^User/ }))
    await waitFor(() => expect(lastQuery(api, '/api/admin/users')).toEqual({ _start: '0', _end: '20', _sort: 'email', _order: 'asc' }))

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'asha{Enter}')
    await waitFor(() =>
      expect(lastQuery(api, '/api/admin/users')).toEqual({ _start: '0', _end: '20', _sort: 'email', _order: 'asc', q: 'asha' })
    )

    await choose('All roles', 'Operator')
    await waitFor(() => expect(lastQuery(api, '/api/admin/users')).toMatchObject({ role: 'operator', q: 'asha', _start: '0' }))
    await choose('Any access', 'Disabled')
    await waitFor(() => expect(lastQuery(api, '/api/admin/users')).toMatchObject({ role: 'operator', disabled: 'true' }))
  })

  it('shows where a user stands, with their businesses and payments', async () => {
    operatorApi({
      'GET /api/admin/users/5': adminUserDetail({ plan: 'pro', planType: 'yearly', currentPeriodEnd: '2027-11-21T00:00:00.000Z' }),
    })
    renderApp('/admin/users/5')
    expect(await screen.findByRole('heading', { name: 'asha@example.in' })).toBeInTheDocument()
    expect(screen.getByText('Pro')).toBeInTheDocument()
    expect(screen.getByText('21 Nov 2027')).toBeInTheDocument()
    expect(screen.getByText('Chai Point Cafe')).toBeInTheDocument()
    expect(screen.getByText('₹2,999')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download RR/2026-27/00003' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'End plan' })).toBeEnabled()
  })

  it('extends a trial only with a reason, posting {days, reason}', async () => {
    const api = operatorApi({
      'GET /api/admin/users/5': adminUserDetail(),
      'POST /api/admin/users/5/extend-trial': adminUser({ trialEndsAt: '2026-12-11T00:00:00.000Z' }),
    })
    renderApp('/admin/users/5')
    fireEvent.click(await screen.findByRole('button', { name: 'Extend trial' }))
    const dialog = await screen.findByRole('dialog')
    const days = within(dialog).getByRole('spinbutton', { name: 'Days to add' })
    await userEvent.clear(days)
    await userEvent.type(days, '14')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }))
    expect(await within(dialog).findByText('Say why: the reason goes into the audit log.')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'ab')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }))
    expect(await within(dialog).findByText('Write at least 3 characters.')).toBeInTheDocument()
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([])

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Reason' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Needs two more weeks to set up  ')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }))
    expect(await screen.findByText('Trial Extended')).toBeInTheDocument()
    const posts = api.calls.filter((call) => call.method === 'POST')
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/users/5/extend-trial', { days: 14, reason: 'Needs two more weeks to set up' }],
    ])
    // The page reads the user again to show the new end.
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/admin/users/5')).toHaveLength(2))
  })

  it('shows the server’s field message under its field', async () => {
    const message = 'The days must be between 1 and 90'
    operatorApi({
      'GET /api/admin/users/5': adminUserDetail(),
      'POST /api/admin/users/5/extend-trial': { status: 422, body: { error: message, message, errors: [{ field: 'days', message }] } },
    })
    renderApp('/admin/users/5')
    fireEvent.click(await screen.findByRole('button', { name: 'Extend trial' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goodwill')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }))
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('grants a plan for the months chosen', async () => {
    const api = operatorApi({
      'GET /api/admin/users/5': adminUserDetail(),
      'POST /api/admin/users/5/grant-plan': adminUser({ plan: 'pro' }),
    })
    renderApp('/admin/users/5')
    fireEvent.click(await screen.findByRole('button', { name: 'Grant plan' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Length' }))
    fireEvent.click((await screen.findAllByTitle('6 months')).find((element) => element.classList.contains('ant-select-item-option'))!)
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Partner programme')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant plan' }))
    expect(await screen.findByText('Plan Granted')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({ months: 6, reason: 'Partner programme' })
  })
})
