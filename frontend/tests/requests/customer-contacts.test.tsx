/*
 * The customer list names every way to reach a customer: on a phone, where the Email column is not shown, a
 * customer with a number and an address shows both under the name (docs/screens.md#customers).
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import CustomersPage from '../../src/pages/requests/customers'
import { customer, list, openScreen } from './request-fixtures'

describe('customer contacts on a phone', { timeout: 30_000 }, () => {
  it('shows the number and the address of a customer who has both, and each alone', async () => {
    const customers = [
      customer({ id: 1, name: 'Priya Sharma', phone: '+919876543210', email: 'priya@example.in' }),
      customer({ id: 2, name: 'Ravi Kumar', phone: '+919000000002', email: null }),
      customer({ id: 3, name: 'Meera Iyer', phone: null, email: 'meera@example.in' }),
    ]
    openScreen(<CustomersPage />, { 'GET /api/customers': list(customers) }, '/dashboard/customers')
    const row = (name: string) => screen.getByText(name).closest('tr')!
    await screen.findByText('Priya Sharma')
    expect(within(row('Priya Sharma')).getByText('+91 98765 43210')).toBeInTheDocument()
    expect(within(row('Priya Sharma')).getByText('priya@example.in')).toBeInTheDocument()
    expect(within(row('Ravi Kumar')).getByText('+91 90000 00002')).toBeInTheDocument()
    expect(within(row('Meera Iyer')).getByText('meera@example.in')).toBeInTheDocument()
  })
})
