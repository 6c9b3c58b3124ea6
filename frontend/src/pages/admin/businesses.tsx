/* /admin/businesses: every review link (GET /api/admin/businesses), searched by name or short code; pause or resume one. */
import type { AdminBusinessDto } from '@reviewroute/backend/types/api'
import { Flex, Table } from 'antd'
import { useState } from 'react'
import { businessAccessAction } from '#components/admin/admin-actions'
import { AdminPage } from '#components/admin/admin-page'
import { businessColumns } from '#components/admin/business-columns'
import { ListToolbar } from '#components/admin/list-toolbar'
import { ReasonModal, type ReasonAction } from '#components/admin/reason-modal'
import { useAdminList } from '#components/admin/use-admin-list'

export default function AdminBusinessesPage() {
  const { query, tableProps, setSearch, sortOrderOf } = useAdminList<AdminBusinessDto>('admin/businesses', {
    defaultSort: { field: 'createdAt', order: 'desc' },
  })
  const [action, setAction] = useState<ReasonAction | null>(null)

  return (
    <AdminPage
      title="Businesses"
      lead="Review links and their owners. A paused link shows customers a polite message instead of the rating page."
      error={query.error}
      errorFallback="Could not load the businesses."
    >
      <Flex vertical gap={12}>
        <ListToolbar searchLabel="Search businesses" searchPlaceholder="Name or short code" onSearch={setSearch} />
        <Table<AdminBusinessDto>
          {...tableProps}
          locale={{ emptyText: 'No business matches.' }}
          columns={businessColumns({ sortOrderOf, onToggle: (business) => setAction(businessAccessAction(business)) })}
        />
      </Flex>
      <ReasonModal action={action} onClose={() => setAction(null)} />
    </AdminPage>
  )
}
