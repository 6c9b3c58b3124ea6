/*
 * /admin/contact-messages: the inbox of the site's contact form (GET /api/admin/contact-messages), open ones first by
 * default. Reply (mailed to the sender, then handled) or mark handled; the message itself opens under its row.
 */
import type { AdminContactMessageDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Table, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { handleMessageAction, replyAction } from '#components/admin/admin-actions'
import { AdminPage } from '#components/admin/admin-page'
import { ContactTag } from '#components/admin/admin-tags'
import { ListToolbar, type FilterSelect } from '#components/admin/list-toolbar'
import { ReasonModal, type ReasonAction } from '#components/admin/reason-modal'
import { useAdminList } from '#components/admin/use-admin-list'
import { formatDateTime } from '#lib/dates'

const FILTERS: FilterSelect[] = [
  {
    field: 'handled',
    placeholder: 'Open and handled',
    options: [
      { value: 'false', label: 'Open' },
      { value: 'true', label: 'Handled' },
    ],
  },
]

export default function AdminContactMessagesPage() {
  const { query, tableProps, setSearch, filters, setFilter, sortOrderOf } = useAdminList<AdminContactMessageDto>('admin/contact-messages', {
    defaultSort: { field: 'createdAt', order: 'desc' },
    initialFilters: { handled: 'false' },
  })
  const [action, setAction] = useState<ReasonAction | null>(null)

  return (
    <AdminPage
      title="Contact messages"
      lead="What visitors and owners sent through the contact form."
      error={query.error}
      errorFallback="Could not load the messages."
    >
      <Flex vertical gap={12}>
        <ListToolbar
          searchLabel="Search messages"
          searchPlaceholder="Name, email or subject"
          onSearch={setSearch}
          selects={FILTERS}
          values={filters}
          onFilter={setFilter}
        />
        <Table<AdminContactMessageDto>
          {...tableProps}
          locale={{ emptyText: filters.handled === 'false' ? 'No open messages.' : 'No message matches.' }}
          expandable={{
            expandRowByClick: false,
            expandedRowRender: (message) => <Typography.Paragraph className="admin-message">{message.message}</Typography.Paragraph>,
          }}
          columns={[
            {
              title: 'Received',
              dataIndex: 'createdAt',
              key: 'createdAt',
              sorter: true,
              sortOrder: sortOrderOf('createdAt'),
              render: (value: string) => formatDateTime(value),
            },
            {
              title: 'From',
              key: 'from',
              render: (_, message) => (
                <Flex vertical>
                  <Typography.Text strong>{message.name}</Typography.Text>
                  {message.userId ? (
                    <Link to={`/admin/users/${message.userId}`}>{message.email}</Link>
                  ) : (
                    <Typography.Text type="secondary">{message.email}</Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: 'Subject',
              dataIndex: 'subject',
              key: 'subject',
              render: (subject: string) => (
                <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                  {subject}
                </Typography.Text>
              ),
            },
            { title: 'State', key: 'state', render: (_, message) => <ContactTag message={message} /> },
            {
              title: 'Actions',
              key: 'actions',
              align: 'right',
              render: (_, message) => (
                <Flex gap={4} justify="flex-end">
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    onClick={() => setAction(replyAction(message))}
                    aria-label={`Reply to ${message.name}`}
                  >
                    Reply
                  </Button>
                  {!message.handledAt && (
                    <Button
                      size="small"
                      onClick={() => setAction(handleMessageAction(message))}
                      aria-label={`Mark ${message.subject} handled`}
                    >
                      Mark handled
                    </Button>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      <ReasonModal action={action} onClose={() => setAction(null)} />
    </AdminPage>
  )
}
