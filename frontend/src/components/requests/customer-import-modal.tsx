/*
 * Import customers from a CSV: the server reads the file twice, first as a preview (`dryRun`: each row's result,
 * numbered as the spreadsheet numbers it, with its errors or what was left out of it, nothing stored), then for real
 * once the owner confirms the customers agreed to be contacted. The dialog's body scrolls under a footer that stays
 * in view, so the Import button is there however long the preview (on a phone too).
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons'
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core'
import type { CustomerImportResponse, CustomerImportRow } from '@reviewroute/backend/types/api'
import { Alert, Button, Checkbox, Flex, Modal, Table, Tag, Typography } from 'antd'
import { useRef, useState } from 'react'
import { downloadCsv } from '#lib/csv'
import { formatPhone, SAMPLE_CSV, SAMPLE_CSV_FILE } from '#lib/review-requests'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import './requests.css'

/** The server's limit on an import body. */
const MAX_CSV_BYTES = 5 * 1024 * 1024

const ROW_RESULT: Record<CustomerImportRow['status'], { label: string; color: string }> = {
  created: { label: 'New', color: 'green' },
  merged: { label: 'Updated', color: 'blue' },
  skipped: { label: 'Skipped', color: 'red' },
}

export const IMPORT_CONSENT_LABEL = 'Everyone in this file agreed to get a message from us'

/** The server reads the CSV; `preview` (`dryRun`) says what would happen and stores nothing. */
function importPath(businessId: number, mode: 'preview' | 'import') {
  const query = new URLSearchParams({ businessId: String(businessId) })
  if (mode === 'preview') query.set('dryRun', 'true')
  else query.set('consent', 'true')
  return `/api/customers/import?${query}`
}

const customersCount = (count: number) => `${count} ${count === 1 ? 'customer' : 'customers'}`

/** Under the preview's totals: what happens to skipped rows and to rows kept without a malformed contact. */
function importNotes(skipped: number, withWarnings: number) {
  const notes = [
    ...(skipped ? ['Skipped rows are not imported; fix them in the file and import it again if you like.'] : []),
    ...(withWarnings
      ? [
          `${withWarnings === 1 ? '1 row is' : `${withWarnings} rows are`} imported without a malformed email or number; the rows below say which.`,
        ]
      : []),
  ]
  return notes.length ? notes.join(' ') : undefined
}

export function CustomerImportModal({ businessId, onClose }: { businessId: number; onClose(): void }) {
  const toast = useToast()
  const invalidate = useInvalidate()
  const { mutateAsync: post } = useCustomMutation<CustomerImportResponse, HttpError, string>()
  const importCustomers = async (csv: string, mode: 'preview' | 'import') =>
    (await post({ url: importPath(businessId, mode), method: 'post', values: csv, config: { headers: { 'Content-Type': 'text/csv' } } }))
      .data
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const [preview, setPreview] = useState<CustomerImportResponse | null>(null)
  const [consent, setConsent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function choose(chosen: File | undefined) {
    if (!chosen) return
    setPreview(null)
    setConsent(false)
    setFailure(null)
    if (chosen.size > MAX_CSV_BYTES) {
      setFile(null)
      setFailure('This file is larger than 5 MB. Split it into smaller files and import them one by one.')
      return
    }
    const text = await chosen.text()
    setFile({ name: chosen.name, text })
    setBusy(true)
    try {
      setPreview(await importCustomers(text, 'preview'))
    } catch (error) {
      setFailure(errorText(error, 'Could not read this file. Please check it is a CSV with name and phone columns.'))
    } finally {
      setBusy(false)
    }
  }

  const importable = preview ? preview.created + preview.merged : 0
  const withWarnings = preview ? preview.rows.filter((row) => row.warnings?.length).length : 0

  async function runImport() {
    if (!file) return
    setBusy(true)
    setFailure(null)
    try {
      const result = await importCustomers(file.text, 'import')
      await invalidate({ resource: 'customers', invalidates: ['list'] })
      toast.success('Customers Imported', `${customersCount(result.created)} added, ${result.merged} updated, ${result.skipped} skipped.`)
      onClose()
    } catch (error) {
      setFailure(errorText(error, 'The import failed. Nothing was changed; please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title="Import customers from a CSV"
      onCancel={onClose}
      width={760}
      className="import-modal"
      style={{ top: 16 }}
      destroyOnHidden
      footer={
        <Flex vertical gap={12} align="stretch">
          {preview && importable > 0 && (
            <Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} style={{ textAlign: 'left' }}>
              {IMPORT_CONSENT_LABEL}
            </Checkbox>
          )}
          <Flex gap={8} justify="flex-end" wrap>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              type="primary"
              disabled={!preview || importable === 0 || !consent}
              loading={busy && !!preview}
              onClick={() => void runImport()}
            >
              Import {customersCount(importable)}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          A file with the columns name, phone and email, like a sheet saved as CSV: each customer needs a phone or an email. We show you
          what will happen before anything is saved; customers already on your list are updated, not added twice.
        </Typography.Text>
        <Flex gap={8} wrap>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label="CSV file"
            onChange={(event) => {
              void choose(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <Button type="primary" icon={<UploadOutlined />} loading={busy && !preview} onClick={() => input.current?.click()}>
            {file ? 'Choose another file' : 'Choose CSV file'}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadCsv(SAMPLE_CSV, SAMPLE_CSV_FILE)}>
            Download a sample
          </Button>
        </Flex>
        {file && <Typography.Text>{file.name}</Typography.Text>}
        {failure && <Alert type="error" showIcon message={failure} />}
        {preview && (
          <>
            <Alert
              type={importable ? 'info' : 'warning'}
              showIcon
              message={`${customersCount(preview.created)} new, ${preview.merged} already on your list, ${preview.skipped} skipped`}
              description={importNotes(preview.skipped, withWarnings)}
            />
            <Table<CustomerImportRow>
              size="small"
              rowKey="row"
              dataSource={preview.rows}
              pagination={preview.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              columns={[
                { title: 'Row', dataIndex: 'row', width: 56 },
                {
                  title: 'Customer',
                  key: 'customer',
                  render: (_, row) => (
                    <Flex vertical>
                      <span>{row.name || '—'}</span>
                      {row.phone && <Typography.Text type="secondary">{formatPhone(row.phone)}</Typography.Text>}
                      {row.email && (
                        <Typography.Text type="secondary" className="contact-email">
                          {row.email}
                        </Typography.Text>
                      )}
                    </Flex>
                  ),
                },
                {
                  title: 'Result',
                  key: 'result',
                  render: (_, row) => (
                    <Flex vertical gap={2} align="flex-start">
                      <Tag color={ROW_RESULT[row.status].color}>{ROW_RESULT[row.status].label}</Tag>
                      {row.errors?.map((error) => (
                        <Typography.Text key={error} type="danger">
                          {error}
                        </Typography.Text>
                      ))}
                      {row.warnings?.map((warning) => (
                        <Typography.Text key={warning} type="warning">
                          {warning}
                        </Typography.Text>
                      ))}
                    </Flex>
                  ),
                },
              ]}
            />
          </>
        )}
      </Flex>
    </Modal>
  )
}
