import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { download } from '@reviewroute/web-shared/download'
import { TEST_TOKEN, type Routes } from '../helpers'
import { order, paidStatus } from './fixtures'
import { openBilling, stubCheckout } from './billing-screen'
import { invoice, payment, savedProfile } from './gst-fixtures'

vi.mock('@reviewroute/web-shared/download', () => ({ download: vi.fn() }))

const PDF = { status: 200, body: '%PDF-1.7 invoice', headers: { 'content-type': 'application/pdf' } }

const HISTORY = [
  payment({
    id: 3,
    createdAt: '2027-01-05T06:00:00.000Z',
    paidAt: null,
    status: 'created',
    invoiceId: null,
    durationMonths: 1,
    planName: 'Monthly Pro Plan',
    amount: 49_900,
  }),
  payment({ id: 2, status: 'partially_refunded', refundedAmount: 100_000, invoiceId: 11, creditNoteId: 12 }),
  payment({
    id: 1,
    createdAt: '2026-10-01T06:00:00.000Z',
    paidAt: null,
    status: 'failed',
    invoiceId: null,
    durationMonths: 6,
    amount: 249_900,
  }),
]

function open(routes: Routes = {}) {
  vi.mocked(download).mockClear()
  return openBilling({
    'GET /api/billing/profile': savedProfile,
    'GET /api/billing/payments': HISTORY,
    'GET /api/invoices/11': invoice(),
    'GET /api/invoices/11/pdf': PDF,
    'GET /api/invoices/12': invoice({ id: 12, kind: 'credit_note', number: 'RRCN/26-27/00001' }),
    'GET /api/invoices/12/pdf': PDF,
    ...routes,
  })
}

const history = async () => (await screen.findByText('Payment history')).closest('.ant-card') as HTMLElement
const rows = async () => {
  const card = await history()
  await within(card).findAllByText('Pro · 12 months')
  return within(card).getAllByRole('row').slice(1)
}
const text = (element: HTMLElement) => element.textContent!.replace(/\s+/g, ' ').trim()

describe('billing: payment history', () => {
  it('lists the payments newest first: date, plan, amount with GST, status, and their documents', async () => {
    open()
    const [pending, refunded, failed] = await rows()

    expect(text(pending)).toContain('5 Jan 2027')
    expect(text(pending)).toContain('Pro · 1 month')
    expect(text(pending)).toContain('₹499 incl. GST')
    expect(within(pending).getByText('Not completed')).toBeInTheDocument()
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument()

    // The date a payment went through, when it did.
    expect(text(refunded)).toContain('22 Nov 2026')
    expect(text(refunded)).toContain('Pro · 12 months')
    expect(text(refunded)).toContain('₹2,499 incl. GST')
    expect(text(refunded)).toContain('₹1,000 refunded')
    expect(within(refunded).getByText('Partly refunded')).toBeInTheDocument()
    expect(within(refunded).getByRole('button', { name: /Invoice/ })).toBeInTheDocument()
    expect(within(refunded).getByRole('button', { name: /Credit note/ })).toBeInTheDocument()

    expect(text(failed)).toContain('1 Oct 2026')
    expect(text(failed)).toContain('Pro · 6 months')
    expect(within(failed).getByText('Failed')).toBeInTheDocument()
  })

  it('stacks plan, amount and status under the date on a phone (jsdom matches no breakpoint): no sideways scroll', async () => {
    open()
    const card = await history()
    await rows()
    expect(within(card).getAllByRole('columnheader').map(text)).toEqual(['Date', ''])
    expect(card.querySelector('.ant-table-scroll-horizontal, .ant-table-ping-right')).toBeNull()
  })

  it('is read again after a payment goes through', async () => {
    const opened = stubCheckout()
    const api = open({
      'GET /api/billing/razorpay-config': { keyId: 'rzp_test_key' },
      'POST /api/billing/create-payment': order,
      'POST /api/billing/verify-payment': { success: true, ...paidStatus() },
    })
    await rows()
    const reads = () => api.calls.filter((call) => call.path === '/api/billing/payments').length
    const before = reads()
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to 6 Months' }))
    await userEvent.click(await screen.findByRole('button', { name: /Pay ₹2,499/ }))
    await waitFor(() => expect(opened).toHaveLength(1))
    opened[0].options.handler({ razorpay_order_id: 'order_Test123', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' })
    await waitFor(() => expect(reads()).toBeGreaterThan(before))
  })

  it('shows each status with its words', async () => {
    open({
      'GET /api/billing/payments': [
        payment({ id: 1, status: 'paid' }),
        payment({ id: 2, status: 'refunded', refundedAmount: 249_900, creditNoteId: 12 }),
      ],
    })
    const [paid, refunded] = await rows()
    expect(within(paid).getByText('Paid')).toBeInTheDocument()
    expect(within(refunded).getByText('Refunded')).toBeInTheDocument()
  })

  it('says "No payments yet." when there are none', async () => {
    open({ 'GET /api/billing/payments': [] })
    expect(await within(await history()).findByText('No payments yet.')).toBeInTheDocument()
  })

  it('says so when the history cannot be loaded', async () => {
    open({ 'GET /api/billing/payments': { status: 503, body: { error: 'Down' } } })
    expect(await screen.findByText('Could not load your payments.')).toBeInTheDocument()
  })

  it('downloads the invoice PDF with the token in a header, named after its number', async () => {
    const api = open()
    const [, refunded] = await rows()
    await userEvent.click(within(refunded).getByRole('button', { name: /Invoice/ }))

    await waitFor(() => expect(download).toHaveBeenCalledTimes(1))
    const [blob, fileName] = vi.mocked(download).mock.calls[0]
    expect(fileName).toBe('RR-2026-27-00001.pdf')
    // Node's Response makes the Blob, not jsdom's: its type tells it is the PDF.
    expect((blob as Blob).type).toBe('application/pdf')
    const call = api.calls.find((c) => c.path === '/api/invoices/11/pdf')!
    expect(call.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`)
    expect(call.url.search).toBe('')
  })

  it('downloads the credit note the same way', async () => {
    open()
    const [, refunded] = await rows()
    await userEvent.click(within(refunded).getByRole('button', { name: /Credit note/ }))
    await waitFor(() => expect(download).toHaveBeenCalledWith(expect.anything(), 'RRCN-26-27-00001.pdf'))
  })

  it("uses the server's file name when the invoice's number cannot be read", async () => {
    open({
      'GET /api/invoices/11': { status: 503, body: { error: 'Down' } },
      'GET /api/invoices/11/pdf': {
        ...PDF,
        headers: { ...PDF.headers, 'content-disposition': 'attachment; filename="RR-2026-27-00001.pdf"' },
      },
    })
    const [, refunded] = await rows()
    await userEvent.click(within(refunded).getByRole('button', { name: /Invoice/ }))
    await waitFor(() => expect(download).toHaveBeenCalledWith(expect.anything(), 'RR-2026-27-00001.pdf'))
  })

  it("shows the server's sentence when the PDF cannot be had, and saves nothing", async () => {
    const sentence = 'This invoice is being prepared. Try again in a minute.'
    open({ 'GET /api/invoices/11/pdf': { status: 409, body: { error: sentence, message: sentence } } })
    const [, refunded] = await rows()
    await userEvent.click(within(refunded).getByRole('button', { name: /Invoice/ }))
    expect(await screen.findByText(sentence)).toBeInTheDocument()
    expect(screen.getByText('Download Failed')).toBeInTheDocument()
    expect(download).not.toHaveBeenCalled()
  })
})
