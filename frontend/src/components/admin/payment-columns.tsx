/* The columns of a payments table (the Payments screen, a user's page): who paid what, its state, the invoice, refund. */
import type { AdminPaymentDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { SortOrder } from 'antd/es/table/interface'
import { Link } from 'react-router'
import { rupees } from '@reviewroute/web-shared/format'
import { canRefund } from '#lib/admin'
import { formatDateTime } from '#lib/dates'
import { PaymentTags } from './admin-tags'
import { InvoiceDownloadButton } from './invoice-download-button'

interface Options {
  onRefund(payment: AdminPaymentDto): void
  showUser?: boolean
  sortOrderOf?(field: string): SortOrder
}

export function paymentColumns({ onRefund, showUser = true, sortOrderOf }: Options): ColumnsType<AdminPaymentDto> {
  // Refine's useTable reads a column's order from its dataIndex.
  const sortable = (field: string) =>
    sortOrderOf ? { key: field, dataIndex: field, sorter: true, sortOrder: sortOrderOf(field) } : { key: field }
  return [
    { title: 'Created', dataIndex: 'createdAt', ...sortable('createdAt'), render: (value: string) => formatDateTime(value) },
    ...(showUser
      ? [
          {
            title: 'User',
            key: 'user',
            render: (_: unknown, payment: AdminPaymentDto) =>
              payment.userId ? (
                <Link to={`/admin/users/${payment.userId}`}>{payment.userEmail ?? `User ${payment.userId}`}</Link>
              ) : (
                (payment.userEmail ?? '—')
              ),
          },
        ]
      : []),
    { title: 'Plan', dataIndex: 'planName', key: 'planName' },
    {
      title: 'Amount',
      dataIndex: 'amount',
      ...sortable('amount'),
      align: 'right',
      render: (amount: number, payment) => (
        <Flex vertical align="flex-end">
          <span>{rupees(amount, { decimals: amount % 100 !== 0 })}</span>
          {payment.refund && (
            <Typography.Text type="secondary">
              −{rupees(payment.refund.amount, { decimals: payment.refund.amount % 100 !== 0 })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: 'Status', key: 'status', render: (_, payment) => <PaymentTags payment={payment} /> },
    {
      title: 'Razorpay',
      key: 'razorpay',
      render: (_, payment) => (
        <Flex vertical>
          <Typography.Text copyable className="admin-mono">
            {payment.razorpayOrderId}
          </Typography.Text>
          {payment.razorpayPaymentId && (
            <Typography.Text copyable type="secondary" className="admin-mono">
              {payment.razorpayPaymentId}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Invoice',
      key: 'invoice',
      render: (_, payment) =>
        payment.invoiceId && payment.invoiceNumber ? (
          <Flex vertical gap={4} align="flex-start">
            <Typography.Text className="admin-mono">{payment.invoiceNumber}</Typography.Text>
            <InvoiceDownloadButton id={payment.invoiceId} number={payment.invoiceNumber} />
            {payment.refund?.creditNoteNumber && <Typography.Text type="secondary">CN {payment.refund.creditNoteNumber}</Typography.Text>}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_, payment) =>
        canRefund(payment) ? (
          <Button size="small" danger onClick={() => onRefund(payment)} aria-label={`Refund payment ${payment.id}`}>
            Refund
          </Button>
        ) : null,
    },
  ]
}
