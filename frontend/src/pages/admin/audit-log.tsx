/*
 * /admin/audit-log (GET /api/admin/audit-log, read only): every operator write, newest first: who, what, on which
 * row, why, and the row before and after as compact JSON under it.
 */
import type { AuditLogDto } from '@reviewroute/backend/types/api'
import { Flex, Input, Table, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import { AdminPage } from '#components/admin/admin-page'
import { ListToolbar } from '#components/admin/list-toolbar'
import { useAdminList } from '#components/admin/use-admin-list'
import { compactJson } from '#lib/admin'
import { formatDateTime } from '#lib/dates'

/** "user #12", a link when the console has a page for it. */
function Target({ entry }: { entry: AuditLogDto }) {
  const label = `${entry.targetType} #${entry.targetId}`
  return entry.targetType === 'user' ? <Link to={`/admin/users/${entry.targetId}`}>{label}</Link> : <span>{label}</span>
}

function BeforeAfter({ entry }: { entry: AuditLogDto }) {
  return (
    <div className="admin-before-after">
      <div>
        <Typography.Text type="secondary">Before</Typography.Text>
        <pre className="admin-json">{compactJson(entry.before)}</pre>
      </div>
      <div>
        <Typography.Text type="secondary">After</Typography.Text>
        <pre className="admin-json">{compactJson(entry.after)}</pre>
      </div>
    </div>
  )
}

/** An exact-match filter typed by hand (`action`, `targetType`, `targetId`): applied on Enter, cleared with ×. */
function FilterInput({
  field,
  placeholder,
  onFilter,
}: {
  field: string
  placeholder: string
  onFilter(field: string, value: string | undefined): void
}) {
  return (
    <Input.Search
      aria-label={placeholder}
      placeholder={placeholder}
      allowClear
      onSearch={(value) => onFilter(field, value.trim() || undefined)}
      style={{ width: 180 }}
    />
  )
}

export default function AdminAuditLogPage() {
  const { query, tableProps, setSearch, setFilter, sortOrderOf } = useAdminList<AuditLogDto>('admin/audit-log', {
    defaultSort: { field: 'createdAt', order: 'desc' },
  })

  return (
    <AdminPage
      title="Audit log"
      lead="Every change an operator made, with the reason they gave."
      error={query.error}
      errorFallback="Could not load the audit log."
    >
      <Flex vertical gap={12}>
        <ListToolbar searchLabel="Search the audit log" searchPlaceholder="Operator, action or reason" onSearch={setSearch}>
          <FilterInput field="action" placeholder="Action" onFilter={setFilter} />
          <FilterInput field="targetType" placeholder="Target type" onFilter={setFilter} />
          <FilterInput field="targetId" placeholder="Target id" onFilter={setFilter} />
        </ListToolbar>
        <Table<AuditLogDto>
          {...tableProps}
          locale={{ emptyText: 'Nothing in the audit log yet.' }}
          expandable={{ expandedRowRender: (entry) => <BeforeAfter entry={entry} /> }}
          columns={[
            {
              title: 'When',
              dataIndex: 'createdAt',
              key: 'createdAt',
              sorter: true,
              sortOrder: sortOrderOf('createdAt'),
              render: (value: string) => formatDateTime(value),
            },
            { title: 'Who', dataIndex: 'operatorEmail', key: 'operatorEmail' },
            { title: 'Action', dataIndex: 'action', key: 'action', render: (action: string) => <Tag>{action}</Tag> },
            { title: 'Target', key: 'target', render: (_, entry) => <Target entry={entry} /> },
            {
              title: 'Reason',
              dataIndex: 'reason',
              key: 'reason',
              render: (reason: string) => <Typography.Text className="admin-reason">{reason}</Typography.Text>,
            },
          ]}
        />
      </Flex>
    </AdminPage>
  )
}
