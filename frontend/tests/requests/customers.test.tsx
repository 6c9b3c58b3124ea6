import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CustomerImportResponse } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import CustomersPage from '../../src/pages/requests/customers'
import { customer, list, openScreen, reviewRequest } from './request-fixtures'

afterEach(() => vi.restoreAllMocks())
configure({ asyncUtilTimeout: 4000 })

const CSV =
  'name,phone,email\nPriya Sharma,98765 43210,\nराहुल वर्मा,+91 91234 56789,\nNo Phone,,\nMeena,98765 99999,not-an-email\nMeera,,meera@example.com\n'
const BAD_EMAIL = '"not-an-email" is not an email address. The customer is imported without it.'

const result = (dryRun: boolean): CustomerImportResponse => ({
  dryRun,
  created: 3,
  merged: 1,
  skipped: 1,
  rows: [
    { row: 2, status: 'merged', name: 'Priya Sharma', phone: '+919876543210' },
    { row: 3, status: 'created', name: 'राहुल वर्मा', phone: '+919123456789' },
    { row: 4, status: 'skipped', name: 'No Phone', errors: ['The phone number and the email are missing: a customer needs one of them.'] },
    { row: 5, status: 'created', name: 'Meena', phone: '+919876599999', warnings: [BAD_EMAIL] },
    { row: 6, status: 'created', name: 'Meera', email: 'meera@example.com' },
  ],
})

const customers = [customer(), customer({ id: 2, name: 'Ravi Kumar', phone: '+919000000002', optedOutAt: '2026-11-22T10:00:00.000Z' })]

describe('customers screen', () => {
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

  it('pages on the server (useTable): page 2 asks for rows 20-40 of the search, a new search starts at page 1', async () => {
    const { api } = openScreen(<CustomersPage />, { 'GET /api/customers': list(customers, 41) }, '/dashboard/customers')
    const lastQuery = () => Object.fromEntries(api.calls.filter((call) => call.path === '/api/customers').at(-1)!.url.searchParams)
    await screen.findByText('Priya Sharma')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'Ravi{Enter}')
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'Ravi', _start: '0' }))
    fireEvent.click(screen.getByTitle('3'))
    await waitFor(() =>
      expect(lastQuery()).toEqual({ _start: '40', _end: '60', _sort: 'createdAt', _order: 'desc', businessId: '7', q: 'Ravi' })
    )
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'ya{Enter}')
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'Raviya', _start: '0', _end: '20' }))
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

    expect(await within(dialog).findByText('3 customers new, 1 already on your list, 1 skipped')).toBeInTheDocument()
    expect(within(dialog).getByText('राहुल वर्मा')).toBeInTheDocument()
    expect(within(dialog).getByText('The phone number and the email are missing: a customer needs one of them.')).toBeInTheDocument()
    // A row kept without its malformed email says so, and the summary counts it; an email-only row shows its address.
    expect(within(dialog).getByText(BAD_EMAIL)).toBeInTheDocument()
    expect(within(dialog).getByText(/1 row is imported without a malformed email or number/)).toBeInTheDocument()
    expect(within(dialog).getByText('meera@example.com')).toBeInTheDocument()
    // The rows carry the spreadsheet's numbers.
    expect(
      within(dialog)
        .getAllByRole('row')
        .map((row) => row.querySelector('td')?.textContent)
        .filter(Boolean)
    ).toEqual(['2', '3', '4', '5', '6'])
    const imports = () => api.calls.filter((call) => call.path === '/api/customers/import')
    expect(imports()).toHaveLength(1)
    expect(Object.fromEntries(imports()[0].url.searchParams)).toEqual({ businessId: '7', dryRun: 'true' })
    expect(imports()[0].body).toBe(CSV)
    expect(imports()[0].headers['Content-Type']).toBe('text/csv')

    const importButton = screen.getByRole('button', { name: 'Import 4 customers' })
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
    await userEvent.type(within(dialog).getByLabelText('Mobile number'), '09876543210')
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

  it('adds a customer with only an email, and asks for a number or an email when neither is given', async () => {
    const meera = customer({ id: 5, name: 'Meera Iyer', phone: null, email: 'meera@example.com' })
    const { api } = openScreen(
      <CustomersPage />,
      { 'GET /api/customers': list(customers), 'POST /api/customers': { status: 201, body: meera } },
      '/dashboard/customers'
    )
    await userEvent.click(await screen.findByRole('button', { name: /Add customer/ }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText('A mobile number, an email or both: WhatsApp and SMS need the number, email needs the address.')
    ).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Meera Iyer')
    await userEvent.click(within(dialog).getByLabelText('They agreed to get a message from us'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add customer' }))
    expect((await within(dialog).findAllByText('Enter their mobile number or their email address')).length).toBeGreaterThan(0)
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0)

    await userEvent.type(within(dialog).getByLabelText('Email'), 'meera@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add customer' }))
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      businessId: 7,
      name: 'Meera Iyer',
      email: 'meera@example.com',
      consent: true,
    })
  })

  it('lists a customer without a number by their address, and one tap sends them the request by email', async () => {
    const meera = customer({ id: 5, name: 'Meera Iyer', phone: null, email: 'meera@example.com' })
    const { api, open } = openScreen(
      <CustomersPage />,
      {
        'GET /api/customers': list([meera]),
        'POST /api/review-requests': {
          status: 201,
          body: reviewRequest({
            customerName: 'Meera Iyer',
            customerPhone: null,
            channel: 'email',
            status: 'created',
            whatsappUrl: undefined,
          }),
        },
      },
      '/dashboard/customers'
    )
    expect(await screen.findByText('Meera Iyer')).toBeInTheDocument()
    expect(screen.getAllByText('meera@example.com').length).toBeGreaterThan(0)
    const send = screen.getByRole('button', { name: 'Send to Meera Iyer' })
    await waitFor(() => expect(send).toBeEnabled())
    await userEvent.click(send)
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/review-requests')?.body).toEqual({
        businessId: 7,
        customerId: 5,
        channel: 'email',
      })
    )
    expect(await screen.findByText('Sent for you: Meera Iyer gets it by email')).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
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
