/*
 * /admin/payments: every Razorpay order (GET /api/admin/payments), searched by order or payment id or email; refunds.
 * Below them, what this month's alert messages on WhatsApp cost ReviewRoute.
 */
import type { AdminPaymentDto } from '@reviewroute/backend/types/api'
import { Flex, Table } from 'antd'
import { useState } from 'react'
import { refundAction } from '#components/admin/admin-actions'
import { AdminPage } from '#components/admin/admin-page'
import { ListToolbar, type FilterSelect } from '#components/admin/list-toolbar'
import { paymentColumns } from '#components/admin/payment-columns'
import { ReasonModal, type ReasonAction } from '#components/admin/reason-modal'
import { useAdminList } from '#components/admin/use-admin-list'
import { AdminAlertMessagesCard } from '#components/billing/admin-alert-messages'
import { PAYMENT_STATUS } from '#lib/payments'

const STATUSES: AdminPaymentDto['status'][] = ['paid', 'created', 'failed']
const FILTERS: FilterSelect[] = [
  {
    field: 'status',
    placeholder: 'Any status',
    options: STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS[status].label })),
  },
]

export default function AdminPaymentsPage() {
  const { query, tableProps, setSearch, filters, setFilter, sortOrderOf } = useAdminList<AdminPaymentDto>('admin/payments', {
    defaultSort: { field: 'createdAt', order: 'desc' },
  })
  const [action, setAction] = useState<ReasonAction | null>(null)

  return (
    <Flex vertical gap={16}>
      <AdminPage
        title="Payments"
        lead="Orders, what was paid, invoices and refunds."
        error={query.error}
        errorFallback="Could not load the payments."
      >
        <Flex vertical gap={12}>
          <ListToolbar
            searchLabel="Search payments"
            searchPlaceholder="Order id, payment id or email"
            onSearch={setSearch}
            selects={FILTERS}
            values={filters}
            onFilter={setFilter}
          />
          <Table<AdminPaymentDto>
            {...tableProps}
            locale={{ emptyText: 'No payment matches.' }}
            columns={paymentColumns({ sortOrderOf, onRefund: (payment) => setAction(refundAction(payment)) })}
          />
        </Flex>
        <ReasonModal action={action} onClose={() => setAction(null)} />
      </AdminPage>
      <AdminAlertMessagesCard />
    </Flex>
  )
}
