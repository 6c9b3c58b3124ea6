/*
 * One business's customers through the `customers` resource on Refine's `useTable` (hooks/use-owner-list.ts): search
 * by name, number or email, pages (`x-total-count`), add, edit, delete, each one's history, one-tap send, and a
 * selection to send one by one.
 */
import { DeleteOutlined, EditOutlined, HistoryOutlined, MailOutlined, WhatsAppOutlined } from '@ant-design/icons'
import { useDelete, type CrudFilter } from '@refinedev/core'
import type { BusinessDto, CustomerDto } from '@reviewroute/backend/types/api'
import { App, Alert, Button, Flex, Grid, Input, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { relativeTime } from '#lib/dates'
import { contactOf, SEND_CHANNEL, SEND_LIST_MAX, sentForYou } from '#lib/review-requests'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'
import { useOwnerList } from '#hooks/use-owner-list'
import { usePermissions } from '#hooks/use-workspaces'
import { CustomerFormModal } from './customer-form-modal'
import { CustomerHistory } from './customer-history'
import { LimitNotice } from '#components/billing/limit-notice'
import { sendFailure, type SendFailure } from './send-failure'
import { useRequestChannels } from './use-request-channels'
import { useSendRequest } from './use-send-request'
import { useWhatsAppOpener } from './whatsapp-opener'

export const CUSTOMERS_PAGE_SIZE = 20

export function CustomerTable({
  business,
  editing,
  onEdit,
}: {
  business: BusinessDto
  editing: CustomerDto | 'new' | null
  onEdit(customer: CustomerDto | 'new' | null): void
}) {
  const { modal } = App.useApp()
  const toast = useToast()
  const navigate = useNavigate()
  const open = useWhatsAppOpener()
  const sendRequest = useSendRequest()
  // A phone gets icon buttons and tighter cells, so a row fits its width.
  const screens = Grid.useBreakpoint()
  const narrow = !(screens.sm ?? true)
  // The Email column shows from md up; below it the address stands under the name (and under the number, if any).
  const emailColumn = screens.md ?? true
  const [selected, setSelected] = useState<CustomerDto[]>([])
  const [history, setHistory] = useState<CustomerDto | null>(null)
  const [failure, setFailure] = useState<SendFailure | null>(null)
  const [sendingId, setSendingId] = useState<number | null>(null)
  const {
    query,
    tableProps,
    values: q,
    setValues: setQ,
  } = useOwnerList<CustomerDto, string>({
    resource: 'customers',
    pageSize: CUSTOMERS_PAGE_SIZE,
    sorters: [{ field: 'createdAt', order: 'desc' }],
    values: '',
    toFilters: (search): CrudFilter[] => [
      { field: 'businessId', operator: 'eq', value: business.id },
      { field: 'q', operator: 'eq', value: search },
    ],
  })
  const { mutate: remove } = useDelete()
  const { usable } = useRequestChannels(business.id)
  // A viewer reads the list and each customer's history: no sending, editing or deleting (lib/roles.ts).
  const { edit: canEdit } = usePermissions()

  /** One tap sends with the owner's WhatsApp; a customer with only an address gets it by email, when email works. */
  const oneTapChannel = (customer: CustomerDto) => (customer.phone ? SEND_CHANNEL : usable('email') ? 'email' : null)

  function confirmDelete(customer: CustomerDto) {
    modal.confirm({
      title: `Delete ${customer.name}?`,
      content: `${customer.name} (${contactOf(customer)}) will be removed from your customer list.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        new Promise<void>((resolve) =>
          remove(
            { resource: 'customers', id: customer.id },
            {
              onSuccess: () => toast.success('Customer Deleted', `${customer.name} was removed.`),
              onError: (error) => toast.error('Delete Failed', errorText(error, 'Could not delete the customer. Please try again.')),
              onSettled: () => resolve(),
            }
          )
        ),
    })
  }

  async function sendOne(customer: CustomerDto) {
    setSendingId(customer.id)
    setFailure(null)
    try {
      const channel = oneTapChannel(customer)
      if (!channel) return
      const request = await sendRequest({ businessId: business.id, customerId: customer.id, channel })
      if (request.whatsappUrl) open(request.whatsappUrl)
      else toast.success('Request Sent', sentForYou(customer.name, channel))
    } catch (error) {
      setFailure(sendFailure(error))
    } finally {
      setSendingId(null)
    }
  }

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap justify="space-between">
        <Input.Search
          aria-label="Search customers"
          placeholder="Search by name, number or email"
          allowClear
          onSearch={(value) => setQ(value.trim())}
          style={{ maxWidth: 360, flex: '1 1 220px' }}
        />
        {canEdit && (
          <Button
            type="primary"
            icon={<WhatsAppOutlined />}
            disabled={selected.length === 0}
            onClick={() => navigate('/dashboard/send-list', { state: { customers: selected } })}
          >
            {selected.length ? `Send one by one (${selected.length})` : 'Tick customers to send one by one'}
          </Button>
        )}
      </Flex>
      {failure &&
        (failure.kind === 'limit' ? (
          <LimitNotice message={failure.message} />
        ) : (
          <Alert type="error" showIcon closable message={failure.message} />
        ))}
      {query.isError && <Alert type="error" showIcon message={errorText(query.error, 'Could not load your customers.')} />}
      <Table<CustomerDto>
        {...tableProps}
        size={narrow ? 'small' : 'middle'}
        rowSelection={
          canEdit
            ? {
                preserveSelectedRowKeys: true,
                selectedRowKeys: selected.map((customer) => customer.id),
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean).slice(0, SEND_LIST_MAX)),
              }
            : undefined
        }
        locale={{
          emptyText: q ? 'No customer matches this search.' : canEdit ? 'No customers yet. Add one, or import a CSV.' : 'No customers yet.',
        }}
        columns={[
          {
            title: 'Customer',
            key: 'customer',
            render: (_, customer) => (
              <Flex vertical>
                <Typography.Text strong>{customer.name}</Typography.Text>
                {customer.phone || !emailColumn ? (
                  <Typography.Text type="secondary" className={customer.phone ? 'phone-number' : 'contact-email'}>
                    {contactOf(customer)}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">No mobile number</Typography.Text>
                )}
                {/* Without the Email column (a phone), a customer with a number shows their address too. */}
                {!emailColumn && customer.phone && customer.email && (
                  <Typography.Text type="secondary" className="contact-email">
                    {customer.email}
                  </Typography.Text>
                )}
                {customer.optedOutAt && (
                  <Tag color="volcano" style={{ width: 'fit-content', whiteSpace: 'normal' }}>
                    Asked not to be contacted
                  </Tag>
                )}
              </Flex>
            ),
          },
          { title: 'Email', dataIndex: 'email', responsive: ['md'], render: (email: string | null) => email ?? '—' },
          { title: 'Added', dataIndex: 'createdAt', responsive: ['lg'], render: (createdAt: string) => relativeTime(createdAt) },
          {
            title: 'Actions',
            key: 'actions',
            align: 'right',
            render: (_, customer) => (
              <Flex gap={4} justify="flex-end">
                {canEdit && (
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    icon={customer.phone ? <WhatsAppOutlined /> : <MailOutlined />}
                    disabled={!!customer.optedOutAt || !oneTapChannel(customer)}
                    loading={sendingId === customer.id}
                    onClick={() => void sendOne(customer)}
                    aria-label={`Send to ${customer.name}`}
                  >
                    {!narrow && 'Send'}
                  </Button>
                )}
                <Button
                  size="small"
                  icon={<HistoryOutlined />}
                  onClick={() => setHistory(customer)}
                  aria-label={`History of ${customer.name}`}
                />
                {canEdit && (
                  <>
                    <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(customer)} aria-label={`Edit ${customer.name}`} />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => confirmDelete(customer)}
                      aria-label={`Delete ${customer.name}`}
                    />
                  </>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing && <CustomerFormModal businessId={business.id} customer={editing === 'new' ? null : editing} onClose={() => onEdit(null)} />}
      {history && <CustomerHistory customer={history} onClose={() => setHistory(null)} />}
    </Flex>
  )
}
