/* /admin/invoices: every tax invoice and credit note (GET /api/admin/invoices), searched by number or email; the PDFs. */
import type { AdminInvoiceDto } from '@reviewroute/backend/types/api'
import { Flex, Table, Typography } from 'antd'
import { Link } from 'react-router'
import { rupees } from '@reviewroute/web-shared/format'
import { AdminPage } from '#components/admin/admin-page'
import { InvoiceKindTag } from '#components/admin/admin-tags'
import { InvoiceDownloadButton } from '#components/admin/invoice-download-button'
import { ListToolbar, type FilterSelect } from '#components/admin/list-toolbar'
import { useAdminList } from '#components/admin/use-admin-list'
import { INVOICE_KIND_LABELS } from '#lib/admin'
import { formatDateTime } from '#lib/dates'

const FILTERS: FilterSelect[] = [
  {
    field: 'kind',
    placeholder: 'Invoices and credit notes',
    options: Object.entries(INVOICE_KIND_LABELS).map(([value, { label }]) => ({ value, label })),
  },
]

const money = (paise: number) => rupees(paise, { decimals: true })

export default function AdminInvoicesPage() {
  const { query, tableProps, setSearch, filters, setFilter, sortOrderOf } = useAdminList<AdminInvoiceDto>('admin/invoices', {
    defaultSort: { field: 'issuedAt', order: 'desc' },
  })

  return (
    <AdminPage
      title="Invoices"
      lead="Tax invoices and credit notes, as the owners received them."
      error={query.error}
      errorFallback="Could not load the invoices."
    >
      <Flex vertical gap={12}>
        <ListToolbar
          searchLabel="Search invoices"
          searchPlaceholder="Number or email"
          onSearch={setSearch}
          selects={FILTERS}
          values={filters}
          onFilter={setFilter}
        />
        <Table<AdminInvoiceDto>
          {...tableProps}
          locale={{ emptyText: 'No invoice matches.' }}
          columns={[
            {
              title: 'Number',
              dataIndex: 'number',
              key: 'number',
              sorter: true,
              sortOrder: sortOrderOf('number'),
              render: (_, invoice) => (
                <Flex vertical align="flex-start" gap={2}>
                  <Typography.Text className="admin-mono">{invoice.number}</Typography.Text>
                  <InvoiceKindTag kind={invoice.kind} />
                  {invoice.refersTo && <Typography.Text type="secondary">for {invoice.refersTo.number}</Typography.Text>}
                </Flex>
              ),
            },
            {
              title: 'Issued',
              dataIndex: 'issuedAt',
              key: 'issuedAt',
              sorter: true,
              sortOrder: sortOrderOf('issuedAt'),
              render: (value: string) => formatDateTime(value),
            },
            {
              title: 'Buyer',
              key: 'buyer',
              render: (_, invoice) => (
                <Flex vertical>
                  <span>{invoice.buyer.legalName}</span>
                  {invoice.buyer.gstin && (
                    <Typography.Text type="secondary" className="admin-mono">
                      {invoice.buyer.gstin}
                    </Typography.Text>
                  )}
                  {invoice.userId ? (
                    <Link to={`/admin/users/${invoice.userId}`}>{invoice.userEmail ?? `User ${invoice.userId}`}</Link>
                  ) : (
                    invoice.userEmail
                  )}
                </Flex>
              ),
            },
            { title: 'Taxable', dataIndex: 'taxableValue', key: 'taxableValue', align: 'right', render: money },
            { title: 'GST', key: 'gst', align: 'right', render: (_, invoice) => money(invoice.cgst + invoice.sgst + invoice.igst) },
            {
              title: 'Total',
              dataIndex: 'total',
              key: 'total',
              sorter: true,
              sortOrder: sortOrderOf('total'),
              align: 'right',
              render: money,
            },
            {
              title: 'PDF',
              key: 'pdf',
              align: 'right',
              render: (_, invoice) => <InvoiceDownloadButton id={invoice.id} number={invoice.number} />,
            },
          ]}
        />
      </Flex>
    </AdminPage>
  )
}
