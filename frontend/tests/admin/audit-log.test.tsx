/* The audit log: who did what to which row and why, the row before and after under it; read only. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setViewport } from '../chrome/chrome-helpers'
import { auditEntry, lastQuery, list, loadConsoleFirst, operatorApi, renderApp } from './admin-fixtures'

loadConsoleFirst()

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

describe('audit log', { timeout: 60_000 }, () => {
  it('renders each entry, with before and after as compact JSON in the expanded row', async () => {
    const api = operatorApi({
      'GET /api/admin/audit-log': list(
        [
          auditEntry(),
          auditEntry({
            id: 2,
            action: 'business.disable',
            targetType: 'business',
            targetId: '7',
            before: null,
            after: { disabledAt: '2026-11-23T11:00:00.000Z' },
            reason: 'Spam reports',
            createdAt: '2026-11-23T11:00:00.000Z',
          }),
        ],
        2
      ),
    })
    renderApp('/admin/audit-log')

    const row = (await screen.findByText('Asked on the phone for more time')).closest('tr')!
    expect(within(row).getByText('ops@reviewroute.in')).toBeInTheDocument()
    expect(within(row).getByText('user.extend_trial')).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'user #5' })).toHaveAttribute('href', '/admin/users/5')
    expect(within(row).getByText('23 Nov 2026, 3:30 pm')).toBeInTheDocument()
    expect(screen.getByText('business #7')).toBeInTheDocument()
    expect(lastQuery(api, '/api/admin/audit-log')).toEqual({ _start: '0', _end: '20', _sort: 'createdAt', _order: 'desc' })

    fireEvent.click(within(row).getByRole('button', { name: /expand row/i }))
    expect(await screen.findByText('{"trialEndsAt":"2026-11-27T00:00:00.000Z"}')).toBeInTheDocument()
    expect(screen.getByText('{"trialEndsAt":"2026-12-04T00:00:00.000Z"}')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Undo|Delete|Edit/ })).not.toBeInTheDocument()
  })

  it('filters by action and searches', async () => {
    const api = operatorApi({ 'GET /api/admin/audit-log': list([auditEntry()]) })
    renderApp('/admin/audit-log')
    await screen.findByText('Asked on the phone for more time')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Action' }), 'user.extend_trial{Enter}')
    await waitFor(() => expect(lastQuery(api, '/api/admin/audit-log')).toMatchObject({ action: 'user.extend_trial' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the audit log' }), 'phone{Enter}')
    await waitFor(() => expect(lastQuery(api, '/api/admin/audit-log')).toMatchObject({ action: 'user.extend_trial', q: 'phone' }))
  })
})
