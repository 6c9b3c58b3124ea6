/* /admin/users: every account (GET /api/admin/users), searched by email or name, filtered by role, plan and access. */
import type { AdminUserDto } from '@reviewroute/backend/types/api'
import { Flex, Table, Typography } from 'antd'
import { Link } from 'react-router'
import { AccessTag, PlanTag, RoleTag } from '#components/admin/admin-tags'
import { AdminPage } from '#components/admin/admin-page'
import { ListToolbar, type FilterSelect } from '#components/admin/list-toolbar'
import { useAdminList } from '#components/admin/use-admin-list'
import { PLAN_LABELS, ROLE_LABELS } from '#lib/admin'
import { formatDate, formatDateTime } from '#lib/dates'

const FILTERS: FilterSelect[] = [
  { field: 'role', placeholder: 'All roles', options: Object.entries(ROLE_LABELS).map(([value, { label }]) => ({ value, label })) },
  { field: 'plan', placeholder: 'All plans', options: Object.entries(PLAN_LABELS).map(([value, { label }]) => ({ value, label })) },
  {
    field: 'disabled',
    placeholder: 'Any access',
    options: [
      { value: 'false', label: 'Active' },
      { value: 'true', label: 'Disabled' },
    ],
  },
]

/** "until 27 Nov 2026": when the trial or the plan ends. */
function planEnd(user: AdminUserDto) {
  const end = user.plan === 'trial' ? user.trialEndsAt : user.currentPeriodEnd
  return end ? `until ${formatDate(end)}` : null
}

export default function AdminUsersPage() {
  const { query, tableProps, setSearch, filters, setFilter, sortOrderOf } = useAdminList<AdminUserDto>('admin/users', {
    defaultSort: { field: 'createdAt', order: 'desc' },
  })

  return (
    <AdminPage
      title="Users"
      lead="Owners and operators: their plan, their links, their access."
      error={query.error}
      errorFallback="Could not load the users."
    >
      <Flex vertical gap={12}>
        <ListToolbar
          searchLabel="Search users"
          searchPlaceholder="Email or name"
          onSearch={setSearch}
          selects={FILTERS}
          values={filters}
          onFilter={setFilter}
        />
        <Table<AdminUserDto>
          {...tableProps}
          locale={{ emptyText: 'No user matches.' }}
          columns={[
            {
              title: 'User',
              dataIndex: 'email',
              key: 'email',
              sorter: true,
              sortOrder: sortOrderOf('email'),
              render: (_, user) => (
                <Flex vertical>
                  <Link to={`/admin/users/${user.id}`}>{user.email}</Link>
                  <Typography.Text type="secondary">{user.name}</Typography.Text>
                </Flex>
              ),
            },
            { title: 'Role', key: 'role', render: (_, user) => <RoleTag role={user.role} /> },
            {
              title: 'Plan',
              key: 'plan',
              render: (_, user) => (
                <Flex vertical gap={2} align="flex-start">
                  <PlanTag plan={user.plan} />
                  {planEnd(user) && <Typography.Text type="secondary">{planEnd(user)}</Typography.Text>}
                </Flex>
              ),
            },
            { title: 'Businesses', dataIndex: 'businesses', key: 'businesses', align: 'right' },
            {
              title: 'Joined',
              dataIndex: 'createdAt',
              key: 'createdAt',
              sorter: true,
              sortOrder: sortOrderOf('createdAt'),
              render: (value: string) => formatDateTime(value),
            },
            {
              title: 'Last seen',
              dataIndex: 'lastSeenAt',
              key: 'lastSeenAt',
              sorter: true,
              sortOrder: sortOrderOf('lastSeenAt'),
              render: (value: string | null) => (value ? formatDateTime(value) : 'Never'),
            },
            {
              title: 'Access',
              key: 'access',
              render: (_, user) => <AccessTag disabledAt={user.disabledAt} disabledReason={user.disabledReason} />,
            },
          ]}
        />
      </Flex>
    </AdminPage>
  )
}
