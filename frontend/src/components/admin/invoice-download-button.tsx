/*
 * Saves an invoice or credit note as the operator sees it (GET /api/admin/invoices/{id}/pdf): fetched with the bearer
 * token, never a link with the token in it, and named after the document's number.
 */
import { DownloadOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import { invoicePdfAdminPath } from '#lib/admin'
import { downloadFile } from '#lib/file-download'
import { invoiceFileName } from '#lib/payments'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { useTwoFactor } from './two-factor-session'

export function InvoiceDownloadButton({ id, number }: { id: number; number: string }) {
  const [busy, setBusy] = useState(false)
  const toast = useToast()
  const twoFactor = useTwoFactor()

  async function save() {
    setBusy(true)
    try {
      await downloadFile(invoicePdfAdminPath(id), { accept: 'application/pdf, application/json', fallback: invoiceFileName(number) })
    } catch (error) {
      if (!twoFactor.handleError(error)) toast.error('Download Failed', errorText(error, 'Could not download the PDF. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void save()} aria-label={`Download ${number}`}>
      PDF
    </Button>
  )
}
