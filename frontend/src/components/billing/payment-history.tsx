/*
 * The billing page's payment history (GET /api/billing/payments, newest first, docs/decisions.md D33): date, plan,
 * amount with GST, status, and the invoice and credit note PDFs. On a phone the row stacks plan, amount and status
 * under the date, so the table needs no sideways scrolling.
 */
import { DownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Flex, Grid, Table, Tag, Typography } from 'antd'
import type { PaymentHistoryDto } from '@reviewroute/backend/types/api'
import { INCL_GST } from '@reviewroute/backend/contract/gst'
import { rupees } from '@reviewroute/web-shared/format'
import { useState } from 'react'
import { formatDate } from '#lib/dates'
import { downloadInvoice, PAYMENT_STATUS, paymentPlanLabel, type InvoiceKind } from '#lib/payments'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'

const PAGE_SIZE = 10

function Amount({ payment }: { payment: PaymentHistoryDto }) {
  return (
    <Flex vertical>
      <span>
        {rupees(payment.amount)}{' '}
        <Typography.Text type="secondary" className="payment-history__tax">
          {INCL_GST}
        </Typography.Text>
      </span>
      {payment.refundedAmount > 0 && <Typography.Text type="secondary">{rupees(payment.refundedAmount)} refunded</Typography.Text>}
    </Flex>
  )
}

const StatusTag = ({ status }: { status: PaymentHistoryDto['status'] }) => (
  <Tag color={PAYMENT_STATUS[status].color} style={{ marginInlineEnd: 0 }}>
    {PAYMENT_STATUS[status].label}
  </Tag>
)

interface Props {
  payments: PaymentHistoryDto[] | undefined
  loading: boolean
  failed: boolean
  onRetry(): void
}

export function PaymentHistory({ payments, loading, failed, onRetry }: Props) {
  const narrow = !(Grid.useBreakpoint().sm ?? true)
  const toast = useToast()
  const [saving, setSaving] = useState<number | null>(null)

  async function save(id: number, kind: InvoiceKind) {
    setSaving(id)
    try {
      await downloadInvoice(id, kind)
    } catch (error) {
      toast.error('Download Failed', errorText(error, 'Could not download the PDF. Please try again.'))
    } finally {
      setSaving(null)
    }
  }

  const documentButton = (id: number, kind: InvoiceKind, label: string) => (
    <Button size="small" icon={<DownloadOutlined />} loading={saving === id} onClick={() => void save(id, kind)}>
      {label}
    </Button>
  )

  return (
    <Card title="Payment history">
      {failed && (
        <Alert
          type="error"
          showIcon
          message="Could not load your payments."
          action={<Button onClick={onRetry}>Reload</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<PaymentHistoryDto>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={payments ?? []}
        locale={{ emptyText: 'No payments yet.' }}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          {
            title: 'Date',
            key: 'date',
            render: (_, payment) =>
              narrow ? (
                <Flex vertical gap={2}>
                  <Typography.Text strong>{formatDate(payment.paidAt ?? payment.createdAt)}</Typography.Text>
                  <span>{paymentPlanLabel(payment)}</span>
                  <Amount payment={payment} />
                  <div>
                    <StatusTag status={payment.status} />
                  </div>
                </Flex>
              ) : (
                formatDate(payment.paidAt ?? payment.createdAt)
              ),
          },
          { title: 'Plan', key: 'plan', responsive: ['sm'], render: (_, payment) => paymentPlanLabel(payment) },
          { title: 'Amount', key: 'amount', responsive: ['sm'], render: (_, payment) => <Amount payment={payment} /> },
          { title: 'Status', key: 'status', responsive: ['sm'], render: (_, payment) => <StatusTag status={payment.status} /> },
          {
            title: '',
            key: 'documents',
            align: 'right',
            render: (_, payment) => (
              <Flex gap={8} justify="end" vertical={narrow} align={narrow ? 'end' : 'center'}>
                {payment.invoiceId !== null && documentButton(payment.invoiceId, 'invoice', 'Invoice')}
                {payment.creditNoteId !== null && documentButton(payment.creditNoteId, 'credit_note', 'Credit note')}
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  )
}
