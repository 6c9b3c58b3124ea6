import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CustomerImportResponse } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import CustomersPage from '../../src/pages/requests/customers'
import { customer, list, openScreen, reviewRequest } from './request-fixtures'

afterEach(() => vi.restoreAllMocks())
configure({ asyncUtilTimeout: 4000 })

const CSV = 'name,phone,email\nPriya Sharma,98765 43210,\nराहुल वर्मा,+91 91234 56789,\nNo Phone,,\n'

const result = (dryRun: boolean): CustomerImportResponse => ({
  dryRun,
  created: 1,
  merged: 1,
  skipped: 1,
  rows: [
    { row: 1, status: 'merged', name: 'Priya Sharma', phone: '+919876543210' },
    { row: 2, status: 'created', name: 'राहुल वर्मा', phone: '+919123456789' },
    { row: 3, status: 'skipped', name: 'No Phone', errors: ['Enter a 10-digit Indian mobile number'] },
  ],
})

const customers = [customer(), customer({ id: 2, name: 'Ravi Kumar', phone: '+919000000002', optedOutAt: '2026-11-22T10:00:00.000Z' })]

describe('customers screen', { timeout: 20_000 }, () => {
  it('lists the selected business’s customers and searches by name, number or email', async () => {
    const { api } = openScreen(<CustomersPage />, { 'GET /api/customers': list(customers) }, '/dashboard/customers')
    expect(await screen.findByText('Priya Sharma')).toBeInTheDocument()
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument()
    expect(screen.getByText('Asked not to be contacted')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send to Ravi Kumar' })).toBeDisabled()

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search customers' }), '98765{Enter}')
    await waitFor(() =>
      expect(Object.fromEntries(api.calls.filter((call) => call.path === '/api/customers').at(-1)!.url.searchParams)).toEqual({
        _start: '0',
        _end: '20',
        _sort: 'createdAt',
        _order: 'desc',
        businessId: '7',
        q: '98765',
      })
    )
  })

  it('previews a CSV, then imports it once the owner confirms the customers agreed', async () => {
    const { api } = openScreen(
      <CustomersPage />,
      {
        'GET /api/customers': list(customers),
        'POST /api/customers/import': ({ url }: { url: URL }) => result(url.searchParams.get('dryRun') === 'true'),
      },
      '/dashboard/customers'
    )
    await userEvent.click(await screen.findByRole('button', { name: /Import CSV/ }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), new File([CSV], 'customers.csv', { type: 'text/csv' }))

    expect(await within(dialog).findByText('1 customer new, 1 already on your list, 1 skipped')).toBeInTheDocument()
    expect(within(dialog).getByText('राहुल वर्मा')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a 10-digit Indian mobile number')).toBeInTheDocument()
    const imports = () => api.calls.filter((call) => call.path === '/api/customers/import')
    expect(imports()).toHaveLength(1)
    expect(Object.fromEntries(imports()[0].url.searchParams)).toEqual({ businessId: '7', dryRun: 'true' })
    expect(imports()[0].body).toBe(CSV)
    expect(imports()[0].headers['Content-Type']).toBe('text/csv')

    const importButton = screen.getByRole('button', { name: 'Import 2 customers' })
    expect(importButton).toBeDisabled()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Everyone in this file agreed to get a message from us' }))
    await userEvent.click(importButton)

    await waitFor(() => expect(imports()).toHaveLength(2))
    expect(Object.fromEntries(imports()[1].url.searchParams)).toEqual({ businessId: '7', consent: 'true' })
    expect(imports()[1].body).toBe(CSV)
    expect(await screen.findByText('Customers Imported')).toBeInTheDocument()
  })

  it('asks before deleting, naming the customer, then deletes', async () => {
    const { api } = openScreen(
      <CustomersPage />,
      { 'GET /api/customers': list(customers), 'DELETE /api/customers/1': { status: 204 } },
      '/dashboard/customers'
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Priya Sharma' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('Delete Priya Sharma?').length).toBeGreaterThan(0)
    expect(within(dialog).getByText('Priya Sharma (+91 98765 43210) will be removed from your customer list.')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/customers/1')).toBe(true))
  })

  it('adds a customer with their agreement, and shows the 409 under the number', async () => {
    const { api } = openScreen(
      <CustomersPage />,
      {
        'GET /api/customers': list(customers),
        'POST /api/customers': { status: 409, body: { error: 'This business already has a customer with this number.' } },
      },
      '/dashboard/customers'
    )
    await userEvent.click(await screen.findByRole('button', { name: /Add customer/ }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Asha')
    await userEvent.type(within(dialog).getByLabelText('WhatsApp number'), '09876543210')
    await userEvent.click(within(dialog).getByLabelText('They agreed to get a message from us'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add customer' }))

    expect(await within(dialog).findByText('This business already has a customer with this number.')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      businessId: 7,
      name: 'Asha',
      phone: '09876543210',
      email: null,
      consent: true,
    })
  })

  it('shows a customer’s request history', async () => {
    const { api } = openScreen(
      <CustomersPage />,
      { 'GET /api/customers': list(customers), 'GET /api/review-requests': list([reviewRequest({ status: 'rated' })]) },
      '/dashboard/customers'
    )
    await userEvent.click(await screen.findByRole('button', { name: 'History of Priya Sharma' }))
    expect(await screen.findByText('Rated')).toBeInTheDocument()
    const call = api.calls.find((call) => call.path === '/api/review-requests')!
    expect(call.url.searchParams.get('customerId')).toBe('1')
    expect(call.url.searchParams.get('businessId')).toBe('7')
  })
})
