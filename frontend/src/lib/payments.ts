/*
 * The owner's payment history (GET /api/billing/payments, docs/decisions.md D33): how a payment's plan and status
 * read, and saving its invoice or credit note as a PDF named after the document's number.
 */
import type { InvoiceDto, PaymentHistoryDto } from '@reviewroute/backend/types/api'
import { request } from '#providers/http'
import { fetchFile, attachmentFileName } from './file-download'
import { download } from '@reviewroute/web-shared/download'

export const PAYMENTS_PATH = '/api/billing/payments'

export const PAYMENT_STATUS: Record<PaymentHistoryDto['status'], { label: string; color: string }> = {
  created: { label: 'Not completed', color: 'default' },
  paid: { label: 'Paid', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  refunded: { label: 'Refunded', color: 'purple' },
  partially_refunded: { label: 'Partly refunded', color: 'gold' },
}

const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`

/** "Pro · 12 months" */
export const paymentPlanLabel = (payment: Pick<PaymentHistoryDto, 'planName' | 'durationMonths'>) =>
  payment.durationMonths > 0 ? `Pro · ${months(payment.durationMonths)}` : payment.planName

export type InvoiceKind = InvoiceDto['kind']

export const invoicePdfPath = (id: number) => `/api/invoices/${id}/pdf`

/** "RR/2026-27/00001" → "RR-2026-27-00001.pdf": a number's slashes cannot be in a file name. */
export const invoiceFileName = (number: string) => `${number.trim().replace(/[\\/\s]+/g, '-')}.pdf`

const fallbackFileName = (id: number, kind: InvoiceKind) => `${kind === 'credit_note' ? 'credit-note' : 'invoice'}-${id}.pdf`

/**
 * Saves an invoice or credit note PDF. The history names no document number, so the invoice's JSON is read
 * alongside the PDF for it; without it, the server's file name, else `invoice-{id}.pdf`. Resolves to the name.
 */
export async function downloadInvoice(id: number, kind: InvoiceKind = 'invoice'): Promise<string> {
  const [file, invoice] = await Promise.all([
    fetchFile(invoicePdfPath(id), 'application/pdf, application/json'),
    request<InvoiceDto>(`/api/invoices/${id}`).catch(() => null),
  ])
  const fileName = invoice?.number ? invoiceFileName(invoice.number) : attachmentFileName(file.disposition, fallbackFileName(id, kind))
  download(file.blob, fileName)
  return fileName
}
