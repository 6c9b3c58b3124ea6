/* Payments and invoices: a refund goes through the reason dialog and shows the server's refusal; PDFs with the token. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminInvoiceDto } from '@reviewroute/backend/types/api'
import { setViewport } from '../chrome/chrome-helpers'
import { TEST_TOKEN } from '../helpers'
import { adminPayment, choose, lastQuery, list, loadConsoleFirst, operatorApi, renderApp } from './admin-fixtures'

loadConsoleFirst()

beforeEach(() => setViewport(1280))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const POLICY = 'Refunds are possible within 7 days of the payment; this one was 12 days ago.'

async function openRefund() {
  fireEvent.click(await screen.findByRole('button', { name: 'Refund payment 31' }))
  const dialog = await screen.findByRole('dialog')
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Charged twice')
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }))
  return dialog
}

describe('payments', { timeout: 60_000 }, () => {
  it('lists payments with their state and filters by status', async () => {
    const api = operatorApi({
      'GET /api/admin/payments': list([
        adminPayment(),
        adminPayment({ id: 32, status: 'paid', refund: { amount: 299900, status: 'processed', creditNoteNumber: 'RRCN/26-27/00001' } }),
      ]),
    })
    renderApp('/admin/payments')
    expect(await screen.findAllByText('₹2,999')).toHaveLength(2)
    expect(screen.getByText('Refunded')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refund payment 31' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Refund payment 32' })).not.toBeInTheDocument()
    await choose('Any status', 'Failed')
    await waitFor(() => expect(lastQuery(api, '/api/admin/payments')).toMatchObject({ status: 'failed', _start: '0' }))
  })

  it('shows the refund policy’s sentence when the server refuses (422), and keeps the dialog open', async () => {
    const api = operatorApi({
      'GET /api/admin/payments': list([adminPayment()]),
      'POST /api/admin/payments/31/refund': { status: 422, body: { error: POLICY, message: POLICY } },
    })
    renderApp('/admin/payments')
    const dialog = await openRefund()
    expect(await within(dialog).findByText(POLICY)).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({ reason: 'Charged twice' })
  })

  it('shows the 409 sentence of a payment already refunded', async () => {
    const already = 'This payment is already refunded.'
    operatorApi({
      'GET /api/admin/payments': list([adminPayment()]),
      'POST /api/admin/payments/31/refund': { status: 409, body: { error: already, message: already } },
    })
    renderApp('/admin/payments')
    const dialog = await openRefund()
    expect(await within(dialog).findByText(already)).toBeInTheDocument()
  })

  it('refunds, then reads the list again', async () => {
    let refunded = false
    const api = operatorApi({
      'GET /api/admin/payments': () =>
        list([refunded ? adminPayment({ refund: { amount: 299900, status: 'pending', creditNoteNumber: null } }) : adminPayment()]),
      'POST /api/admin/payments/31/refund': () => {
        refunded = true
        return adminPayment({ refund: { amount: 299900, status: 'pending', creditNoteNumber: null } })
      },
    })
    renderApp('/admin/payments')
    await openRefund()
    expect(await screen.findByText('Refund Started')).toBeInTheDocument()
    expect(await screen.findByText('Refund pending')).toBeInTheDocument()
    expect(api.calls.filter((call) => call.path === '/api/admin/payments').length).toBeGreaterThanOrEqual(2)
  })

  it('downloads an invoice PDF with the bearer token, named after its number', async () => {
    let fileName = ''
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => {} }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download
    })
    const invoice = {
      id: 3,
      number: 'RR/2026-27/00003',
      kind: 'invoice',
      issuedAt: '2026-11-21T10:01:00.000Z',
      refersTo: null,
      paymentId: 31,
      seller: { legalName: 'ReviewRoute Pvt Ltd', address: 'Bengaluru', stateCode: '29', stateName: 'Karnataka', gstin: '29ABCDE1234F1Z5' },
      buyer: { legalName: 'Chai Point Cafe', address: 'MG Road', stateCode: '29', stateName: 'Karnataka', gstin: null },
      placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
      sac: '998314',
      description: 'ReviewRoute Pro, 12 months',
      taxRatePercent: 18,
      taxableValue: 254153,
      cgst: 22874,
      sgst: 22873,
      igst: 0,
      total: 299900,
      totalInWords: 'Rupees Two Thousand Nine Hundred Ninety-Nine Only',
      reverseCharge: false,
      currency: 'INR',
      userId: 5,
      userEmail: 'asha@example.in',
    } satisfies AdminInvoiceDto
    const api = operatorApi({
      'GET /api/admin/invoices': list([invoice]),
      'GET /api/admin/invoices/3/pdf': { status: 200, body: '%PDF', headers: { 'content-type': 'application/pdf' } },
    })
    renderApp('/admin/invoices')
    fireEvent.click(await screen.findByRole('button', { name: 'Download RR/2026-27/00003' }))
    await waitFor(() => expect(fileName).toBe('RR-2026-27-00003.pdf'))
    const pdf = api.calls.find((call) => call.path === '/api/admin/invoices/3/pdf')!
    expect(pdf.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`)
    expect(screen.getByText('₹2,999.00')).toBeInTheDocument()
  })
})
